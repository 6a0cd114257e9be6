/**
 * A container's charts, computed on demand from its samples (ANALYSIS.md "Learned 24-hour pattern";
 * ARCHITECTURE.md: the metrics viewer asks the source for raw history). The demo fleet stores nothing raw: its
 * samples are a pure function of (seed, container, time); a Prometheus collection stored its 5-minute series under
 * its run (collected-series.server.ts). Either way the learned hour-of-day pattern and the daily, hourly or
 * 5-minute series are recomputed from the container's samples and cached per snapshot.
 *
 * - workloadCharts: the hour-of-day ("ML Model") charts of getWorkloadChartData: CPU and memory box plots with the
 *   current and the recommended request (lowerLimit) and limit (upperLimit), containers running and restarts.
 * - containerMetricSeries: the historical buckets of metricsViewerContainers (Min, Q1, Median, Sustained, Peak,
 *   Avg per bucket), with the current and recommended requests and limits.
 *
 * Statistics are those of the engine (box-stats.ts, pattern.ts). The source gives one series per workload (its
 * average container); the store does not know replicas apart, so there are no busiest-container series.
 */
import type { Kysely } from "kysely";
import type { ContainerTable, Database } from "~/db/schema";
import { currentSnapshot } from "./snapshot.server";
import { demoReader, sampleBuffers, sourceReader, type ContainerReader, type SampleBuffers } from "~/sources/sample-reader";
import { storedSeriesSource } from "./collected-series.server";
import { boxStats, bucketStats, learnedPattern, type BucketStats } from "~/engine/containers";
import { policyForContainer, type PolicyValues } from "~/engine/policy";
import { LATEST_COLLECTION_META_KEY } from "~/db/meta-keys";
import { SAMPLE_STEP_MS } from "~/engine/source-contract";
import {
  DAY,
  HOUR,
  INTERVAL_MS,
  MAX_SPAN_DAYS,
  PATTERN_HALF_LIFE_DAYS,
  REP_CODES,
  ROLLUP_TIMEZONE,
  TIME_INTERVALS,
  type RepCode,
  type TimeInterval,
} from "~/domain/workload/constants";
import { containerById } from "./container-grid.server";
import { NODE_NAMES_SHOWN } from "./container-rows.server";
import { type ContainerRow } from "./container-rows.server";
import { validationError } from "~/lib/errors";

type Db = Kysely<Database>;

/** Box-plot statistics of one bucket; every value null where the bucket had no samples. */
export type Stats = BucketStats;

export type WorkloadMetric = "cpu" | "memory" | "containers" | "restarts";

/** One row of a workload chart: an hour of day (UTC) and its statistics. */
export interface WorkloadChartRow extends Stats {
  hour: number;
}

/** A chart of getWorkloadChartData (spec section 3, "Workload chart"). */
export interface WorkloadChart {
  metric: WorkloadMetric;
  title: string;
  yAxisLabel: string;
  unit: string;
  /** The limits are the recommended request and limit (else the current ones). */
  isRecommendation: boolean;
  /** The request line (mCores / MB); null when unset or not applicable. */
  lowerLimit: number | null;
  /** The limit line; null when unset or not applicable. */
  upperLimit: number | null;
  data: WorkloadChartRow[];
}

/** The chart titles and axis labels (the spec's names). */
export const WORKLOAD_CHART_TITLES = {
  cpu: { title: "CPU Utilization", recommended: "CPU Utilization - Recommended", yAxisLabel: "CPU (mCores)", unit: "mCores" },
  memory: { title: "Memory Working Set", recommended: "Memory Working Set - Recommended", yAxisLabel: "Memory (MB)", unit: "MB" },
  containers: { title: "Number of Containers", recommended: "", yAxisLabel: "Containers", unit: "" },
  restarts: { title: "Container Restarts", recommended: "", yAxisLabel: "Restarts", unit: "" },
} as const satisfies Record<WorkloadMetric, { title: string; recommended: string; yAxisLabel: string; unit: string }>;

