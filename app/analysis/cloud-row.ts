/** A cloud engine result as its stored row: each column ← the CloudRecommendation field of the same name. */
import { CLOUD_ANALYSIS_FLAGS, CLOUD_ANALYSIS_NUMBERS, CLOUD_ANALYSIS_TEXT } from "~/db/cloud-analysis-columns";
import type { CloudAnalysisTable } from "~/db/schema";
import type { CloudRecommendation } from "~/engine/cloud";

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

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
