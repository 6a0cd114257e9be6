/**
 * The demo fleet's cloud estate: AWS accounts, Azure subscriptions and GCP projects with EC2, RDS and Auto Scaling
 * Groups, Azure VMs and scale sets, and Compute Engine instances, each service drawn with a story (the
 * recommendation its samples should lead to: cloud-stories.ts has the designed mix) and the facts a cloud screen
 * shows (OS, dates, state, life cycle and reservations, zone, address, scaling settings, type changes).
 *
 * Count: size / 10 instances (40 to 8,000) by default, or the cloud size asked for (a benchmark's 20,000); their
 * samples are computed on demand (cloud-samples.ts).
 */
import type { CloudLifeCycle } from "~/engine/cloud/types";
import type { CloudProvider, CloudService } from "~/engine/source-contract";
import { accounts, utcOffsetHours, type Account } from "./cloud-accounts";
import { ROLES, changeModel, createdBefore, typeChange, typeFor, type Place } from "./cloud-choices";
import { addK8sGroups, type K8sFleet } from "./cloud-k8s";
import { STEP, isOpen, officeHours, type OfficeHours } from "./cloud-rhythm";
import { EstateBuilder, type CloudEstate } from "./cloud-rows";
import type { CloudModel } from "./cloud-samples";
import { addScaleGroup } from "./cloud-scale-groups";
import { GROUP_STORIES, MEMORY_METRICS_SHARE, OFFICE_HOURS_SHARE, SERVICE_WEIGHTS, STANDALONE_STORIES, WINDOWS_SHARE, standaloneLoad, type CloudStory } from "./cloud-stories";
import { Rng, hash32, hashHex64 } from "./random";

export type { CloudEstate } from "./cloud-rows";
export type { K8sFleet } from "./cloud-k8s";

const DAY = 86_400_000;

const SERVICE_PROVIDER: Record<CloudService, CloudProvider> = { EC2: "AWS", RDS: "AWS", ASG: "AWS", VM: "Azure", VMSS: "Azure", GCE: "GCP" };

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

/** Adds a standalone instance (EC2, RDS, Azure VM, Compute Engine) telling `story`: its type, facts and load. */
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
