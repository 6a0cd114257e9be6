/**
 * The scale groups behind the demo's Kubernetes node groups: an EKS managed node group is an Auto Scaling Group,
 * an AKS node pool a VM Scale Set. The smallest node groups of the EKS and AKS clusters (a few, within 5 % of the
 * estate) appear in the cloud estate as such groups, one member per node, with the node's name and address; their
 * CPU and memory are their nodes' (the source gives them the node's samples), so both views agree.
 */
import type { CloudProvider, CloudService, InventoryCluster, InventoryNode, InventoryNodeGroup } from "~/engine/source-contract";
import type { Account } from "./cloud-accounts";
import { guid } from "./cloud-accounts";
import { cloudLoad, type CloudModel } from "./cloud-samples";
import { groupShapeOf } from "./cloud-groups";
import { STEP, dailyPhase } from "./cloud-rhythm";
import { EstateBuilder, iso } from "./cloud-rows";
import { memberLoad } from "./cloud-stories";
import { hourlyPrice, instanceType } from "./catalog";
import { GPU_INSTANCE_TYPES } from "./gpu";
import { Rng, hash32, hashHex64 } from "./random";

export interface K8sFleet {
  clusters: InventoryCluster[];
  nodeGroups: InventoryNodeGroup[];
  nodes: InventoryNode[];
}

const DAY = 86_400_000;

/** Node groups tied to scale groups for an estate of `count` instances: smallest first, within the budget. */
function chooseNodeGroups(count: number, k8s: K8sFleet): InventoryNodeGroup[] {
  const budget = Math.floor(count * 0.05);
  const most = Math.max(1, Math.min(10, Math.round(count / 100)));
  const candidates = k8s.nodeGroups
    .filter((g) => /-(eks|aks)-/.test(g.cluster) && !GPU_INSTANCE_TYPES[g.instance_type] && g.node_count > 0)
    .sort((a, b) => a.node_count - b.node_count || (a.id < b.id ? -1 : 1));
  const out: InventoryNodeGroup[] = [];
  let used = 0;
  for (const g of candidates) {
    if (out.length === most || used + g.node_count > budget) break;
    out.push(g);
    used += g.node_count;
  }
  return out;
}

/** Adds the scale groups of the chosen node groups and their members (one per node) to the estate. */
export function addK8sGroups(b: EstateBuilder, seed: number, now: number, count: number, k8s: K8sFleet, byProvider: Record<CloudProvider, Account[]>): void {
  const r = new Rng(hash32("cloud-k8s", seed));
  const regionOf = new Map(k8s.clusters.map((c) => [c.name, c.region]));
  const nodesOf = new Map<string, InventoryNode[]>();
  for (const n of k8s.nodes) {
    const key = `${n.cluster}\u0000${n.node_group}`;
    const list = nodesOf.get(key);
    if (list) list.push(n);
    else nodesOf.set(key, [n]);
  }
  for (const ng of chooseNodeGroups(count, k8s)) {
    const eks = ng.cluster.includes("-eks-");
    const provider: CloudProvider = eks ? "AWS" : "Azure";
    const service: CloudService = eks ? "ASG" : "VMSS";
    const env = ng.cluster.split("-")[0];
    const pool = byProvider[provider];
    const acct = pool.find((a) => a.env === env) ?? pool[0];
    const region = regionOf.get(ng.cluster) ?? acct.regions[0];
    const nodes = nodesOf.get(`${ng.cluster}\u0000${ng.name}`) ?? [];
    const short = ng.name.slice(ng.cluster.length + 1);
    const createdMs = now - r.range(60, 400) * DAY;
    const system = short === "system" || short === "default";
    const name = eks ? `eks-${short}-${guid(r)}` : nodes[0].name.slice(0, -6);
    const rg = `MC_rg-${ng.cluster}_${ng.cluster}_${region}`;
    const id = eks
      ? `arn:aws:autoscaling:${region}:${acct.id}:autoScalingGroup:${guid(r)}:autoScalingGroupName/${name}`
      : `/subscriptions/${acct.id}/resourceGroups/${rg}/providers/Microsoft.Compute/virtualMachineScaleSets/${name}`;
    const entity = hash32(id, seed);
    const n = nodes.length;
    const shape = groupShapeOf({
      entity,
      ...dailyPhase(0),
      min: system ? n : 1,
      max: n * 2,
      fixed: n,
      target: 50,
      load: n * 30,
      dailyAmp: 0,
      weekendDip: 0,
      hours: null,
      createdMs,
    });
    const load = memberLoad(r, entity, service, "keep", true, shape);
    const it = instanceType(ng.instance_type);
    const zones = eks ? ["a", "b", "c"].map((z) => `${region}${z}`) : ["1", "2", "3"];
    const group = {
      id,
      provider,
      region,
      account_id: acct.id,
      account_name: acct.name,
      service,
      name,
      instance_type: ng.instance_type,
      vcpus: it.vcpus,
      memory_mb: it.memoryGiB * 1024,
      hourly_price: hourlyPrice(ng.instance_type, region),
      os: "Linux",
      created_at: iso(createdMs),
      life_cycle: short === "spot" ? "spot" : "on-demand",
      ri_coverage: null,
      ri_expiry: null,
      min_size: shape.min,
      max_size: shape.max,
      desired_size: n,
      in_service: n,
      scaling_mode: "dynamic",
      scaling_policy: "Kubernetes Cluster Autoscaler",
      orchestration_mode: eks ? null : "Uniform",
      availability_zones: zones.join(","),
      k8s_cluster_platform: eks ? "EKS" : "AKS",
      k8s_cluster: ng.cluster,
      k8s_node_group: ng.name,
      previous_instance_type: null,
      instance_type_changed_at: null,
      memory_metrics: 1 as const,
    };
    const mean: CloudModel = { load, firstSlot: Math.ceil(createdMs / STEP), hours: null, change: null, group: shape, member: -1, node: null };
    b.addGroup(group, shape, mean, "k8s");
    nodes.forEach((node, m) => {
      const ip = eks ? /^ip-(\d+)-(\d+)-(\d+)-(\d+)/.exec(node.name)?.slice(1).join(".") : `10.224.0.${m + 4}`;
      const memberId = eks
        ? `i-0${hashHex64(node.id, seed)}`
        : `/subscriptions/${acct.id}/resourceGroups/${rg}/providers/Microsoft.Compute/virtualMachineScaleSets/${name}/virtualMachines/${parseInt(node.name.slice(-6), 36)}`;
      const since = now - r.range(1, 30) * DAY;
      const model: CloudModel = { load: cloudLoad({ ...load, entity: hash32(memberId, seed) }), firstSlot: Math.ceil(since / STEP), hours: null, change: null, group: shape, member: m, node: null };
      b.addInstance(
        acct,
        region,
        {
          id: memberId,
          name: node.name,
          service,
          type: ng.instance_type,
          os: "Linux",
          createdMs: since,
          state: "running",
          lifeCycle: group.life_cycle === "spot" ? "spot" : "on-demand",
          riCoverage: null,
          riExpiryMs: null,
          zone: m,
          ip,
          change: null,
          memoryMetrics: true,
          group,
        },
        model,
      );
      b.estate.nodeOf.set(memberId, node.id);
    });
  }
}
