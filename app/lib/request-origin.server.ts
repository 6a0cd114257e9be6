/**
 * What the server knows of where a request came from and how: the protocol and origin the browser used and the
 * client's address. Behind a reverse proxy the connection tells neither (TLS ends at the proxy, the peer is the
 * proxy), so the proxy's X-Forwarded-Proto and X-Forwarded-For are believed, but only when KUBEX_TRUST_PROXY says
 * how many proxies stand in front: anyone can send those headers to a server that is reached directly.
 */
import { env } from "./env.server";

/** What the HTTP server (scripts/serve.ts) passes to Remix as load context. */
export interface ServerContext {
  /** The peer address of the connection. */
  clientAddress?: string;
}

export function trustedProxyHops(): number {
  return env().KUBEX_TRUST_PROXY ?? 0;
}

/**
 * The entry of a comma-separated X-Forwarded-* header written by the outermost trusted proxy: each proxy appends
 * what it saw, so with N trusted proxies the N-th entry from the right is the first one no client could forge.
 */
function forwarded(request: Request, name: string, hops: number): string | undefined {
  const header = request.headers.get(name);
  if (!header || hops <= 0) return undefined;
  const entries = header.split(",").map((e) => e.trim()).filter(Boolean);
  if (entries.length === 0) return undefined;
  return entries[Math.max(0, entries.length - hops)];
}

/** "https:" when the browser's connection was TLS: the request's own address, or a trusted proxy's word. */
export function requestProtocol(request: Request): "https:" | "http:" {
  const proto = forwarded(request, "X-Forwarded-Proto", trustedProxyHops())?.toLowerCase();
  if (proto === "https" || proto === "http") return `${proto}:`;
  return new URL(request.url).protocol === "https:" ? "https:" : "http:";
}

export function isHttps(request: Request): boolean {
  return requestProtocol(request) === "https:";
}

/** The origin the browser sees this server at (scheme from requestProtocol, host from the request's address). */
export function requestOrigin(request: Request): string {
  const url = new URL(request.url);
  return `${requestProtocol(request)}//${url.host}`;
}

/** The client's address: a trusted proxy's X-Forwarded-For entry, else the connection's peer; null when unknown. */
export function clientAddress(request: Request, context?: unknown): string | null {
  const viaProxy = forwarded(request, "X-Forwarded-For", trustedProxyHops());
  if (viaProxy) return viaProxy.slice(0, 100);
  const peer = (context as ServerContext | undefined)?.clientAddress;
  return typeof peer === "string" && peer ? peer.replace(/^::ffff:/, "") : null;
}
