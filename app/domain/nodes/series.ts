/**
 * Node and node group metric series (spec document 2 section 3, "Node and node group metric series"): per time
 * bucket (auditUtcTimeBucket, UTC) the box-plot statistics Min, Q1, Median, Sustained (p75), Peak, Avg of each metric
 * over the bucket's 5-minute samples. Pure: samples in, rows out.
 *
 * What a source reports is CPU and memory utilisation per node; the rest follows from the inventory:
 * - requests and limits: the group's container requests (× replicas) spread evenly over its nodes, plus one copy
 *   of each DaemonSet of the cluster per node; percent of the node's allocatable;
 * - pods: the node's share of its group's pods scaled by its CPU at that time over its average, plus its
 *   DaemonSets, at most the node's pod limit (the same model as numPodsAvg / numPodsPeak, node-results.ts);
 * - nodes (node group): nodes with a sample at that time.
 * Disk, network, OOM-kill and throttling events and GPU are not reported by any source yet: their statistics are
 * null, and the charts say "No Data Available".
 */
import { boxStats, bucketStats, type BucketStats } from "~/engine/containers/box-stats";
import type { UtilisationSample } from "~/engine/source-contract";
import type { GroupUtilisation } from "~/engine/nodes/group-utilisation";
import { coresFromMCores, gbFromMb } from "~/lib/units";

export const TIME_INTERVALS = { DAY_1: 86_400_000, HOUR_1: 3_600_000, MINUTE_5: 300_000 } as const;
export type TimeInterval = keyof typeof TIME_INTERVALS;

export interface MetricDef {
  key: string;
  /** What the series measures, with its unit (the schema's field description). */
  about?: string;
  title: string;
  yLabel: string;
  unit: string;
  /** Percent charts run 0 to 100 (spec 2.8). */
  yMax?: number;
}

const pct = (key: string, title: string): MetricDef => ({ key, title, yLabel: `${title.replace(/ \(%\)$/, "")} (%)`, unit: "%", yMax: 100 });

/** Node series, in the order the charts show them. */
export const NODE_METRICS = [
  pct("cpuUtilization", "CPU Utilization"),
  { key: "cpuRequestCores", title: "CPU Request", yLabel: "CPU (cores)", unit: "cores" },
  pct("cpuRequestPercent", "CPU Request (%)"),
  { key: "cpuLimitCores", title: "CPU Limit", yLabel: "CPU (cores)", unit: "cores" },
  pct("memoryUtilizationPercent", "Memory Utilization"),
  { key: "memoryUtilizationGb", title: "Memory Utilization (GB)", yLabel: "Memory (GB)", unit: "GB" },
  { key: "memoryActualUtilization", title: "Actual Memory Utilization", yLabel: "Memory (GB)", unit: "GB" },
  { key: "memoryWorkingSet", title: "Memory Working Set", yLabel: "Memory (GB)", unit: "GB" },
  { key: "memoryRequestGb", title: "Memory Request", yLabel: "Memory (GB)", unit: "GB" },
  pct("memoryRequestPercent", "Memory Request (%)"),
  { key: "memoryLimitGb", title: "Memory Limit", yLabel: "Memory (GB)", unit: "GB" },
  { key: "diskThroughput", title: "Disk Throughput", yLabel: "Disk (Kbytes/s)", unit: "Kbytes/s" },
  { key: "diskOperations", title: "Disk Operations", yLabel: "Disk (ops/s)", unit: "ops/s" },
  { key: "networkThroughput", title: "Network Throughput", yLabel: "Network (Kbytes/s)", unit: "Kbytes/s" },
  { key: "networkOperations", title: "Network Operations", yLabel: "Network (packets/s)", unit: "packets/s" },
  { key: "pods", title: "Pods", yLabel: "Pods", unit: "pods" },
  { key: "oomKillEvents", title: "OOM Kill Events", yLabel: "Events", unit: "events" },
  { key: "cpuThrottlingEvents", title: "CPU Throttling Events", yLabel: "Events", unit: "events" },
  pct("gpuUtilization", "GPU Utilization"),
  pct("gpuMemoryUtilization", "GPU Memory Utilization"),
  { key: "gpuPowerUsage", title: "GPU Power Usage", yLabel: "Power (Watts)", unit: "W" },
] as const satisfies readonly MetricDef[];

