/**
 * The PostgreSQL-backed job queue of the analysis past one machine (decision 028): pg-boss, in its own schema
 * (`pgboss`) of the product's database. One queue, one job per shard of a run; a shard that throws is retried,
 * and so is one whose worker died (pg-boss expires a job active longer than the shard time-out and retries it).
 */
import PgBoss from "pg-boss";
import type { Store } from "~/db/connect.server";
import { env } from "~/lib/env.server";

export const SHARD_QUEUE = "kubex-analysis-shard";

/** What a shard job carries: its run (snapshot) and which part of the estate it analyses. */
export interface ShardJob {
  snapshotId: string;
  /** `cluster:<name>` or `cloud`. */
  shard: string;
}

export const CLOUD_SHARD = "cloud";
export const clusterShard = (cluster: string) => `cluster:${cluster}`;

/** How a shard is retried: the environment's settings, or their defaults (30 minutes, 3 attempts). */
export function shardSettings(
  source: Record<string, string | undefined> = process.env
) {
  const e = env(source);
  return {
    timeoutSeconds: e.KUBEX_ANALYSIS_SHARD_TIMEOUT_S ?? 1800,
    attempts: e.KUBEX_ANALYSIS_SHARD_ATTEMPTS ?? 3,
  };
}

/** True when runs on this store are split into shard jobs: PostgreSQL with KUBEX_ANALYSIS_QUEUE=on. */
export function queueModeOn(store: Store): boolean {
  return store.dialect === "postgres" && env().KUBEX_ANALYSIS_QUEUE === "on";
}

/**
 * A started pg-boss on the store's database, with the shard queue created. `supervise`: this process also
 * expires lost jobs (every worker does; pg-boss lets one at a time do it).
 */
export async function openShardQueue(
  store: Store,
  options: { supervise?: boolean } = {}
): Promise<PgBoss> {
  if (store.dialect !== "postgres" || !store.databaseUrl)
    throw new Error("The analysis queue needs PostgreSQL (DATABASE_URL).");
  const { timeoutSeconds, attempts } = shardSettings();
  const boss = new PgBoss({
    connectionString: store.databaseUrl,
    max: 3,
    schedule: false,
    supervise: options.supervise ?? true,
    // Lost (expired) shards are found within a few seconds of their time-out (one process at a time looks).
    maintenanceIntervalSeconds: 5,
  });
  boss.on("error", (error: Error) =>
    console.warn(`Analysis queue: ${error.message}`)
  );
  await boss.start();
  await boss.createQueue(SHARD_QUEUE, {
    name: SHARD_QUEUE,
    retryLimit: attempts - 1,
    retryDelay: 0,
    expireInSeconds: timeoutSeconds,
  });
  // createQueue keeps an existing queue's settings: apply the current ones.
  await boss.updateQueue(SHARD_QUEUE, {
    name: SHARD_QUEUE,
    retryLimit: attempts - 1,
    retryDelay: 0,
    expireInSeconds: timeoutSeconds,
  });
  return boss;
}
