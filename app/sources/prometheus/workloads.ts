/**
 * Pure steps of the Prometheus source: pods to their workloads (kube_pod_owner, then kube_replicaset_owner for
 * ReplicaSet → Deployment and kube_job_owner for Job → CronJob), and the per-pod series of a batch combined into
 * one series per workload container on the 5-minute grid of the window (decision 014):
 * - CPU and memory: the highest replica at each step (as KRR and the VPA size for the busiest replica);
 * - restarts: the restart counter differenced per pod (a drop is a counter reset), summed over replicas;
 * - OOM kills: the restarts of a step in which the pod's last termination reason is OOMKilled;
 * - throttled: 1 for a step in which any replica had throttled CFS periods.
 */
import type { PodOwnerKind } from "~/engine/source-contract";
import type { Labels, PromMatrix } from "./parse";

export interface Owner {
  kind: PodOwnerKind;
  name: string;
}

export interface OwnerTables {
  /** kube_pod_owner label sets. */
  podOwner: readonly Labels[];
  /** kube_replicaset_owner label sets. */
  replicaSetOwner: readonly Labels[];
  /** kube_job_owner label sets. */
  jobOwner: readonly Labels[];
  /** kube_pod_info label sets (created_by_kind / created_by_name when kube_pod_owner is missing). */
  podInfo: readonly Labels[];
}

const NONE = new Set(["", "<none>"]);

/**
 * Each pod's workload; pods owned by anything else (a bare pod, a static pod owned by its Node, a custom
 * controller) are left out. A ReplicaSet without a Deployment counts as a Deployment of its own name.
 */
export function resolveOwners(t: OwnerTables): Map<string, Owner> {
  const rs = new Map<string, Labels>();
  for (const l of t.replicaSetOwner) if (l.replicaset && (!rs.has(l.replicaset) || !NONE.has(l.owner_kind ?? ""))) rs.set(l.replicaset, l);
  const jobs = new Map<string, Labels>();
  for (const l of t.jobOwner) if (l.job_name && (!jobs.has(l.job_name) || !NONE.has(l.owner_kind ?? ""))) jobs.set(l.job_name, l);
  const direct = new Map<string, { kind: string; name: string }>();
  for (const l of t.podInfo) {
    if (l.pod && l.created_by_kind && !NONE.has(l.created_by_kind)) direct.set(l.pod, { kind: l.created_by_kind, name: l.created_by_name ?? "" });
  }
  for (const l of t.podOwner) {
    if (!l.pod || NONE.has(l.owner_kind ?? "")) continue;
    // The controlling owner wins over another owner reference.
    if (l.owner_is_controller === "false" && direct.has(l.pod)) continue;
    direct.set(l.pod, { kind: l.owner_kind, name: l.owner_name ?? "" });
  }
  const out = new Map<string, Owner>();
  for (const [pod, o] of direct) {
    if (!o.name) continue;
    let owner: Owner | null = null;
    switch (o.kind) {
      case "ReplicaSet": {
        const up = rs.get(o.name);
        owner = up && up.owner_kind === "Deployment" && up.owner_name ? { kind: "Deployment", name: up.owner_name } : { kind: "Deployment", name: o.name };
        break;
      }
      case "Job": {
        const up = jobs.get(o.name);
        owner = up && up.owner_kind === "CronJob" && up.owner_name ? { kind: "CronJob", name: up.owner_name } : { kind: "Job", name: o.name };
        break;
      }
      case "StatefulSet":
      case "DaemonSet":
      case "Deployment":
      case "CronJob":
        owner = { kind: o.kind, name: o.name };
        break;
      default:
        owner = null;
    }
    if (owner) out.set(pod, owner);
  }
  return out;
}

/** The 5-minute grid of a window: slot k is startMs + k × stepMs, k < slots. */
export interface Grid {
  startMs: number;
  stepMs: number;
  slots: number;
}

/** The slot of a Prometheus time (seconds), or -1 outside the grid. */
export function slotOf(grid: Grid, tSec: number): number {
  const k = Math.round((tSec * 1000 - grid.startMs) / grid.stepMs);
  return k >= 0 && k < grid.slots ? k : -1;
}

/** One workload container's series on the grid; NaN where it did not run. */
export interface WorkloadSeries {
  cpu: Float32Array;
  mem: Float32Array;
  restarts: Float32Array;
  oom: Float32Array;
  throttled: Float32Array;
  /** Replicas seen at each slot (pods with a CPU or memory sample). */
  replicas: Uint16Array;
}

export function emptySeries(slots: number): WorkloadSeries {
  return {
    cpu: new Float32Array(slots).fill(Number.NaN),
    mem: new Float32Array(slots).fill(Number.NaN),
    restarts: new Float32Array(slots),
    oom: new Float32Array(slots),
    throttled: new Float32Array(slots),
    replicas: new Uint16Array(slots),
  };
}

