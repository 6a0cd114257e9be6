/**
 * The mutating admission webhook's decision, as pure functions (decision 019): an AdmissionReview
 * (admission.k8s.io/v1) in, the pod's workload candidates, then, given each container's latest recommendation and
 * automation switch, the JSONPatch that sets its requests and limits, and the AdmissionReview answer.
 *
 * Rules (decision 019):
 * - Never blocks: every answer is `allowed: true`; a body that cannot be read gets a warning and no patch.
 * - Only pods being created are changed (operation CREATE, kind Pod); anything else is allowed unchanged.
 * - Containers of `spec.containers` are patched when the store has a recommendation for that container name under
 *   the pod's workload and automation is on for it; any other container (an injected sidecar the analysis never
 *   saw) is left as it is. Classic init containers are never patched (they run before the pod and the analysis
 *   does not size them); native sidecars (init containers with `restartPolicy: Always`, which run for the pod's
 *   life) are treated as containers.
 * - A recommended value below the minimum (LimitRange-style, per namespace or the default) is raised to it; a
 *   value the analysis leaves open (null) keeps the pod's own; a limit that would end below its request is raised
 *   to the request (the API server refuses such pods).
 * - Each patched container gets one `add` of its whole `resources` object (JSON Patch `add` replaces an existing
 *   member), keeping every other resource (ephemeral-storage, GPUs, claims) as the pod had it.
 */

/** CPU in mCores and memory in MB (MiB), the store's units. null: the analysis leaves the value as it is. */
export interface ResourceRecommendation {
  cpuRequest: number | null;
  cpuLimit: number | null;
  memRequest: number | null;
  memLimit: number | null;
}

/** A LimitRange-style floor (mCores, MiB). */
export interface ResourceMinimum {
  cpu: number;
  mem: number;
}

export interface OwnerRef {
  kind: string;
  name: string;
}

export interface ContainerSpec {
  name: string;
  resources?: { requests?: Record<string, unknown>; limits?: Record<string, unknown>; [k: string]: unknown };
  restartPolicy?: string;
  [k: string]: unknown;
}

export interface PodInfo {
  name: string;
  generateName: string;
  namespace: string;
  labels: Record<string, string>;
  owners: OwnerRef[];
  containers: ContainerSpec[];
  initContainers: ContainerSpec[];
}

export interface ReviewRequest {
  uid: string;
  operation: string;
  kind: string;
  namespace: string;
  dryRun: boolean;
  pod: PodInfo | null;
}

export type ParsedReview = { ok: true; request: ReviewRequest } | { ok: false; uid: string; reason: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === "string" ? v : "");

function containersOf(v: unknown): ContainerSpec[] | null {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) return null;
  const out: ContainerSpec[] = [];
  for (const c of v) {
    if (!isObject(c) || typeof c.name !== "string") return null;
    if (c.resources !== undefined && !isObject(c.resources)) return null;
    out.push(c as ContainerSpec);
  }
  return out;
}

function stringMap(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!isObject(v)) return out;
  for (const [k, value] of Object.entries(v)) if (typeof value === "string") out[k] = value;
  return out;
}

/** Reads an AdmissionReview body (already JSON-parsed); anything it cannot use is a reason, never an exception. */
export function parseAdmissionReview(body: unknown): ParsedReview {
  if (!isObject(body)) return { ok: false, uid: "", reason: "The body is not a JSON object." };
  const request = body.request;
  const uid = isObject(request) ? str(request.uid) : "";
  if (body.kind !== "AdmissionReview") return { ok: false, uid, reason: "The body is not an AdmissionReview." };
  if (body.apiVersion !== "admission.k8s.io/v1") return { ok: false, uid, reason: `Unsupported apiVersion '${str(body.apiVersion)}' (admission.k8s.io/v1 only).` };
  if (!isObject(request) || !uid) return { ok: false, uid, reason: "The AdmissionReview has no request or no uid." };
  const kind = isObject(request.kind) ? str(request.kind.kind) : "";
  const operation = str(request.operation);
  const namespace = str(request.namespace);
  const dryRun = request.dryRun === true;
  let pod: PodInfo | null = null;
  if (kind === "Pod" && operation === "CREATE") {
    const object = request.object;
    if (!isObject(object)) return { ok: false, uid, reason: "The request has no pod object." };
    const meta = isObject(object.metadata) ? object.metadata : {};
    const spec = isObject(object.spec) ? object.spec : null;
    const containers = spec ? containersOf(spec.containers) : null;
    const initContainers = spec ? containersOf(spec.initContainers) : null;
    if (!containers || !initContainers || containers.length === 0) return { ok: false, uid, reason: "The pod has no readable containers." };
    const owners: OwnerRef[] = [];
    const refs = Array.isArray(meta.ownerReferences) ? meta.ownerReferences : [];
    // The controlling owner first, then any other.
    for (const r of [...refs].sort((a, b) => Number(isObject(b) && b.controller === true) - Number(isObject(a) && a.controller === true))) {
      if (isObject(r) && typeof r.kind === "string" && typeof r.name === "string" && r.name) owners.push({ kind: r.kind, name: r.name });
    }
    pod = {
      name: str(meta.name),
      generateName: str(meta.generateName),
      namespace: namespace || str(meta.namespace),
      labels: stringMap(meta.labels),
      owners,
      containers,
      initContainers,
    };
  }
  return { ok: true, request: { uid, operation, kind, namespace: namespace || pod?.namespace || "", dryRun, pod } };
}

