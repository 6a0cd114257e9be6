/**
 * Default pick on load (spec document 1, section 4): the item whose id is in the URL, else the first default
 * (public before private), else the first public item (else the first private one).
 */
export function pickItem<T>(
  lists: { publicList: T[]; privateList: T[] },
  urlId: string | null | undefined,
  idOf: (t: T) => string,
  isDefault: (t: T) => boolean,
): { item: T | undefined; urlIdRejected: boolean } {
  const all = [...lists.publicList, ...lists.privateList];
  const byUrl = urlId ? all.find((t) => idOf(t) === urlId) : undefined;
  if (byUrl) return { item: byUrl, urlIdRejected: false };
  const item = all.find(isDefault) ?? lists.publicList[0] ?? lists.privateList[0];
  return { item, urlIdRejected: Boolean(urlId) };
}

/** Search hit history travels in the address (comma-separated node ids), capped so the URL stays short. */
export const MAX_HIT_HISTORY = 50;

export function parseHits(value: string | null): string[] {
  return (value ?? "")
    .split(",")
    .filter((s) => /^\d+(\.\d+)*$/.test(s))
    .slice(-MAX_HIT_HISTORY);
}
