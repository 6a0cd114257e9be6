/**
 * The demo fleet's cloud estate: AWS accounts, Azure subscriptions and GCP projects with EC2, RDS and Auto Scaling
 * Groups, Azure VMs and scale sets, and Compute Engine instances, each service drawn with a story (the
 * recommendation its samples should lead to: cloud-stories.ts has the designed mix) and the facts a cloud screen
 * shows (OS, dates, state, life cycle and reservations, zone, address, scaling settings, type changes).
 *
 * Count: size / 10 instances (40 to 8,000) by default, or the cloud size asked for (a benchmark's 20,000); their
 * samples are computed on demand (cloud-samples.ts).
 */
import type { CloudLifeCycle, CloudOs, TypeChange } from "~/engine/cloud/types";
import type { CloudProvider, CloudService, InventoryCloudGroup } from "~/engine/source-contract";
import { accounts, guid, utcOffsetHours, type Account } from "./cloud-accounts";
import { desiredAt, groupShapeOf, inServiceAt, memberSinceSlot, type GroupShape } from "./cloud-groups";
import { addK8sGroups, type K8sFleet } from "./cloud-k8s";
import { STEP, SLOTS_PER_DAY, isOpen, officeHours, type OfficeHours } from "./cloud-rhythm";
import { EstateBuilder, iso, type CloudEstate } from "./cloud-rows";
import { cloudLoad, type CloudModel } from "./cloud-samples";
import {
  ARM_SHARE,
  GROUP_STORIES,
  MEMORY_METRICS_SHARE,
  OFFICE_HOURS_SHARE,
  OLD_CHANGE_SHARE,
  SCHEDULED_GROUP_SHARE,
  SERVICE_WEIGHTS,
  STANDALONE_STORIES,
  WINDOWS_SHARE,
  groupShape,
  memberLoad,
  standaloneLoad,
  typePoolOf,
  type CloudStory,
} from "./cloud-stories";
import { TYPE_POOLS, isArm, olderSibling, sibling, type TypePool } from "./cloud-types";
import { hourlyPrice, instanceType, windowsHourly } from "./catalog";
import { Rng, hash32, hashHex64 } from "./random";

export type { CloudEstate } from "./cloud-rows";
export type { K8sFleet } from "./cloud-k8s";

const DAY = 86_400_000;

const SERVICE_PROVIDER: Record<CloudService, CloudProvider> = { EC2: "AWS", RDS: "AWS", ASG: "AWS", VM: "Azure", VMSS: "Azure", GCE: "GCP" };

const ROLES: Record<CloudService, readonly string[]> = {
  EC2: ["jenkins", "bastion", "legacy-erp", "sftp", "vpn", "build-agent", "kafka-broker", "mongo", "etl", "reporting", "windows-ad", "splunk-fwd", "airflow", "gitlab-runner", "tableau"],
  RDS: ["orders", "customers", "billing", "inventory", "analytics", "auth", "catalog", "cms", "payments", "ledger"],
  ASG: ["web", "api", "worker", "batch", "ingest", "render", "search", "cache"],
  VM: ["sql", "app", "web", "iis", "sap", "jumpbox", "dc", "fileserver", "citrix", "build"],
  VMSS: ["web", "api", "agents", "workers", "render"],
  GCE: ["etl-worker", "spark", "jupyter", "airflow", "redis", "elastic", "build", "proxy", "ftp"],
};

/** The first services of every estate, so that even the smallest shows each kind of recommendation. */
const FORCED_SERVICES: readonly (readonly [CloudService, CloudStory])[] = [
  ["EC2", "terminate"],
  ["ASG", "downscale"],
  ["VM", "modernize"],
  ["VMSS", "upscale"],
  ["GCE", "downsize"],
  ["RDS", "keep"],
  ["EC2", "upsize"],
  ["EC2", "relearning"],
  ["ASG", "keep"],
  ["EC2", "modernize"],
  ["GCE", "modernize"],
  ["VM", "downsize"],
];

