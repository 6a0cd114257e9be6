import type { TreeRow } from "~/features/tree/slice";

/**
 * What the kept keys may hold together: each key is the JSON of a tree pane's items, two bytes a character, counted
 * twice for the rows it keeps alive (its root's, about as large as the key).
 */
export const ITEM_KEYS_BYTES = 8 * 1024 * 1024;
const bytesOf = (key: string) => 4 * key.length;

/**
 * The tree pane's fragment key (server-fragments.ts) per expanded slice, selection and count setting, kept while the
 * server renders pages of the same slice: the slices of kept trees are kept too (keptTreeSlice, expandSlice), so
 * the same root comes back, and its key (the JSON of ~800 items with their links, ~0.4 ms, plus the links' encoding
 * and the items' models, ~1 ms) is made once instead of on every page (issue 13). Least recently used first out,
 * past ITEM_KEYS_BYTES.
 */
export function itemKeys(maxBytes = ITEM_KEYS_BYTES) {
  const keys = new Map<TreeRow, Map<string, string>>();
  let bytes = 0;
  return (root: TreeRow, state: string, make: () => string): string => {
    let byState = keys.get(root);
    const known = byState?.get(state);
    if (byState) keys.delete(root); // most recently used last
    if (known !== undefined) {
      keys.set(root, byState!);
      return known;
    }
    const key = make();
    if (bytesOf(key) > maxBytes) {
      if (byState) keys.set(root, byState);
      return key;
    }
    byState ??= new Map();
    byState.set(state, key);
    keys.set(root, byState);
    bytes += bytesOf(key);
    for (const [r, m] of keys) {
      if (bytes <= maxBytes || r === root) break;
      keys.delete(r);
      for (const k of m.values()) bytes -= bytesOf(k);
    }
    return key;
  };
}
