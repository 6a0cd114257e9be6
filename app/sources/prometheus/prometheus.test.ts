import { describe, expect, it } from "vitest";
import { PromAnswerError, parseBuildInfo, parseLabelValues, parseMatrix, parseSeries, parseVector } from "./parse";
import { POD_BATCH, clusterMatchers, configQueries, nodeQueries, quote, regexEscape, scopeMatchers, selector, usageQueries } from "./promql";
import { highestVersion, mode, nodeFacts } from "./nodes";
import { combineBatch, resolveOwners, seenRange, slotOf, workloadKey, type Grid, type Owner } from "./workloads";
import { podBatches } from "./source";
import { apiUrl } from "./client";

describe("PromQL builders", () => {
  it("escapes values so no text becomes PromQL syntax", () => {
    expect(quote('a"b\\c\nd')).toBe('"a\\"b\\\\c\\nd"');
    expect(selector("up", [["namespace", "=", 'x"}) or vector(1) #']])).toBe('up{namespace="x\\"}) or vector(1) #"}');
    expect(() => selector("up", [['bad"label', "=", "x"]])).toThrow(/Not a label name/);
    expect(regexEscape("web.1+(a)")).toBe("web\\.1\\+\\(a\\)");
  });

  it("scopes a batch to a namespace, a bounded pod list, or one workload's prefix", () => {
    const base = clusterMatchers("cluster", "prod-1");
    expect(scopeMatchers(base, "shop", { kind: "namespace" })).toEqual([
      ["cluster", "=", "prod-1"],
      ["namespace", "=", "shop"],
    ]);
    expect(scopeMatchers([], "shop", { kind: "pods", pods: ["a.b", "c"] }).at(-1)).toEqual(["pod", "=~", "a\\.b|c"]);
    expect(scopeMatchers([], "shop", { kind: "prefix", prefix: "web" }).at(-1)).toEqual(["pod", "=~", "web-.+"]);
    expect(() => scopeMatchers([], "shop", { kind: "pods", pods: Array.from({ length: POD_BATCH + 1 }, (_, i) => `p${i}`) })).toThrow(/at most|1 to/);
    expect(clusterMatchers(undefined, "x")).toEqual([]);
  });

  it("builds the usage, configuration and node queries", () => {
    const q = usageQueries([["namespace", "=", "shop"]]);
    expect(q.cpu).toBe('max by (pod, container) (rate(container_cpu_usage_seconds_total{namespace="shop",container!="",container!="POD",image!=""}[5m]))');
    expect(q.mem).toBe('max by (pod, container) (max_over_time(container_memory_working_set_bytes{namespace="shop",container!="",container!="POD",image!=""}[5m]))');
    expect(q.oom).toContain('reason="OOMKilled"');
    expect(q.throttled).toContain("container_cpu_cfs_throttled_periods_total");
    expect(q.throttled).toContain("clamp_min(increase(container_cpu_cfs_periods_total");
    expect(configQueries([["namespace", "=", "shop"]], 604800).requests).toBe(
      'max by (pod, container, resource) (last_over_time(kube_pod_container_resource_requests{namespace="shop",resource=~"cpu|memory"}[604800s]))',
    );
    const n = nodeQueries([["cluster", "=", "c1"]], 3600);
    expect(n.cpu).toContain('group_left (node) max by (namespace, pod, node) (kube_pod_info{cluster="c1"})');
    expect(n.capacity).toContain('kube_node_status_capacity{cluster="c1",resource=~"cpu|memory|pods"}');
  });

  it("keeps a base path of the store's address", () => {
    expect(apiUrl("https://mimir.example/prometheus/", "/api/v1/query", { a: "b c" })).toBe("https://mimir.example/prometheus/api/v1/query?a=b+c");
  });
});