/** Number of cloud instances for a fleet of `size` containers: size / 10, at least 40, at most 8,000. */
export function cloudInstanceCount(size: number): number {
  return Math.min(8000, Math.max(40, Math.round(size / 10)));
}

// Candidate lists per (service, pool, story, OS), built once: thousands of services pick from the same few.
const candidates = new Map<string, { arm: string[]; x86: string[]; windows: string[] }>();

function candidatesOf(service: CloudService, pool: TypePool, relearning: boolean) {
  const key = `${service}/${pool}/${relearning}`;
  let c = candidates.get(key);
  if (!c) {
    // A relearning service needs a type it could have come from.
    const all = TYPE_POOLS[service][pool];
    const linux = relearning ? all.filter((t) => previousTypes(t, "Linux", true).length > 0) : all;
    const windows = (relearning ? all.filter((t) => previousTypes(t, "Windows", true).length > 0) : all).filter((t) => windowsHourly(t) !== null);
    c = { arm: linux.filter(isArm), x86: linux.filter((t) => !isArm(t)), windows };
    candidates.set(key, c);
  }
  return c;
}

/** A type of the service's pool for a story: Windows-capable for Windows, now and then arm64 for Linux. */
function pickType(r: Rng, service: CloudService, pool: TypePool, windows: boolean, relearning: boolean): string | null {
  const c = candidatesOf(service, pool, relearning);
  if (windows) return c.windows.length ? r.pick(c.windows) : null;
  if (c.arm.length && (r.chance(ARM_SHARE) || !c.x86.length)) return r.pick(c.arm);
  return c.x86.length ? r.pick(c.x86) : null;
}

const previous = new Map<string, string[]>();

/**
 * Types a service could have had before its current one: double the vCPUs or the previous generation (a recent,
 * relearning change), or the previous generation, half or double (one long ago).
 */
function previousTypes(type: string, os: CloudOs, recent: boolean): string[] {
  const key = `${type}/${os}/${recent}`;
  let out = previous.get(key);
  if (!out) {
    const vcpus = instanceType(type).vcpus;
    const options = recent ? [sibling(type, vcpus * 2), olderSibling(type)] : [olderSibling(type), sibling(type, vcpus / 2), sibling(type, vcpus * 2)];
    out = options.filter((t): t is string => t !== null && t !== type && (os === "Linux" || windowsHourly(t) !== null));
    previous.set(key, out);
  }
  return out;
}

/** The change of type of a relearning service (1–3 days ago), or of one in ten others (45–400 days ago). */
function typeChange(r: Rng, now: number, type: string, os: CloudOs, story: CloudStory): TypeChange | null {
  const recent = story === "relearning";
  if (!recent && (story === "k8s" || !r.chance(OLD_CHANGE_SHARE))) return null;
  const options = previousTypes(type, os, recent);
  if (!options.length) return null;
  const from = options[recent ? (options.length > 1 && r.chance(0.4) ? 1 : 0) : r.int(0, options.length - 1)];
  const atMs = Math.floor((now - (recent ? r.range(1, 3) : r.range(45, 400)) * DAY) / 1000) * 1000;
  return { atMs, fromType: from, toType: type };
}

/** A previous generation needs about this much more CPU for the same work (per vCPU). */
const OLDER_GENERATION_CPU = 1.15;

/** How utilisation before a change compares: the same work on the previous type's vCPUs and memory. */
function changeModel(change: TypeChange | null): CloudModel["change"] {
  if (!change) return null;
  const now = instanceType(change.toType);
  const before = instanceType(change.fromType);
  const generation = olderSibling(change.toType) === change.fromType ? OLDER_GENERATION_CPU : olderSibling(change.fromType) === change.toType ? 1 / OLDER_GENERATION_CPU : 1;
  return { slot: Math.ceil(change.atMs / STEP), cpuScale: (now.vcpus / before.vcpus) * generation, memScale: now.memoryGiB / before.memoryGiB };
}