/** Node group series. */
export const NODE_GROUP_METRICS = [
  pct("cpuUtilization", "CPU Utilization"),
  { key: "cpuRequestCores", title: "CPU Request", yLabel: "CPU (cores)", unit: "cores" },
  pct("cpuRequestPercent", "CPU Request (%)"),
  pct("memoryUtilizationPercent", "Memory Utilization"),
  { key: "memoryUtilizationGb", title: "Memory Utilization (GB)", yLabel: "Memory (GB)", unit: "GB" },
  { key: "memoryActualUtilization", title: "Actual Memory Utilization", yLabel: "Memory (GB)", unit: "GB" },
  { key: "memoryRequestGb", title: "Memory Request", yLabel: "Memory (GB)", unit: "GB" },
  pct("memoryRequestPercent", "Memory Request (%)"),
  { key: "diskThroughput", title: "Disk Throughput", yLabel: "Disk (Kbytes/s)", unit: "Kbytes/s" },
  { key: "diskOperations", title: "Disk Operations", yLabel: "Disk (ops/s)", unit: "ops/s" },
  { key: "networkThroughput", title: "Network Throughput", yLabel: "Network (Kbytes/s)", unit: "Kbytes/s" },
  { key: "networkOperations", title: "Network Operations", yLabel: "Network (packets/s)", unit: "packets/s" },
  { key: "nodes", title: "Nodes", yLabel: "Nodes", unit: "nodes" },
] as const satisfies readonly MetricDef[];

/** Series no source reports yet (module comment): always null. */
export const NOT_MEASURED: ReadonlySet<string> = new Set([
  "memoryActualUtilization",
  "memoryWorkingSet",
  "diskThroughput",
  "diskOperations",
  "networkThroughput",
  "networkOperations",
  "oomKillEvents",
  "cpuThrottlingEvents",
  "gpuUtilization",
  "gpuMemoryUtilization",
  "gpuPowerUsage",
]);

export type NodeMetricKey = (typeof NODE_METRICS)[number]["key"];
export type NodeGroupMetricKey = (typeof NODE_GROUP_METRICS)[number]["key"];

export type { BucketStats };

/** One bucket: its start (ISO, UTC) and the statistics of every metric (all null where nothing was measured). */
export type SeriesRow = { auditUtcTimeBucket: string; metrics: Record<string, BucketStats> };

/** Per-node inputs the series need besides samples (mCores, MB). */
export interface NodeSeriesNode {
  capacityMem: number;
  allocatableCpu: number;
  allocatableMem: number;
  maxAllowedPods: number;
  cpuUtilizationAvgPct: number | null;
  /** Requests and limits on the node (even share + DaemonSets). */
  cpuRequest: number;
  cpuLimit: number;
  memRequest: number;
  memLimit: number;
  /** Pods of the group's workloads on the node on average, and DaemonSet pods. */
  podShare: number;
  daemonSets: number;
}

/** Values of one metric at sample times, grouped into buckets. */
class Buckets {
  private readonly map = new Map<number, Map<string, number[]>>();
  constructor(private readonly bucketMs: number) {}
  add(t: number, metric: string, value: number) {
    const b = Math.floor(t / this.bucketMs) * this.bucketMs;
    let m = this.map.get(b);
    if (!m) this.map.set(b, (m = new Map()));
    let list = m.get(metric);
    if (!list) m.set(metric, (list = []));
    list.push(value);
  }
  rows(metrics: readonly MetricDef[]): SeriesRow[] {
    return [...this.map.keys()]
      .sort((a, b) => a - b)
      .map((b) => {
        const row: SeriesRow = { auditUtcTimeBucket: new Date(b).toISOString(), metrics: {} };
        const values = this.map.get(b)!;
        for (const m of metrics) {
          const list = values.get(m.key);
          row.metrics[m.key] = bucketStats(list ? boxStats(list) : null);
        }
        return row;
      });
  }
}

/** A node's pods at a sample (module comment). */
export function podsAt(n: Pick<NodeSeriesNode, "podShare" | "daemonSets" | "maxAllowedPods" | "cpuUtilizationAvgPct">, cpuPct: number): number {
  const ratio = n.cpuUtilizationAvgPct && n.cpuUtilizationAvgPct > 0 ? cpuPct / n.cpuUtilizationAvgPct : 1;
  return Math.min(n.maxAllowedPods, Math.round(n.podShare * ratio) + n.daemonSets);
}

export function nodeSeries(node: NodeSeriesNode, samples: readonly UtilisationSample[], interval: TimeInterval): SeriesRow[] {
  const b = new Buckets(TIME_INTERVALS[interval]);
  const share = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);
  for (const s of samples) {
    b.add(s.t, "cpuUtilization", s.cpu);
    b.add(s.t, "memoryUtilizationPercent", s.mem);
    b.add(s.t, "memoryUtilizationGb", (s.mem / 100) * gbFromMb(node.capacityMem));
    b.add(s.t, "cpuRequestCores", coresFromMCores(node.cpuRequest));
    b.add(s.t, "cpuRequestPercent", share(node.cpuRequest, node.allocatableCpu));
    b.add(s.t, "cpuLimitCores", coresFromMCores(node.cpuLimit));
    b.add(s.t, "memoryRequestGb", gbFromMb(node.memRequest));
    b.add(s.t, "memoryRequestPercent", share(node.memRequest, node.allocatableMem));
    b.add(s.t, "memoryLimitGb", gbFromMb(node.memLimit));
    b.add(s.t, "pods", podsAt(node, s.cpu));
  }
  return b.rows(NODE_METRICS);
}

