/** Keys of the `meta` table that more than one floor writes (the collection and the analysis swap). */

/** The meta row naming the analysis snapshot readers see (written by the analysis swap, removed by a collection). */
export const CURRENT_SNAPSHOT_META_KEY = "current_analysis_snapshot";
