import { describe, expect, it } from "vitest";
import {
  admissionAnswer,
  cpuMillicores,
  memoryMiB,
  minimumFor,
  ownerCandidates,
  parseAdmissionReview,
  planPodPatch,
  type ContainerVerdict,
  type PodInfo,
} from "./admission";

const MIN = { cpu: 10, mem: 16 };

function review(pod: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return {
    apiVersion: "admission.k8s.io/v1",
    kind: "AdmissionReview",
    request: { uid: "u-1", kind: { group: "", version: "v1", kind: "Pod" }, operation: "CREATE", namespace: "shop", object: pod, ...extra },
  };
}

const deploymentPod = {
  metadata: {
    generateName: "web-7d9f8c6b5-",
    labels: { app: "web", "pod-template-hash": "7d9f8c6b5" },
    ownerReferences: [{ apiVersion: "apps/v1", kind: "ReplicaSet", name: "web-7d9f8c6b5", controller: true }],
  },
  spec: {
    initContainers: [{ name: "migrate", image: "m" }, { name: "proxy", image: "p", restartPolicy: "Always" }],
    containers: [
      { name: "app", image: "a", resources: { requests: { cpu: "500m", memory: "512Mi", "ephemeral-storage": "1Gi" }, limits: { cpu: "1", memory: "1Gi" } } },
      { name: "istio-proxy", image: "i" },
    ],
  },
};

function pod(): PodInfo {
  const parsed = parseAdmissionReview(review(deploymentPod));
  if (!parsed.ok || !parsed.request.pod) throw new Error("unparsed");
  return parsed.request.pod;
}

describe("parseAdmissionReview", () => {
  it("reads uid, operation, namespace, dryRun and the pod", () => {
    const parsed = parseAdmissionReview(review(deploymentPod, { dryRun: true }));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.request).toMatchObject({ uid: "u-1", operation: "CREATE", kind: "Pod", namespace: "shop", dryRun: true });
    expect(parsed.request.pod?.containers.map((c) => c.name)).toEqual(["app", "istio-proxy"]);
    expect(parsed.request.pod?.owners).toEqual([{ kind: "ReplicaSet", name: "web-7d9f8c6b5" }]);
  });
  it("gives a reason, never throws, for garbage", () => {
    expect(parseAdmissionReview("x")).toEqual({ ok: false, uid: "", reason: "The body is not a JSON object." });
    expect(parseAdmissionReview({ kind: "AdmissionReview", apiVersion: "admission.k8s.io/v1beta1", request: { uid: "a" } })).toMatchObject({ ok: false, uid: "a" });
    expect(parseAdmissionReview(review({ spec: { containers: "nope" } }))).toMatchObject({ ok: false, uid: "u-1", reason: "The pod has no readable containers." });
    expect(parseAdmissionReview(review({ spec: { containers: [{ name: "a", resources: 3 }] } }))).toMatchObject({ ok: false });
  });
  it("does not read the object of another kind or operation", () => {
    const parsed = parseAdmissionReview({ ...review({}), request: { uid: "u", kind: { kind: "Pod" }, operation: "UPDATE", namespace: "x", object: {} } });
    expect(parsed).toMatchObject({ ok: true, request: { operation: "UPDATE", pod: null } });
  });
});

describe("ownerCandidates", () => {
  const base: PodInfo = { name: "", generateName: "", namespace: "n", labels: {}, owners: [], containers: [], initContainers: [] };
  it("maps ReplicaSet names to their Deployment with the pod-template-hash label", () => {
    expect(ownerCandidates(pod())).toEqual([{ kind: "Deployment", name: "web" }]);
  });
  it("guesses the hash suffix without the label, then the ReplicaSet itself", () => {
    expect(ownerCandidates({ ...base, owners: [{ kind: "ReplicaSet", name: "api-server-5c9b7" }] })).toEqual([
      { kind: "Deployment", name: "api-server" },
      { kind: "Deployment", name: "api-server-5c9b7" },
    ]);
  });
  it("maps scheduled Jobs to their CronJob first, then the Job", () => {
    expect(ownerCandidates({ ...base, owners: [{ kind: "Job", name: "nightly-29411520" }] })).toEqual([
      { kind: "CronJob", name: "nightly" },
      { kind: "Job", name: "nightly-29411520" },
    ]);
    expect(ownerCandidates({ ...base, owners: [{ kind: "Job", name: "backfill" }] })).toEqual([{ kind: "Job", name: "backfill" }]);
  });
  it("keeps StatefulSets and DaemonSets; nothing for bare pods or unknown owners", () => {
    expect(ownerCandidates({ ...base, owners: [{ kind: "StatefulSet", name: "db" }] })).toEqual([{ kind: "StatefulSet", name: "db" }]);
    expect(ownerCandidates({ ...base, owners: [{ kind: "DaemonSet", name: "agent" }] })).toEqual([{ kind: "DaemonSet", name: "agent" }]);
    expect(ownerCandidates(base)).toEqual([]);
    expect(ownerCandidates({ ...base, owners: [{ kind: "Node", name: "n1" }] })).toEqual([]);
  });
});

describe("quantities", () => {
  it("reads CPU and memory in the store's units", () => {
    expect(cpuMillicores("250m")).toBe(250);
    expect(cpuMillicores("1.5")).toBe(1500);
    expect(cpuMillicores(2)).toBe(2000);
    expect(cpuMillicores("x")).toBeUndefined();
    expect(memoryMiB("256Mi")).toBe(256);
    expect(memoryMiB("1Gi")).toBe(1024);
    expect(memoryMiB("1048576")).toBe(1);
    expect(memoryMiB("1M")).toBeCloseTo(0.9537, 4);
    expect(memoryMiB("lots")).toBeUndefined();
  });
});

