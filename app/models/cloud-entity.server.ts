/**
 * One cloud service's analysis on demand, for the screens of one instance (workload charts, the Catalog Map, the
 * instance info and scores, the report): the same engine call the analysis run made, on the same samples over the
 * same window (the current snapshot's), so what a screen shows matches the stored row.
 */
import type { Store } from "~/db/connect.server";
import type { CloudServiceView } from "~/db/schema";
import { analyseCloudService, CLOUD_DEFAULT_POLICY, type CloudCatalog, type CloudPolicy, type CloudServiceAnalysis } from "~/engine/cloud";
import { shippedCloudCatalog } from "~/engine/cloud/shipped-catalog.server";
import type { CloudSample, GroupSizeSample } from "~/engine/cloud/types";
import type { MaybePromise } from "~/engine/source-contract";
import { DAY_MS, SAMPLE_STEP_MS } from "~/lib/time";
import { cloudServiceFactsOf } from "~/sources/cloud-facts";
import { currentSnapshot } from "./snapshot.server";
import { storedSource } from "./stored-source.server";

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

/** The source behind the stored inventory, as a cloud sample source (null when none is known). */
export async function storedCloudSource(store: Store): Promise<CloudSampleSource | null> {
  const source = await storedSource(store);
  return source ? tolerantCloudSource(source) : null;
}

let testSource: CloudSampleSource | null | undefined;
/** Tests: read cloud samples from this source instead of the stored one (undefined: back to it). */
export function setCloudSampleSource(source: CloudSampleSource | null | undefined) {
  testSource = source;
}

/** The service row, its analysis as of the current snapshot, and the window end; undefined for an unknown id. */
export async function cloudEntityAnalysis(store: Store, entityId: string) {
  const service = await store.db.selectFrom("cloud_service").selectAll().where("id", "=", entityId).executeTakeFirst();
  if (!service) return undefined;
  const snapshot = await currentSnapshot(store.db);
  const nowMs = snapshot ? Date.parse(snapshot.window_end) : Math.floor(Date.now() / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
  const source = testSource !== undefined ? testSource : await storedCloudSource(store);
  const analysis = await analyseService(service, source, shippedCloudCatalog(), CLOUD_DEFAULT_POLICY, nowMs);
  return { service, analysis, nowMs, source };
}
