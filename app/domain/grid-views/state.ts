/**
 * A grid view's state is the grid's own URL state: the address keys the grid reads (sort, search, page size...),
 * never the page number or an open drawer. Pure (no framework), used by the server and the browser alike.
 */
export type GridState = Record<string, string>;

export interface GridStateRules {
  /** The address keys that are the grid's state, saved with a view; "f_*" stands for every key starting "f_". */
  stateKeys: readonly string[];
  /** The value a key has when it is absent from the address. */
  defaults: Readonly<GridState>;
}

export function isStateKey(key: string, rules: GridStateRules): boolean {
  return rules.stateKeys.some((k) => (k.endsWith("*") ? key.startsWith(k.slice(0, -1)) : key === k));
}

/** The state with other keys, blanks and defaults dropped and keys sorted: equal grids give equal states. */
export function normaliseState(state: GridState, rules: GridStateRules): GridState {
  const out: GridState = {};
  for (const key of Object.keys(state).sort()) {
    const v = state[key];
    if (typeof v !== "string" || v.trim() === "" || v === rules.defaults[key] || !isStateKey(key, rules)) continue;
    out[key] = v;
  }
  return out;
}

/** The grid's state in an address; a repeated key (cols=a&cols=b from a form) is joined with commas (cols=a,b). */
export function stateFromParams(params: URLSearchParams, rules: GridStateRules): GridState {
  const state: GridState = {};
  for (const key of new Set(params.keys())) {
    if (isStateKey(key, rules)) state[key] = params.getAll(key).join(",");
  }
  return normaliseState(state, rules);
}

export function sameState(a: GridState, b: GridState, rules: GridStateRules): boolean {
  return JSON.stringify(normaliseState(a, rules)) === JSON.stringify(normaliseState(b, rules));
}

/** Address keys that are neither state nor context: they never survive a change of view. */
export const TRANSIENT_KEYS = ["page", "drawer", "gvAction", "gvError", "gvTitle", "gvNotice"] as const;

/**
 * The address of the grid showing a view: the context (tree path, View, Filter, tab) kept, the state replaced by
 * the view's, gridViewId set, the page and any drawer dropped.
 */
export function viewSearch(current: URLSearchParams | string, viewId: string, state: GridState, rules: GridStateRules): string {
  const p = new URLSearchParams(current);
  for (const key of [...p.keys()]) if (isStateKey(key, rules)) p.delete(key);
  for (const key of [...TRANSIENT_KEYS, "gridViewId"]) p.delete(key);
  for (const [k, v] of Object.entries(normaliseState(state, rules))) p.set(k, v);
  p.set("gridViewId", viewId);
  return `?${p}`;
}

/** The smallest free "<base> N" (N from 1), comparing case-insensitively with the titles given. */
export function nextFreeTitle(base: string, taken: Iterable<string>): string {
  const used = new Set([...taken].map((t) => t.trim().toLowerCase()));
  for (let n = 1; ; n++) {
    const title = `${base} ${n}`;
    if (!used.has(title.toLowerCase())) return title;
  }
}

export const titleKey = (title: string) => title.trim().toLowerCase();