export interface BatchMatrices {
  cpu: PromMatrix;
  mem: PromMatrix;
  restarts: PromMatrix;
  oom: PromMatrix;
  throttled: PromMatrix;
}

/** The key of a workload container: kind, owner name and container name. */
export const workloadKey = (o: Owner, container: string) => `${o.kind}\u0000${o.name}\u0000${container}`;

/**
 * Combines a batch's per-(pod, container) matrices into one series per workload container. Series of pods not in
 * `owners` (another batch's pods matched by a prefix, or unowned pods) are ignored.
 */
export function combineBatch(grid: Grid, owners: ReadonlyMap<string, Owner>, m: BatchMatrices): Map<string, WorkloadSeries> {
  const out = new Map<string, WorkloadSeries>();
  const target = (l: Labels) => {
    const owner = l.pod ? owners.get(l.pod) : undefined;
    if (!owner || !l.container) return null;
    const key = workloadKey(owner, l.container);
    let s = out.get(key);
    if (!s) out.set(key, (s = emptySeries(grid.slots)));
    return s;
  };
  // Replicas per slot: pods with a CPU or memory sample (a pod counted once per slot).
  const present = new Map<string, Map<string, Set<number>>>();
  const mark = (l: Labels, s: WorkloadSeries, k: number) => {
    const key = workloadKey(owners.get(l.pod)!, l.container);
    let pods = present.get(key);
    if (!pods) present.set(key, (pods = new Map()));
    let slots = pods.get(l.pod);
    if (!slots) pods.set(l.pod, (slots = new Set()));
    if (!slots.has(k)) {
      slots.add(k);
      s.replicas[k]++;
    }
  };
  for (const [field, scale] of [
    ["cpu", 1000],
    ["mem", 1 / 1_048_576],
  ] as const) {
    for (const series of m[field]) {
      const s = target(series.metric);
      if (!s) continue;
      const arr = s[field];
      for (let i = 0; i < series.t.length; i++) {
        const k = slotOf(grid, series.t[i]);
        if (k < 0) continue;
        const v = series.v[i] * scale;
        if (!(arr[k] >= v)) arr[k] = v; // NaN (empty) or lower: take the higher replica
        mark(series.metric, s, k);
      }
    }
  }
  // OOM flags per pod and container, by slot.
  const oomAt = new Map<string, Set<number>>();
  for (const series of m.oom) {
    const set = new Set<number>();
    for (let i = 0; i < series.t.length; i++) if (series.v[i] >= 1) set.add(slotOf(grid, series.t[i]));
    oomAt.set(`${series.metric.pod}\u0000${series.metric.container}`, set);
  }
  for (const series of m.restarts) {
    const s = target(series.metric);
    if (!s) continue;
    const oom = oomAt.get(`${series.metric.pod}\u0000${series.metric.container}`);
    let prev: number | undefined;
    for (let i = 0; i < series.t.length; i++) {
      const v = series.v[i];
      const k = slotOf(grid, series.t[i]);
      const delta = prev === undefined ? 0 : v >= prev ? v - prev : v; // a drop: the counter was reset
      prev = v;
      if (k < 0 || delta <= 0) continue;
      s.restarts[k] += delta;
      if (oom?.has(k)) s.oom[k] += delta;
    }
  }
  for (const series of m.throttled) {
    const s = target(series.metric);
    if (!s) continue;
    for (let i = 0; i < series.t.length; i++) {
      const k = slotOf(grid, series.t[i]);
      if (k >= 0 && series.v[i] > 0) s.throttled[k] = 1;
    }
  }
  return out;
}

/** First and last slot with a sample, and the replicas at the last one; null when the container never ran. */
export function seenRange(s: WorkloadSeries): { first: number; last: number; replicas: number } | null {
  let first = -1;
  let last = -1;
  for (let k = 0; k < s.cpu.length; k++) {
    if (s.replicas[k] > 0) {
      if (first < 0) first = k;
      last = k;
    }
  }
  return first < 0 ? null : { first, last, replicas: s.replicas[last] };
}

/** The latest request or limit per (pod, container, resource) of an instant query, as the highest over a workload's pods. */
export function configByWorkload(owners: ReadonlyMap<string, Owner>, vector: readonly { metric: Labels; v: number }[]): Map<string, { cpu?: number; mem?: number }> {
  const out = new Map<string, { cpu?: number; mem?: number }>();
  for (const { metric: l, v } of vector) {
    const owner = owners.get(l.pod);
    if (!owner || !l.container) continue;
    const key = workloadKey(owner, l.container);
    const row = out.get(key) ?? {};
    if (l.resource === "cpu") row.cpu = Math.max(row.cpu ?? 0, v * 1000);
    else if (l.resource === "memory") row.mem = Math.max(row.mem ?? 0, v / 1_048_576);
    out.set(key, row);
  }
  return out;
}
