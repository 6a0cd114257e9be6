/**
 * The grid's fuzzy search (spec document 2, sections 2.3 and 5: fuzzy matching, threshold 0.1) with fuse.js's own
 * matcher, made to work at 150,000 rows on the server.
 *
 * With ignoreLocation, fuse.js scores a key by errors ÷ pattern length (Bitap, Levenshtein edits) and keeps it when
 * the score is at most the threshold, so a term of n characters allows k = floor(0.1 × n) edits: none under 10
 * characters (a plain case-insensitive substring), one from 10, two from 20... By the pigeonhole principle a text
 * within k edits of the term contains at least one of k + 1 contiguous pieces of the term exactly, so the database
 * first keeps the rows where some key contains some piece (a LIKE prefilter), and fuse.js decides on those.
 */
import Fuse from "fuse.js";

export const FUZZY_THRESHOLD = 0.1;
/** fuse.js matches at most 32 characters per pattern chunk; the grid takes 100. */
export const MAX_SEARCH_LENGTH = 100;

export function normaliseSearch(text: string | null | undefined): string {
  return (text ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
}

/** Edits the threshold allows for this term. */
export function allowedErrors(term: string): number {
  return Math.floor(FUZZY_THRESHOLD * term.length + 1e-9);
}

/** k + 1 contiguous lower-case pieces of the term; one of them occurs exactly in any text within k edits. */
export function fuzzyPieces(term: string): string[] {
  const t = term.toLowerCase();
  const parts = allowedErrors(t) + 1;
  const out: string[] = [];
  for (let i = 0; i < parts; i++) out.push(t.slice(Math.floor((i * t.length) / parts), Math.floor(((i + 1) * t.length) / parts)));
  return [...new Set(out.filter(Boolean))];
}

/** The candidates fuse.js matches at threshold 0.1 on any of the keys (location ignored), in their given order. */
export function fuzzyFilter<T extends Record<string, unknown>>(candidates: readonly T[], term: string, keys: readonly string[]): T[] {
  if (!candidates.length) return [];
  const fuse = new Fuse(candidates, { keys: [...keys], threshold: FUZZY_THRESHOLD, ignoreLocation: true, shouldSort: false, isCaseSensitive: false });
  const hit = new Set(fuse.search(term).map((r) => r.refIndex));
  return candidates.filter((_, i) => hit.has(i));
}
