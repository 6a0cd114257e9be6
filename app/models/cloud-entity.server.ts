/**
 * One cloud service's analysis on demand, for the screens of one instance (workload charts, the Catalog Map, the
 * instance info and scores, the report): the same engine call the analysis run made, on the same samples over the
 * same window (the current snapshot's), so what a screen shows matches the stored row.
 */
import type { Store } from "~/db/connect.server";
import type { CloudServiceView } from "~/db/schema";
import {
  analyseCloudService,
  catalogMapDomain,
  CLOUD_DEFAULT_POLICY,
  type AnalysisDomainEntry,
  type CloudCatalog,
  type CloudPolicy,
  type CloudServiceAnalysis,
} from "~/engine/cloud";
import { cloudCandidates, shippedCloudCatalog } from "~/engine/cloud/shipped-catalog.server";
import type { CatalogService, CloudCandidate, CloudSample, GroupSizeSample } from "~/engine/cloud/types";
import { loadShippedCatalogs } from "~/engine/catalog/load.server";
import type { MaybePromise } from "~/engine/source-contract";
import { DAY_MS, SAMPLE_STEP_MS } from "~/lib/time";
import { cloudServiceFactsOf } from "~/sources/cloud-facts";
import { latestCollection, storedDemoCloudModels, storedDemoNodeShares } from "~/sources/collect.server";
import { demoCloudSampler, type CloudModels, type CloudSampler, type NodeGroupShares } from "~/sources/demo";
import { currentSnapshot } from "./snapshot.server";
import { storedSource } from "./stored-source.server";
import { connectionGroupSizes, connectionSamples } from "./cloud-connections.server";

/** What a cloud analysis reads from a source. */
export interface CloudSampleSource {
  cloudSamples(id: string, fromMs: number, toMs: number, stepMs?: number): MaybePromise<CloudSample[]>;
  groupSizeSamples?(groupId: string, fromMs: number, toMs: number, stepMs?: number): MaybePromise<GroupSizeSample[]>;
}

export type CloudServiceRow = Pick<
  CloudServiceView,
  "id" | "kind" | "provider" | "service" | "region" | "instance_type" | "os" | "created_at" | "previous_instance_type" | "instance_type_changed_at"
>;

/** One service's analysis from the source's samples over the policy's window ending at `nowMs` (5-minute steps). */
export async function analyseService(service: CloudServiceRow, source: CloudSampleSource | null, catalog: CloudCatalog, policy: CloudPolicy, nowMs: number): Promise<CloudServiceAnalysis> {
  const fromMs = nowMs - policy.values.workloadRangeDays * DAY_MS;
  const facts = cloudServiceFactsOf(service);
  const samples = source ? await source.cloudSamples(service.id, fromMs, nowMs, SAMPLE_STEP_MS) : [];
  const groupSizes = service.kind === "group" && source?.groupSizeSamples ? await source.groupSizeSamples(service.id, fromMs, nowMs, SAMPLE_STEP_MS) : null;
  return analyseCloudService({ facts, samples, groupSizes, nowMs, stepMs: SAMPLE_STEP_MS }, catalog, policy.values);
}

/** A stored service the regenerated estate does not know (the generator changed since the collection) has no samples. */
export function tolerantCloudSource(source: CloudSampleSource): CloudSampleSource {
  return {
    cloudSamples: async (id, fromMs, toMs, stepMs) => {
      try {
        return await source.cloudSamples(id, fromMs, toMs, stepMs);
      } catch {
        return [];
      }
    },
    groupSizeSamples: async (id, fromMs, toMs, stepMs) => {
      try {
        return (await source.groupSizeSamples?.(id, fromMs, toMs, stepMs)) ?? [];
      } catch {
        return [];
      }
    },
  };
}

/** What a demo collection's cloud samples are made from, as it stored them: no estate generated (issue 13). */
export interface StoredDemoCloudEstate {
  runId: string;
  seed: number;
  models: CloudModels;
  /** What the Kubernetes node instances' models need: the regions, the group shares and those nodes' groups. */
  facts: {
    regions: Map<string, string>;
    groupShare: NodeGroupShares;
    nodes: Map<string, { cluster: string; node_group: string }>;
  };
}

/**
 * The latest demo collection's stored cloud models and node facts; undefined for another source or a demo run
 * stored before the models were (the estate is then generated, as before).
 */
export async function storedDemoCloudEstate(store: Store, latestRun?: Awaited<ReturnType<typeof latestCollection>>): Promise<StoredDemoCloudEstate | undefined> {
  const latest = latestRun ?? (await latestCollection(store));
  if (latest?.source !== "demo") return undefined;
  const [models, shares] = await Promise.all([storedDemoCloudModels(store, latest.runId), storedDemoNodeShares(store, latest.runId)]);
  if (!models || !shares) return undefined;
  const nodeIds = [...new Set(models.nodeOf.values())];
  const nodes = new Map<string, { cluster: string; node_group: string }>();
  for (let i = 0; i < nodeIds.length; i += 500) {
    const rows = await store.db.selectFrom("k8s_node").select(["id", "cluster", "node_group"]).where("id", "in", nodeIds.slice(i, i + 500)).execute();
    for (const r of rows) nodes.set(r.id, { cluster: r.cluster, node_group: r.node_group });
  }
  const regions = new Map((await store.db.selectFrom("k8s_cluster").select(["name", "region"]).execute()).map((c) => [c.name, c.region]));
  return { runId: latest.runId, seed: latest.seed, models, facts: { regions, groupShare: shares, nodes } };
}

