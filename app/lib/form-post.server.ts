/**
 * The one way every form action reads its body. A browser form posts urlencoded or multipart fields from a page of
 * this site; anything else is refused with a 4xx and a sentence, before any field is read:
 *   403 when the Origin (or, without one, Sec-Fetch-Site) says another site sent it: SameSite=Lax cookies and the
 *       anti-forgery field already stop a forged post from acting, and this stops it from being read at all;
 *   413 for a body over MAX_FORM_BYTES; 415 for another content type (JSON, text/plain) or multipart without a
 *       boundary; 400 for a body that does not parse as its content type says.
 * A request without Origin and Sec-Fetch-Site (curl, a script) is let through: it cannot carry a victim's cookie.
 * The server (scripts/serve.mjs) applies the same Origin test to every post before Remix sees it: Remix's own
 * check of a page's action answers a foreign Origin with a bare 500.
 */
export const MAX_FORM_BYTES = 1_000_000;

const TEXT_HEADERS = { "Content-Type": "text/plain; charset=utf-8" };

export function refusal(status: number, message: string): Response {
  return new Response(message, { status, headers: TEXT_HEADERS });
}

/**
 * The hosts this request may have been sent to: its address's, the Host header's and a proxy's X-Forwarded-Host.
 * Believing the forwarded header needs no trusted proxy here: a page of another site can make a browser post, but
 * cannot add headers to that post, so a forged post never carries one that matches its foreign Origin.
 */
function ownHosts(request: Request): string[] {
  const hosts = [new URL(request.url).host];
  const host = request.headers.get("Host");
  if (host) hosts.push(host.trim().toLowerCase());
  const forwarded = request.headers.get("X-Forwarded-Host")?.split(",")[0]?.trim().toLowerCase();
  if (forwarded) hosts.push(forwarded);
  return hosts;
}

/**
 * Whether the post was sent by a page of another site, as the browser says: Origin (compared by host, as Remix's
 * own check does, so a TLS proxy in front changes nothing), else Sec-Fetch-Site.
 */
export function isForeignPost(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (origin !== null) {
    if (origin === "null") return true;
    try {
      return !ownHosts(request).includes(new URL(origin).host);
    } catch {
      return true;
    }
  }
  const site = request.headers.get("Sec-Fetch-Site");
  return site !== null && site !== "same-origin" && site !== "none";
}

export const FOREIGN_POST_MESSAGE = "This form was sent from another site; it was refused.";

const FORM_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;
const MULTIPART_TYPE = /^multipart\/form-data\s*;.*\bboundary=("[^"]+"|[^\s;]+)/i;

/** The posted form, or a thrown 4xx Response (see above). */
export async function readFormPost(request: Request): Promise<FormData> {
  if (isForeignPost(request)) throw refusal(403, FOREIGN_POST_MESSAGE);
  const declared = request.headers.get("Content-Length");
  if (declared !== null && !(Number(declared) <= MAX_FORM_BYTES)) {
    throw refusal(413, `The form is larger than ${MAX_FORM_BYTES} bytes.`);
  }
  const type = request.headers.get("Content-Type") ?? "";
  if (!FORM_TYPE.test(type) && !MULTIPART_TYPE.test(type)) {
    throw refusal(415, "Send the form as application/x-www-form-urlencoded or multipart/form-data (with its boundary).");
  }
  const body = await readCapped(request);
  try {
    return await new Response(new Uint8Array(body), { headers: { "Content-Type": type } }).formData();
  } catch {
    throw refusal(400, "The form could not be read.");
  }
}

/** The body's bytes, refusing (413) past MAX_FORM_BYTES whatever Content-Length said, or did not say. */
async function readCapped(request: Request): Promise<Uint8Array> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_FORM_BYTES) {
      await reader.cancel();
      throw refusal(413, `The form is larger than ${MAX_FORM_BYTES} bytes.`);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