describe("planPodPatch", () => {
  const rec = (cpuRequest: number | null, cpuLimit: number | null, memRequest: number | null, memLimit: number | null): ContainerVerdict => ({
    rec: { cpuRequest, cpuLimit, memRequest, memLimit },
  });

  it("sets requests and limits of the recommended container, keeps its other resources, leaves sidecars and init containers", () => {
    const plan = planPodPatch(pod(), new Map([["app", rec(120, 400, 300, 600)]]), MIN);
    // Hand-worked: app is containers[0]; ephemeral-storage stays; cpu 500m→120m, 1→400m; memory 512Mi→300Mi, 1Gi→600Mi.
    expect(plan.ops).toEqual([
      {
        op: "add",
        path: "/spec/containers/0/resources",
        value: { requests: { cpu: "120m", memory: "300Mi", "ephemeral-storage": "1Gi" }, limits: { cpu: "400m", memory: "600Mi" } },
      },
    ]);
    expect(plan.applied).toEqual(["app"]);
    expect(plan.skipped).toEqual([
      { name: "istio-proxy", reason: "no recommendation for this container" },
      { name: "migrate", reason: "init container (never changed)" },
      { name: "proxy", reason: "no recommendation for this container" },
    ]);
  });

  it("patches a native sidecar (restartPolicy Always) that has a recommendation, never a classic init container", () => {
    const plan = planPodPatch(pod(), new Map([["proxy", rec(50, null, 64, 64)], ["migrate", rec(50, null, 64, 64)]]), MIN);
    expect(plan.ops).toEqual([{ op: "add", path: "/spec/initContainers/1/resources", value: { requests: { cpu: "50m", memory: "64Mi" }, limits: { memory: "64Mi" } } }]);
    expect(plan.skipped.find((s) => s.name === "migrate")?.reason).toBe("init container (never changed)");
  });

  it("raises values below the minimum and keeps limits at or above requests", () => {
    // cpu request 2m < 10m minimum → 10m; cpu limit null keeps the pod's 1 (1000m); memory request 8 < 16 → 16Mi,
    // memory limit 12 → 16 (minimum); then limit 16 ≥ request 16.
    const plan = planPodPatch(pod(), new Map([["app", rec(2, null, 8, 12)]]), MIN);
    expect(plan.ops[0]?.value).toEqual({ requests: { cpu: "10m", memory: "16Mi", "ephemeral-storage": "1Gi" }, limits: { cpu: "1", memory: "16Mi" } });
    // A namespace minimum above the recommended limit: the request rises to 100m, the limit (50m) to the request.
    const high = planPodPatch(pod(), new Map([["app", rec(20, 50, 300, 600)]]), { cpu: 100, mem: 16 });
    expect(high.ops[0]?.value).toMatchObject({ requests: { cpu: "100m" }, limits: { cpu: "100m" } });
  });

  it("raises an existing limit that would end below a larger recommended request", () => {
    const plan = planPodPatch(pod(), new Map([["app", rec(1500, null, null, null)]]), MIN);
    expect(plan.ops[0]?.value).toEqual({ requests: { cpu: "1500m", memory: "512Mi", "ephemeral-storage": "1Gi" }, limits: { cpu: "1500m", memory: "1Gi" } });
  });

  it("adds a resources object to a container that has none", () => {
    const plan = planPodPatch(pod(), new Map([["istio-proxy", rec(100, 200, 128, 256)]]), MIN);
    expect(plan.ops).toEqual([
      { op: "add", path: "/spec/containers/1/resources", value: { requests: { cpu: "100m", memory: "128Mi" }, limits: { cpu: "200m", memory: "256Mi" } } },
    ]);
  });

  it("has nothing to do when the pod already has the recommendation or automation is off", () => {
    expect(planPodPatch(pod(), new Map([["app", rec(500, 1000, 512, 1024)]]), MIN)).toMatchObject({
      ops: [],
      skipped: [{ name: "app", reason: "already at the recommendation" }, expect.anything(), expect.anything(), expect.anything()],
    });
    expect(planPodPatch(pod(), new Map([["app", { skip: "automation is off" }]]), MIN).ops).toEqual([]);
  });
});

describe("admissionAnswer", () => {
  it("is always allowed, with the patch in base64", () => {
    const ops = [{ op: "add" as const, path: "/spec/containers/0/resources", value: { requests: { cpu: "10m" } } }];
    const answer = admissionAnswer("u-1", ops, ["w"]);
    expect(answer.response).toMatchObject({ uid: "u-1", allowed: true, patchType: "JSONPatch", warnings: ["w"] });
    expect(JSON.parse(Buffer.from(answer.response.patch ?? "", "base64").toString())).toEqual(ops);
    expect(admissionAnswer("u-2", [])).toEqual({ apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview", response: { uid: "u-2", allowed: true } });
  });
});

describe("minimumFor", () => {
  it("reads the default and per-namespace floors", () => {
    const config = "cpu=20m,memory=32Mi; payments:cpu=100m,memory=256Mi; batch:memory=1Gi";
    expect(minimumFor(config, "web", MIN)).toEqual({ cpu: 20, mem: 32 });
    expect(minimumFor(config, "payments", MIN)).toEqual({ cpu: 100, mem: 256 });
    expect(minimumFor(config, "batch", MIN)).toEqual({ cpu: 20, mem: 1024 });
    expect(minimumFor(undefined, "web", MIN)).toEqual(MIN);
    expect(minimumFor("cpu=oops", "web", MIN)).toEqual(MIN);
  });
});
