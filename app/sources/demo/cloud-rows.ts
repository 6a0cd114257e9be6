/**
 * The cloud estate as it is built: inventory rows of instances and scale groups, and beside them what the samples
 * need (each instance's and group's model, each service's designed story), which never reaches the store.
 */
import type { CloudLifeCycle, CloudOs, CloudPowerState, TypeChange } from "~/engine/cloud/types";
import type { CloudService, InventoryCloudGroup, InventoryCloudInstance } from "~/engine/source-contract";
import type { Account } from "./cloud-accounts";
import { availabilityZone, privateIp } from "./cloud-accounts";
import { cloudModel, type CloudModel } from "./cloud-samples";
import type { GroupShape } from "./cloud-groups";
import type { CloudStory } from "./cloud-stories";
import { hourlyPrice, instanceType } from "./catalog";

export interface CloudEstate {
  instances: InventoryCloudInstance[];
  groups: InventoryCloudGroup[];
  /** How the samples of each instance, and each group's per-instance mean, are made (by id). */
  models: Map<string, CloudModel>;
  /** Each scale group's size over time (by group id). */
  shapes: Map<string, GroupShape>;
  /** Instances that are Kubernetes nodes: their node's id (their CPU and memory are the node's). */
  nodeOf: Map<string, string>;
  /** The story each analysed service was drawn with (standalone instance ids and group ids). */
  stories: Map<string, CloudStory>;
}

/** What an instance row says beyond its place and type. */
export interface InstanceFacts {
  id: string;
  name: string;
  service: CloudService;
  type: string;
  os: CloudOs;
  createdMs: number;
  state: CloudPowerState;
  lifeCycle: CloudLifeCycle;
  /** % of its hours a reservation covers, and when that reservation ends (ms); null when none. */
  riCoverage: number | null;
  riExpiryMs: number | null;
  /** Availability zone index; negative: a regional (non-zonal) Azure VM. */
  zone: number;
  /** The address, when not the account's next one (a Kubernetes node's own). */
  ip?: string;
  change: TypeChange | null;
  memoryMetrics: boolean;
  group: InventoryCloudGroup | null;
}

const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();

export class EstateBuilder {
  readonly estate: CloudEstate = { instances: [], groups: [], models: new Map(), shapes: new Map(), nodeOf: new Map(), stories: new Map() };
  private readonly ipCount = new Map<string, number>();
  private readonly names = new Map<string, number>();

  /** A name unique in its account and service: base-01, base-02, ... */
  uniqueName(acct: Account, service: CloudService, base: string): string {
    const key = `${acct.id}/${service}/${base}`;
    const n = (this.names.get(key) ?? 0) + 1;
    this.names.set(key, n);
    return `${base}-${String(n).padStart(2, "0")}`;
  }

  nextIp(acct: Account, region: string): string {
    const key = `${acct.id}/${region}`;
    const n = this.ipCount.get(key) ?? 0;
    this.ipCount.set(key, n + 1);
    return privateIp(acct, region, n);
  }

  addInstance(acct: Account, region: string, f: InstanceFacts, model: CloudModel): InventoryCloudInstance {
    const it = instanceType(f.type);
    const row: InventoryCloudInstance = {
      id: f.id,
      provider: acct.provider,
      region,
      account_id: acct.id,
      account_name: acct.name,
      service: f.service,
      name: f.name,
      instance_type: f.type,
      vcpus: it.vcpus,
      memory_mb: it.memoryGiB * 1024,
      hourly_price: hourlyPrice(f.type, region, f.os),
      group_name: f.group?.name ?? null,
      group_id: f.group?.id ?? null,
      os: f.os,
      created_at: iso(f.createdMs),
      power_state: f.state,
      life_cycle: f.lifeCycle,
      ri_coverage: f.riCoverage,
      ri_expiry: f.riExpiryMs === null ? null : iso(f.riExpiryMs).slice(0, 10),
      availability_zone: availabilityZone(acct.provider, region, f.zone),
      private_ip: f.ip ?? this.nextIp(acct, region),
      previous_instance_type: f.change?.fromType ?? null,
      instance_type_changed_at: f.change ? iso(f.change.atMs) : null,
      memory_metrics: f.memoryMetrics ? 1 : 0,
    };
    this.estate.instances.push(row);
    this.estate.models.set(row.id, cloudModel(model));
    return row;
  }

  addGroup(row: InventoryCloudGroup, shape: GroupShape, mean: CloudModel, story: CloudStory): void {
    this.estate.groups.push(row);
    this.estate.shapes.set(row.id, shape);
    this.estate.models.set(row.id, cloudModel(mean));
    this.estate.stories.set(row.id, story);
  }
}

export { iso };
