/**
 * The demo fleet's inventory: clusters, node groups, nodes, containers with their labels, and cloud instances.
 * Deterministic: the same seed, size and `now` give a byte-identical inventory; ids are hashes of identities.
 * One pass, no per-container allocation beyond the rows themselves: 150,000 containers in a second or two.
 */
import type { Inventory, InventoryContainer, InventoryNode, InventoryNodeGroup, InventoryCluster, PodOwnerKind } from "~/engine/source-contract";
import { SAMPLE_STEP_MS } from "~/engine/source-contract";
import { instanceType } from "./catalog";
import { cloudInstanceCount, generateCloudEstate, type CloudEstate } from "./cloud";
import { GPU_CLUSTER_INDEXES, GPU_GROUP_TYPE, GPU_INSTANCE_TYPES, gpuGroupName } from "./gpu";
import {
  APP_NAMESPACES,
  APP_TECHNOLOGIES,
  COMPONENTS,
  CRITICAL_NAMESPACES,
  CRONJOB_NAMES,
  DEPLOYMENT_ROLES,
  FLAVOR_PROVIDER,
  FLAVOR_REGIONS,
  GROUP_INSTANCE_TYPES,
  IMAGE_TECHNOLOGY,
  JOB_NAMES,
  POLICIES,
  SIDECARS,
  STATEFUL_PRODUCTS,
  SYSTEM_NAMESPACE_BU,
  SYSTEM_NAMESPACE_TEAM,
  TEAMS,
  systemOwners,
  type BusinessUnit,
  type Environment,
  type Flavor,
  type GroupRole,
  type SidecarSpec,
} from "./names";
import { containerTraits, isAddOnNamespace, jobReplicas, jobSchedule, lastRunStart, ownerKey, type ContainerTraits, type JobSchedule } from "./profile";
import { Rng, hash32, hashHex64 } from "./random";
import { containerDemand, effectiveWeekendDip, keptLimit, keptLimitTargets, type DemandContext } from "./samples";
import { policyForContainer } from "../../engine/policy/policies";

export const DEMO_SIZE_MIN = 200;
/** Issue 13: half a million containers, in 133 clusters (clusterCount), as a large real estate has. */
export const DEMO_SIZE_MAX = 500_000;
export const DEMO_DEFAULT_SIZE = 2000;
export const DEMO_DEFAULT_SEED = 42;
/** Seeds are stored in an integer column (PostgreSQL int4). */
export const DEMO_SEED_MAX = 2_147_483_647;
/** Cloud instances asked for apart from the fleet's size (a cloud benchmark collects 20,000). */
export const DEMO_CLOUD_SIZE_MIN = 40;
export const DEMO_CLOUD_SIZE_MAX = 50_000;

export interface DemoOptions {
  seed: number;
  /** Number of containers, an integer from DEMO_SIZE_MIN to DEMO_SIZE_MAX. */
  size: number;
  /** The fleet's "now" (ms): last_seen and first_seen are relative to it. Default: the current hour. */
  now?: number;
  /**
   * Number of cloud instances, an integer from DEMO_CLOUD_SIZE_MIN to DEMO_CLOUD_SIZE_MAX. Default: from the
   * size (cloudInstanceCount: size / 10, 40 to 8,000).
   */
  cloudSize?: number;
}

