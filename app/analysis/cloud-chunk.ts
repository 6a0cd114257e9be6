/**
 * One chunk of cloud services through the cloud engine: the stored rows to write and what the run's summary needs.
 * The same code in-process and on worker threads (cloud-worker.ts).
 */
import type { CloudAnalysisTable, CloudServiceView } from "~/db/schema";
import type { CloudCatalog, CloudPolicy, CloudSummaryInput } from "~/engine/cloud";
import { analyseService, type CloudSampleSource } from "~/models/cloud-entity.server";
import { cloudAnalysisRow } from "./cloud-row";

/** The fields of a result the run's summary reads: little to send back from a worker. */
export type CloudSummaryRow = CloudSummaryInput;

export interface CloudChunkResult {
  rows: CloudAnalysisTable[];
  summary: CloudSummaryRow[];
  analysed: number;
}

export async function analyseCloudChunk(
  services: readonly CloudServiceView[],
  ctx: { snapshotId: string; source: CloudSampleSource | null; catalog: CloudCatalog; policy: CloudPolicy; nowMs: number },
): Promise<CloudChunkResult> {
  const out: CloudChunkResult = { rows: [], summary: [], analysed: 0 };
  for (const s of services) {
    const { result: r } = await analyseService(s, ctx.source, ctx.catalog, ctx.policy, ctx.nowMs);
    if (r.analysed) out.analysed++;
    out.rows.push(cloudAnalysisRow(ctx.snapshotId, ctx.policy.name, r));
    const { cloudProvider, serviceType, recommendation, currentEstimatedCost, optimalCost, currentVcpus, currentMemory, recommendedVcpus, recommendedMemory, currentInstances, optimalInstances } = r;
    out.summary.push({ cloudProvider, serviceType, recommendation, currentEstimatedCost, optimalCost, currentVcpus, currentMemory, recommendedVcpus, recommendedMemory, currentInstances, optimalInstances });
  }
  return out;
}