type GroupNode = Pick<NodeSeriesNode, "capacityMem" | "allocatableCpu" | "allocatableMem"> & { capacityCpu: number };

/** Days of a node group's series an analysis run keeps: the longest chart, the overviews' daily one (spec 2.8). */
export const GROUP_SERIES_DAYS = 30;

/** The per-time sums of a group's series, on a grid of `slots` times from `startMs` every `stepMs`. */
export interface GroupSeriesParts {
  startMs: number;
  stepMs: number;
  slots: number;
  cpuUsed: Float64Array;
  memUsed: Float64Array;
  cpuCap: Float64Array;
  memCap: Float64Array;
  cpuAlloc: Float64Array;
  memAlloc: Float64Array;
  nodes: Float64Array;
}

/**
 * A node group's series as sums per sample time: the analysis run adds its nodes' samples one node at a time (a
 * group of ~1,900 nodes never holds its millions of samples at once) and stores the sums with the snapshot; a
 * web process answers any window and bucket inside them with work of the chart's size, not the group's (issue
 * 13). A sample goes to the nearest time of the grid (a Prometheus series stored off the 5-minute marks); one
 * outside it is left out.
 */
export class GroupSeriesSums implements GroupSeriesParts {
  readonly cpuUsed: Float64Array;
  readonly memUsed: Float64Array;
  readonly cpuCap: Float64Array;
  readonly memCap: Float64Array;
  readonly cpuAlloc: Float64Array;
  readonly memAlloc: Float64Array;
  readonly nodes: Float64Array;

  constructor(
    readonly startMs: number,
    readonly stepMs: number,
    readonly slots: number,
    parts?: Omit<GroupSeriesParts, "startMs" | "stepMs" | "slots">,
  ) {
    const zeros = () => new Float64Array(slots);
    this.cpuUsed = parts?.cpuUsed ?? zeros();
    this.memUsed = parts?.memUsed ?? zeros();
    this.cpuCap = parts?.cpuCap ?? zeros();
    this.memCap = parts?.memCap ?? zeros();
    this.cpuAlloc = parts?.cpuAlloc ?? zeros();
    this.memAlloc = parts?.memAlloc ?? zeros();
    this.nodes = parts?.nodes ?? zeros();
    for (const a of Object.values(parts ?? {})) if (a.length !== slots) throw new RangeError(`a group series part has ${a.length} slots, not ${slots}`);
  }

  /** The grid of [fromMs, toMs) at stepMs: its first time on a step mark, and how many times. */
  static over(fromMs: number, toMs: number, stepMs: number): GroupSeriesSums {
    const startMs = Math.ceil(fromMs / stepMs) * stepMs;
    return new GroupSeriesSums(startMs, stepMs, Math.max(0, Math.ceil((toMs - startMs) / stepMs)));
  }

  add(node: GroupNode, samples: readonly UtilisationSample[]) {
    const { cpuUsed, cpuCap, memUsed, memCap, cpuAlloc, memAlloc, nodes, startMs, stepMs, slots } = this;
    for (const s of samples) {
      const i = Math.round((s.t - startMs) / stepMs);
      if (!(i >= 0 && i < slots)) continue;
      cpuUsed[i] += (s.cpu / 100) * node.capacityCpu;
      cpuCap[i] += node.capacityCpu;
      memUsed[i] += (s.mem / 100) * node.capacityMem;
      memCap[i] += node.capacityMem;
      cpuAlloc[i] += node.allocatableCpu;
      memAlloc[i] += node.allocatableMem;
      nodes[i]++;
    }
  }

