/**
 * The web process's cache of rendered subtrees (ServerFragments, app/components/server-fragments.ts). A page's tree
 * pane is hundreds of items, 800-3,300 elements, the same for every page of a folder and every user of its View:
 * React's server render of it was a quarter to a half of a page's render (issue 13). Its markup comes from
 * renderToString, whose output for elements without Suspense or useId is what the page's streamed render writes for
 * them, so the browser hydrates it like any other part of the page. Least recently used entries go first past
 * FRAGMENT_CACHE_BYTES.
 */
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";

/** Keys and markup together, two bytes a character (an upper bound: both are mostly ASCII). */
export const FRAGMENT_CACHE_BYTES = 24 * 1024 * 1024;

export interface FragmentCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

/** What app/components/server-fragments.ts's context gives a page (kept structural: lib does not import components). */
export interface FragmentCache {
  html(key: string, render: () => ReactElement): string;
  stats(): FragmentCacheStats;
}

export function fragmentCache(maxBytes = FRAGMENT_CACHE_BYTES): FragmentCache {
  const entries = new Map<string, string>();
  let bytes = 0;
  let hits = 0;
  let misses = 0;
  const sizeOf = (key: string, html: string) => 2 * (key.length + html.length);
  return {
    html(key: string, render: () => ReactElement): string {
      const cached = entries.get(key);
      if (cached !== undefined) {
        hits++;
        // Most recently used last: a Map iterates in insertion order.
        entries.delete(key);
        entries.set(key, cached);
        return cached;
      }
      misses++;
      // renderToString's result is a rope of thousands of pieces; every page that sends it would copy it piece by
      // piece into its output. Decoded from bytes it is one flat string, copied in one go.
      const html = Buffer.from(renderToString(render()), "utf8").toString("utf8");
      const size = sizeOf(key, html);
      // A fragment bigger than the whole cache is rendered every time rather than evicting everything else.
      if (size > maxBytes) return html;
      entries.set(key, html);
      bytes += size;
      for (const [k, v] of entries) {
        if (bytes <= maxBytes) break;
        entries.delete(k);
        bytes -= sizeOf(k, v);
      }
      return html;
    },
    stats: () => ({ hits, misses, entries: entries.size, bytes }),
  };
}

/** The process's cache, which entry.server.tsx gives every page. */
export const serverFragments = fragmentCache();
