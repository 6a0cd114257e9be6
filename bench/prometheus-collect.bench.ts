/**
 * The Prometheus collection benchmark (issue 10, must-show 6): a real Prometheus (Debian's, as the integration
 * tests start it, tests/integration/prometheus-harness.ts) loaded with promtool from generated OpenMetrics holding
 * --containers containers (default 5,000; two per pod, 50 per namespace) over --days days (default 7) at 5-minute
 * steps, then one collection into a fresh SQLite store through the product's collector (runPrometheusCollection,
 * the same code as "Collect now"). Figures: wall time, the bench process's peak RSS, queries sent (retries
 * included), and the CPU time Prometheus spent answering (its own process_cpu_seconds_total before and after).
 *
 * Series per container: the cAdvisor CPU counter and working set every 5 minutes; per pod kube_pod_info and
 * kube_pod_owner every 5 minutes (the node figures join on them at each step); requests and limits, ReplicaSet
 * owners and node series hourly (read with last_over_time). Restarts and CFS series are left out (absent series
 * read as none). The OpenMetrics is streamed to disk, never held in memory.
 *
 * Usage: npx tsx bench/prometheus-collect.bench.ts [--containers 5000] [--days 7] [--keep-data DIR]
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { migrate, openStore } from "~/db/connect.server";
import { runPrometheusCollection } from "~/analysis/prometheus-collect.server";
import { createPromClient } from "~/sources/prometheus/client";
import { PROMETHEUS_BIN, PROMTOOL_BIN, freePort, hasPrometheus } from "../tests/integration/prometheus-harness";
import { cleanups } from "./harness";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

const CONTAINERS = arg("containers", 5000);
const DAYS = arg("days", 7);
const STEP = 300;
const PER_POD = 2;
const PODS_PER_NS = 25;
const NODES = Math.max(2, Math.ceil(CONTAINERS / 50));
const MIB = 1_048_576;
/** promtool's block length (2 hours). */
const BLOCK = 7200;

if (!hasPrometheus) {
  console.error(`No Prometheus at ${PROMETHEUS_BIN} / ${PROMTOOL_BIN} (apt-get install prometheus).`);
  process.exit(1);
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-bench-prom-"));
cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));

// The window ends 3 hours ago on the 5-minute grid (promtool wants samples older than its head block).
const endSec = Math.floor((Date.now() / 1000 - 3 * 3600) / STEP) * STEP;
const startSec = endSec - DAYS * 86_400;

/** A buffered writer for a large text file. */
function writer(file: string) {
  const fd = fs.openSync(file, "w");
  let buf: string[] = [];
  let size = 0;
  let bytes = 0;
  return {
    line(s: string) {
      buf.push(s);
      size += s.length + 1;
      if (size > 4 * MIB) this.flush();
    },
    flush() {
      const text = buf.join("\n") + (buf.length ? "\n" : "");
      fs.writeSync(fd, text);
      bytes += Buffer.byteLength(text);
      buf = [];
      size = 0;
    },
    close() {
      this.flush();
      fs.closeSync(fd);
      return bytes;
    },
  };
}

/** A deterministic number in [0, 1) for a key. */
function rnd(i: number, salt: number) {
  const x = Math.sin(i * 12.9898 + salt * 78.233) * 43758.5453;
  return x - Math.floor(x);
}

/** CPU counters carried from one window's file to the next. */
const cpuTotals = new Float64Array(CONTAINERS);