/** Current and recommended requests and limits per container (mCores, MB); null when unset. */
export interface RequestLines {
  cPURequest: number | null;
  cPULimit: number | null;
  memoryRequest: number | null;
  memoryLimit: number | null;
  recommCPURequest: number | null;
  recommCPULimit: number | null;
  recommMemoryRequest: number | null;
  recommMemoryLimit: number | null;
}

/** One time bucket of metricsViewerContainers (spec section 3, "Historical container metrics"). */
export interface ContainerMetricBucket extends RequestLines {
  /** Start of the bucket, ISO-8601 UTC. */
  auditUtcTimeBucket: string;
  entityId: string;
  vmmObjectId: string;
  /** False: requests and limits come from the container's configuration, not from metrics. */
  curReqLimFromMetrics: boolean;
  /** CPU use of the (average) container, mCores. */
  cpuUtilization: Stats;
  /** Memory working set of the (average) container, MB. */
  memoryWorkingSet: Stats;
  /** Containers running, over the bucket's 5-minute slots. */
  numberOfContainers: Stats;
  /** Restarts per hour (daily buckets) or in the bucket (hourly and 5-minute buckets). */
  numberOfRestarts: Stats;
}

export interface SeriesRange {
  startMs: number;
  endMs: number;
  interval: TimeInterval;
}

// ---------------------------------------------------------------------------------------------------------------
// What a container's charts are computed from

/**
 * What a container's charts are computed from (its rows, sample reader, policy and the data's end). A screen
 * reads it once (containerBasis) and hands it to each chart read: the workload page read it three times, each
 * four statements and the row's node names (issue 13).
 */
export interface Basis {
  /** Cache key part: the collection run and the snapshot the numbers belong to. */
  version: string;
  container: ContainerTable;
  row: ContainerRow | undefined;
  /** The reader of the container's samples; null when the stored inventory has no sample source here. */
  reader: ContainerReader | null;
  /** The end of the data: the analysis "now" (else the collection's). */
  nowMs: number;
  policy: PolicyValues;
}

interface CollectionMeta {
  runId: string;
  source: string;
  seed: number;
  now?: number;
}

/** One container's Basis, or undefined for an unknown container. */
export async function containerBasis(db: Db, entityId: string): Promise<Basis | undefined> {
  const [container, metaRow, snapshot] = await Promise.all([
    db.selectFrom("container").selectAll().where("id", "=", entityId).executeTakeFirst(),
    db.selectFrom("meta").select("value").where("key", "=", LATEST_COLLECTION_META_KEY).executeTakeFirst(),
    currentSnapshot(db),
  ]);
  if (!container) return undefined;
  const meta = metaRow ? (JSON.parse(metaRow.value) as CollectionMeta) : undefined;
  const [row, cluster] = await Promise.all([
    containerById(db, entityId, NODE_NAMES_SHOWN),
    db.selectFrom("k8s_cluster").select("region").where("name", "=", container.cluster).executeTakeFirst(),
  ]);
  // The demo fleet's samples are made again from its seed; a Prometheus collection's were stored under its run.
  const reader =
    meta?.source === "demo" ? demoReader(meta.seed, { [container.cluster]: cluster?.region ?? "" }) : meta?.source === "prometheus" ? sourceReader(storedSeriesSource(db, meta.runId)) : null;
  const snapshotEnd = snapshot ? Date.parse(snapshot.window_end) : NaN;
  const nowMs = Number.isFinite(snapshotEnd) ? snapshotEnd : (meta?.now ?? Math.floor(Date.parse(container.last_seen) / SAMPLE_STEP_MS) * SAMPLE_STEP_MS);
  const used = snapshot ? (JSON.parse(snapshot.policies_json) as Record<string, PolicyValues>)[row?.policyName ?? container.policy] : undefined;
  return {
    version: `${meta?.runId ?? "-"}|${snapshot?.id ?? "-"}`,
    container,
    row,
    reader,
    nowMs,
    policy: used ?? policyForContainer(container.policy).values,
  };
}

// A few recent answers, so the overview, the metrics viewer and the dialog of one container reuse one computation.
const CACHE_ENTRIES = 64;
const cache = new Map<string, unknown>();

