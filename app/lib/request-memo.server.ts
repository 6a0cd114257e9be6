/**
 * Reads one page request's loaders share. A page's layout loader and its child loader run side by side and each
 * resolved the same things: the signed-in user, the feature flags, the page's View, Filter and tree (at the
 * containers grid 48 statements per request, 17 of them repeats; issue 13: CPU per request under 50 users).
 *
 * Remix gives each loader its own copy of the request (a new Request per loader, its address stripped of Remix's
 * own parameters), so the object cannot key what the loaders share; the headers are copied. The web server
 * (scripts/serve.mjs) opens a memo for each request it admits, stamps the request with its id in a header (replacing
 * any the client sent) and closes it when the answer is over. Only an id opened here counts: a request stamped by
 * anyone else (another server in front of the build, a client) finds no memo and reads as before. Only GET and
 * HEAD share: a form post's action writes, and its reads must see the writes.
 */
import crypto from "node:crypto";

export const REQUEST_ID_HEADER = "x-kubex-request-id";

/** A memo left open (an answer whose close was never seen) is dropped after this long. */
const OPEN_AT_MOST_MS = 60_000;

interface Memo {
  openedAt: number;
  values: Map<string, Promise<unknown>>;
}

const memos = new Map<string, Memo>();
const prefix = crypto.randomBytes(12).toString("base64url");
let counter = 0;

/** Opens a request's memo; its id goes in the request's REQUEST_ID_HEADER. */
export function openRequestMemo(now = Date.now()): string {
  // Map keeps insertion order: the oldest memos come first.
  for (const [id, memo] of memos) {
    if (now - memo.openedAt < OPEN_AT_MOST_MS) break;
    memos.delete(id);
  }
  const id = `${prefix}.${++counter}`;
  memos.set(id, { openedAt: now, values: new Map() });
  return id;
}

export function closeRequestMemo(id: string): void {
  memos.delete(id);
}

/** How many memos are open (tests: every answer closes its own). */
export function openRequestMemos(): number {
  return memos.size;
}

/**
 * `read()` once per request for `key`: every later caller in the same request gets the same promise (its result,
 * or its failure). Without an open memo (a request from outside scripts/serve.mjs, a POST), simply `read()`.
 */
export function sharedInRequest<T>(request: Request, key: string, read: () => Promise<T>): Promise<T> {
  if (request.method !== "GET" && request.method !== "HEAD") return read();
  const id = request.headers.get(REQUEST_ID_HEADER);
  const memo = id === null ? undefined : memos.get(id);
  if (!memo) return read();
  const known = memo.values.get(key);
  if (known) return known as Promise<T>;
  const value = read();
  memo.values.set(key, value);
  return value;
}
