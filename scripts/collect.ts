/**
 * Runs a collection of the demo fleet into the store (PostgreSQL when DATABASE_URL is set, else the SQLite file
 * DATABASE_FILE or data/kubex.db), then analyses it (scripts/analyze.ts) unless --no-analyze. Both runs are
 * atomic: interrupted, each leaves the previous inventory or analysis as it was.
 *
 *   tsx scripts/collect.ts --seed 42 --size 2000 [--cloud-size 20000] [--no-analyze]
 */
import { migrate, openStore } from "~/db/connect.server";
import { CLOUD_SIZE_ENV, demoCloudSizeFromEnv, runDemoCollection } from "~/sources/collect.server";
import { analyzeWithProgress } from "./analyze";
import {
  DEMO_CLOUD_SIZE_MAX,
  DEMO_CLOUD_SIZE_MIN,
  DEMO_DEFAULT_SEED,
  DEMO_DEFAULT_SIZE,
  DEMO_SEED_MAX,
  DEMO_SIZE_MAX,
  DEMO_SIZE_MIN,
  validateDemoOptions,
} from "~/sources/demo";

const USAGE = `Usage: tsx scripts/collect.ts [--seed N] [--size N] [--cloud-size N] [--no-analyze]
  --seed N         a whole number from 0 to ${DEMO_SEED_MAX} (default ${DEMO_DEFAULT_SEED}); the same seed gives the same fleet
  --size N         containers, a whole number from ${DEMO_SIZE_MIN} to ${DEMO_SIZE_MAX} (default ${DEMO_DEFAULT_SIZE})
  --cloud-size N   cloud instances, a whole number from ${DEMO_CLOUD_SIZE_MIN} to ${DEMO_CLOUD_SIZE_MAX} (default ${CLOUD_SIZE_ENV}, else size / 10)
  --no-analyze     collect only; the analysis (npm run analyze) is left as it was
Writes into PostgreSQL when DATABASE_URL is set, else into the SQLite file DATABASE_FILE (default data/kubex.db).`;

export class UsageError extends Error {
  override name = "UsageError";
}

/**
 * Parses `--seed N --size N --cloud-size N` (or `--seed=N`) and `--no-analyze`; the cloud size defaults to
 * KUBEX_DEMO_CLOUD_SIZE in `env` (undefined: the size's default). Throws UsageError saying what is wrong.
 */
export function parseCollectArgs(
  argv: readonly string[],
  env: Record<string, string | undefined> = process.env,
): { seed: number; size: number; cloudSize: number | undefined; help: boolean; analyze: boolean } {
  const values: Record<string, string> = {};
  let help = false;
  let analyze = true;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      help = true;
      continue;
    }
    if (arg === "--no-analyze") {
      analyze = false;
      continue;
    }
    const m = /^--(seed|size|cloud-size)(?:=(.*))?$/.exec(arg);
    if (!m) throw new UsageError(`Unknown argument "${arg}".`);
    const value = m[2] ?? argv[++i];
    if (value === undefined || value === "") throw new UsageError(`--${m[1]} needs a value.`);
    if (m[1] in values) throw new UsageError(`--${m[1]} is given twice.`);
    values[m[1]] = value;
  }
  const whole = (name: string, fallback: number) => {
    const raw = values[name];
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw)) throw new UsageError(`--${name} must be a whole number (got "${raw}").`);
    return Number(raw);
  };
  const seed = whole("seed", DEMO_DEFAULT_SEED);
  const size = whole("size", DEMO_DEFAULT_SIZE);
  let cloudSize: number | undefined;
  try {
    cloudSize = values["cloud-size"] === undefined ? demoCloudSizeFromEnv(env) : whole("cloud-size", 0);
  } catch (e) {
    if (e instanceof UsageError) throw e;
    throw new UsageError(`${(e as Error).message}.`);
  }
  try {
    validateDemoOptions({ seed, size, cloudSize });
  } catch (e) {
    // The messages name the option: "size must be ...", "cloud size must be ...".
    throw new UsageError(`--${(e as Error).message.replace(/^cloud size/, "cloud-size")}.`);
  }
  return { seed, size, cloudSize, help, analyze };
}

async function main(argv: readonly string[]): Promise<number> {
  let args: ReturnType<typeof parseCollectArgs>;
  try {
    args = parseCollectArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`${e.message}\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const store = openStore();
  try {
    await migrate(store);
    const cloud = args.cloudSize === undefined ? "" : `, ${args.cloudSize} cloud instances`;
    console.log(`Collecting the demo fleet (seed ${args.seed}, ${args.size} containers${cloud}) into ${store.dialect}…`);
    const r = await runDemoCollection(store, { seed: args.seed, size: args.size, cloudSize: args.cloudSize });
    const c = r.counts;
    console.log(
      `Collected ${c.containers} containers (${c.attributes} attribute rows), ${c.clusters} clusters, ${c.nodeGroups} node groups, ` +
        `${c.nodes} nodes, ${c.cloudInstances} cloud instances and ${c.cloudGroups} scale groups in ${r.ms} ms (run ${r.runId}).`,
    );
  } catch (e) {
    console.error(`Collection failed; the previous inventory is unchanged. ${e instanceof Error ? e.message : String(e)}`);
    await store.close();
    return 1;
  }
  if (!args.analyze) {
    await store.close();
    return 0;
  }
  try {
    console.log("Analysing the new inventory…");
    await analyzeWithProgress(store, { log: (l) => console.log(l) });
    return 0;
  } catch (e) {
    console.error(`Analysis failed; the previous analysis is unchanged (npm run analyze retries). ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    await store.close();
  }
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\/scripts\//, "/scripts/"));
if (isMain) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