describe("answer parsers", () => {
  const matrix = (result: unknown) => ({ status: "success", data: { resultType: "matrix", result } });
  it("reads matrices, vectors, series, label values and build info", () => {
    expect(parseMatrix(matrix([{ metric: { pod: "a" }, values: [[1, "0.5"], [2, "NaN"], [3, "+Inf"], [4, "2"]] }]))).toEqual([{ metric: { pod: "a" }, t: [1, 4], v: [0.5, 2] }]);
    expect(parseVector({ status: "success", data: { resultType: "vector", result: [{ metric: { node: "n" }, value: [10, "4"] }] } })).toEqual([{ metric: { node: "n" }, t: 10, v: 4 }]);
    expect(parseSeries({ status: "success", data: [{ __name__: "kube_pod_info", pod: "a" }] })).toEqual([{ __name__: "kube_pod_info", pod: "a" }]);
    expect(parseLabelValues({ status: "success", data: ["a", "b"] })).toEqual(["a", "b"]);
    expect(parseBuildInfo({ status: "success", data: { version: "2.42.0" } })).toEqual({ version: "2.42.0" });
  });

  it.each([
    ["not an object", "<html>", /not a Prometheus API object/],
    ["an error", { status: "error", errorType: "bad_data", error: "parse error at char 5" }, /answered an error: parse error at char 5/],
    ["no status", { data: {} }, /no "status": "success"/],
    ["a vector for a matrix", { status: "success", data: { resultType: "vector", result: [] } }, /expected a matrix, got "vector"/],
    ["a result that is no list", { status: "success", data: { resultType: "matrix", result: {} } }, /result is not a list/],
    ["a series without values", matrix([{ metric: {} }]), /has no values/],
    ["a sample of the wrong shape", matrix([{ metric: {}, values: [[1, 2]] }]), /not \[time, "value"\]/],
    ["a value that is no number", matrix([{ metric: {}, values: [[1, "abc"]] }]), /not a number/],
    ["a label that is no text", matrix([{ metric: { pod: 1 }, values: [] }]), /label "pod" is not text/],
  ])("refuses %s", (_name, body, message) => {
    expect(() => parseMatrix(body)).toThrow(PromAnswerError);
    expect(() => parseMatrix(body)).toThrow(message);
  });

  it("refuses garbage series, label values and build info", () => {
    expect(() => parseSeries({ status: "success", data: {} })).toThrow(/not a list/);
    expect(() => parseLabelValues({ status: "success", data: [1] })).toThrow(/not a list of text/);
    expect(() => parseBuildInfo({ status: "success", data: {} })).toThrow(/no version/);
    expect(() => parseVector({ status: "success", data: { resultType: "vector", result: [{ metric: {}, value: ["x", "1"] }] } })).toThrow(/not \[time/);
  });
});

describe("node groups", () => {
  it.each([
    [{ label_eks_amazonaws_com_nodegroup: "general" }, "aws:///us-east-1a/i-1", "general", "AWS"],
    [{ label_cloud_google_com_gke_nodepool: "pool-1" }, "gce://p/z/n", "pool-1", "GCP"],
    [{ label_kubernetes_azure_com_agentpool: "agentpool" }, "azure:///subscriptions/x", "agentpool", "Azure"],
    [{ label_karpenter_sh_nodepool: "spot", label_eks_amazonaws_com_nodegroup: "x" }, "", "spot", "AWS"],
    [{ label_karpenter_sh_provisioner_name: "default-prov" }, "aws:///x", "default-prov", "AWS"],
    [{ label_node_kubernetes_io_instance_type: "m5.large" }, "", "m5.large", "Other"],
    [{}, "", "default", "Other"],
  ])("%o with provider id %s", (labels, providerId, group, provider) => {
    const f = nodeFacts("n1", labels, { provider_id: providerId, kubelet_version: "v1.30.1" });
    expect(f.group).toBe(group);
    expect(f.provider).toBe(provider);
  });
  it("picks the most frequent value and the highest version", () => {
    expect(mode(["b", "a", "b"], "x")).toBe("b");
    expect(mode(["b", "a"], "x")).toBe("a");
    expect(mode([], "x")).toBe("x");
    expect(highestVersion(["v1.28.9", "v1.29.3-eks-1", "v1.9.0", ""])).toBe("v1.29.3-eks-1");
  });
});

describe("owners and series", () => {
  const owners = resolveOwners({
    podInfo: [{ pod: "bare", created_by_kind: "<none>" }, { pod: "legacy-x", created_by_kind: "DaemonSet", created_by_name: "legacy" }],
    podOwner: [
      { pod: "web-1-a", owner_kind: "ReplicaSet", owner_name: "web-1", owner_is_controller: "true" },
      { pod: "rs-only-b", owner_kind: "ReplicaSet", owner_name: "rs-only", owner_is_controller: "true" },
      { pod: "job-1-c", owner_kind: "Job", owner_name: "job-1", owner_is_controller: "true" },
      { pod: "cron-1-d", owner_kind: "Job", owner_name: "cron-1", owner_is_controller: "true" },
      { pod: "db-0", owner_kind: "StatefulSet", owner_name: "db", owner_is_controller: "true" },
      { pod: "static", owner_kind: "Node", owner_name: "node-a", owner_is_controller: "true" },
      { pod: "bare", owner_kind: "<none>", owner_name: "<none>", owner_is_controller: "<none>" },
    ],
    replicaSetOwner: [
      { replicaset: "web-1", owner_kind: "Deployment", owner_name: "web" },
      { replicaset: "rs-only", owner_kind: "<none>", owner_name: "<none>" },
    ],
    jobOwner: [
      { job_name: "cron-1", owner_kind: "CronJob", owner_name: "nightly" },
      { job_name: "job-1", owner_kind: "<none>", owner_name: "<none>" },
    ],
  });
  it("follows ReplicaSet → Deployment and Job → CronJob, and leaves out unowned and static pods", () => {
    expect(Object.fromEntries(owners)).toEqual({
      "web-1-a": { kind: "Deployment", name: "web" },
      "rs-only-b": { kind: "Deployment", name: "rs-only" },
      "job-1-c": { kind: "Job", name: "job-1" },
      "cron-1-d": { kind: "CronJob", name: "nightly" },
      "db-0": { kind: "StatefulSet", name: "db" },
      "legacy-x": { kind: "DaemonSet", name: "legacy" },
    });
  });

  it("batches a large namespace by whole workloads, a very large workload by its prefix", () => {
    const many = new Map<string, Owner>();
    const pods: string[] = [];
    for (let i = 0; i < 150; i++) {
      pods.push(`big-${i}`);
      many.set(`big-${i}`, { kind: "StatefulSet", name: "big" });
    }
    for (let w = 0; w < 3; w++) {
      for (let i = 0; i < 40; i++) {
        pods.push(`w${w}-${i}`);
        many.set(`w${w}-${i}`, { kind: "Deployment", name: `w${w}` });
      }
    }
    expect(podBatches(["a", "b"], many)).toEqual([{ kind: "namespace" }]);
    const batches = podBatches(pods, many);
    expect(batches[0]).toEqual({ kind: "prefix", prefix: "big" });
    expect(batches.slice(1).map((b) => (b.kind === "pods" ? b.pods.length : -1))).toEqual([80, 40]);
  });

  const grid: Grid = { startMs: 1_000 * 300, stepMs: 300_000, slots: 6 };
  const t = (k: number) => 300 + k * 300; // seconds of slot k
  it("places Prometheus times on the grid", () => {
    expect(slotOf(grid, t(0))).toBe(0);
    expect(slotOf(grid, t(5))).toBe(5);
    expect(slotOf(grid, t(6))).toBe(-1);
    expect(slotOf(grid, t(-1))).toBe(-1);
  });

  it("combines replicas: highest CPU and memory, restarts differenced with resets, OOM kills, throttled steps", () => {
    const o = new Map<string, Owner>([
      ["web-1-a", { kind: "Deployment", name: "web" }],
      ["web-1-b", { kind: "Deployment", name: "web" }],
    ]);
    const series = (pod: string, values: (number | null)[], container = "app") => ({
      metric: { pod, container },
      t: values.flatMap((v, k) => (v === null ? [] : [t(k)])),
      v: values.filter((v): v is number => v !== null),
    });
    const out = combineBatch(grid, o, {
      cpu: [series("web-1-a", [0.1, 0.2, null, 0.4, 0.1, 0.1]), series("web-1-b", [0.3, 0.1, 0.5, null, null, null]), series("stranger", [9, 9, 9, 9, 9, 9])],
      mem: [series("web-1-a", [100 * 1_048_576, null, null, null, null, null])],
      restarts: [series("web-1-a", [3, 3, 4, 1, 1, 2]), series("web-1-b", [0, 1, 1, 1, 1, 1])],
      oom: [series("web-1-a", [null, null, 1, 1, 0, 0])],
      throttled: [series("web-1-a", [0, 0.2, 0, 0, 0, 0]), series("web-1-b", [0, 0, 0, 0.01, 0, 0])],
    });
    expect([...out.keys()]).toEqual([workloadKey({ kind: "Deployment", name: "web" }, "app")]);
    const s = out.get(workloadKey({ kind: "Deployment", name: "web" }, "app"))!;
    expect([...s.cpu].map((v) => Math.round(v))).toEqual([300, 200, 500, 400, 100, 100]);
    expect(s.mem[0]).toBe(100);
    expect(Number.isNaN(s.mem[1])).toBe(true);
    expect([...s.replicas]).toEqual([2, 2, 1, 1, 1, 1]);
    // a: 3→3 (0), 3→4 (+1, OOM), 4→1 (reset: +1, OOM), 1→1, 1→2 (+1); b: 0→1 (+1).
    expect([...s.restarts]).toEqual([0, 1, 1, 1, 0, 1]);
    expect([...s.oom]).toEqual([0, 0, 1, 1, 0, 0]);
    expect([...s.throttled]).toEqual([0, 1, 0, 1, 0, 0]);
    expect(seenRange(s)).toEqual({ first: 0, last: 5, replicas: 1 });
  });
});
