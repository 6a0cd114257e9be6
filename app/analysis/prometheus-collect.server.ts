/**
 * A Prometheus collection run (decision 014): the source streams each batch's series into collected_series under
 * the new run's id while it gathers the inventory; the collection runner then swaps the inventory in atomically
 * and records the run. A failure anywhere (a store down, slow or answering garbage) records the run as failed
 * with its reason, removes the series written under it, and leaves the previous inventory, series and analysis
 * whole. Once a run is in, the series of older runs are removed.
 */
import crypto from "node:crypto";
import type { Store } from "~/db/connect.server";
import { collectedSeriesWriter, deleteOtherRunSeries, deleteRunSeries } from "~/models/collected-series.server";
import { runCollection, type CollectionResult } from "~/sources/collect.server";
import { createPromCollection, type PromClusterReport, type PromClusterTarget } from "~/sources/prometheus/source";

export interface PrometheusCollectionOptions {
  targets: readonly PromClusterTarget[];
  days?: number;
  endMs?: number;
  log?: (line: string) => void;
}

export interface PrometheusCollectionResult extends CollectionResult {
  reports: PromClusterReport[];
  seriesRows: number;
  /** Requests sent to the stores (retries included). */
  requests: number;
}

export async function runPrometheusCollection(store: Store, options: PrometheusCollectionOptions): Promise<PrometheusCollectionResult> {
  if (options.targets.length === 0) throw new Error("No Prometheus connection to collect from.");
  const runId = crypto.randomUUID();
  const writer = collectedSeriesWriter(store.db, runId);
  const collection = createPromCollection({ targets: options.targets, sink: writer, days: options.days, endMs: options.endMs, log: options.log });
  const source = {
    async inventory() {
      const inv = await collection.inventory();
      await writer.flush();
      return inv;
    },
  };
  const requests = () => options.targets.reduce((n, t) => n + t.client.stats.requests, 0);
  let result: CollectionResult;
  try {
    result = await runCollection(
      store,
      source,
      { source: "prometheus", seed: 0, size: 0, now: collection.endMs },
      { runId, details: () => ({ clusters: collection.reports, startMs: collection.startMs, endMs: collection.endMs, requests: requests() }) },
    );
  } catch (error) {
    await deleteRunSeries(store.db, runId).catch(() => undefined);
    throw error;
  }
  await deleteOtherRunSeries(store.db, runId);
  return { ...result, reports: collection.reports, seriesRows: writer.written, requests: requests() };
}
