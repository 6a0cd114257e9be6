/**
 * The PromQL the Prometheus source sends (decision 014): every query is built here from label matchers, with
 * values escaped, so no text from the store or an option ends up as PromQL syntax. Batches are one namespace, or
 * within a large namespace a bounded list of pods (at most POD_BATCH names) or one workload's name prefix: never
 * a regex over the whole fleet.
 */

/** Pods per query batch, at most: above this a namespace is asked for in pieces. */
export const POD_BATCH = 100;
/** The rate window of counters (container CPU, CFS periods): one sample step. */
export const RATE_WINDOW = "5m";

export type Matcher = readonly [label: string, op: "=" | "!=" | "=~" | "!~", value: string];

const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

/** A PromQL string literal (double quotes, backslash escapes). */
export function quote(value: string): string {
  return `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n").replace(/\r/g, "\\r")}"`;
}

/** A regex that matches exactly `text` (RE2 syntax, as Prometheus anchors it). */
export function regexEscape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

export function selector(metric: string, matchers: readonly Matcher[]): string {
  for (const [label] of matchers) if (!LABEL_NAME.test(label)) throw new Error(`Not a label name: ${JSON.stringify(label)}`);
  return `${metric}{${matchers.map(([l, op, v]) => `${l}${op}${quote(v)}`).join(",")}}`;
}

/** Matchers of one cluster in a store labelled by cluster (empty when the store holds one cluster). */
export function clusterMatchers(clusterLabel: string | undefined, cluster: string | undefined): Matcher[] {
  return clusterLabel && cluster !== undefined ? [[clusterLabel, "=", cluster]] : [];
}

/** The pods of a batch: a whole namespace, an exact list of pod names, or a name prefix (one large workload). */
export type PodScope = { kind: "namespace" } | { kind: "pods"; pods: readonly string[] } | { kind: "prefix"; prefix: string };

export function scopeMatchers(base: readonly Matcher[], namespace: string, scope: PodScope): Matcher[] {
  const m: Matcher[] = [...base, ["namespace", "=", namespace]];
  if (scope.kind === "pods") {
    if (scope.pods.length === 0 || scope.pods.length > POD_BATCH) throw new Error(`A pod batch holds 1 to ${POD_BATCH} pods (got ${scope.pods.length})`);
    m.push(["pod", "=~", scope.pods.map(regexEscape).join("|")]);
  } else if (scope.kind === "prefix") {
    m.push(["pod", "=~", `${regexEscape(scope.prefix)}-.+`]);
  }
  return m;
}

const CONTAINERS: Matcher[] = [
  ["container", "!=", ""],
  ["container", "!=", "POD"],
  ["image", "!=", ""],
];

/** Range queries of one batch, one value per (pod, container) and 5-minute step. */
export function usageQueries(m: readonly Matcher[]) {
  const c = [...m, ...CONTAINERS];
  const periods = (metric: string) => `increase(${selector(metric, [...m, ["container", "!=", ""], ["container", "!=", "POD"]])}[${RATE_WINDOW}])`;
  return {
    /** Cores (× 1000 = mCores). */
    cpu: `max by (pod, container) (rate(${selector("container_cpu_usage_seconds_total", c)}[${RATE_WINDOW}]))`,
    /** Bytes: the highest working set within each step, so a peak between two steps is not missed. */
    mem: `max by (pod, container) (max_over_time(${selector("container_memory_working_set_bytes", c)}[${RATE_WINDOW}]))`,
    /** The restart counter itself (its steps are differenced here, so counts stay whole numbers). */
    restarts: `max by (pod, container) (${selector("kube_pod_container_status_restarts_total", m)})`,
    /** 1 while the container's last termination was an OOM kill. */
    oom: `max by (pod, container) (${selector("kube_pod_container_status_last_terminated_reason", [...m, ["reason", "=", "OOMKilled"]])})`,
    /** Share of CFS periods throttled in the step (0–1). */
    throttled: `max by (pod, container) (${periods("container_cpu_cfs_throttled_periods_total")} / clamp_min(${periods("container_cpu_cfs_periods_total")}, 1))`,
  };
}

/** Instant queries of one batch at the window's end: the latest request and limit per (pod, container, resource). */
export function configQueries(m: readonly Matcher[], windowSec: number) {
  const q = (metric: string) => `max by (pod, container, resource) (last_over_time(${selector(metric, [...m, ["resource", "=~", "cpu|memory"]])}[${windowSec}s]))`;
  return { requests: q("kube_pod_container_resource_requests"), limits: q("kube_pod_container_resource_limits") };
}

/** Series (label sets) of one batch: pods, their owners, and the owners' owners. */
export function inventorySeries(m: readonly Matcher[], nsOnly: readonly Matcher[]) {
  return {
    podInfo: selector("kube_pod_info", m),
    podOwner: selector("kube_pod_owner", m),
    replicaSetOwner: selector("kube_replicaset_owner", nsOnly),
    jobOwner: selector("kube_job_owner", nsOnly),
  };
}

/** Node queries of one cluster. */
export function nodeQueries(base: readonly Matcher[], windowSec: number) {
  const cap = (metric: string) => `max by (node, resource) (last_over_time(${selector(metric, [...base, ["resource", "=~", "cpu|memory|pods"]])}[${windowSec}s]))`;
  // Container usage summed per node, the node taken from kube_pod_info (cAdvisor series do not always carry it).
  const perNode = (expr: string) => `sum by (node) (${expr} * on (namespace, pod) group_left (node) max by (namespace, pod, node) (${selector("kube_pod_info", base)}))`;
  const c = [...base, ...CONTAINERS];
  return {
    info: selector("kube_node_info", base),
    labels: selector("kube_node_labels", base),
    capacity: cap("kube_node_status_capacity"),
    allocatable: cap("kube_node_status_allocatable"),
    cpu: perNode(`rate(${selector("container_cpu_usage_seconds_total", c)}[${RATE_WINDOW}])`),
    mem: perNode(selector("container_memory_working_set_bytes", c)),
  };
}

/** The namespaces seen in the window (label values of kube_pod_info). */
export function namespacesMatch(base: readonly Matcher[]): string {
  return selector("kube_pod_info", base);
}