/** The OpenMetrics of the samples with fromSec <= t < toSec (every family, series by series). */
function generate(file: string, fromSec: number, toSec: number) {
  const w = writer(file);
  const pods = Math.ceil(CONTAINERS / PER_POD);
  const pod = (p: number) => ({
    ns: `ns-${Math.floor(p / PODS_PER_NS)}`,
    workload: `wl-${p}`,
    name: `wl-${p}-5d4f8-abcde`,
    rs: `wl-${p}-5d4f8`,
    node: `node-${p % NODES}`,
  });
  const steps = (every: number) => {
    const out: number[] = [];
    for (let t = startSec; t <= endSec; t += every) if (t >= fromSec && t < toSec) out.push(t);
    return out;
  };
  const five = steps(STEP);
  const hourly = steps(3600);
  const family = (name: string, type: string) => w.line(`# TYPE ${name} ${type}`);

  family("kube_node_info", "gauge");
  for (let n = 0; n < NODES; n++) for (const t of hourly) w.line(`kube_node_info{node="node-${n}",kubelet_version="v1.29.3"} 1 ${t}`);
  family("kube_node_labels", "gauge");
  for (let n = 0; n < NODES; n++) {
    for (const t of hourly) w.line(`kube_node_labels{node="node-${n}",label_karpenter_sh_nodepool="pool-${n % 4}",label_node_kubernetes_io_instance_type="m5.xlarge"} 1 ${t}`);
  }
  for (const metric of ["kube_node_status_capacity", "kube_node_status_allocatable"]) {
    family(metric, "gauge");
    for (let n = 0; n < NODES; n++) {
      for (const [resource, v] of [["cpu", 4], ["memory", 16384 * MIB], ["pods", 110]] as const) {
        for (const t of hourly) w.line(`${metric}{node="node-${n}",resource="${resource}"} ${v} ${t}`);
      }
    }
  }
  family("kube_pod_info", "gauge");
  for (let p = 0; p < pods; p++) {
    const q = pod(p);
    for (const t of five) w.line(`kube_pod_info{namespace="${q.ns}",pod="${q.name}",node="${q.node}",created_by_kind="ReplicaSet",created_by_name="${q.rs}"} 1 ${t}`);
  }
  family("kube_pod_owner", "gauge");
  for (let p = 0; p < pods; p++) {
    const q = pod(p);
    for (const t of five) w.line(`kube_pod_owner{namespace="${q.ns}",pod="${q.name}",owner_kind="ReplicaSet",owner_name="${q.rs}",owner_is_controller="true"} 1 ${t}`);
  }
  family("kube_replicaset_owner", "gauge");
  for (let p = 0; p < pods; p++) {
    const q = pod(p);
    for (const t of hourly) w.line(`kube_replicaset_owner{namespace="${q.ns}",replicaset="${q.rs}",owner_kind="Deployment",owner_name="${q.workload}",owner_is_controller="true"} 1 ${t}`);
  }
  for (const metric of ["kube_pod_container_resource_requests", "kube_pod_container_resource_limits"]) {
    family(metric, "gauge");
    for (let i = 0; i < CONTAINERS; i++) {
      const q = pod(Math.floor(i / PER_POD));
      const c = `c${i % PER_POD}`;
      const cpu = metric.endsWith("requests") ? 0.25 : 1;
      const mem = (metric.endsWith("requests") ? 256 : 1024) * MIB;
      for (const [resource, v] of [["cpu", cpu], ["memory", mem]] as const) {
        for (const t of hourly) w.line(`${metric}{namespace="${q.ns}",pod="${q.name}",container="${c}",resource="${resource}"} ${v} ${t}`);
      }
    }
  }
  family("container_cpu_usage_seconds", "counter");
  for (let i = 0; i < CONTAINERS; i++) {
    const q = pod(Math.floor(i / PER_POD));
    const rate = 0.02 + rnd(i, 1) * 0.5;
    for (const t of five) {
      const k = (t - startSec) / STEP;
      // A daily wave: busier in the day's second half.
      if (k > 0) cpuTotals[i] += rate * (1 + 0.5 * Math.sin((k / 288) * 2 * Math.PI)) * STEP;
      w.line(`container_cpu_usage_seconds_total{namespace="${q.ns}",pod="${q.name}",container="c${i % PER_POD}",image="i"} ${cpuTotals[i]!.toFixed(3)} ${t}`);
    }
  }
  family("container_memory_working_set_bytes", "gauge");
  for (let i = 0; i < CONTAINERS; i++) {
    const q = pod(Math.floor(i / PER_POD));
    const base = (64 + rnd(i, 2) * 600) * MIB;
    for (const t of five) {
      const k = (t - startSec) / STEP;
      const v = Math.round(base * (1 + 0.2 * Math.sin((k / 288) * 2 * Math.PI)));
      w.line(`container_memory_working_set_bytes{namespace="${q.ns}",pod="${q.name}",container="c${i % PER_POD}",image="i"} ${v} ${t}`);
    }
  }
  w.line("# EOF");
  return w.close();
}

