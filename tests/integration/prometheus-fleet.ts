/**
 * A small cluster written as OpenMetrics with answers worked out by hand (tests/integration/prometheus.test.ts).
 * 30 hours of 1-minute scrapes ending 3 hours before now (the block loader wants samples older than its head),
 * on the 5-minute grid. Every series carries cluster="c1" (the store labelled by cluster), and a second cluster
 * "c2" with one pod shows that the label keeps them apart.
 *
 * Nodes: node-a (EKS node group "ng-general", m5.large, 2 cores / 8 GiB, allocatable 1.9 / 7.5 GiB),
 *        node-b (Karpenter node pool "spot-pool", c5.xlarge, 4 cores / 8 GiB, allocatable 3.9 / 7.5 GiB).
 * Namespace "shop":
 * - Deployment web (ReplicaSet web-5d4f, pod web-5d4f-abcde on node-a), container app: requests 500m / 512Mi,
 *   limits 1 / 1Gi. CPU 0.2 cores, except the last 5 minutes of every hour at 0.8 (1 step in 12 = 8.3 % > 5 %,
 *   so p95 = 0.8 → 800 mCores; recommended request 800). Working set 300 MiB, once 700 MiB for one minute
 *   (max_over_time catches it: peak 700 MB; recommended 700 × 1.15 = 805 → 816 MB in 16 MB steps).
 * - StatefulSet db (pod db-0 on node-b), container postgres: requests 1 / 2Gi, limit memory 2Gi. CPU 0.1 (p95
 *   100), working set 1 GiB (peak 1024 MB). Restarted twice, both OOM kills: restarts 2, OOM kills 2.
 * - CronJob report (Jobs report-28001 and report-28002, one pod each on node-a, one hour each), container job:
 *   requests 250m / 256Mi, CPU 0.5 (p95 500), working set 200 MiB. Two pods of one CronJob: one container row.
 * - DaemonSet log-agent (pods on node-a and node-b), container agent: requests 50m / 64Mi, limit cpu 100m,
 *   CPU 0.05, working set 50 MiB. CFS throttling in 3 five-minute steps on node-a and 1 other on node-b:
 *   4 throttle events; 2 replicas.
 * - A bare pod "debug" (no owner): left out.
 */
import { OpenMetricsWriter } from "./prometheus-harness";

export const STEP_SEC = 300;
export const HOURS = 30;
const MIB = 1_048_576;

export interface FleetTimes {
  /** The last scrape (s), on the 5-minute grid: the collection's window end. */
  endSec: number;
  startSec: number;
}

export function fleetTimes(nowMs = Date.now()): FleetTimes {
  const endSec = Math.floor((nowMs / 1000 - 3 * 3600) / STEP_SEC) * STEP_SEC;
  return { endSec, startSec: endSec - HOURS * 3600 };
}

function minutes(from: number, to: number): number[] {
  const out: number[] = [];
  for (let t = from; t <= to; t += 60) out.push(t);
  return out;
}

