/**
 * A demo cloud service's samples from its model: the one code path of the demo source (which generates the
 * estate) and of a web process drawing cloud charts from the models the collection stored (issue 13: no fleet is
 * generated in the web process; at 150,000 containers that was 3.2 s and ~200 MiB on the first cloud chart).
 */
import type { CloudSample, GroupSizeSample } from "~/engine/cloud/types";
import { SAMPLE_STEP_MS } from "~/engine/source-contract";
import { groupShapeOf, groupSizeSeries, type GroupShape } from "./cloud-groups";
import { cloudLoad, cloudModel, cloudSeries, meanSeries, type CloudModel } from "./cloud-samples";
import type { UtilisationModel } from "./samples";

/** What a demo estate's cloud samples are made from, by id. */
export interface CloudModels {
  /** Each instance's and each group's (per-instance mean) model; `node` is null (filled from the node's model). */
  models: Map<string, CloudModel>;
  /** Each scale group's size over time. */
  shapes: Map<string, GroupShape>;
  /** Instances that are Kubernetes nodes: their node's id. */
  nodeOf: Map<string, string>;
  /** A Kubernetes node group's scale group: its members' ids (their mean is the group's sample). */
  k8sMembers: Map<string, string[]>;
}

export interface CloudSampler {
  cloudSamples(id: string, fromMs: number, toMs: number, stepMs?: number): CloudSample[];
  groupSizeSamples(groupId: string, fromMs: number, toMs: number, stepMs?: number): GroupSizeSample[];
}

/** `nodeModel` answers a node's utilisation model (the node's own samples are an instance's CPU and memory). */
export function cloudSampler(m: CloudModels, nodeModel: (nodeId: string) => UtilisationModel, unknown: (id: string, what: string) => Error): CloudSampler {
  const modelOf = (id: string): CloudModel => {
    const model = m.models.get(id);
    if (!model) throw unknown(id, "cloud instance or scale group");
    const nodeId = m.nodeOf.get(id);
    return nodeId ? cloudModel({ ...model, node: nodeModel(nodeId) }) : model;
  };
  return {
    cloudSamples(id, fromMs, toMs, stepMs = SAMPLE_STEP_MS) {
      const members = m.k8sMembers.get(id);
      if (members) return meanSeries(members.map((member) => cloudSeries(modelOf(member), fromMs, toMs, stepMs)));
      return cloudSeries(modelOf(id), fromMs, toMs, stepMs);
    },
    groupSizeSamples(groupId, fromMs, toMs, stepMs = SAMPLE_STEP_MS) {
      const shape = m.shapes.get(groupId);
      if (!shape) throw unknown(groupId, "scale group");
      return groupSizeSeries(shape, fromMs, toMs, stepMs);
    },
  };
}

/** The models as JSON can hold them (numbers round-trip exactly). */
export interface StoredCloudModels {
  models: Record<string, CloudModel>;
  shapes: Record<string, GroupShape>;
  nodeOf: Record<string, string>;
  k8sMembers: Record<string, string[]>;
}

export function storedCloudModels(m: CloudModels): StoredCloudModels {
  return {
    models: Object.fromEntries([...m.models].map(([id, model]) => [id, { ...model, node: null }])),
    shapes: Object.fromEntries(m.shapes),
    nodeOf: Object.fromEntries(m.nodeOf),
    k8sMembers: Object.fromEntries(m.k8sMembers),
  };
}

/** Back from JSON, every load, model and shape rebuilt with its one hidden class (see cloudLoad). */
export function cloudModelsFrom(stored: StoredCloudModels): CloudModels {
  const shape = (s: GroupShape | null) => (s ? groupShapeOf({ ...s, hours: s.hours ? { offsetSlots: s.hours.offsetSlots, open: s.hours.open, close: s.hours.close } : null }) : null);
  const models = new Map<string, CloudModel>();
  for (const [id, m] of Object.entries(stored.models)) {
    models.set(
      id,
      cloudModel({
        load: cloudLoad(m.load),
        firstSlot: m.firstSlot,
        hours: m.hours ? { offsetSlots: m.hours.offsetSlots, open: m.hours.open, close: m.hours.close } : null,
        change: m.change ? { slot: m.change.slot, cpuScale: m.change.cpuScale, memScale: m.change.memScale } : null,
        group: shape(m.group),
        member: m.member,
        node: null,
      }),
    );
  }
  return {
    models,
    shapes: new Map(Object.entries(stored.shapes).map(([id, s]) => [id, shape(s)!])),
    nodeOf: new Map(Object.entries(stored.nodeOf)),
    k8sMembers: new Map(Object.entries(stored.k8sMembers)),
  };
}