export class DemoOptionsError extends RangeError {
  override name = "DemoOptionsError";
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Validates demo options; returns them with `now` resolved and aligned to 5 minutes, and the cloud size resolved. */
export function validateDemoOptions(options: { seed: unknown; size: unknown; now?: unknown; cloudSize?: unknown }): Required<DemoOptions> {
  const { seed, size, now, cloudSize } = options;
  if (typeof size !== "number" || !Number.isInteger(size)) {
    throw new DemoOptionsError(`size must be a whole number of containers from ${DEMO_SIZE_MIN} to ${DEMO_SIZE_MAX} (got ${String(size)})`);
  }
  if (size < DEMO_SIZE_MIN || size > DEMO_SIZE_MAX) {
    throw new DemoOptionsError(`size must be from ${DEMO_SIZE_MIN} to ${DEMO_SIZE_MAX} containers (got ${size})`);
  }
  if (typeof seed !== "number" || !Number.isInteger(seed) || seed < 0 || seed > DEMO_SEED_MAX) {
    throw new DemoOptionsError(`seed must be a whole number from 0 to ${DEMO_SEED_MAX} (got ${String(seed)})`);
  }
  if (now !== undefined && (typeof now !== "number" || !Number.isFinite(now))) {
    throw new DemoOptionsError(`now must be a time in milliseconds (got ${String(now)})`);
  }
  if (
    cloudSize !== undefined &&
    (typeof cloudSize !== "number" || !Number.isInteger(cloudSize) || cloudSize < DEMO_CLOUD_SIZE_MIN || cloudSize > DEMO_CLOUD_SIZE_MAX)
  ) {
    throw new DemoOptionsError(`cloud size must be a whole number of cloud instances from ${DEMO_CLOUD_SIZE_MIN} to ${DEMO_CLOUD_SIZE_MAX} (got ${String(cloudSize)})`);
  }
  const at = now === undefined ? Math.floor(Date.now() / HOUR) * HOUR : Math.floor(now / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
  return { seed, size, now: at, cloudSize: cloudSize ?? cloudInstanceCount(size) };
}

/** Number of clusters: 3 up to about 11,000 containers, then one per 3,750 (40 at 150,000, 133 at 500,000). */
export function clusterCount(size: number): number {
  return Math.max(3, Math.round(size / 3750));
}

interface ClusterPlan {
  index: number;
  name: string;
  env: Environment;
  flavor: Flavor;
  region: string;
  target: number;
}

function planClusters(seed: number, size: number): ClusterPlan[] {
  const r = new Rng(hash32("clusters", seed));
  const n = clusterCount(size);
  const fixed: [Environment, Flavor, number][] = [
    ["prod", "eks", 0],
    ["stage", "aks", 1],
    ["dev", "gke", 0],
  ];
  const plans: (Omit<ClusterPlan, "target"> & { weight: number })[] = [];
  for (let i = 0; i < n; i++) {
    const env: Environment = i < 3 ? fixed[i][0] : r.weighted<Environment>([["prod", 5], ["stage", 2.5], ["dev", 2.5]]);
    const flavor: Flavor = i < 3 ? fixed[i][1] : r.weighted<Flavor>([["eks", 5], ["aks", 2.5], ["gke", 2.5]]);
    const [region, short] = i < 3 ? FLAVOR_REGIONS[flavor][fixed[i][2]] : r.pick(FLAVOR_REGIONS[flavor]);
    const weight = (env === "prod" ? 1.6 : env === "stage" ? 0.8 : 0.6) * r.range(0.7, 1.3);
    plans.push({ index: i, name: `${env}-${flavor}-${short}-${String(i + 1).padStart(n > 99 ? 3 : 2, "0")}`, env, flavor, region, weight });
  }
  // Largest-remainder apportionment: the targets add up to exactly `size`.
  const total = plans.reduce((s, p) => s + p.weight, 0);
  const exact = plans.map((p) => (size * p.weight) / total);
  const targets = exact.map(Math.floor);
  let left = size - targets.reduce((s, x) => s + x, 0);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0; left > 0; k++, left--) targets[order[k % order.length][1]]++;
  return plans.map(({ weight: _w, ...p }, i) => ({ ...p, target: targets[i] }));
}

interface Group {
  row: InventoryNodeGroup;
  role: GroupRole | "gpu";
  cpuSum: number;
  memSum: number;
  pods: number;
  /** GPUs its pods request (one per pod of the GPU group), which its nodes must hold. */
  gpus: number;
}

interface Namespace {
  name: string;
  base: string;
  bu: BusinessUnit;
  team: string;
  technology: string;
  istio: boolean;
  policy: string;
  weight: number;
  owners: Set<string>;
}

interface ContainerSpec {
  name: string;
  technology: string;
  cpuRequest: number | null;
  memRequest: number | null;
  cpuLimit: number | null;
  memLimit: number | null;
  /** Its traits, when already known (application containers draw their requests from them). */
  traits?: ContainerTraits;
}

const round10 = (x: number) => Math.max(10, Math.ceil(x / 10) * 10);
const round16 = (x: number) => Math.max(16, Math.ceil(x / 16) * 16);

/**
 * Makes a container's limits tell the story of its provisioning profile, against what its policy would recommend
 * (samples.ts, containerDemand): a right-sized container gets both limits where its policy would put them; a
 * throttled one a CPU limit under its daily peak; an OOM-killed one a memory limit its working set climbs to;
 * short ones (under-provisioned CPU or memory) limits just above their peaks, so that only the requests go up; and
 * every other container keeps memory headroom (only the OOM profile is ever killed).
 */
function settleLimits(spec: ContainerSpec, traits: ContainerTraits, ctx: DemandContext): void {
  if (spec.cpuRequest == null) spec.cpuLimit = null; // a limit without a request would set the request (Kubernetes)
  if (spec.memRequest == null) spec.memLimit = null;
  const d = containerDemand(traits, spec.cpuRequest, spec.memRequest, ctx);
  const pv = ctx.policy;
  const p = traits.profile;
  const roll = traits.limitRoll;
  // Limits a policy keeps, for requests it keeps (right-sized containers).
  const kept = keptLimitTargets(d, spec.cpuRequest ?? 0, spec.memRequest ?? 0, pv);
  const cpuShort = p === "under" || (p === "mixed" && traits.cpuFit < 1);
  const memShort = p === "under" || p === "throttled" || (p === "mixed" && traits.memFit < 1);
  const cpuRequest = spec.cpuRequest;
  if (cpuRequest != null) {
    if (p === "throttled") {
      spec.cpuLimit = Math.max(cpuRequest, round10(d.cpuBase * (1 + traits.dailyAmp * 0.3)));
    } else if (p === "right" || p === "oom") {
      spec.cpuLimit = keptLimit(kept.cpu, cpuRequest, pv.cpuAllocationIncrement, roll, pv);
    } else if (spec.cpuLimit != null) {
      spec.cpuLimit = Math.max(cpuRequest, cpuShort ? round10(d.cpuPeak * (1.15 + 0.2 * roll)) : spec.cpuLimit);
    }
  }
  const memRequest = spec.memRequest;
  if (memRequest != null) {
    if (p === "oom") {
      spec.memLimit = Math.max(memRequest, round16(memRequest * (0.9 + 0.4 * roll)));
    } else if (p === "right") {
      spec.memLimit = keptLimit(kept.mem, memRequest, pv.memoryAllocationIncrement, roll, pv);
    } else if (spec.memLimit != null) {
      const aboveMemPeak = round16(d.memPeak * (1.1 + 0.2 * roll));
      spec.memLimit = Math.max(memRequest, memShort ? aboveMemPeak : Math.max(spec.memLimit, aboveMemPeak));
    }
  }
}

// Request catalogues (value, weight). Drawn once, or the largest of two or three draws for over-provisioned
// containers and the smaller of two for the rest (requestDraws), which keeps the fleet's mean about one draw's.
const CPU_REQUESTS: readonly (readonly [number, number])[] = [[50, 14], [100, 26], [200, 18], [250, 16], [500, 13], [1000, 8], [2000, 4], [4000, 1.5]];
const MEM_REQUESTS: readonly (readonly [number, number])[] = [[128, 14], [256, 24], [512, 26], [1024, 20], [2048, 11], [4096, 4], [8192, 1]];
const STATEFUL_CPU: readonly (readonly [number, number])[] = [[250, 3], [500, 5], [1000, 4], [2000, 1.5], [4000, 0.5]];
const STATEFUL_MEM: readonly (readonly [number, number])[] = [[1024, 4], [2048, 5], [4096, 3], [8192, 1.5], [16384, 0.5]];
const JOB_CPU: readonly (readonly [number, number])[] = [[100, 2], [250, 3], [500, 4], [1000, 3], [2000, 1]];
const JOB_MEM: readonly (readonly [number, number])[] = [[256, 2], [512, 4], [1024, 4], [2048, 2], [4096, 1]];
const APP_KINDS: readonly (readonly [PodOwnerKind, number])[] = [["Deployment", 74], ["StatefulSet", 9], ["Job", 7], ["CronJob", 10]];
const FORCED_KINDS: PodOwnerKind[] = ["Deployment", "StatefulSet", "CronJob", "Job"];

/**
 * How a container's profile tilts the size of its requests, as in real fleets, where most of the waste sits in the
 * largest requests: over-provisioned requests are the big template values (the largest of two draws, of three
 * when more than twice over), the others the smaller defaults (the smaller of two draws).
 */
function requestDraws(fit: number): number {
  return fit > 2 ? 3 : fit > 1.25 ? 2 : -2;
}

function biasedPick(r: Rng, choices: readonly (readonly [number, number])[], draws: number): number {
  let v = r.weighted(choices);
  for (let i = 1; i < Math.abs(draws); i++) {
    const w = r.weighted(choices);
    v = draws > 0 ? Math.max(v, w) : Math.min(v, w);
  }
  return v;
}

/** Requests and limits of an application container; about 12 % have no requests at all. */
function appResources(
  r: Rng,
  traits: ContainerTraits,
  cpuChoices: typeof CPU_REQUESTS,
  memChoices: typeof MEM_REQUESTS,
  env: Environment,
  missingP: number,
) {
  let cpuRequest: number | null = biasedPick(r, cpuChoices, requestDraws(traits.cpuFit));
  let memRequest: number | null = biasedPick(r, memChoices, requestDraws(traits.memFit));
  if (env !== "prod" && r.chance(0.2)) {
    cpuRequest = Math.max(50, cpuRequest / 2);
    memRequest = Math.max(128, memRequest / 2);
  }
  const cpuLimit = r.chance(0.4) ? null : Math.round(cpuRequest * r.pick([1, 1.5, 2, 2, 4]));
  const memLimit = r.chance(0.12) ? null : Math.round(memRequest * r.pick([1, 1.25, 1.5, 2]));
  const roll = r.next();
  if (roll < missingP) {
    cpuRequest = null;
    memRequest = null;
  } else if (roll < missingP + 0.03) {
    cpuRequest = null;
  }
  return { cpuRequest, memRequest, cpuLimit, memLimit };
}

function sidecar(s: SidecarSpec, name = s.name): ContainerSpec {
  return { name, technology: IMAGE_TECHNOLOGY[s.name] ?? IMAGE_TECHNOLOGY[name] ?? "go", cpuRequest: s.cpuRequest, memRequest: s.memRequest, cpuLimit: s.cpuLimit, memLimit: s.memLimit };
}

/** Reserved CPU (mCores) of a node with `vcpus` cores: the GKE/EKS kube-reserved formula. */
function reservedCpu(vcpus: number): number {
  return 60 + (vcpus > 1 ? 10 : 0) + Math.min(2, Math.max(0, vcpus - 2)) * 5 + Math.max(0, vcpus - 4) * 2.5;
}

/** Reserved memory (MB) of a node with memMb of memory: the GKE formula, plus a 100 MB eviction threshold. */
function reservedMem(memMb: number): number {
  const gib = memMb / 1024;
  const tiers: [number, number][] = [[4, 0.25], [4, 0.2], [8, 0.1], [112, 0.06], [Infinity, 0.02]];
  let left = gib;
  let reserved = 0;
  for (const [size, share] of tiers) {
    const take = Math.min(left, size);
    reserved += take * share;
    left -= take;
    if (left <= 0) break;
  }
  return Math.round(reserved * 1024 + 100);
}

function podCapacity(flavor: Flavor, vcpus: number): number {
  if (flavor !== "eks") return 110;
  return vcpus <= 2 ? 29 : vcpus <= 8 ? 58 : 234;
}

const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";
function base36(n: number, width: number): string {
  let s = "";
  for (let i = 0; i < width; i++) {
    s = BASE36[n % 36] + s;
    n = Math.floor(n / 36);
  }
  return s;
}

function nodeName(plan: ClusterPlan, pool: string, poolTag: number, i: number, serial: number): string {
  if (plan.flavor === "eks") {
    const host = `ip-10-${16 + plan.index}-${(serial >> 8) & 255}-${serial & 255}`;
    return plan.region === "us-east-1" ? `${host}.ec2.internal` : `${host}.${plan.region}.compute.internal`;
  }
  if (plan.flavor === "aks") return `aks-${pool}-${poolTag}-vmss${base36(i, 6)}`;
  return `gke-${plan.name}-${pool}-${(poolTag >>> 0).toString(16).padStart(8, "0").slice(0, 8)}-${base36((i * 7919 + 1234) % 1679616, 4)}`;
}

function generateCluster(seed: number, plan: ClusterPlan, now: number, containers: InventoryContainer[], nodeGroups: InventoryNodeGroup[], nodes: InventoryNode[]): void {
  const r = new Rng(hash32(`cluster:${plan.name}`, seed));
  const cluster = plan.name;

  // Node groups: a system (or "<cluster>-default") group, a general one, and a few specialised ones.
  const extras = r.shuffle<GroupRole>(["memory", "compute", "spot", "batch", ...(plan.flavor === "eks" ? (["arm"] as const) : [])]);
  const nGroups = plan.target < 400 ? r.int(2, 3) : plan.target < 1500 ? r.int(2, 4) : r.int(3, 6);
  const roles: GroupRole[] = ["system", "general", ...extras.slice(0, nGroups - 2)];
  const useDefault = r.chance(0.4);
  const groups: Group[] = roles.map((role) => {
    const name = role === "system" && useDefault ? `${cluster}-default` : `${cluster}-${role}`;
    return {
      role,
      cpuSum: 0,
      memSum: 0,
      pods: 0,
      gpus: 0,
      row: { id: `ng-${hashHex64(`${cluster}/${name}`)}`, cluster, name, instance_type: r.pick(GROUP_INSTANCE_TYPES[plan.flavor][role]), node_count: 0 },
    };
  });
  const byRole = new Map(groups.map((g) => [g.role, g]));
  const deploymentGroups: [Group, number][] = [[byRole.get("general")!, 6]];
  for (const [role, w] of [["compute", 1.5], ["spot", 1], ["arm", 1]] as const) {
    const g = byRole.get(role);
    if (g) deploymentGroups.push([g, w]);
  }
  const groupFor = (kind: PodOwnerKind, system: boolean): Group => {
    if (system) return groups[0];
    if (kind === "StatefulSet") return byRole.get("memory") ?? byRole.get("general")!;
    if (kind === "Job" || kind === "CronJob") return byRole.get("batch") ?? byRole.get("spot") ?? byRole.get("general")!;
    return r.weighted(deploymentGroups);
  };

  const daemonSetRows: InventoryContainer[] = [];
  let dsCpu = 0;
  let dsMem = 0;
  let dsPods = 0;

  const emitOwner = (
    ns: { name: string; bu: string; team: string; policy: string },
    kind: PodOwnerKind,
    owner: string,
    replicas: number,
    specs: ContainerSpec[],
    group: Group,
    firstSeenMs: number,
  ) => {
    const key = ownerKey(cluster, ns.name, kind, owner);
    let lastSeenMs = now;
    let schedule: JobSchedule | null = null;
    if (kind === "Job" || kind === "CronJob") {
      schedule = jobSchedule(seed, key, kind);
      replicas = jobReplicas(schedule);
      lastSeenMs = Math.max(firstSeenMs, lastRunStart(schedule, now));
    }
    const firstSeen = new Date(firstSeenMs).toISOString();
    const lastSeen = new Date(lastSeenMs).toISOString();
    if (kind === "DaemonSet") dsPods++;
    else group.pods += replicas;
    const policy = policyForContainer(ns.policy).values;
    const addOn = isAddOnNamespace(ns.name);
    for (const spec of specs) {
      const id = hashHex64(`${key}/${spec.name}`);
      const traits = spec.traits ?? containerTraits(seed, id, addOn);
      settleLimits(spec, traits, { policy, weekendDip: effectiveWeekendDip(traits, plan.env), job: schedule, nonProd: plan.env !== "prod" });
      const cpu = spec.cpuRequest ?? traits.nominalCpu;
      const mem = spec.memRequest ?? traits.nominalMem;
      if (kind === "DaemonSet") {
        dsCpu += cpu;
        dsMem += mem;
      } else {
        group.cpuSum += cpu * replicas;
        group.memSum += mem * replicas;
      }
      const row: InventoryContainer = {
        id,
        cluster,
        namespace: ns.name,
        pod_owner_kind: kind,
        pod_owner_name: owner,
        container_name: spec.name,
        node_group: group.row.name,
        policy: ns.policy,
        replicas,
        cpu_request: spec.cpuRequest,
        cpu_limit: spec.cpuLimit,
        mem_request: spec.memRequest,
        mem_limit: spec.memLimit,
        first_seen: firstSeen,
        last_seen: lastSeen,
        attributes: { business_unit: ns.bu, team: ns.team, environment: plan.env, technology: spec.technology },
      };
      containers.push(row);
      if (kind === "DaemonSet") daemonSetRows.push(row);
    }
  };

  const daysAgo = (lo: number, hi: number) => Math.floor((now - r.range(lo, hi) * DAY) / 1000) * 1000;

  // Cluster add-ons, most important first, capped at about a third of a small cluster.
  const budget = Math.max(6, Math.floor(plan.target * 0.35));
  let used = 0;
  for (const so of systemOwners(plan.flavor)) {
    if (used + so.containers.length > budget) break;
    used += so.containers.length;
    const ns = { name: so.namespace, bu: SYSTEM_NAMESPACE_BU[so.namespace], team: SYSTEM_NAMESPACE_TEAM[so.namespace], policy: POLICIES.system };
    const specs = so.containers.map((c) => ({ ...c }));
    emitOwner(ns, so.kind, so.name, so.replicas, specs, groupFor(so.kind, true), daysAgo(60, 700));
  }

  // Application namespaces: uneven sizes, shared names across clusters, one team and language bias each.
  const appTarget = plan.target - used;
  const nNs = Math.min(160, Math.max(3, Math.round(appTarget / 45)));
  const pool = r.shuffle(APP_NAMESPACES);
  const namespaces: [Namespace, number][] = [];
  for (let j = 0; j < nNs; j++) {
    const [base, bu] = pool[j % pool.length];
    const name = j < pool.length ? base : `${base}-${Math.floor(j / pool.length) + 1}`;
    const h = hash32(`ns:${base}`, seed);
    // Production: latency-critical namespaces on Performance First, a fifth on Production Balanced, the rest on the
    // System Default; elsewhere Cost Saver, a few on the System Default. (Balanced and Performance First step down
    // at most 30 % and 25 % at a time, so the more of the fleet they hold, the smaller the summary's savings.)
    const policy =
      plan.env === "prod"
        ? CRITICAL_NAMESPACES.has(base)
          ? POLICIES.performance
          : h % 5 === 0
            ? POLICIES.balanced
            : POLICIES.system
        : h % 10 === 0
          ? POLICIES.system
          : POLICIES.saver;
    const ns: Namespace = {
      name,
      base,
      bu,
      team: TEAMS[bu][h % TEAMS[bu].length],
      technology: APP_TECHNOLOGIES[(h >>> 8) % APP_TECHNOLOGIES.length],
      istio: r.chance(0.5),
      policy,
      weight: r.range(0.3, 1) / Math.pow(j + 1, 0.5),
      owners: new Set(),
    };
    namespaces.push([ns, ns.weight]);
  }
  const uniqueOwner = (ns: Namespace, base: string) => {
    let name = base;
    for (let n = 2; ns.owners.has(name); n++) name = `${base}-${n}`;
    ns.owners.add(name);
    return name;
  };

  /** The traits of a container before it is emitted (its id is the hash of its identity). */
  const traitsOf = (namespace: string, kind: PodOwnerKind, owner: string, container: string) =>
    containerTraits(seed, hashHex64(`${ownerKey(cluster, namespace, kind, owner)}/${container}`));

  // ML workloads of the GPU group, when the cluster has one, take their share of the cluster's containers.
  const gpuType = GPU_CLUSTER_INDEXES.includes(plan.index) ? GPU_GROUP_TYPE[plan.flavor] : undefined;
  const gpuCount = gpuType ? Math.min(Math.max(3, Math.round(plan.target * 0.008)), Math.max(0, appTarget - 10)) : 0;

  let remaining = appTarget - gpuCount;
  for (let o = 0; remaining > 0; o++) {
    const ns = r.weighted(namespaces);
    const kind = o < FORCED_KINDS.length ? FORCED_KINDS[o] : r.weighted(APP_KINDS);
    const tech = () => (r.chance(0.6) ? ns.technology : r.pick(APP_TECHNOLOGIES));
    let owner: string;
    let replicas: number;
    const specs: ContainerSpec[] = [];
    if (kind === "Deployment") {
      const role = r.pick(DEPLOYMENT_ROLES);
      owner = uniqueOwner(ns, `${r.pick(COMPONENTS)}-${role}`);
      const technology = (role === "web" || role === "proxy") && r.chance(0.4) ? "nginx" : ns.base === "frontend" ? "nodejs" : tech();
      const name = r.chance(0.85) ? owner : "app";
      const traits = traitsOf(ns.name, "Deployment", owner, name);
      const res = appResources(r, traits, CPU_REQUESTS, MEM_REQUESTS, plan.env, 0.12);
      if (technology === "java" && res.memRequest != null) res.memRequest = Math.min(8192, res.memRequest * 2);
      specs.push({ name, technology, traits, ...res });
      if (ns.istio) specs.push(sidecar(SIDECARS["istio-proxy"]));
      const extra = r.weighted<string | null>([
        [null, 70],
        ["fluent-bit", 8],
        ["envoy", ns.istio ? 0 : 4],
        ["cloud-sql-proxy", plan.flavor === "gke" ? 10 : 0],
        ["vault-agent", 4],
        ["oauth2-proxy", role === "web" || role === "admin" ? 10 : 1],
      ]);
      if (extra) specs.push(sidecar(SIDECARS[extra]));
      const base = r.weighted<number>([[1, 28], [2, 25], [3, 20], [r.int(4, 6), 15], [r.int(7, 20), 10], [r.int(21, 60), 2]]);
      replicas = plan.env === "prod" ? base : Math.min(4, base);
      // HPA-managed workloads average a fractional number of running copies.
      if (r.chance(0.3)) replicas = Math.max(1, Math.round((replicas + r.range(-0.9, 0.9)) * 10) / 10);
    } else if (kind === "StatefulSet") {
      const [product, technology, exporter] = r.pick(STATEFUL_PRODUCTS);
      owner = uniqueOwner(ns, `${ns.base}-${product}`);
      const traits = traitsOf(ns.name, "StatefulSet", owner, product);
      specs.push({ name: product, technology, traits, ...appResources(r, traits, STATEFUL_CPU, STATEFUL_MEM, plan.env, 0.05) });
      if (exporter && r.chance(0.5)) specs.push(sidecar(SIDECARS.exporter, exporter));
      if (ns.istio && r.chance(0.5)) specs.push(sidecar(SIDECARS["istio-proxy"]));
      replicas = plan.env === "prod" ? r.weighted<number>([[1, 4], [3, 5], [5, 1]]) : 1;
    } else {
      const job = r.pick(kind === "Job" ? JOB_NAMES : CRONJOB_NAMES);
      owner = uniqueOwner(ns, `${ns.base}-${job}`);
      const traits = traitsOf(ns.name, kind, owner, job);
      specs.push({ name: job, technology: tech(), traits, ...appResources(r, traits, JOB_CPU, JOB_MEM, plan.env, 0.12) });
      if (r.chance(0.1)) specs.push(sidecar(SIDECARS["cloud-sql-proxy"]));
      replicas = 0; // from the schedule
    }
    const take = specs.slice(0, Math.min(specs.length, remaining));
    remaining -= take.length;
    // A few workloads are new (days old: too little history to downsize); a new service starts small.
    const fresh = r.chance(0.03);
    const firstSeenMs = fresh ? daysAgo(0.1, 4) : daysAgo(7, 540);
    if (fresh) replicas = Math.min(replicas, 3);
    emitOwner(ns, kind, owner, replicas, take, groupFor(kind, false), firstSeenMs);
  }

  if (gpuType && gpuCount > 0) groups.push(emitGpuWorkloads(seed, plan, gpuType, gpuCount, now, emitOwner));

  // Nodes: enough for the group's requests (and pods) with 30 % headroom, after the per-node DaemonSets; a GPU
  // group also enough devices for its pods' GPUs.
  let serial = r.int(10, 4000);
  let clusterNodes = 0;
  for (const g of groups) {
    const it = instanceType(g.row.instance_type);
    const cpuCapacity = it.vcpus * 1000;
    const memCapacity = it.memoryGiB * 1024;
    const pods = podCapacity(plan.flavor, it.vcpus);
    const cpuAllocatable = Math.round(cpuCapacity - reservedCpu(it.vcpus));
    const memAllocatable = memCapacity - reservedMem(memCapacity) - (plan.flavor === "eks" ? 11 * pods + 255 : 0);
    const usableCpu = Math.max(cpuAllocatable * 0.25, cpuAllocatable - dsCpu);
    const usableMem = Math.max(memAllocatable * 0.25, memAllocatable - dsMem);
    const usablePods = Math.max(4, pods - dsPods);
    const need = Math.max(g.cpuSum / usableCpu, g.memSum / usableMem, g.pods / usablePods) * 1.3;
    const min = g.role === "system" ? (plan.env === "prod" ? 3 : 2) : 1;
    const gpusPerNode = GPU_INSTANCE_TYPES[g.row.instance_type]?.gpus ?? 1;
    const count = Math.max(min, Math.ceil(need), Math.ceil(g.gpus / gpusPerNode));
    g.row.node_count = count;
    clusterNodes += count;
    nodeGroups.push(g.row);
    const pool = g.row.name.slice(cluster.length + 1).replace(/[^a-z0-9]/g, "").slice(0, 12);
    const poolTag = plan.flavor === "aks" ? r.int(10_000_000, 99_999_999) : r.int(0, 0x7fffffff);
    for (let i = 0; i < count; i++) {
      const name = nodeName(plan, pool, poolTag, i, serial++);
      nodes.push({
        id: `node-${hashHex64(`${cluster}/${name}`)}`,
        cluster,
        node_group: g.row.name,
        name,
        instance_type: g.row.instance_type,
        cpu_capacity: cpuCapacity,
        mem_capacity: memCapacity,
        pod_capacity: pods,
        cpu_allocatable: cpuAllocatable,
        mem_allocatable: memAllocatable,
      });
    }
  }
  // A DaemonSet runs one copy per node, a little less on average as nodes come and go.
  const dsReplicas = Math.max(1, Math.round(clusterNodes * r.range(0.96, 1) * 10) / 10);
  for (const row of daemonSetRows) row.replicas = dsReplicas;
}

type EmitOwner = (
  ns: { name: string; bu: string; team: string; policy: string },
  kind: PodOwnerKind,
  owner: string,
  replicas: number,
  specs: ContainerSpec[],
  group: Group,
  firstSeenMs: number,
) => void;

const GPU_DEPLOYMENTS = ["llm-inference", "embedding-server", "image-classifier", "reranker", "speech-to-text", "vision-ocr", "recsys-ranker"];
const GPU_JOBS = ["model-training", "fine-tune", "batch-embeddings"];

/**
 * The cluster's GPU group (`<cluster>-gpu`) and its ML workloads: inference Deployments and training Jobs in the
 * `ml-serving` namespace, one container each asking for one GPU (gpu.ts). Drawn from their own random stream, so
 * the rest of the cluster is the same with or without them.
 */
function emitGpuWorkloads(seed: number, plan: ClusterPlan, instanceType: string, count: number, now: number, emitOwner: EmitOwner): Group {
  const cluster = plan.name;
  const r = new Rng(hash32(`gpu:${cluster}`, seed));
  const name = gpuGroupName(cluster);
  const group: Group = {
    role: "gpu",
    cpuSum: 0,
    memSum: 0,
    pods: 0,
    gpus: 0,
    row: { id: `ng-${hashHex64(`${cluster}/${name}`)}`, cluster, name, instance_type: instanceType, node_count: 0 },
  };
  const ns = { name: "ml-serving", bu: "Data", team: "ml-platform", policy: plan.env === "prod" ? POLICIES.system : POLICIES.saver };
  const owners = new Set<string>();
  for (let i = 0; i < count; i++) {
    const kind: PodOwnerKind = i === 0 || r.chance(0.75) ? "Deployment" : r.chance(0.5) ? "CronJob" : "Job";
    const base = r.pick(kind === "Deployment" ? GPU_DEPLOYMENTS : GPU_JOBS);
    let owner = base;
    for (let n = 2; owners.has(owner); n++) owner = `${base}-${n}`;
    owners.add(owner);
    const cpuRequest = r.pick([500, 1000, 2000]);
    const memRequest = r.pick([2048, 4096, 8192]);
    const spec: ContainerSpec = {
      name: base,
      technology: "python",
      cpuRequest,
      memRequest,
      cpuLimit: r.chance(0.5) ? null : cpuRequest * 2,
      memLimit: Math.round(memRequest * 1.5),
    };
    const replicas = kind === "Deployment" ? (plan.env === "prod" ? r.int(1, 4) : 1) : 0;
    const firstSeenMs = Math.floor((now - r.range(10, 300) * DAY) / 1000) * 1000;
    const podsBefore = group.pods;
    emitOwner(ns, kind, owner, replicas, [spec], group, firstSeenMs);
    group.gpus += Math.ceil(group.pods - podsBefore);
  }
  return group;
}

/** The demo fleet: its inventory, and beside it how its cloud estate's samples are made. */
export interface DemoFleet {
  inventory: Inventory;
  cloud: CloudEstate;
}

/** The demo fleet for a seed and size (containers: exactly `size`; cloud instances: exactly the cloud size). */
export function generateDemoFleet(options: DemoOptions): DemoFleet {
  const { seed, size, now, cloudSize } = validateDemoOptions(options);
  const clusters: InventoryCluster[] = [];
  const containers: InventoryContainer[] = [];
  const nodeGroups: InventoryNodeGroup[] = [];
  const nodes: InventoryNode[] = [];
  for (const plan of planClusters(seed, size)) {
    clusters.push({ name: plan.name, provider: FLAVOR_PROVIDER[plan.flavor], region: plan.region });
    generateCluster(seed, plan, now, containers, nodeGroups, nodes);
  }
  const cloud = generateCloudEstate(seed, cloudSize, now, { clusters, nodeGroups, nodes });
  return { inventory: { clusters, nodeGroups, nodes, containers, cloudInstances: cloud.instances, cloudGroups: cloud.groups }, cloud };
}

/** The demo fleet's inventory for a seed and size (containers: exactly `size`). */
export function generateDemoInventory(options: DemoOptions): Inventory {
  return generateDemoFleet(options).inventory;
}
