/**
 * Prepares the store: migrations, the demo users, feature flags, the system Views and Filters, (when no
 * collection has run yet) the demo fleet's first collection, and (when no complete analysis snapshot belongs to
 * the latest collection run) the analysis. Idempotent: with data and its analysis already there it takes well
 * under a second.
 */
import { migrate, openStore, type Store } from "~/db/connect.server";
import { seedDemoUsers } from "~/models/users.server";
import { seedFeatureFlags } from "~/models/feature-flags.server";
import { seedTreeviewDefaults } from "~/models/views.server";
import { hasCollectedData, runDemoCollection } from "~/sources/collect.server";
import { needsAnalysis } from "~/analysis/run.server";
import { analyzeWithProgress } from "./analyze";
import { env } from "~/lib/env.server";

export interface SetupOptions {
  seed?: number;
  size?: number;
  log?: (line: string) => void;
  /** Run the analysis when the latest collection has none (default true). */
  analyze?: boolean;
  /** Where the analysis progress goes (default stderr; null: nowhere). */
  progress?: NodeJS.WriteStream | null;
}

export async function setup(store: Store, options: SetupOptions = {}) {
  const log = options.log ?? (() => {});
  await migrate(store);
  await seedDemoUsers(store.db);
  await seedFeatureFlags(store.db);
  await seedTreeviewDefaults(store.db);
  if (!(await hasCollectedData(store))) {
    const seed = options.seed ?? env().KUBEX_DEMO_SEED ?? 42;
    const size = options.size ?? env().KUBEX_DEMO_SIZE ?? 2000;
    log(`Generating the demo fleet (seed ${seed}, ${size} containers) and running the first collection…`);
    const result = await runDemoCollection(store, { seed, size });
    log(`Collected ${result.containerCount} containers in ${result.ms} ms.`);
  }
  if (options.analyze !== false && (await needsAnalysis(store))) {
    log("Analysing the collected fleet (a new snapshot, swapped in when complete)…");
    try {
      await analyzeWithProgress(store, { log, stream: options.progress });
    } catch (e) {
      // The app still starts: screens show the previous analysis if its inventory is still the stored one, else
      // "not analysed yet" (decision 017); `npm run analyze` retries.
      log(`The analysis failed; the stored analysis (if any) is unchanged: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\/scripts\//, "/scripts/"));
if (isMain) {
  const store = openStore();
  setup(store, { log: (l) => console.log(l) })
    .then(() => store.close())
    .catch(async (e) => {
      console.error(e instanceof Error ? e.message : e);
      await store.close();
      process.exit(1);
    });
}