function cached<T>(key: string, compute: () => T): T {
  if (cache.has(key)) {
    const value = cache.get(key) as T;
    cache.delete(key);
    cache.set(key, value);
    return value;
  }
  const value = compute();
  cache.set(key, value);
  // A failed computation is not remembered.
  if (value instanceof Promise) value.catch(() => cache.get(key) === value && cache.delete(key));
  for (const k of cache.keys()) {
    if (cache.size <= CACHE_ENTRIES) break;
    cache.delete(k);
  }
  return value;
}


const hasStats = (s: Stats) => s.min !== null || s.avg !== null;

/** The container's samples of [fromMs, toMs) as columns (views of the buffers). */
async function readSamples(b: Basis, fromMs: number, toMs: number, buf: SampleBuffers) {
  const n = b.reader && toMs > fromMs ? await b.reader.samples(b.container, fromMs, toMs, buf) : 0;
  return { n, t: buf.t.subarray(0, n), cpu: buf.cpu.subarray(0, n), mem: buf.mem.subarray(0, n) };
}

/** Restarts in [fromMs, toMs): windows that tile the time line give counts that add up to the whole window's. */
async function restartsIn(b: Basis, fromMs: number, toMs: number): Promise<number> {
  if (!b.reader) return 0;
  return (await b.reader.events(b.container, fromMs, toMs)).restarts;
}

function lines(b: Basis): RequestLines {
  const c = b.container;
  const r = b.row;
  return {
    cPURequest: c.cpu_request,
    cPULimit: c.cpu_limit,
    memoryRequest: c.mem_request,
    memoryLimit: c.mem_limit,
    recommCPURequest: r?.cpuRequest ?? null,
    recommCPULimit: r?.cpuLimit ?? null,
    recommMemoryRequest: r?.memRequest ?? null,
    recommMemoryLimit: r?.memLimit ?? null,
  };
}

const hourOfDay = (t: number) => Math.floor((t - Math.floor(t / DAY) * DAY) / HOUR);

// ---------------------------------------------------------------------------------------------------------------
// The learned pattern (getWorkloadChartData)

/** Parses getWorkloadChartData's repCode list; unknown codes are a validation error. */
export function parseRepCodes(codes: readonly string[] | null | undefined): RepCode[] {
  const list = codes?.length ? codes : ["REP_CONTAINER"];
  for (const c of list) {
    if (!(REP_CODES as readonly string[]).includes(c)) throw validationError(`Unknown repCode '${c}'; use one of ${REP_CODES.join(", ")}.`);
  }
  return [...new Set(list)] as RepCode[];
}

/**
 * The hour-of-day charts of a container over its policy's window, ending at the analysis "now": CPU and memory
 * (each twice: with the current and with the recommended request and limit), containers running and, when there
 * were any, restarts. Charts whose statistics are all null are left out. Undefined for an unknown container.
 * Container charts are REP_CONTAINER; the other report codes belong to cloud entities and add nothing here.
 */
export async function workloadCharts(db: Db, entityId: string, repCodes: readonly RepCode[] = ["REP_CONTAINER"], known?: Basis): Promise<WorkloadChart[] | undefined> {
  const b = known ?? (await containerBasis(db, entityId));
  if (!b) return undefined;
  if (!repCodes.includes("REP_CONTAINER")) return [];
  return cached(`pattern|${b.version}|${entityId}`, () => computePattern(b));
}