/** A type that can tell the story, and the OS it runs. */
function typeFor(r: Rng, service: CloudService, story: CloudStory, windows: boolean): { type: string; os: CloudOs } {
  const pool = typePoolOf(story);
  const relearning = story === "relearning";
  const type = (windows && pickType(r, service, pool, true, relearning)) || pickType(r, service, pool, false, relearning) || TYPE_POOLS[service][pool][0];
  return { type, os: windows && windowsHourly(type) !== null ? "Windows" : "Linux" };
}

function createdBefore(r: Rng, now: number, change: TypeChange | null): number {
  const latest = change ? change.atMs - r.range(5, 600) * DAY : now - r.range(40, 1400) * DAY;
  return Math.floor(latest / 1000) * 1000;
}

interface Place {
  acct: Account;
  region: string;
  service: CloudService;
  story: CloudStory;
}

function addStandalone(b: EstateBuilder, r: Rng, seed: number, now: number, { acct, region, service, story }: Place): void {
  const role = r.pick(ROLES[service]);
  let name: string;
  let id: string;
  if (service === "EC2") {
    name = b.uniqueName(acct, service, `${role}-${acct.env}`);
    id = `i-0${hashHex64(`${acct.id}/${region}/${name}`, seed)}`;
  } else if (service === "RDS") {
    name = b.uniqueName(acct, service, `${role}-db-${acct.env}`);
    const key = `${acct.id}/${region}/${name}`;
    id = `db-${(hashHex64(key, seed) + hashHex64(key, seed + 1).slice(0, 10)).toUpperCase()}`;
  } else if (service === "VM") {
    name = b.uniqueName(acct, service, `vm-${role}-${acct.env}`);
    id = `/subscriptions/${acct.id}/resourceGroups/rg-${role}-${acct.env}-${region}/providers/Microsoft.Compute/virtualMachines/${name}`;
  } else {
    name = b.uniqueName(acct, service, `${role}-${acct.env}`);
    id = ((BigInt(`0x${hashHex64(`${acct.id}/${region}/${name}`, seed)}`) % 9_000_000_000_000_000_000n) + 1_000_000_000_000_000_000n).toString();
  }
  const entity = hash32(id, seed);
  const windows = r.chance(WINDOWS_SHARE[service]) || (service === "VM" && role === "iis");
  const memoryMetrics = r.chance(MEMORY_METRICS_SHARE[service]);
  const { type, os } = typeFor(r, service, story, windows);
  const change = typeChange(r, now, type, os, story);
  const createdMs = createdBefore(r, now, change);
  const hours: OfficeHours | null =
    acct.env === "dev" && service !== "RDS" && r.chance(OFFICE_HOURS_SHARE) ? officeHours(utcOffsetHours(region), r.int(7, 9), r.int(18, 20)) : null;
  const spot = service !== "RDS" && r.chance(service === "GCE" ? 0.05 : 0.03);
  const reserved = !spot && acct.env === "prod" && service !== "GCE" && r.chance(0.25);
  const lifeCycle: CloudLifeCycle = spot ? "spot" : reserved ? "reserved" : "on-demand";
  const zone = acct.provider === "Azure" && r.chance(0.3) ? -1 : r.int(0, 2);
  const load = standaloneLoad(r, entity, service, region, story, memoryMetrics, acct.env);
  const model: CloudModel = { load, firstSlot: Math.ceil(createdMs / STEP), hours, change: changeModel(change), group: null, member: 0, node: null };
  b.addInstance(
    acct,
    region,
    {
      id,
      name,
      service,
      type,
      os,
      createdMs,
      state: hours && !isOpen(hours, Math.floor(now / STEP)) ? "stopped" : "running",
      lifeCycle,
      riCoverage: reserved ? 100 : null,
      riExpiryMs: reserved ? now + r.range(3, 700) * DAY : null,
      zone,
      change,
      memoryMetrics,
      group: null,
    },
    model,
  );
  b.estate.stories.set(id, story);
}

