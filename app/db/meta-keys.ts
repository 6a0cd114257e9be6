/** Keys of the `meta` table that more than one floor writes (the collection and the analysis swap). */

/** The meta row naming the analysis snapshot readers see (written by the analysis swap, removed by a collection). */
export const CURRENT_SNAPSHOT_META_KEY = "current_analysis_snapshot";

/**
 * The meta row naming the collection behind the stored inventory. A collection writes it in the transaction that
 * replaces the inventory, so it always describes the inventory readers see: caches of inventory reads are keyed on
 * it (models/tree-scope.server.ts, inventoryKey).
 */
export const LATEST_COLLECTION_META_KEY = "collection.latest";
