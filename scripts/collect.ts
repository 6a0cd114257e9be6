/**
 * Runs a collection of the demo fleet (or, with --source prometheus, of a Prometheus-compatible store) into the store (PostgreSQL when DATABASE_URL is set, else the SQLite file
 * DATABASE_FILE or data/kubex.db), then analyses it (scripts/analyze.ts) unless --no-analyze. Both runs are
 * atomic: interrupted, each leaves the previous inventory or analysis as it was.
 *
 *   tsx scripts/collect.ts --seed 42 --size 2000 [--cloud-size 20000] [--no-analyze]
 *   tsx scripts/collect.ts --source prometheus --url http://prometheus:9090 [--cluster NAME] [--bearer-token T] …
 */
import fs from "node:fs";
import { runPrometheusCollection } from "~/analysis/prometheus-collect.server";
import { createPromClient, type PromConnection } from "~/sources/prometheus/client";
import { discoverClusterTargets } from "~/sources/prometheus/source";
import { migrate, openStore, type Store } from "~/db/connect.server";
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

const USAGE = `Usage: tsx scripts/collect.ts [--source demo] [--seed N] [--size N] [--cloud-size N] [--no-analyze]
  --seed N         a whole number from 0 to ${DEMO_SEED_MAX} (default ${DEMO_DEFAULT_SEED}); the same seed gives the same fleet
  --size N         containers, a whole number from ${DEMO_SIZE_MIN} to ${DEMO_SIZE_MAX} (default ${DEMO_DEFAULT_SIZE})
  --cloud-size N   cloud instances, a whole number from ${DEMO_CLOUD_SIZE_MIN} to ${DEMO_CLOUD_SIZE_MAX} (default ${CLOUD_SIZE_ENV}, else size / 10)
  --no-analyze     collect only; the analysis (npm run analyze) is left as it was

       tsx scripts/collect.ts --source prometheus --url URL [options] [--no-analyze]
  --url URL                 the Prometheus-compatible API (Prometheus, Thanos, Mimir, VictoriaMetrics)
  --cluster NAME            the cluster's name (default: the address's host name); with --cluster-label, the
                            label's value to collect (default: every value, one cluster each)
  --cluster-label LABEL     the store holds many clusters told apart by LABEL (e.g. cluster)
  --bearer-token T          or --bearer-token-file FILE, or PROMETHEUS_BEARER_TOKEN
  --username U --password P basic auth (or --password-file FILE, or PROMETHEUS_PASSWORD)
  --ca-file FILE            PEM of the CA that signed the store's certificate; --insecure-skip-verify to skip checks
  --tenant ID               a multi-tenant store's tenant (Mimir, Cortex), sent as X-Scope-OrgID
  --days N                  days of history (default 7), --timeout S per query (default 30), --concurrency N (default 4)
  --end TIME                the window's end (ISO 8601; default now)
Writes into PostgreSQL when DATABASE_URL is set, else into the SQLite file DATABASE_FILE (default data/kubex.db).
A collection replaces the stored inventory (the demo fleet included) atomically; a failed one changes nothing.`;

export interface PrometheusArgs {
  connection: PromConnection;
  cluster?: string;
  clusterLabel?: string;
  days: number;
  endMs?: number;
  timeoutMs: number;
  concurrency: number;
  analyze: boolean;
  help: boolean;
}

