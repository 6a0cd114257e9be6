/**
 * The requests a web process makes to itself before it takes connections (app/features/warm/page-renders.server.ts):
 * they carry a token made at random in this process and known only to it, and a page's loader sees them as the
 * cache warmer, a user with no saved defaults and no rights beyond reading the default pages. They never cross a
 * socket (they go to Remix's request handler directly), so the token cannot be learned from outside; a header
 * from the network with another value is ignored, and the request goes on as the cookie says.
 */
import crypto from "node:crypto";
import type { SessionUser } from "./auth-types";

/** The cache warmer: the pages' default View and Filter (no saved defaults), no administration rights. */
export const CACHE_WARMER: SessionUser = {
  id: "kubex-cache-warmer",
  userName: "kubex-cache-warmer",
  email: "",
  isAdmin: false,
  isSaasUserAdmin: false,
  isSaasAuditAdmin: false,
  ctx: "containers",
};

const HEADER = "x-kubex-warm-request";
const token = crypto.randomBytes(32).toString("base64url");

/** The headers that make a request the process's own warm-up request. */
export function warmRequestHeaders(): Record<string, string> {
  return { [HEADER]: token };
}

export function isWarmRequest(request: Request): boolean {
  const sent = request.headers.get(HEADER);
  if (sent === null) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}
