/**
 * One small least-recently-used cache per store for the reads that are computed once and kept: the folder trees
 * (per collection run, View and Filter version) and the analysis aggregates (per snapshot and scope). Values are
 * promises, so concurrent requests for one key share one computation; a failed computation leaves the cache.
 * `reload` recomputes a value already made, but joins a computation still running: the requests that asked for
 * a cold tree together (each with reload) get one build, not one each.
 *
 * `generation` (the snapshot or collection run a value was computed from), when given: a value asked for with
 * another generation than the cache's drops every value of other generations. They would never be asked for
 * again, and the count bound alone kept them until newer ones pushed them out: over a 10-minute soak with two
 * analyses the server grew by a fifth (bench/README.md, soak.bench.ts).
 */
import type { Db } from "./treeview-common.server";

export interface StoreCache<T> {
  /** The value for `key`, computed by `compute` when absent (or when `reload` and not being computed now). */
  get(db: Db, key: string, compute: () => Promise<T>, reload?: boolean, generation?: string): Promise<T>;
  /** The value for `key` when it is made (not while it is being computed), as a hit of `get` would give it; else
   * undefined. Never computes. */
  made(db: Db, key: string): T | undefined;
  clear(db: Db): void;
  /** How many requests are waiting now for values still being computed (what a build keeps waiting). */
  waiting(db: Db): number;
}

/**
 * A cache keeping at most `maxEntries` values per store, and, when `sizeOf` is given, at most `maxBytes` of them
 * together (least recently used first out; the value just asked for always stays).
 */
export function storeCache<T>(options: { maxEntries: number; maxBytes?: number; sizeOf?: (value: T) => number }): StoreCache<T> {
  type Entry = { promise: Promise<T>; value?: T; generation?: string };
  const caches = new WeakMap<Db, Map<string, Entry>>();
  const generations = new WeakMap<Db, string>();
  const waiting = new WeakMap<Db, number>();
  const trim = (cache: Map<string, Entry>, keep: string) => {
    const size = (e: { value?: T }) => (options.sizeOf && e.value !== undefined ? options.sizeOf(e.value) : 0);
    let bytes = 0;
    if (options.sizeOf) for (const e of cache.values()) bytes += size(e);
    for (const [key, e] of cache) {
      if (cache.size <= options.maxEntries && bytes <= (options.maxBytes ?? Infinity)) break;
      if (key === keep) continue;
      cache.delete(key);
      bytes -= size(e);
    }
  };
  return {
    async get(db, key, compute, reload = false, generation) {
      let cache = caches.get(db);
      if (!cache) caches.set(db, (cache = new Map()));
      if (generation !== undefined && generations.get(db) !== generation) {
        generations.set(db, generation);
        for (const [k, e] of cache) if (e.generation !== undefined && e.generation !== generation) cache.delete(k);
      }
      let entry = cache.get(key);
      if (reload && entry && "value" in entry) entry = undefined;
      if (entry) {
        cache.delete(key); // refresh its place: the map's order is least recently used first
        cache.set(key, entry);
      } else {
        const made: Entry = { promise: compute(), generation };
        made.promise.then(
          (value) => (made.value = value),
          () => cache.get(key) === made && cache.delete(key),
        );
        entry = made;
        cache.set(key, made);
      }
      if ("value" in entry) {
        trim(cache, key);
        return entry.value as T;
      }
      waiting.set(db, (waiting.get(db) ?? 0) + 1);
      try {
        return await entry.promise;
      } finally {
        waiting.set(db, waiting.get(db)! - 1);
        trim(cache, key);
      }
    },
    made(db, key) {
      const cache = caches.get(db);
      const entry = cache?.get(key);
      if (!cache || !entry || !("value" in entry)) return undefined;
      cache.delete(key);
      cache.set(key, entry);
      return entry.value;
    },
    clear(db) {
      caches.delete(db);
    },
    waiting(db) {
      return waiting.get(db) ?? 0;
    },
  };
}