  /**
   * A node's samples given as columns: cpu[i] and mem[i] at startMs + i × stepMs for i below count; NaN is no
   * sample. The same sums as add() with those samples, without an object per sample.
   */
  addColumns(node: GroupNode, startMs: number, stepMs: number, cpu: ArrayLike<number>, mem: ArrayLike<number>, count: number) {
    const { cpuUsed, cpuCap, memUsed, memCap, cpuAlloc, memAlloc, nodes, slots } = this;
    const { capacityCpu, capacityMem, allocatableCpu, allocatableMem } = node;
    for (let j = 0; j < count; j++) {
      const c = cpu[j];
      const m = mem[j];
      if (Number.isNaN(c) || Number.isNaN(m)) continue;
      const i = Math.round((startMs + j * stepMs - this.startMs) / this.stepMs);
      if (!(i >= 0 && i < slots)) continue;
      cpuUsed[i] += (c / 100) * capacityCpu;
      cpuCap[i] += capacityCpu;
      memUsed[i] += (m / 100) * capacityMem;
      memCap[i] += capacityMem;
      cpuAlloc[i] += allocatableCpu;
      memAlloc[i] += allocatableMem;
      nodes[i]++;
    }
  }

  /** The slots of [fromMs, toMs): those whose time is in it. */
  private range(fromMs: number, toMs: number): [number, number] {
    const first = Math.max(0, Math.ceil((fromMs - this.startMs) / this.stepMs));
    const end = Math.min(this.slots, Math.ceil((toMs - this.startMs) / this.stepMs));
    return [first, Math.max(first, end)];
  }

  /** Whether [fromMs, toMs) lies inside the grid, so the sums answer it. */
  covers(fromMs: number, toMs: number): boolean {
    return fromMs >= this.startMs && toMs <= this.startMs + this.slots * this.stepMs;
  }

  /**
   * The engine's groupUtilisation over the times of [fromMs, toMs): at each, the group's % is used / capacity over
   * the nodes with a sample then; averages are over the times with a sample, peaks the highest time.
   */
  utilisation(fromMs: number, toMs: number): GroupUtilisation | null {
    const pct = (used: number, cap: number) => (cap > 0 ? (used / cap) * 100 : 0);
    const [first, end] = this.range(fromMs, toMs);
    let n = 0;
    let sumCpuPct = 0;
    let sumMemPct = 0;
    let sumCpuUsed = 0;
    let sumMemUsed = 0;
    let peakCpuPct = 0;
    let peakMemPct = 0;
    let peakCpuUsed = 0;
    let peakMemUsed = 0;
    for (let i = first; i < end; i++) {
      if (this.nodes[i] === 0) continue;
      n++;
      const cpuPct = pct(this.cpuUsed[i], this.cpuCap[i]);
      const memPct = pct(this.memUsed[i], this.memCap[i]);
      sumCpuPct += cpuPct;
      sumMemPct += memPct;
      sumCpuUsed += this.cpuUsed[i];
      sumMemUsed += this.memUsed[i];
      peakCpuPct = Math.max(peakCpuPct, cpuPct);
      peakMemPct = Math.max(peakMemPct, memPct);
      peakCpuUsed = Math.max(peakCpuUsed, this.cpuUsed[i]);
      peakMemUsed = Math.max(peakMemUsed, this.memUsed[i]);
    }
    if (n === 0) return null;
    return {
      avgCpuUtilization: sumCpuPct / n,
      peakCpuUtilization: peakCpuPct,
      avgMemUtilization: sumMemPct / n,
      peakMemUtilization: peakMemPct,
      avgCpuUsed: sumCpuUsed / n,
      peakCpuUsed,
      avgMemUsed: sumMemUsed / n,
      peakMemUsed,
    };
  }

  /** The series of [fromMs, toMs) in `interval` buckets: at each sample time the group as one machine. */
  rows(requests: { cpuRequest: number; memRequest: number }, interval: TimeInterval, fromMs = -Infinity, toMs = Infinity): SeriesRow[] {
    const b = new Buckets(TIME_INTERVALS[interval]);
    const share = (part: number, whole: number) => (whole > 0 ? (part / whole) * 100 : 0);
    const { cpuUsed, cpuCap, memUsed, memCap, cpuAlloc, memAlloc, nodes } = this;
    const [first, end] = this.range(fromMs, toMs);
    for (let i = first; i < end; i++) {
      if (nodes[i] === 0) continue;
      const t = this.startMs + i * this.stepMs;
      b.add(t, "cpuUtilization", share(cpuUsed[i], cpuCap[i]));
      b.add(t, "memoryUtilizationPercent", share(memUsed[i], memCap[i]));
      b.add(t, "memoryUtilizationGb", gbFromMb(memUsed[i]));
      b.add(t, "cpuRequestCores", coresFromMCores(requests.cpuRequest));
      b.add(t, "cpuRequestPercent", share(requests.cpuRequest, cpuAlloc[i]));
      b.add(t, "memoryRequestGb", gbFromMb(requests.memRequest));
      b.add(t, "memoryRequestPercent", share(requests.memRequest, memAlloc[i]));
      b.add(t, "nodes", nodes[i]);
    }
    return b.rows(NODE_GROUP_METRICS);
  }
}
