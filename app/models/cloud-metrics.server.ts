/**
 * One cloud service's metric history for the Cloud Metric Viewer (spec document 3, sections 2.8, 3 "Metric series
 * per entity" and "Peek records", 5, 7 and 9), read from the source's 5-minute samples on demand (nothing raw is
 * stored; the demo estate's samples are a pure function of seed, instance and time).
 *
 * - Buckets of DAY_1, HOUR_1 or MINUTE_5 aligned to UTC over [startDate, endDate), up to the data's end (the current
 *   snapshot's window end); each metric's min, q1, median, q3, max, avg (the engine's box statistics of the
 *   bucket's 5-minute samples), numsamples and total (their sum). A metric is null in a bucket without a sample of
 *   it, and always for the metrics the source does not measure (each family says which: `measured: false`).
 * - History is kept 90 days, five-minute history 7 (counted from the start of the data's UTC day, so a range that
 *   starts at a day's midnight is accepted); rollupTimezone is UTC.
 * - The peek: the same statistics over the whole range (default the last 90 days), the earliest and latest
 *   5-minute bucket with data, and which metrics have all six statistics (the charts a screen may offer).
 * - Rates are per second, as the charts' units (Bytes/s, Packets/s, Ops/s); GCP's "Count" metrics too. Memory in
 *   bytes (or MB) is the share in use of the type's memory. A scale group's metrics are its in-service members'
 *   mean (the group-level series CloudWatch and Azure Monitor keep), its sizes from the group size samples.
 */
import type { Store } from "~/db/connect.server";
import type { CloudServiceView } from "~/db/schema";
import { boxStatsInPlace } from "~/engine/containers";
import { CLOUD_DEFAULT_POLICY, workloadCharts, type WorkloadChart } from "~/engine/cloud";
import type { CloudSample, GroupSizeSample } from "~/engine/cloud/types";
import { INTERVAL_MS, ROLLUP_TIMEZONE, TIME_INTERVALS, type RepCode, type TimeInterval } from "~/domain/workload/constants";
import { notFoundError, validationError } from "~/lib/errors";
import { DAY_MS, SAMPLE_STEP_MS } from "~/lib/time";
import { CLOUD_METRIC_VIEWERS, type CloudMetricDef, type CloudMetricViewer } from "./cloud-metric-families.server";
import { cloudDataNow, cloudEntityAnalysis, cloudSampleSource, cloudServiceRow } from "./cloud-entity.server";

export { CLOUD_METRIC_VIEWERS, type CloudMetricDef, type CloudMetricViewer } from "./cloud-metric-families.server";

/** Days of history each interval reaches back (section 9): five-minute data 7, the others 90. */
export const CLOUD_HISTORY_DAYS: Readonly<Record<TimeInterval, number>> = { DAY_1: 90, HOUR_1: 90, MINUTE_5: 7 };

export interface CloudMetricStats {
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  avg: number;
  numsamples: number;
  total: number;
}
export type CloudMetricValues = Record<string, CloudMetricStats | null>;

export interface CloudMetricBucket {
  /** Start of the bucket, ISO-8601 UTC. */
  auditUtcTimeBucket: string;
  entityId: string;
  metrics: CloudMetricValues;
}

export interface CloudMetricPeek {
  entityId: string;
  earliestTimeBucket: string | null;
  latestTimeBucket: string | null;
  /** Metrics with min, q1, median, q3, max and avg in the range: the charts a screen may offer (section 5). */
  availableMetrics: string[];
  metrics: CloudMetricValues;
}

