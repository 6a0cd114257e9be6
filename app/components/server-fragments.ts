import { createContext, useContext, type ReactElement } from "react";

/**
 * Markup of a subtree that is a pure function of a key, made once and reused (issue 13; decision 022 §5c).
 * entry.server.tsx provides it while a page renders; in the browser there is none, and components render as usual.
 */
export interface ServerFragments {
  /** The subtree's HTML for `key`: from the cache, or `render()`'s, rendered and kept. `key` must say everything the
   * subtree's markup depends on: the same key must always give the same markup. */
  html(key: string, render: () => ReactElement): string;
}

export const ServerFragmentsContext = createContext<ServerFragments | null>(null);

export function useServerFragments(): ServerFragments | null {
  return useContext(ServerFragmentsContext);
}

const functionIds = new WeakMap<object, number>();
let nextFunctionId = 1;

/**
 * A fragment's key: its kind, its inputs as JSON, and each function it is given by identity (the same function
 * object, the same part of the key; the formatters charts are given are module functions, so they stay the same
 * from page to page, and one made per render only ever misses). JSON writes a Date as its ISO text, so within a
 * kind a field must not be a Date on one page and a string on another (types fix that). No replacer: with one,
 * JSON.stringify took twice as long over a tree pane's 800 items (0.9-1.4 ms against 0.5-0.8).
 */
export function fragmentKey(kind: string, inputs: unknown, ...functions: (((...args: never[]) => unknown) | undefined)[]): string {
  const ids = functions.map((f) => {
    if (!f) return 0;
    let id = functionIds.get(f);
    if (id === undefined) functionIds.set(f, (id = nextFunctionId++));
    return id;
  });
  return `${kind}:${ids.join(",")}:${JSON.stringify(inputs)}`;
}