/**
 * The workloads a pod may belong to, most likely first, as the collection names them (kube-state-metrics owners):
 * ReplicaSet `<deployment>-<pod-template-hash>` → Deployment (a ReplicaSet without the hash suffix stays a
 * "Deployment" named after it, as the collection does); Job `<cronjob>-<scheduled minutes>` → CronJob, else Job;
 * StatefulSet, DaemonSet, Deployment and CronJob as they are. A pod without an owner has no candidates.
 */
export function ownerCandidates(pod: PodInfo): OwnerRef[] {
  const owner = pod.owners[0];
  if (!owner) return [];
  switch (owner.kind) {
    case "ReplicaSet": {
      const hash = pod.labels["pod-template-hash"];
      if (hash && owner.name.endsWith(`-${hash}`)) return [{ kind: "Deployment", name: owner.name.slice(0, -hash.length - 1) }];
      const m = /^(.+)-[a-z0-9]{5,10}$/.exec(owner.name);
      return m?.[1] ? [{ kind: "Deployment", name: m[1] }, { kind: "Deployment", name: owner.name }] : [{ kind: "Deployment", name: owner.name }];
    }
    case "Job": {
      const m = /^(.+)-\d{8,}$/.exec(owner.name);
      return m?.[1] ? [{ kind: "CronJob", name: m[1] }, { kind: "Job", name: owner.name }] : [{ kind: "Job", name: owner.name }];
    }
    case "StatefulSet":
    case "DaemonSet":
    case "Deployment":
    case "CronJob":
      return [{ kind: owner.kind, name: owner.name }];
    default:
      return [];
  }
}

const CPU_RE = /^([0-9]+(?:\.[0-9]+)?|\.[0-9]+)(m|)$/;
const MEM_RE = /^([0-9]+(?:\.[0-9]+)?(?:[eE][0-9]+)?)(Ki|Mi|Gi|Ti|Pi|Ei|k|K|M|G|T|P|E|m|)$/;
const MEM_FACTOR: Record<string, number> = {
  "": 1,
  m: 1e-3,
  k: 1e3,
  K: 1e3,
  M: 1e6,
  G: 1e9,
  T: 1e12,
  P: 1e15,
  E: 1e18,
  Ki: 2 ** 10,
  Mi: 2 ** 20,
  Gi: 2 ** 30,
  Ti: 2 ** 40,
  Pi: 2 ** 50,
  Ei: 2 ** 60,
};

/** A CPU quantity in mCores ("250m" → 250, "1.5" → 1500, 2 → 2000); undefined when it is not one. */
export function cpuMillicores(q: unknown): number | undefined {
  if (typeof q === "number" && Number.isFinite(q)) return q * 1000;
  const m = typeof q === "string" ? CPU_RE.exec(q.trim()) : null;
  if (!m?.[1]) return undefined;
  return m[2] === "m" ? Number(m[1]) : Number(m[1]) * 1000;
}

/** A memory quantity in MiB ("256Mi" → 256, "1Gi" → 1024, "1G" → 953.67…); undefined when it is not one. */
export function memoryMiB(q: unknown): number | undefined {
  if (typeof q === "number" && Number.isFinite(q)) return q / 2 ** 20;
  const m = typeof q === "string" ? MEM_RE.exec(q.trim()) : null;
  if (!m?.[1]) return undefined;
  return (Number(m[1]) * (MEM_FACTOR[m[2] ?? ""] ?? 1)) / 2 ** 20;
}

const cpuQuantity = (mcores: number) => `${Math.ceil(mcores)}m`;
const memQuantity = (mib: number) => `${Math.ceil(mib)}Mi`;

/** What the caller found for one container: its recommendation (automation on), or why it is left alone. */
export type ContainerVerdict = { rec: ResourceRecommendation } | { skip: string };

export interface JsonPatchOp {
  op: "add";
  path: string;
  value: unknown;
}

export interface PatchPlan {
  ops: JsonPatchOp[];
  /** Containers whose resources the patch sets. */
  applied: string[];
  /** Containers left alone, with why. */
  skipped: { name: string; reason: string }[];
}

