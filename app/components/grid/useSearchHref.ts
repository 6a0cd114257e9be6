import { useLocation } from "@remix-run/react";

/** An address on the current page with some parameters set (string) or removed (null); the rest kept. */
export function useSearchHref() {
  const { pathname, search } = useLocation();
  return (changes: Record<string, string | null>) => {
    const p = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    const q = p.toString();
    return q ? `${pathname}?${q}` : pathname;
  };
}
