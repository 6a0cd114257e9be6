import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * Parameters that only change what a cloud page shows of data it already has (legend toggles, a highlighted bar,
 * the metric viewer's 0–100 % axis, which its page reads from the address).
 */
export const CLOUD_CLIENT_ONLY_PARAMS = ["visibility", "bar", "allowMinMaxY"] as const;

/** The cloud pages ask the server again only when something but those parameters changed. */
export const cloudShouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if ((formMethod && formMethod !== "GET") || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (u: URL) => {
    const p = new URLSearchParams(u.search);
    for (const k of CLOUD_CLIENT_ONLY_PARAMS) p.delete(k);
    p.sort();
    return p.toString();
  };
  return strip(currentUrl) !== strip(nextUrl) ? defaultShouldRevalidate : false;
};