function scalingPolicy(service: CloudService, shape: GroupShape): { mode: string; policy: string | null } {
  const target = Math.round(shape.target);
  const dynamic = service === "ASG" ? `Target tracking: average CPU ${target} %` : `Autoscale: Percentage CPU > ${target + 15} % adds 1, < ${target - 20} % removes 1`;
  if (shape.fixed !== null) return { mode: "manual", policy: null };
  if (shape.hours) {
    const h = (slots: number) => `${String(slots / 12).padStart(2, "0")}:00`;
    return { mode: "scheduled", policy: `Scheduled: ${h(shape.hours.open)}–${h(shape.hours.close)} weekdays (local), 0 otherwise; ${dynamic}` };
  }
  return { mode: "dynamic", policy: dynamic };
}

/** Adds a scale group and its in-service members; false (nothing added) when they would not fit in `left`. */
function addScaleGroup(b: EstateBuilder, r: Rng, seed: number, now: number, { acct, region, service, story }: Place, left: number): boolean {
  const asg = service === "ASG";
  const role = r.pick(ROLES[service]);
  const name = b.uniqueName(acct, service, asg ? `${role}-asg-${acct.env}` : `vmss-${role}-${acct.env}`);
  const rg = `rg-${role}-${acct.env}-${region}`;
  const id = asg
    ? `arn:aws:autoscaling:${region}:${acct.id}:autoScalingGroup:${guid(r)}:autoScalingGroupName/${name}`
    : `/subscriptions/${acct.id}/resourceGroups/${rg}/providers/Microsoft.Compute/virtualMachineScaleSets/${name}`;
  const entity = hash32(id, seed);
  const windows = r.chance(WINDOWS_SHARE[service]);
  const memoryMetrics = r.chance(MEMORY_METRICS_SHARE[service]);
  const { type, os } = typeFor(r, service, story, windows);
  const change = typeChange(r, now, type, os, story);
  const createdMs = Math.floor((now - r.range(60, 900) * DAY) / 1000) * 1000;
  const steady = story === "keep" || story === "modernize" || story === "relearning";
  const hours = acct.env === "dev" && steady && r.chance(SCHEDULED_GROUP_SHARE) ? officeHours(utcOffsetHours(region), r.int(7, 9), r.int(18, 20)) : null;
  const shape = groupShapeOf(groupShape(r, entity, region, story, createdMs, hours, left < 60, acct.env));
  const nowSlot = Math.floor(now / STEP);
  const inService = inServiceAt(shape, nowSlot);
  if (inService > left) return false;
  const spot = story !== "terminate" && r.chance(asg ? 0.25 : 0.15);
  const reservedCount = !spot && acct.env === "prod" && r.chance(0.3) ? (shape.fixed ?? shape.min) : 0;
  const flexible = !asg && r.chance(0.4);
  const load = memberLoad(r, entity, service, story, memoryMetrics, shape);
  const it = instanceType(type);
  const zones = asg ? ["a", "b", "c"].map((z) => `${region}${z}`) : ["1", "2", "3"];
  const { mode, policy } = scalingPolicy(service, shape);
  const closed = hours !== null && !isOpen(hours, nowSlot);
  const covered = Math.min(reservedCount, inService);
  const riExpiryMs = reservedCount ? now + r.range(3, 700) * DAY : null;
  const group: InventoryCloudGroup = {
    id,
    provider: acct.provider,
    region,
    account_id: acct.id,
    account_name: acct.name,
    service,
    name,
    instance_type: type,
    vcpus: it.vcpus,
    memory_mb: it.memoryGiB * 1024,
    hourly_price: hourlyPrice(type, region, os),
    os,
    created_at: iso(createdMs),
    life_cycle: spot ? "spot" : reservedCount ? "reserved" : "on-demand",
    ri_coverage: reservedCount ? (inService ? Math.round((100 * covered) / inService) : 0) : null,
    ri_expiry: riExpiryMs === null ? null : iso(riExpiryMs).slice(0, 10),
    min_size: closed ? 0 : shape.min,
    max_size: closed ? 0 : shape.max,
    desired_size: desiredAt(shape, nowSlot),
    in_service: inService,
    scaling_mode: mode,
    scaling_policy: policy,
    orchestration_mode: asg ? null : flexible ? "Flexible" : "Uniform",
    availability_zones: zones.join(","),
    k8s_cluster_platform: null,
    k8s_cluster: null,
    k8s_node_group: null,
    previous_instance_type: change?.fromType ?? null,
    instance_type_changed_at: change ? iso(change.atMs) : null,
    memory_metrics: memoryMetrics ? 1 : 0,
  };
  const changed = changeModel(change);
  b.addGroup(group, shape, { load, firstSlot: Math.ceil(createdMs / STEP), hours: null, change: changed, group: shape, member: -1, node: null }, story);
  for (let m = 0; m < inService; m++) {
    const memberId = asg
      ? `i-0${hashHex64(`${acct.id}/${region}/${name}/${m}`, seed)}`
      : flexible
        ? `/subscriptions/${acct.id}/resourceGroups/${rg}/providers/Microsoft.Compute/virtualMachines/${name}_${hashHex64(`${id}/${m}`, seed).slice(0, 8)}`
        : `${id}/virtualMachines/${m}`;
    const since = memberSinceSlot(shape, m, nowSlot, 3 * SLOTS_PER_DAY) * STEP;
    const model: CloudModel = { load: cloudLoad({ ...load, entity: hash32(memberId, seed) }), firstSlot: Math.ceil(since / STEP), hours: null, change: changed, group: shape, member: m, node: null };
    const reserved = m < covered;
    b.addInstance(
      acct,
      region,
      {
        id: memberId,
        name: asg ? `${name}-${m + 1}` : flexible ? memberId.slice(memberId.lastIndexOf("/") + 1) : `${name}_${m}`,
        service,
        type,
        os,
        createdMs: since,
        state: "running",
        lifeCycle: spot ? "spot" : reserved ? "reserved" : "on-demand",
        riCoverage: reserved ? 100 : null,
        riExpiryMs: reserved ? riExpiryMs : null,
        zone: m,
        change: change && change.atMs >= since ? change : null,
        memoryMetrics,
        group,
      },
      model,
    );
  }
  return true;
}

