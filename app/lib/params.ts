/**
 * Whole numbers from an address or a form, read one way everywhere. Only plain digits count ("3", "0042"): never
 * "1e309", "Infinity", "-1", "2.5" or twenty digits, which Number() turns into Infinity or numbers past what SQL
 * binds (a way to a 500). Anything else is the fallback; a number past the bounds (however many digits) is clamped
 * to them.
 */

/** Digits beyond this are refused outright: every bound we use fits in nine. */
const MAX_DIGITS = 9;

export function wholeNumber(value: string | null | undefined, options: { fallback: number; min?: number; max?: number }): number {
  const { fallback, min = 0, max = 999_999_999 } = options;
  const text = (value ?? "").trim();
  if (!/^\d+$/.test(text)) return fallback;
  const digits = text.replace(/^0+(?=\d)/, "");
  if (digits.length > MAX_DIGITS) return max;
  return Math.min(max, Math.max(min, Number(digits)));
}

/** The largest page number any grid accepts; a grid clamps further to its own last page. */
export const MAX_PAGE = 1_000_000;

/** A 1-based page number from `params` (default key "page"); 1 when absent or not a page number. */
export function pageParam(params: URLSearchParams, key = "page"): number {
  return wholeNumber(params.get(key), { fallback: 1, min: 1, max: MAX_PAGE });
}

/** One of `allowed` (page sizes) when the parameter names it exactly, else the fallback. */
export function sizeParam<T extends number>(params: URLSearchParams, allowed: readonly T[], fallback: T, key = "size"): T {
  const n = wholeNumber(params.get(key), { fallback: -1 });
  return allowed.find((s) => s === n) ?? fallback;
}