export interface CloudSeriesArgs {
  startDate?: string | null;
  endDate?: string | null;
  timeInterval?: string | null;
  rollupTimezone?: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The checked range of a call: a known interval, UTC, ISO dates, start before end, within the interval's history. */
export function cloudSeriesWindow(args: CloudSeriesArgs, nowMs: number): { interval: TimeInterval; startMs: number; endMs: number } {
  const interval = (args.timeInterval ?? "DAY_1") as TimeInterval;
  if (!TIME_INTERVALS.includes(interval)) throw validationError(`Unknown timeInterval '${args.timeInterval}'; use one of ${TIME_INTERVALS.join(", ")}.`);
  if ((args.rollupTimezone ?? ROLLUP_TIMEZONE) !== ROLLUP_TIMEZONE) throw validationError(`Unknown rollupTimezone '${args.rollupTimezone}'; use ${ROLLUP_TIMEZONE}.`);
  const days = CLOUD_HISTORY_DAYS[interval];
  const earliest = Math.floor(nowMs / DAY_MS) * DAY_MS - days * DAY_MS;
  const startMs = args.startDate == null ? nowMs - days * DAY_MS : Date.parse(args.startDate);
  const endMs = args.endDate == null ? nowMs : Date.parse(args.endDate);
  if (!Number.isFinite(startMs)) throw validationError(`startDate '${args.startDate}' is not an ISO-8601 date.`);
  if (!Number.isFinite(endMs)) throw validationError(`endDate '${args.endDate}' is not an ISO-8601 date.`);
  if (endMs <= startMs) throw validationError("endDate must be after startDate.");
  if (startMs < earliest) {
    throw validationError(
      interval === "MINUTE_5"
        ? `Five-minute history is kept for the last ${days} days: startDate must be ${iso(earliest)} or later; use HOUR_1 or DAY_1 for older history.`
        : `History is kept for the last ${days} days: startDate must be ${iso(earliest)} or later.`,
    );
  }
  return { interval, startMs, endMs };
}

/** The service behind an id, checked against the viewer asked for. */
async function serviceFor(store: Store, entityId: string, viewer: CloudMetricViewer): Promise<CloudServiceView> {
  const service = await cloudServiceRow(store, entityId);
  if (!service) throw notFoundError(`There is no cloud service '${entityId}'.`);
  const own = CLOUD_METRIC_VIEWERS[viewer];
  if (!(own.services as readonly string[]).includes(service.service)) {
    const right = Object.values(CLOUD_METRIC_VIEWERS).find((v) => (v.services as readonly string[]).includes(service.service));
    throw validationError(
      `${own.series} answers ${own.services.join(" and ")} services; '${entityId}' is of service type ${service.service}` + (right ? ` (use ${right.series}).` : "."),
    );
  }
  return service;
}

interface Readings {
  samples: CloudSample[];
  sizes: GroupSizeSample[];
  memoryBytes: number;
}

/** The service's samples (and a group's sizes) of [fromMs, toMs) on 5-minute marks, in time order. */
async function readings(store: Store, service: CloudServiceView, fromMs: number, toMs: number): Promise<Readings> {
  const source = await cloudSampleSource(store);
  const memoryBytes = service.memory_mb * 1_048_576;
  if (!source || toMs <= fromMs) return { samples: [], sizes: [], memoryBytes };
  const [samples, sizes] = await Promise.all([
    source.cloudSamples(service.id, fromMs, toMs, SAMPLE_STEP_MS),
    service.kind === "group" && source.groupSizeSamples ? source.groupSizeSamples(service.id, fromMs, toMs, SAMPLE_STEP_MS) : [],
  ]);
  return { samples, sizes, memoryBytes };
}

function statsOf(values: number[]): CloudMetricStats | null {
  if (values.length === 0) return null;
  let total = 0;
  for (const v of values) total += v;
  const s = boxStatsInPlace(Float64Array.from(values))!.stats;
  return { min: s.min, q1: s.q1, median: s.median, q3: s.sustained, max: s.peak, avg: s.avg, numsamples: s.count, total };
}

/** Every metric of a family over samples[a, b) and sizes[c, d). */
function metricValues(defs: readonly CloudMetricDef[], r: Readings, a: number, b: number, c: number, d: number): CloudMetricValues {
  const out: CloudMetricValues = {};
  for (const def of defs) {
    const values: number[] = [];
    if (def.sample) {
      for (let i = a; i < b; i++) {
        const v = def.sample(r.samples[i], r.memoryBytes);
        if (v !== null) values.push(v);
      }
    } else if (def.size) {
      for (let i = c; i < d; i++) values.push(def.size(r.sizes[i]));
    }
    out[def.key] = statsOf(values);
  }
  return out;
}

/** A viewer's buckets for one service (metricsViewerAWSEC2 and the others). */
export async function cloudMetricSeries(store: Store, entityId: string, viewer: CloudMetricViewer, args: CloudSeriesArgs): Promise<CloudMetricBucket[]> {
  const service = await serviceFor(store, entityId, viewer);
  const nowMs = await cloudDataNow(store);
  const w = cloudSeriesWindow(args, nowMs);
  const step = INTERVAL_MS[w.interval];
  const created = service.created_at ? Date.parse(service.created_at) : 0;
  const fromMs = Math.ceil(Math.max(w.startMs, created) / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
  const toMs = Math.min(w.endMs, nowMs);
  const r = await readings(store, service, fromMs, toMs);
  const defs = CLOUD_METRIC_VIEWERS[viewer].metrics;
  const out: CloudMetricBucket[] = [];
  let i = 0;
  let j = 0;
  for (let t0 = Math.floor(fromMs / step) * step; t0 < toMs; t0 += step) {
    const [a, c] = [i, j];
    while (i < r.samples.length && r.samples[i].t < t0 + step) i++;
    while (j < r.sizes.length && r.sizes[j].t < t0 + step) j++;
    out.push({ auditUtcTimeBucket: iso(t0), entityId, metrics: metricValues(defs, r, a, i, c, j) });
  }
  return out;
}

/** A viewer's peek for one service (mvAwsEC2Peek and the others): the range's statistics and its first and last bucket. */
export async function cloudMetricPeek(store: Store, entityId: string, viewer: CloudMetricViewer, args: Omit<CloudSeriesArgs, "timeInterval">): Promise<CloudMetricPeek> {
  const service = await serviceFor(store, entityId, viewer);
  const nowMs = await cloudDataNow(store);
  const w = cloudSeriesWindow({ ...args, timeInterval: "DAY_1" }, nowMs);
  const fromMs = Math.ceil(w.startMs / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
  const r = await readings(store, service, fromMs, Math.min(w.endMs, nowMs));
  const metrics = metricValues(CLOUD_METRIC_VIEWERS[viewer].metrics, r, 0, r.samples.length, 0, r.sizes.length);
  const times = [r.samples[0]?.t, r.samples.at(-1)?.t, r.sizes[0]?.t, r.sizes.at(-1)?.t].filter((t): t is number => t !== undefined);
  const bucket = (t: number) => iso(Math.floor(t / SAMPLE_STEP_MS) * SAMPLE_STEP_MS);
  return {
    entityId,
    earliestTimeBucket: times.length ? bucket(Math.min(...times)) : null,
    latestTimeBucket: times.length ? bucket(Math.max(...times)) : null,
    availableMetrics: Object.keys(metrics).filter((k) => metrics[k] !== null),
    metrics,
  };
}

/**
 * A cloud service's workload charts (getWorkloadChartData): the engine's charts of its analysis on demand. REP_CLOUD
 * (the default) answers every chart; ASG_SA a scale group's In-Service Instances chart, ASG_RU its CPU and memory
 * charts; REP_CONTAINER nothing. Undefined when the id is not a cloud service (it may be a container's).
 */
export async function cloudWorkloadCharts(store: Store, entityId: string, repCodes: readonly RepCode[] | null): Promise<WorkloadChart[] | undefined> {
  const found = await cloudEntityAnalysis(store, entityId);
  if (!found) return undefined;
  const codes = repCodes?.length ? repCodes : ["REP_CLOUD"];
  const group = found.service.kind === "group";
  return workloadCharts(found.analysis, CLOUD_DEFAULT_POLICY.values).filter(
    (c) => codes.includes("REP_CLOUD") || (group && codes.includes(c.key === "inService" ? "ASG_SA" : "ASG_RU")),
  );
}