async function computePattern(b: Basis): Promise<WorkloadChart[]> {
  const toMs = b.nowMs;
  const fromMs = Math.max(toMs - b.policy.workloadRangeDays * DAY, Date.parse(b.container.first_seen));
  const s = await readSamples(b, fromMs, toMs, sampleBuffers(b.policy.workloadRangeDays * 288));
  const pattern = learnedPattern(s, toMs, PATTERN_HALF_LIFE_DAYS, fromMs);

  // Containers running per 5-minute slot (the workload's replicas while it runs, 0 between a Job's runs) and
  // restarts per hour, each grouped by hour of day.
  const running: number[][] = Array.from({ length: 24 }, () => []);
  const restarts: number[][] = Array.from({ length: 24 }, () => []);
  const replicas = b.container.replicas;
  let i = 0;
  for (let t = Math.ceil(fromMs / SAMPLE_STEP_MS) * SAMPLE_STEP_MS; t < toMs; t += SAMPLE_STEP_MS) {
    while (i < s.n && s.t[i] < t) i++;
    running[hourOfDay(t)].push(i < s.n && s.t[i] === t ? replicas : 0);
  }
  let total = 0;
  for (let h = Math.ceil(fromMs / HOUR) * HOUR; h + HOUR <= toMs; h += HOUR) {
    const n = await restartsIn(b, h, h + HOUR);
    total += n;
    restarts[hourOfDay(h)].push(n);
  }
  if (s.n === 0) return [];

  const rows = (stats: (hour: number) => Stats): WorkloadChartRow[] => Array.from({ length: 24 }, (_, hour) => ({ hour, ...stats(hour) }));
  const l = lines(b);
  const charts: WorkloadChart[] = [];
  const resource = (metric: "cpu" | "memory", data: WorkloadChartRow[], current: [number | null, number | null], recommended: [number | null, number | null]) => {
    const t = WORKLOAD_CHART_TITLES[metric];
    charts.push({ metric, title: t.title, yAxisLabel: t.yAxisLabel, unit: t.unit, isRecommendation: false, lowerLimit: current[0], upperLimit: current[1], data });
    if (b.row?.analysed) {
      charts.push({ metric, title: t.recommended, yAxisLabel: t.yAxisLabel, unit: t.unit, isRecommendation: true, lowerLimit: recommended[0], upperLimit: recommended[1], data });
    }
  };
  resource("cpu", rows((h) => bucketStats(pattern.cpu[h].stats)), [l.cPURequest, l.cPULimit], [l.recommCPURequest, l.recommCPULimit]);
  resource("memory", rows((h) => bucketStats(pattern.mem[h].stats)), [l.memoryRequest, l.memoryLimit], [l.recommMemoryRequest, l.recommMemoryLimit]);
  const plain = (metric: "containers" | "restarts", data: WorkloadChartRow[]) => {
    const t = WORKLOAD_CHART_TITLES[metric];
    charts.push({ metric, title: t.title, yAxisLabel: t.yAxisLabel, unit: t.unit, isRecommendation: false, lowerLimit: null, upperLimit: null, data });
  };
  plain("containers", rows((h) => bucketStats(boxStats(running[h]))));
  // Without restarts there is no restarts chart: the screen says "No Container Restarts!" in its place.
  if (total > 0) plain("restarts", rows((h) => bucketStats(boxStats(restarts[h]))));
  return charts.filter((c) => c.data.some(hasStats));
}

// ---------------------------------------------------------------------------------------------------------------
// Historical series (metricsViewerContainers)

/** Checks a metricsViewerContainers request: a known interval, UTC, start before end, within the span limit. */
export function validateSeriesRange(args: { startDate: string; endDate: string; timeInterval?: string | null; rollupTimezone?: string | null }): SeriesRange {
  const interval = (args.timeInterval ?? "DAY_1") as TimeInterval;
  if (!TIME_INTERVALS.includes(interval)) throw validationError(`Unknown timeInterval '${args.timeInterval}'; use one of ${TIME_INTERVALS.join(", ")}.`);
  if ((args.rollupTimezone ?? ROLLUP_TIMEZONE) !== ROLLUP_TIMEZONE) throw validationError(`rollupTimezone must be ${ROLLUP_TIMEZONE}.`);
  const startMs = Date.parse(args.startDate);
  const endMs = Date.parse(args.endDate);
  if (!Number.isFinite(startMs)) throw validationError(`startDate '${args.startDate}' is not an ISO-8601 date.`);
  if (!Number.isFinite(endMs)) throw validationError(`endDate '${args.endDate}' is not an ISO-8601 date.`);
  if (endMs <= startMs) throw validationError("endDate must be after startDate.");
  const maxDays = MAX_SPAN_DAYS[interval];
  if (endMs - startMs > maxDays * DAY) {
    throw validationError(
      interval === "MINUTE_5"
        ? `Five-minute history is limited to the last ${maxDays} days; ask for at most ${maxDays} days or a coarser timeInterval.`
        : `A ${interval} series covers at most ${maxDays} days; ask for a shorter range.`,
    );
  }
  return { startMs, endMs, interval };
}