/** Parses the --source prometheus options (secrets may come from files or the environment). */
export function parsePrometheusArgs(argv: readonly string[], env: Record<string, string | undefined> = process.env, readFile = (f: string) => fs.readFileSync(f, "utf8")): PrometheusArgs {
  const values: Record<string, string> = {};
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h" || arg === "--no-analyze" || arg === "--insecure-skip-verify") {
      flags.add(arg);
      continue;
    }
    const m = /^--(source|url|cluster|cluster-label|bearer-token|bearer-token-file|username|password|password-file|ca-file|tenant|days|end|timeout|concurrency)(?:=(.*))?$/.exec(arg);
    if (!m) throw new UsageError(`Unknown argument "${arg}".`);
    const value = m[2] ?? argv[++i];
    if (value === undefined || value === "") throw new UsageError(`--${m[1]} needs a value.`);
    if (m[1] in values) throw new UsageError(`--${m[1]} is given twice.`);
    values[m[1]] = value;
  }
  const help = flags.has("--help") || flags.has("-h");
  const whole = (name: string, fallback: number, min: number, max: number) => {
    const raw = values[name];
    if (raw === undefined) return fallback;
    const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(n >= min && n <= max)) throw new UsageError(`--${name} must be a whole number from ${min} to ${max} (got "${raw}").`);
    return n;
  };
  const url = values.url ?? "";
  if (!url && !help) throw new UsageError("--url is needed with --source prometheus.");
  if (url && !/^https?:\/\/[^/]/.test(url)) throw new UsageError(`--url must be an http:// or https:// address (got "${url}").`);
  const read = (file: string | undefined) => (file ? readFile(file).trim() : undefined);
  const token = values["bearer-token"] ?? read(values["bearer-token-file"]) ?? env.PROMETHEUS_BEARER_TOKEN;
  const password = values.password ?? read(values["password-file"]) ?? env.PROMETHEUS_PASSWORD;
  if (values.username && !password) throw new UsageError("--username needs --password, --password-file or PROMETHEUS_PASSWORD.");
  if (token && values.username) throw new UsageError("Give a bearer token or basic auth, not both.");
  const connection: PromConnection = {
    url,
    ...(token ? { bearerToken: token } : {}),
    ...(values.username ? { basicAuth: { username: values.username, password: password! } } : {}),
    ...(values["ca-file"] ? { caCert: readFile(values["ca-file"]) } : {}),
    ...(flags.has("--insecure-skip-verify") ? { insecureSkipVerify: true } : {}),
    ...(values.tenant ? { tenant: values.tenant } : {}),
  };
  const endMs = values.end === undefined ? undefined : Date.parse(values.end);
  if (endMs !== undefined && !Number.isFinite(endMs)) throw new UsageError(`--end must be an ISO 8601 time (got "${values.end}").`);
  return {
    connection,
    endMs,
    cluster: values.cluster,
    clusterLabel: values["cluster-label"],
    days: whole("days", 7, 1, 90),
    timeoutMs: whole("timeout", 30, 1, 600) * 1000,
    concurrency: whole("concurrency", 4, 1, 32),
    analyze: !flags.has("--no-analyze"),
    help,
  };
}

/** The value of --source (default demo). */
export function sourceOf(argv: readonly string[]): string {
  for (let i = 0; i < argv.length; i++) {
    const m = /^--source(?:=(.*))?$/.exec(argv[i]);
    if (m) return m[1] ?? argv[i + 1] ?? "";
  }
  return "demo";
}

async function mainPrometheus(argv: readonly string[]): Promise<number> {
  let args: PrometheusArgs;
  try {
    args = parsePrometheusArgs(argv);
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
  const client = createPromClient(args.connection, { timeoutMs: args.timeoutMs, concurrency: args.concurrency });
  try {
    await migrate(store);
    const targets = await discoverClusterTargets(client, { cluster: args.cluster, clusterLabel: args.clusterLabel, days: args.days, endMs: args.endMs });
    console.log(`Collecting ${targets.map((t) => t.name).join(", ")} from ${args.connection.url} (${args.days} days) into ${store.dialect}…`);
    const r = await runPrometheusCollection(store, { targets, days: args.days, endMs: args.endMs, log: (l) => console.log(l) });
    const c = r.counts;
    console.log(
      `Collected ${c.containers} containers, ${c.clusters} clusters, ${c.nodeGroups} node groups and ${c.nodes} nodes in ${r.ms} ms ` +
        `(${r.requests} requests, ${r.seriesRows} stored series; run ${r.runId}).`,
    );
  } catch (e) {
    console.error(`Collection failed; the previous inventory is unchanged. ${e instanceof Error ? e.message : String(e)}`);
    await client.close();
    await store.close();
    return 1;
  }
  await client.close();
  return analyseThenClose(store, args.analyze);
}

/** After a good collection: the analysis unless --no-analyze; the store is closed either way. Returns the exit code. */
async function analyseThenClose(store: Store, analyze: boolean): Promise<number> {
  try {
    if (!analyze) return 0;
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
  const source = sourceOf(argv);
  if (source === "prometheus") return mainPrometheus(argv);
  if (source !== "demo") {
    console.error(`--source must be demo or prometheus (got "${source}").\n${USAGE}`);
    return 2;
  }
  argv = argv.filter((a, i) => !/^--source/.test(a) && !(argv[i - 1] === "--source"));
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
  return analyseThenClose(store, args.analyze);
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