/** Sets one pair (request, limit) of a resource, in the pod's own units when the value does not change. */
function planResource(
  requests: Record<string, unknown>,
  limits: Record<string, unknown>,
  key: "cpu" | "memory",
  rec: { request: number | null; limit: number | null },
  minimum: number,
): boolean {
  const read = key === "cpu" ? cpuMillicores : memoryMiB;
  const write = key === "cpu" ? cpuQuantity : memQuantity;
  let changed = false;
  const currentRequest = read(requests[key]);
  let request = currentRequest;
  if (rec.request !== null) {
    request = Math.ceil(Math.max(rec.request, minimum));
    if (currentRequest === undefined || Math.abs(currentRequest - request) >= 0.5) {
      requests[key] = write(request);
      changed = true;
    }
  }
  const currentLimit = read(limits[key]);
  let limit = currentLimit;
  if (rec.limit !== null) limit = Math.ceil(Math.max(rec.limit, minimum));
  if (limit !== undefined && request !== undefined && limit < request) limit = request;
  if (limit !== undefined && (currentLimit === undefined || Math.abs(currentLimit - limit) >= 0.5)) {
    limits[key] = write(limit);
    changed = true;
  }
  return changed;
}

/**
 * The patch for a pod: `verdicts` answers, per container name, its recommendation or why it stays; `minimum` is the
 * floor of its namespace.
 */
export function planPodPatch(pod: PodInfo, verdicts: ReadonlyMap<string, ContainerVerdict>, minimum: ResourceMinimum): PatchPlan {
  const plan: PatchPlan = { ops: [], applied: [], skipped: [] };
  const visit = (list: ContainerSpec[], field: "containers" | "initContainers") => {
    list.forEach((c, i) => {
      if (field === "initContainers" && c.restartPolicy !== "Always") {
        plan.skipped.push({ name: c.name, reason: "init container (never changed)" });
        return;
      }
      const verdict = verdicts.get(c.name) ?? { skip: "no recommendation for this container" };
      if ("skip" in verdict) {
        plan.skipped.push({ name: c.name, reason: verdict.skip });
        return;
      }
      const resources = { ...(c.resources ?? {}) };
      const requests = { ...(resources.requests ?? {}) };
      const limits = { ...(resources.limits ?? {}) };
      const { rec } = verdict;
      const cpu = planResource(requests, limits, "cpu", { request: rec.cpuRequest, limit: rec.cpuLimit }, minimum.cpu);
      const mem = planResource(requests, limits, "memory", { request: rec.memRequest, limit: rec.memLimit }, minimum.mem);
      if (!cpu && !mem) {
        plan.skipped.push({ name: c.name, reason: "already at the recommendation" });
        return;
      }
      if (Object.keys(requests).length > 0) resources.requests = requests;
      if (Object.keys(limits).length > 0) resources.limits = limits;
      plan.ops.push({ op: "add", path: `/spec/${field}/${i}/resources`, value: resources });
      plan.applied.push(c.name);
    });
  };
  visit(pod.containers, "containers");
  visit(pod.initContainers, "initContainers");
  return plan;
}

export interface AdmissionReviewAnswer {
  apiVersion: "admission.k8s.io/v1";
  kind: "AdmissionReview";
  response: { uid: string; allowed: true; patchType?: "JSONPatch"; patch?: string; warnings?: string[] };
}

/** The answer: always allowed; the patch base64-encoded when there is one. */
export function admissionAnswer(uid: string, ops: readonly JsonPatchOp[], warnings: readonly string[] = []): AdmissionReviewAnswer {
  const response: AdmissionReviewAnswer["response"] = { uid, allowed: true };
  if (ops.length > 0) {
    response.patchType = "JSONPatch";
    response.patch = Buffer.from(JSON.stringify(ops)).toString("base64");
  }
  if (warnings.length > 0) response.warnings = [...warnings];
  return { apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview", response };
}

/**
 * The minimum for a namespace from a configuration text: `cpu=10m,memory=16Mi` for every namespace, then
 * `;<namespace>:cpu=…,memory=…` entries that override it. Unknown or broken parts are ignored (the defaults hold).
 */
export function minimumFor(config: string | undefined, namespace: string, fallback: ResourceMinimum): ResourceMinimum {
  let result = { ...fallback };
  const apply = (base: ResourceMinimum, text: string): ResourceMinimum => {
    const out = { ...base };
    for (const part of text.split(",")) {
      const [k, v] = part.split("=").map((s) => s.trim());
      if (k === "cpu") {
        const n = cpuMillicores(v);
        if (n !== undefined) out.cpu = n;
      } else if (k === "memory") {
        const n = memoryMiB(v);
        if (n !== undefined) out.mem = n;
      }
    }
    return out;
  };
  if (!config) return result;
  const entries = config.split(";").map((s) => s.trim()).filter(Boolean);
  for (const e of entries) if (!/^[a-z0-9-]+:/.test(e)) result = apply(result, e);
  for (const e of entries) {
    const m = /^([a-z0-9-]+):(.*)$/.exec(e);
    if (m && m[1] === namespace) result = apply(result, m[2] ?? "");
  }
  return result;
}