/**
 * The container's buckets of `interval` overlapping [startMs, endMs) (aligned to UTC), from the bucket it was
 * first seen in up to the data's end. Undefined for an unknown container. Five-minute ranges longer than 7 days
 * (and others longer than 90) are a validation error: call validateSeriesRange on outside input first.
 */
export async function containerMetricSeries(db: Db, entityId: string, range: SeriesRange, known?: Basis): Promise<ContainerMetricBucket[] | undefined> {
  const b = known ?? (await containerBasis(db, entityId));
  if (!b) return undefined;
  const step = INTERVAL_MS[range.interval];
  if (range.endMs - range.startMs > MAX_SPAN_DAYS[range.interval] * DAY) throw validationError(`The range is longer than ${MAX_SPAN_DAYS[range.interval]} days.`);
  // Spec document 2: five-minute history is limited to the LAST 7 days (up to the data's end), not to any 7 days.
  const startMs = range.interval === "MINUTE_5" ? Math.max(range.startMs, b.nowMs - MAX_SPAN_DAYS.MINUTE_5 * DAY) : range.startMs;
  if (startMs >= range.endMs) return [];
  return cached(`series|${b.version}|${entityId}|${range.interval}|${startMs}|${range.endMs}`, () => computeSeries(b, startMs, range.endMs, step));
}

async function computeSeries(b: Basis, startMs: number, endMs: number, step: number): Promise<ContainerMetricBucket[]> {
  const firstSeen = Date.parse(b.container.first_seen);
  const from = Math.max(startMs, Math.floor(firstSeen / SAMPLE_STEP_MS) * SAMPLE_STEP_MS);
  const to = Math.min(endMs, b.nowMs);
  if (to <= from) return [];
  const s = await readSamples(b, from, to, sampleBuffers(Math.ceil((to - from) / SAMPLE_STEP_MS) + 1));
  const l = lines(b);
  const replicas = b.container.replicas;
  const out: ContainerMetricBucket[] = [];
  let i = 0;
  for (let t0 = Math.floor(from / step) * step; t0 < to; t0 += step) {
    const lo = Math.max(t0, from);
    const hi = Math.min(t0 + step, to);
    const cpu: number[] = [];
    const mem: number[] = [];
    const running: number[] = [];
    for (let t = Math.ceil(lo / SAMPLE_STEP_MS) * SAMPLE_STEP_MS; t < hi; t += SAMPLE_STEP_MS) {
      while (i < s.n && s.t[i] < t) i++;
      const present = i < s.n && s.t[i] === t;
      if (present) {
        cpu.push(s.cpu[i]);
        mem.push(s.mem[i]);
      }
      running.push(present ? replicas : 0);
    }
    // Restarts: per hour inside a day, else the bucket's own count.
    const restarts: number[] = [];
    if (step > HOUR) {
      for (let h = lo; h < hi; h += HOUR) restarts.push(await restartsIn(b, h, Math.min(h + HOUR, hi)));
    } else {
      restarts.push(await restartsIn(b, lo, hi));
    }
    out.push({
      auditUtcTimeBucket: new Date(t0).toISOString(),
      entityId: b.container.id,
      vmmObjectId: b.container.id,
      curReqLimFromMetrics: false,
      cpuUtilization: bucketStats(boxStats(cpu)),
      memoryWorkingSet: bucketStats(boxStats(mem)),
      numberOfContainers: bucketStats(boxStats(running)),
      numberOfRestarts: bucketStats(boxStats(restarts)),
      ...l,
    });
  }
  return out;
}

/** The container's analysis row and inventory, for screens that show the charts beside the numbers. */
export async function containerChartBasis(db: Db, entityId: string) {
  const b = await containerBasis(db, entityId);
  return b ? { container: b.container, row: b.row ?? null, nowMs: b.nowMs, hasSamples: b.reader !== null } : undefined;
}