async function promCpuSeconds(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith("process_cpu_seconds_total "));
  return Number(line?.split(" ")[1] ?? NaN);
}

async function main() {
  // promtool 2.42 reads its whole input once per 2-hour block (no --max-block-duration yet), so the data goes in
  // one file per 2-hour window: each file is read once.
  let bytes = 0;
  let genMs = 0;
  let loadMs = 0;
  const t0 = Date.now();
  for (let from = Math.floor(startSec / BLOCK) * BLOCK; from <= endSec; from += BLOCK) {
    const om = path.join(dir, "window.om");
    const g0 = Date.now();
    bytes += generate(om, from, from + BLOCK);
    const g1 = Date.now();
    const load = spawnSync(PROMTOOL_BIN, ["tsdb", "create-blocks-from", "openmetrics", "-q", om, path.join(dir, "tsdb")], { encoding: "utf8", maxBuffer: 64 * MIB });
    if (load.status !== 0) throw new Error(`promtool failed: ${(load.stderr || load.stdout).slice(-2000)}`);
    fs.rmSync(om);
    genMs += g1 - g0;
    loadMs += Date.now() - g1;
  }
  const loaded = Date.now();
  console.error(`OpenMetrics: ${(bytes / 2 ** 30).toFixed(2)} GiB in ${(genMs / 1000).toFixed(0)} s; promtool ${(loadMs / 1000).toFixed(0)} s`);

  fs.writeFileSync(path.join(dir, "prometheus.yml"), "global:\n  scrape_interval: 1m\n");
  const port = await freePort();
  const log = fs.openSync(path.join(dir, "prometheus.log"), "w");
  const child = spawn(
    PROMETHEUS_BIN,
    [`--storage.tsdb.path=${path.join(dir, "tsdb")}`, `--web.listen-address=127.0.0.1:${port}`, `--config.file=${path.join(dir, "prometheus.yml")}`, "--storage.tsdb.retention.time=3650d"],
    { stdio: ["ignore", log, log] },
  );
  cleanups.push(() => {
    if (child.exitCode === null) child.kill("SIGTERM");
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (await fetch(`${url}/-/ready`).then((r) => r.ok, () => false)) break;
    if (child.exitCode !== null || i > 1200) throw new Error(`prometheus did not start: ${fs.readFileSync(path.join(dir, "prometheus.log"), "utf8").slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const ready = Date.now();
  console.error(`prometheus ready: ${((ready - loaded) / 1000).toFixed(0)} s`);

  const store = openStore({ databaseUrl: "", sqliteFile: path.join(dir, "bench.db") });
  await migrate(store);
  const client = createPromClient({ url }, { timeoutMs: 120_000 });
  const cpuBefore = await promCpuSeconds(url);
  const rssBefore = process.memoryUsage().rss;
  let peakRss = rssBefore;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
  const c0 = performance.now();
  const result = await runPrometheusCollection(store, {
    targets: [{ name: "bench", client }],
    days: DAYS,
    endMs: endSec * 1000,
    log: (l) => (process.env.BENCH_VERBOSE ? console.error(l) : undefined),
  });
  const ms = performance.now() - c0;
  clearInterval(sampler);
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
  const cpuAfter = await promCpuSeconds(url);
  const rows = await store.db.selectFrom("container").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  await client.close();
  await store.close();

  const report = {
    containers: CONTAINERS,
    days: DAYS,
    samplesPerSeries: Math.floor((endSec - startSec) / STEP) + 1,
    openMetricsGiB: Number((bytes / 2 ** 30).toFixed(2)),
    generateSeconds: Math.round(genMs / 1000),
    promtoolSeconds: Math.round(loadMs / 1000),
    collectSeconds: Number((ms / 1000).toFixed(1)),
    containersCollected: Number(rows.n),
    seriesRows: result.seriesRows,
    queriesSent: result.requests,
    peakRssMiB: Math.round(peakRss / MIB),
    processMaxRssMiB: Math.round((process.resourceUsage().maxRSS * 1024) / MIB),
    prometheusCpuSeconds: Number((cpuAfter - cpuBefore).toFixed(1)),
    machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`,
  };
  console.log(JSON.stringify(report, null, 2));
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exit(1);
  },
);