/** A stored service or node the estate does not know. */
export const unknownInStoredDemo = (id: string, what: string) => new Error(`Unknown ${what} "${id}" in the stored demo collection`);

let storedSampler: { runId: string; sampler: CloudSampler } | undefined;

/** A demo collection's cloud samples from the models it stored, as the node charts draw nodes (one per process and run). */
async function storedDemoSampler(store: Store): Promise<CloudSampler | undefined> {
  const latest = await latestCollection(store);
  if (latest?.source !== "demo") return undefined;
  if (storedSampler?.runId === latest.runId) return storedSampler.sampler;
  const estate = await storedDemoCloudEstate(store, latest);
  if (!estate) return undefined;
  const sampler = demoCloudSampler(estate.seed, estate.models, estate.facts, unknownInStoredDemo);
  storedSampler = { runId: estate.runId, sampler };
  return sampler;
}

/** The source behind the stored inventory, as a cloud sample source (null when none is known). */
export async function storedCloudSource(store: Store): Promise<CloudSampleSource | null> {
  const stored = await storedDemoSampler(store);
  const source = stored ?? (await storedSource(store));
  const demo = source ? tolerantCloudSource(source) : null;
  // A cloud connection's services (ids `conn:<connection>:…`) have their collected samples in the store.
  return {
    cloudSamples: (id, fromMs, toMs, stepMs) => (id.startsWith("conn:") ? connectionSamples(store.db, id, fromMs, toMs) : (demo?.cloudSamples(id, fromMs, toMs, stepMs) ?? [])),
    groupSizeSamples: (id, fromMs, toMs, stepMs) => (id.startsWith("conn:") ? connectionGroupSizes(store.db, id, fromMs, toMs) : (demo?.groupSizeSamples?.(id, fromMs, toMs, stepMs) ?? [])),
  };
}

let testSource: CloudSampleSource | null | undefined;
/** Tests: read cloud samples from this source instead of the stored one (undefined: back to it). */
export function setCloudSampleSource(source: CloudSampleSource | null | undefined) {
  testSource = source;
}

/** The source one service's screens read: the test's, else the stored one's. */
export async function cloudSampleSource(store: Store): Promise<CloudSampleSource | null> {
  return testSource !== undefined ? testSource : await storedCloudSource(store);
}

/** The end of the data the screens show: the current snapshot's window end, else the current 5-minute mark. */
export async function cloudDataNow(store: Store): Promise<number> {
  const snapshot = await currentSnapshot(store.db);
  return snapshot ? Date.parse(snapshot.window_end) : Math.floor(Date.now() / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
}

/** One service's inventory row (cloud_service), or undefined. */
export function cloudServiceRow(store: Store, entityId: string) {
  return store.db.selectFrom("cloud_service").selectAll().where("id", "=", entityId).executeTakeFirst();
}

/** The service row, its analysis as of the current snapshot, and the window end; undefined for an unknown id. */
export async function cloudEntityAnalysis(store: Store, entityId: string) {
  const service = await cloudServiceRow(store, entityId);
  if (!service) return undefined;
  const [nowMs, source] = await Promise.all([cloudDataNow(store), cloudSampleSource(store)]);
  const analysis = await analyseService(service, source, shippedCloudCatalog(), CLOUD_DEFAULT_POLICY, nowMs);
  return { service, analysis, nowMs, source };
}

// The Catalog Map's axes and features read every region's types of the shipped catalogs: made once per process.
let shippedTypes: readonly CloudCandidate[] | undefined;
const candidatesOf = () => (shippedTypes ??= cloudCandidates(loadShippedCatalogs()));
const domains = new Map<CatalogService, AnalysisDomainEntry[]>();

/** analysisDomain: the Catalog Map's families (x) and sizes (y) of a catalog service. */
export function cloudAnalysisDomain(service: CatalogService): AnalysisDomainEntry[] {
  let domain = domains.get(service);
  if (!domain) domains.set(service, (domain = catalogMapDomain(candidatesOf(), service)));
  return domain;
}

/** One processor of a catalog service's types, for the Catalog Map's "Highlight Instance Features". */
export interface ProcessorFeature {
  serviceType: CatalogService;
  /** The processor model where the catalog names it ("AWS Graviton2 Processor"), else its supplier (Azure, GCP). */
  feature: string;
  supplier: string;
  instanceTypes: string[];
}

/** processorFeature: every processor of the service's types (in any region), by name, each with its types (sorted). */
export function cloudProcessorFeatures(service: CatalogService): ProcessorFeature[] {
  const byFeature = new Map<string, ProcessorFeature>();
  for (const c of candidatesOf()) {
    if (c.service !== service) continue;
    const feature = c.processor ?? c.processorSupplier;
    const entry = byFeature.get(feature) ?? byFeature.set(feature, { serviceType: service, feature, supplier: c.processorSupplier, instanceTypes: [] }).get(feature)!;
    if (!entry.instanceTypes.includes(c.name)) entry.instanceTypes.push(c.name);
  }
  const list = [...byFeature.values()].sort((a, b) => (a.feature < b.feature ? -1 : a.feature > b.feature ? 1 : 0));
  for (const f of list) f.instanceTypes.sort();
  return list;
}
