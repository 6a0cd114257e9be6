/**
 * After a policy change (edit, delete, assign, unassign): the containers whose policy changed are analysed again
 * into a new snapshot (runAnalysis onlyPolicyChanges; the other rows are copied), swapped in atomically as every
 * snapshot is (decision 017). One run at a time per process; changes made while it runs start one more run after
 * it. The latest outcome is kept in meta (every web process shows the same).
 */
import type { Store } from "~/db/connect.server";
import { runAnalysis, type AnalysisResult } from "./run.server";
import { latestCollection } from "~/sources/collect.server";

export const POLICY_REANALYSIS_META_KEY = "policy_reanalysis";

export interface PolicyReanalysisStatus {
  state: "running" | "done" | "failed";
  startedAt: string;
  finishedAt: string | null;
  /** Containers analysed again, of how many. */
  reanalysed: number | null;
  total: number | null;
  ms: number | null;
  partial: boolean | null;
  error: string | null;
}

let running: Promise<void> | null = null;
let again = false;

async function writeStatus(store: Store, status: PolicyReanalysisStatus) {
  await store.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("meta").where("key", "=", POLICY_REANALYSIS_META_KEY).execute();
    await trx.insertInto("meta").values({ key: POLICY_REANALYSIS_META_KEY, value: JSON.stringify(status) }).execute();
  });
}

export async function policyReanalysisStatus(store: Store): Promise<PolicyReanalysisStatus | null> {
  const row = await store.db.selectFrom("meta").select("value").where("key", "=", POLICY_REANALYSIS_META_KEY).executeTakeFirst();
  return row ? (JSON.parse(row.value) as PolicyReanalysisStatus) : null;
}

/** One partial run now (awaited), its outcome recorded; null when nothing was ever collected (nothing to analyse). */
export async function reanalyseChangedPolicies(store: Store): Promise<AnalysisResult | null> {
  if (!(await latestCollection(store))) return null;
  const startedAt = new Date().toISOString();
  await writeStatus(store, { state: "running", startedAt, finishedAt: null, reanalysed: null, total: null, ms: null, partial: null, error: null });
  try {
    let result: AnalysisResult;
    try {
      result = await runAnalysis(store, { onlyPolicyChanges: true });
    } catch (error) {
      // Another process published first: once more, against its snapshot.
      if (!(error instanceof Error && error.message.startsWith("Another analysis was published"))) throw error;
      result = await runAnalysis(store, { onlyPolicyChanges: true });
    }
    await writeStatus(store, {
      state: "done",
      startedAt,
      finishedAt: new Date().toISOString(),
      reanalysed: result.reanalysedCount,
      total: result.containerCount,
      ms: result.ms,
      partial: result.partial,
      error: null,
    });
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await writeStatus(store, { state: "failed", startedAt, finishedAt: new Date().toISOString(), reanalysed: null, total: null, ms: null, partial: null, error: message.slice(0, 500) }).catch(() => undefined);
    throw error;
  }
}

/** Starts the re-analysis in the background (or marks one more run when one is under way); returns its promise. */
export function scheduleReanalysis(store: Store): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await reanalyseChangedPolicies(store).catch((error) => console.warn("policy re-analysis failed", error));
      } while (again);
    } finally {
      running = null;
    }
  })();
  return running;
}

/** The run under way in this process, if any (tests wait on it). */
export function reanalysisUnderWay(): Promise<void> | null {
  return running;
}