/**
 * The cloud estate for a seed: exactly `count` instances (scale-group members in service at `now` included), the
 * scale groups, and what their samples need. `k8s` is the fleet's Kubernetes side, some of whose node groups are
 * scale groups here.
 */
export function generateCloudEstate(seed: number, count: number, now: number, k8s: K8sFleet): CloudEstate {
  const r = new Rng(hash32("cloud", seed));
  const byProvider: Record<CloudProvider, Account[]> = {
    AWS: accounts(r, "AWS", Math.min(20, Math.max(2, Math.round(count / 250)))),
    Azure: accounts(r, "Azure", Math.min(10, Math.max(2, Math.round(count / 400)))),
    GCP: accounts(r, "GCP", Math.min(8, Math.max(2, Math.round(count / 500)))),
  };
  const b = new EstateBuilder();
  addK8sGroups(b, seed, now, count, k8s, byProvider);
  const instances = b.estate.instances;
  for (let i = 0; instances.length < count; i++) {
    const forced = i < FORCED_SERVICES.length ? FORCED_SERVICES[i] : null;
    const service = forced ? forced[0] : r.weighted(SERVICE_WEIGHTS);
    const grouped = service === "ASG" || service === "VMSS";
    const story = forced ? forced[1] : r.weighted(grouped ? GROUP_STORIES : STANDALONE_STORIES);
    const acct = r.pick(byProvider[SERVICE_PROVIDER[service]]);
    const place = { acct, region: r.pick(acct.regions), service, story };
    if (grouped) addScaleGroup(b, r, seed, now, place, count - instances.length);
    else addStandalone(b, r, seed, now, place);
  }
  return b.estate;
}
