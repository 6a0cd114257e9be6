/**
 * The cloud phase of the analysis run: every cloud service (standalone instance or scale group) of the stored
 * inventory through the cloud engine, written under the run's snapshot id in chunks and swapped in with the
 * container rows. A service's samples are read one at a time over the policy's window (5-minute steps, as the
 * containers), so the run never holds more than one service's history.
 */
import type { Kysely } from "kysely";
import { CLOUD_ANALYSIS_FLAGS, CLOUD_ANALYSIS_NUMBERS, CLOUD_ANALYSIS_TEXT } from "~/db/cloud-analysis-columns";
import type { CloudAnalysisTable, CloudServiceView, Database } from "~/db/schema";
import { cloudFolderSummary, type CloudCatalog, type CloudFolderSummary, type CloudPolicy, type CloudRecommendation } from "~/engine/cloud";
import { analyseService, type CloudSampleSource } from "~/models/cloud-entity.server";

export const CLOUD_CHUNK_SIZE = 500;

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** A stored row of one result (column ← the CloudRecommendation field of the same name). */
export function cloudAnalysisRow(snapshotId: string, policyName: string, r: CloudRecommendation): CloudAnalysisTable {
  const row: Record<string, unknown> = { snapshot_id: snapshotId, service_id: r.entityId };
  const rec = r as unknown as Record<string, unknown>;
  for (const c of CLOUD_ANALYSIS_TEXT) row[c] = c === "policy_name" ? policyName : ((rec[camel(c)] as string | null | undefined) ?? null);
  for (const c of CLOUD_ANALYSIS_FLAGS) row[c] = rec[camel(c)] ? 1 : 0;
  for (const c of CLOUD_ANALYSIS_NUMBERS) {
    const v = rec[camel(c)];
    row[c] = typeof v === "number" && Number.isFinite(v) ? v : null;
  }
  return row as CloudAnalysisTable;
}

/** The services the run analyses, in id order. */
export function readCloudServices(db: Kysely<Database>): Promise<CloudServiceView[]> {
  return db.selectFrom("cloud_service").selectAll().orderBy("id").execute();
}

export async function cloudPhase(args: {
  db: Kysely<Database>;
  snapshotId: string;
  services: readonly CloudServiceView[];
  source: CloudSampleSource | null;
  catalog: CloudCatalog;
  policy: CloudPolicy;
  nowMs: number;
  maxParams: number;
  onProgress?: (done: number, total: number, analysed: number) => void | Promise<void>;
}): Promise<{ services: number; analysed: number; summary: CloudFolderSummary }> {
  const { db, services } = args;
  const columns = 2 + CLOUD_ANALYSIS_TEXT.length + CLOUD_ANALYSIS_FLAGS.length + CLOUD_ANALYSIS_NUMBERS.length;
  const perStatement = Math.max(1, Math.floor(args.maxParams / columns));
  let analysed = 0;
  const totals: CloudRecommendation[] = [];
  for (let start = 0; start < services.length; start += CLOUD_CHUNK_SIZE) {
    const rows: CloudAnalysisTable[] = [];
    for (const s of services.slice(start, start + CLOUD_CHUNK_SIZE)) {
      const { result } = await analyseService(s, args.source, args.catalog, args.policy, args.nowMs);
      if (result.analysed) analysed++;
      totals.push(result);
      rows.push(cloudAnalysisRow(args.snapshotId, args.policy.name, result));
    }
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += perStatement) await trx.insertInto("cloud_analysis").values(rows.slice(i, i + perStatement)).execute();
    });
    await args.onProgress?.(Math.min(services.length, start + CLOUD_CHUNK_SIZE), services.length, analysed);
  }
  return { services: services.length, analysed, summary: cloudFolderSummary(totals) };
}
