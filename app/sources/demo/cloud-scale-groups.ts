/**
 * The demo's scale groups (ASGs and VM Scale Sets) outside Kubernetes: settings and load for their story
 * (cloud-stories.ts), the facts of the group, and its members in service at "now", each with its own samples.
 */
import type { CloudService, InventoryCloudGroup } from "~/engine/source-contract";
import { guid, utcOffsetHours } from "./cloud-accounts";
import { ROLES, changeModel, typeChange, typeFor, type Place } from "./cloud-choices";
import { desiredAt, groupShapeOf, inServiceAt, memberSinceSlot, type GroupShape } from "./cloud-groups";
import { STEP, SLOTS_PER_DAY, isOpen, officeHours } from "./cloud-rhythm";
import { iso, type EstateBuilder } from "./cloud-rows";
import { cloudLoad, type CloudModel } from "./cloud-samples";
import { MEMORY_METRICS_SHARE, SCHEDULED_GROUP_SHARE, WINDOWS_SHARE, groupShape, memberLoad } from "./cloud-stories";
import { hourlyPrice, instanceType } from "./catalog";
import { hash32, hashHex64, type Rng } from "./random";

const DAY = 86_400_000;

/** The scaling mode, and the policy in words as the providers' consoles put it. */
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
export function addScaleGroup(b: EstateBuilder, r: Rng, seed: number, now: number, { acct, region, service, story }: Place, left: number): boolean {
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