export function fleetOpenMetrics(times: FleetTimes): string {
  const w = new OpenMetricsWriter();
  const { startSec, endSec } = times;
  const all = minutes(startSec, endSec);
  const constant = (ts: number[], v: number) => ts.map((t) => [t, v] as const);

  // Nodes.
  const nodes: { node: string; labels: Record<string, string>; cpu: number; alloc: number; pid: string }[] = [
    { node: "node-a", labels: { label_eks_amazonaws_com_nodegroup: "ng-general", label_node_kubernetes_io_instance_type: "m5.large" }, cpu: 2, alloc: 1.9, pid: "aws:///us-east-1a/i-0a" },
    { node: "node-b", labels: { label_karpenter_sh_nodepool: "spot-pool", label_node_kubernetes_io_instance_type: "c5.xlarge" }, cpu: 4, alloc: 3.9, pid: "aws:///us-east-1b/i-0b" },
  ];
  for (const n of nodes) {
    w.series("kube_node_info", "gauge", { cluster: "c1", node: n.node, kubelet_version: "v1.29.3-eks-1", provider_id: n.pid }, constant(all, 1));
    w.series("kube_node_labels", "gauge", { cluster: "c1", node: n.node, label_topology_kubernetes_io_region: "us-east-1", ...n.labels }, constant(all, 1));
  }
  for (const [metric, key] of [
    ["kube_node_status_capacity", "cap"],
    ["kube_node_status_allocatable", "alloc"],
  ] as const) {
    for (const n of nodes) {
      w.series(metric, "gauge", { cluster: "c1", node: n.node, resource: "cpu", unit: "core" }, constant(all, key === "cap" ? n.cpu : n.alloc));
      w.series(metric, "gauge", { cluster: "c1", node: n.node, resource: "memory", unit: "byte" }, constant(all, key === "cap" ? 8192 * MIB : 7680 * MIB));
      w.series(metric, "gauge", { cluster: "c1", node: n.node, resource: "pods", unit: "integer" }, constant(all, 110));
    }
  }

  // Pods: name, node, owner, containers with requests/limits, when they ran.
  const jobA = [startSec + 2 * 3600, startSec + 3 * 3600] as const;
  const jobB = [startSec + 20 * 3600, startSec + 21 * 3600] as const;
  interface C {
    name: string;
    req: { cpu: number; mem: number };
    lim?: { cpu?: number; mem?: number };
    cpu: (t: number) => number;
    mem: (t: number) => number;
  }
  interface P {
    ns: string;
    pod: string;
    node: string;
    owner: [kind: string, name: string];
    span: readonly [number, number];
    containers: C[];
    cluster?: string;
  }
  // The rate of the minute (t - 60, t]: 0.8 in the last 5 minutes of each hour (the step ending on the hour).
  const webCpu = (t: number) => {
    const m = (t - startSec) % 3600;
    return m > 3300 || (m === 0 && t > startSec) ? 0.8 : 0.2;
  };
  const spike = startSec + 10 * 3600 + 120;
  const pods: P[] = [
    {
      ns: "shop",
      pod: "web-5d4f-abcde",
      node: "node-a",
      owner: ["ReplicaSet", "web-5d4f"],
      span: [startSec, endSec],
      containers: [{ name: "app", req: { cpu: 0.5, mem: 512 * MIB }, lim: { cpu: 1, mem: 1024 * MIB }, cpu: webCpu, mem: (t) => (t === spike ? 700 * MIB : 300 * MIB) }],
    },
    {
      ns: "shop",
      pod: "db-0",
      node: "node-b",
      owner: ["StatefulSet", "db"],
      span: [startSec, endSec],
      containers: [{ name: "postgres", req: { cpu: 1, mem: 2048 * MIB }, lim: { mem: 2048 * MIB }, cpu: () => 0.1, mem: () => 1024 * MIB }],
    },
    { ns: "shop", pod: "report-28001-xk2p9", node: "node-a", owner: ["Job", "report-28001"], span: jobA, containers: [{ name: "job", req: { cpu: 0.25, mem: 256 * MIB }, cpu: () => 0.5, mem: () => 200 * MIB }] },
    { ns: "shop", pod: "report-28002-q7w3z", node: "node-a", owner: ["Job", "report-28002"], span: jobB, containers: [{ name: "job", req: { cpu: 0.25, mem: 256 * MIB }, cpu: () => 0.5, mem: () => 200 * MIB }] },
    ...["node-a", "node-b"].map(
      (node): P => ({
        ns: "shop",
        pod: `log-agent-${node}`,
        node,
        owner: ["DaemonSet", "log-agent"],
        span: [startSec, endSec],
        containers: [{ name: "agent", req: { cpu: 0.05, mem: 64 * MIB }, lim: { cpu: 0.1 }, cpu: () => 0.05, mem: () => 50 * MIB }],
      }),
    ),
    { ns: "shop", pod: "debug", node: "node-a", owner: ["<none>", "<none>"], span: [startSec, endSec], containers: [{ name: "sh", req: { cpu: 0.01, mem: 16 * MIB }, cpu: () => 0.01, mem: () => 10 * MIB }] },
    {
      ns: "shop",
      pod: "web-other-zzzzz",
      node: "node-x",
      cluster: "c2",
      owner: ["ReplicaSet", "web-other-1"],
      span: [startSec, endSec],
      containers: [{ name: "app", req: { cpu: 0.1, mem: 64 * MIB }, cpu: () => 0.1, mem: () => 32 * MIB }],
    },
  ];
  const base = (p: P) => ({ cluster: p.cluster ?? "c1", namespace: p.ns, pod: p.pod });
  const spanOf = (p: P) => minutes(p.span[0], p.span[1]);
  for (const p of pods) w.series("kube_pod_info", "gauge", { ...base(p), node: p.node, created_by_kind: p.owner[0], created_by_name: p.owner[1] }, constant(spanOf(p), 1));
  for (const p of pods) {
    w.series("kube_pod_owner", "gauge", { ...base(p), owner_kind: p.owner[0], owner_name: p.owner[1], owner_is_controller: p.owner[0] === "<none>" ? "<none>" : "true" }, constant(spanOf(p), 1));
  }
  w.series("kube_replicaset_owner", "gauge", { cluster: "c1", namespace: "shop", replicaset: "web-5d4f", owner_kind: "Deployment", owner_name: "web", owner_is_controller: "true" }, constant(all, 1));
  w.series("kube_replicaset_owner", "gauge", { cluster: "c2", namespace: "shop", replicaset: "web-other-1", owner_kind: "Deployment", owner_name: "web-other", owner_is_controller: "true" }, constant(all, 1));
  for (const [job, span] of [
    ["report-28001", jobA],
    ["report-28002", jobB],
  ] as const) {
    w.series("kube_job_owner", "gauge", { cluster: "c1", namespace: "shop", job_name: job, owner_kind: "CronJob", owner_name: "report", owner_is_controller: "true" }, constant(minutes(span[0], span[1]), 1));
  }
  for (const [metric, key] of [
    ["kube_pod_container_resource_requests", "req"],
    ["kube_pod_container_resource_limits", "lim"],
  ] as const) {
    for (const p of pods) {
      for (const c of p.containers) {
        const values = key === "req" ? c.req : c.lim ?? {};
        if (values.cpu !== undefined) w.series(metric, "gauge", { ...base(p), container: c.name, node: p.node, resource: "cpu", unit: "core" }, constant(spanOf(p), values.cpu));
        if (values.mem !== undefined) w.series(metric, "gauge", { ...base(p), container: c.name, node: p.node, resource: "memory", unit: "byte" }, constant(spanOf(p), values.mem));
      }
    }
  }
  // cAdvisor: the CPU counter grows by rate × 60 each minute; the working set as given.
  const cadvisor = (p: P, c: C) => ({ ...base(p), container: c.name, image: `img/${c.name}:1`, id: `/kubepods/${p.pod}/${c.name}` });
  for (const p of pods) {
    for (const c of p.containers) {
      let total = 0;
      w.series(
        "container_cpu_usage_seconds",
        "counter",
        cadvisor(p, c),
        spanOf(p).map((t, i) => {
          if (i > 0) total += c.cpu(t) * 60;
          return [t, Math.round(total * 1000) / 1000] as const;
        }),
      );
    }
  }
  for (const p of pods) for (const c of p.containers) w.series("container_memory_working_set_bytes", "gauge", cadvisor(p, c), spanOf(p).map((t) => [t, c.mem(t)] as const));
  // Restarts: db-0 restarts at +6 h and +18 h (OOM kills), others never.
  const restartsAt = [startSec + 6 * 3600 + 150, startSec + 18 * 3600 + 150];
  for (const p of pods) {
    for (const c of p.containers) {
      const isDb = p.pod === "db-0";
      w.series("kube_pod_container_status_restarts", "counter", { ...base(p), container: c.name }, spanOf(p).map((t) => [t, isDb ? restartsAt.filter((r) => r <= t).length : 0] as const));
    }
  }
  w.series(
    "kube_pod_container_status_last_terminated_reason",
    "gauge",
    { cluster: "c1", namespace: "shop", pod: "db-0", container: "postgres", reason: "OOMKilled" },
    minutes(restartsAt[0] + 30, endSec).map((t) => [t, 1] as const),
  );
  // CFS: 600 periods a minute; throttled periods jump by 50 once in 3 steps on node-a and 1 step on node-b.
  const throttleAt: Record<string, number[]> = {
    "log-agent-node-a": [startSec + 4 * 3600 + 150, startSec + 8 * 3600 + 150, startSec + 12 * 3600 + 150],
    "log-agent-node-b": [startSec + 16 * 3600 + 150],
  };
  for (const [metric, fn] of [
    ["container_cpu_cfs_periods", (_p: string, i: number) => i * 600],
    ["container_cpu_cfs_throttled_periods", (p: string, _i: number, t: number) => 50 * (throttleAt[p] ?? []).filter((x) => x <= t).length],
  ] as const) {
    for (const p of pods) {
      for (const c of p.containers) w.series(metric, "counter", cadvisor(p, c), spanOf(p).map((t, i) => [t, fn(p.pod, i, t)] as const));
    }
  }
  return w.text();
}
