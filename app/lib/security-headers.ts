/**
 * The security headers of every response (decision 014). A page's Content-Security-Policy allows scripts from this
 * server and, inline, only those carrying the page's nonce: Remix's own inline scripts (the hydration context, the
 * module loader, scroll restoration, streamed data), which entry.server.tsx and root.tsx give it. Styles keep
 * 'unsafe-inline': charts and bars set style attributes, and a style cannot run code. No page may be framed.
 * Responses that are not pages (data, exports, the API, files) get a policy that allows nothing at all, so a file
 * opened on its own (an SVG, an export) cannot run anything either.
 */

export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "same-origin",
  // For browsers that predate frame-ancestors.
  "X-Frame-Options": "DENY",
  "Cross-Origin-Opener-Policy": "same-origin",
};

export const NON_DOCUMENT_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function documentCsp(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/** Sets each security header the response does not already have (a page's own policy is kept). */
export function applySecurityHeaders(headers: Headers, csp = NON_DOCUMENT_CSP): Headers {
  for (const [name, value] of Object.entries(BASE_SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", csp);
  return headers;
}
