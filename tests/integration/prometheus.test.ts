/**
 * The Prometheus source against a real Prometheus (Debian's package, .ci/run installs it) serving the hand-made
 * cluster of prometheus-fleet.ts: the collected inventory and the analysed recommendations on both stores, and a
 * store that is down, slow, answers garbage, or fails halfway through: a clear recorded error and the previous
 * data whole.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore } from "~/db/connect.server";
import type { Store } from "~/db/connect.server";
import { runAnalysis } from "~/analysis/run.server";
import { runPrometheusCollection } from "~/analysis/prometheus-collect.server";
import { createPromClient, type PromClientOptions } from "~/sources/prometheus/client";
import type { PromClusterTarget } from "~/sources/prometheus/source";
import { containerMetricSeries } from "~/models/container-metrics.server";
import { nodeGroupMetricSeries, nodeMetricSeries } from "~/models/node-metrics.server";
import { nodeIdOf } from "~/sources/prometheus/source";
import { fleetOpenMetrics, fleetTimes, type FleetTimes } from "./prometheus-fleet";
import { PROMETHEUS_BIN, freePort, hasPrometheus, readBody, startFakeServer, startPrometheus, type RunningPrometheus } from "./prometheus-harness";
import { TEST_STORES } from "./stores";

if (!hasPrometheus) throw new Error(`These tests need Debian's prometheus package (${PROMETHEUS_BIN} and promtool): apt-get install prometheus`);

let prom: RunningPrometheus;
let times: FleetTimes;
const clients: ReturnType<typeof createPromClient>[] = [];

beforeAll(async () => {
  times = fleetTimes();
  prom = await startPrometheus(fleetOpenMetrics(times));
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await prom?.stop();
});

const FAST: PromClientOptions = { timeoutMs: 400, attempts: 2, backoffMs: 10, concurrency: 4 };

function targets(url: string, options: PromClientOptions = {}): PromClusterTarget[] {
  const client = createPromClient({ url }, options);
  clients.push(client);
  return [
    { name: "c1", client, clusterLabel: "cluster", clusterValue: "c1" },
    { name: "c2", client, clusterLabel: "cluster", clusterValue: "c2" },
  ];
}

const collect = (store: Store, url: string, options?: PromClientOptions) =>
  runPrometheusCollection(store, { targets: targets(url, options), endMs: times.endSec * 1000, days: 7 });

async function snapshot(store: Store) {
  const containers = await store.db.selectFrom("container").selectAll().orderBy("id").execute();
  const series = await store.db.selectFrom("collected_series").select(["run_id", "kind", "entity_id"]).orderBy("entity_id").execute();
  const meta = await store.db.selectFrom("meta").selectAll().where("key", "in", ["collection.latest", "analysis.current_snapshot"]).orderBy("key").execute();
  return { containers, series, meta };
}

describe.each(TEST_STORES)("Prometheus source on $name", (testStore) => {
  let store: Awaited<ReturnType<typeof testStore.open>>;
  beforeAll(async () => {
    store = await testStore.open();
  });
  afterAll(async () => {
    await store?.dispose();
  });

  it("collects the inventory: owners, requests and limits, node groups, clusters by label", async () => {
    const r = await collect(store, prom.url);
    expect(r.counts).toMatchObject({ clusters: 2, containers: 5, nodes: 2, nodeGroups: 2 });
    expect(r.reports.find((x) => x.name === "c1")).toMatchObject({
      prometheusVersion: expect.stringMatching(/^2\./),
      clusterVersion: "v1.29.3-eks-1",
      nodes: 2,
      nodeGroups: 2,
      containers: 4,
      skippedPods: 1,
    });
    const clusters = await store.db.selectFrom("k8s_cluster").selectAll().orderBy("name").execute();
    expect(clusters[0]).toEqual({ name: "c1", provider: "AWS", region: "us-east-1" });
    const rows = await store.db.selectFrom("container").selectAll().orderBy("cluster").orderBy("pod_owner_name").execute();
    const pick = (r: (typeof rows)[number]) => [r.cluster, r.namespace, r.pod_owner_kind, r.pod_owner_name, r.container_name, r.node_group, r.replicas, r.cpu_request, r.cpu_limit, r.mem_request, r.mem_limit];
    expect(rows.map(pick)).toEqual([
      ["c1", "shop", "StatefulSet", "db", "postgres", "spot-pool", 1, 1000, null, 2048, 2048],
      ["c1", "shop", "DaemonSet", "log-agent", "agent", "ng-general", 2, 50, 100, 64, null],
      ["c1", "shop", "CronJob", "report", "job", "ng-general", 1, 250, null, 256, null],
      ["c1", "shop", "Deployment", "web", "app", "ng-general", 1, 500, 1000, 512, 1024],
      ["c2", "shop", "Deployment", "web-other", "app", "unknown", 1, 100, null, 64, null],
    ]);
    const report = rows.find((x) => x.pod_owner_name === "report")!;
    // The CronJob's first run started 2 h into the data (its working set is there at the first scrape; its CPU rate
    // one step later); its last ended at 21 h, whose last scrape the 5-minute max_over_time still sees one step on.
    expect(Date.parse(report.first_seen)).toBe((times.startSec + 2 * 3600) * 1000);
    expect(Date.parse(report.last_seen)).toBe((times.startSec + 21 * 3600 + 300) * 1000);
    const nodes = await store.db.selectFrom("k8s_node").selectAll().orderBy("name").execute();
    expect(nodes.map((n) => [n.name, n.node_group, n.instance_type, n.cpu_capacity, n.mem_capacity, n.pod_capacity, n.cpu_allocatable, n.mem_allocatable])).toEqual([
      ["node-a", "ng-general", "m5.large", 2000, 8192, 110, 1900, 7680],
      ["node-b", "spot-pool", "c5.xlarge", 4000, 8192, 110, 3900, 7680],
    ]);
    const groups = await store.db.selectFrom("node_group").selectAll().orderBy("name").execute();
    expect(groups.map((g) => [g.cluster, g.name, g.instance_type, g.node_count])).toEqual([
      ["c1", "ng-general", "m5.large", 1],
      ["c1", "spot-pool", "c5.xlarge", 1],
    ]);
    // One series row per container with samples, and per node.
    const series = await store.db.selectFrom("collected_series").select(["kind", "run_id"]).execute();
    expect(series.filter((s) => s.kind === "container")).toHaveLength(5);
    expect(series.filter((s) => s.kind === "node")).toHaveLength(2);
    expect(new Set(series.map((s) => s.run_id))).toEqual(new Set([r.runId]));
    const run = await store.db.selectFrom("collection_run").selectAll().where("id", "=", r.runId).executeTakeFirstOrThrow();
    expect(run).toMatchObject({ source: "prometheus", status: "complete", container_count: 5, error: null });
    expect(JSON.parse(run.details_json!).clusters).toHaveLength(2);
  });

  it("analyses what it collected: p95 CPU, peak memory, restarts, OOM kills and throttling as worked out by hand", async () => {
    const result = await runAnalysis(store, { workers: 0 });
    expect(result.nowMs).toBe(times.endSec * 1000);
    const rows = await store.db
      .selectFrom("container_analysis as a")
      .innerJoin("container as c", "c.id", "a.container_id")
      .select(["c.pod_owner_name", "a.analysed", "a.cpu_p95", "a.cpu_peak", "a.mem_peak", "a.cpu_recommended", "a.mem_recommended", "a.restarts_last_7_days", "a.oom_kills", "a.throttle_events"])
      .where("a.snapshot_id", "=", result.snapshotId)
      .execute();
    const by = Object.fromEntries(rows.map((r) => [r.pod_owner_name, r]));
    expect(by.web).toMatchObject({ analysed: 1, restarts_last_7_days: 0, oom_kills: 0, throttle_events: 0 });
    expect(by.web.cpu_p95).toBeCloseTo(800, 3);
    expect(by.web.cpu_peak).toBeCloseTo(800, 3);
    expect(by.web.mem_peak).toBeCloseTo(700, 3);
    expect(by.web.cpu_recommended).toBe(800);
    expect(by.web.mem_recommended).toBe(816);
    expect(by.db).toMatchObject({ analysed: 1, restarts_last_7_days: 2, oom_kills: 2 });
    expect(by.db.cpu_p95).toBeCloseTo(100, 3);
    expect(by.db.mem_peak).toBeCloseTo(1024, 3);
    expect(by.db.mem_recommended).toBeGreaterThanOrEqual(2560); // OOM kills at the 2 GiB limit: at least limit × 1.25
    expect(by.report.cpu_p95).toBeCloseTo(500, 3);
    expect(by.report.mem_peak).toBeCloseTo(200, 3);
    expect(by["log-agent"]).toMatchObject({ throttle_events: 4, restarts_last_7_days: 0 });
    expect(by["log-agent"].cpu_p95).toBeCloseTo(50, 3);
    // Node utilisation from the stored node series: node-a runs web (0.2–0.8), the agent (0.05), the jobs and the bare pod.
    const nodeRows = await store.db.selectFrom("node_analysis").selectAll().where("snapshot_id", "=", result.snapshotId).execute();
    expect(nodeRows).toHaveLength(2);
  });

  it("draws the container and node charts from the series it stored, as worked out by hand", async () => {
    const hour = 3_600_000;
    // A whole UTC hour in the middle of the 30 hours: twelve 5-minute samples, one of them the hourly 0.8-core step.
    const from = Math.ceil((times.startSec * 1000 + 6 * hour) / hour) * hour;
    const web = await store.db.selectFrom("container").select("id").where("pod_owner_name", "=", "web").executeTakeFirstOrThrow();
    const buckets = (await containerMetricSeries(store.db, web.id, { startMs: from, endMs: from + hour, interval: "HOUR_1" }))!;
    expect(buckets).toHaveLength(1);
    expect(buckets[0].cpuUtilization.min).toBeCloseTo(200, 3);
    expect(buckets[0].cpuUtilization.peak).toBeCloseTo(800, 3);
    expect(buckets[0].cpuUtilization.avg).toBeCloseTo((11 * 200 + 800) / 12, 3);
    expect(buckets[0].memoryWorkingSet.median).toBeCloseTo(300, 3);
    expect(buckets[0].numberOfContainers.avg).toBe(1);

    // node-b runs db (0.1 core, 1 GiB) and the log agent (0.05 core, 50 MiB): of 3.9 cores and 7.5 GiB allocatable.
    const args = { startDate: new Date(from).toISOString(), endDate: new Date(from + hour).toISOString(), timeInterval: "HOUR_1" };
    const nodeB = (await nodeMetricSeries(store, nodeIdOf("c1", "node-b"), args))!;
    expect(nodeB).toHaveLength(1);
    expect(nodeB[0].metrics.cpuUtilization.avg).toBeCloseTo((0.15 / 3.9) * 100, 2);
    expect(nodeB[0].metrics.memoryUtilizationPercent.avg).toBeCloseTo(((1024 + 50) / 7680) * 100, 2);
    const group = await store.db.selectFrom("node_analysis").select("node_group_id").where("node_id", "=", nodeIdOf("c1", "node-b")).executeTakeFirstOrThrow();
    const groupRows = (await nodeGroupMetricSeries(store, group.node_group_id!, args))!;
    expect(groupRows).toHaveLength(1);
    expect(Object.values(groupRows[0].metrics).some((m) => m.avg !== null && m.avg > 0)).toBe(true);
  });

  it("keeps the previous data whole when Prometheus is down, slow, answers garbage or fails halfway", async () => {
    const before = await snapshot(store);
    expect(before.containers).toHaveLength(5);
    const failures: [string, string, RegExp][] = [];

    // Down: nothing listens on the port.
    const downUrl = `http://127.0.0.1:${await freePort()}`;
    failures.push(["down", downUrl, /Cluster "c1": Prometheus at http:\/\/127\.0\.0\.1:\d+: \/api\/v1\/status\/buildinfo failed: connection refused \(after 2 attempts\)/]);
    // Slow: answers after the time-out.
    const slow = await startFakeServer((_req, res) => {
      const timer = setTimeout(() => res.end("{}"), 5_000);
      res.on("close", () => clearTimeout(timer));
    });
    failures.push(["slow", slow.url, /buildinfo failed: timed out \(after 2 attempts\)/]);
    // Garbage: HTML where JSON belongs.
    const garbage = await startFakeServer((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<html><body>Sign in to continue</body></html>");
    });
    failures.push(["garbage", garbage.url, /buildinfo failed: HTTP 200, and the answer is not JSON: "<html><body>Sign in/]);
    // Halfway: the real store, except that the memory queries of c2 answer a wrong shape (c1's series are written by then).
    const halfway = await startFakeServer(async (req, res) => {
      const body = req.method === "POST" ? await readBody(req) : "";
      if (decodeURIComponent(body.replace(/\+/g, " ")).includes('container_memory_working_set_bytes{cluster="c2"')) {
        res.writeHead(200, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ status: "success", data: { resultType: "matrix", result: [{ metric: {}, values: [[1, 2]] }] } }));
        return;
      }
      const upstream = await fetch(`${prom.url}${req.url}`, { method: req.method, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: body || undefined });
      res.writeHead(upstream.status, { "Content-Type": "application/json" });
      res.end(await upstream.text());
    });
    failures.push(["halfway", halfway.url, /Cluster "c2": Prometheus at .*: \/api\/v1\/query_range failed: query_range: a sample is not \[time, "value"\]/]);

    try {
      for (const [label, url, message] of failures) {
        const error = await collect(store, url, FAST).then(
          () => null,
          (e: Error) => e,
        );
        expect(error?.message, label).toMatch(message);
        const run = await store.db.selectFrom("collection_run").selectAll().where("status", "=", "failed").orderBy("started_at", "desc").limit(1).executeTakeFirstOrThrow();
        expect(run.error, label).toMatch(message);
        expect(await snapshot(store), label).toEqual(before);
      }
    } finally {
      await Promise.all([slow.stop(), garbage.stop(), halfway.stop()]);
    }
  });
});

describe("npm run collect -- --source prometheus", () => {
  it("collects every cluster of a labelled store and analyses it; a bad address fails with the reason", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-collect-"));
    const file = path.join(dir, "kubex.db");
    const run = (args: string[]) =>
      spawnSync(process.execPath, ["--import", "tsx", "scripts/collect.ts", ...args], {
        cwd: path.resolve(import.meta.dirname, "../.."),
        env: { ...process.env, DATABASE_URL: "", DATABASE_FILE: file },
        encoding: "utf8",
      });
    try {
      const ok = run(["--source", "prometheus", "--url", prom.url, "--cluster-label", "cluster", "--days", "2", "--end", new Date(times.endSec * 1000).toISOString()]);
      expect(ok.status, ok.stderr).toBe(0);
      expect(ok.stdout).toMatch(/Collecting c1, c2 from http:\/\/127\.0\.0\.1:\d+ \(2 days\)/);
      expect(ok.stdout).toMatch(/Collected 5 containers, 2 clusters, 2 node groups and 2 nodes/);
      const store = openStore({ databaseUrl: "", sqliteFile: file });
      try {
        const analysed = await store.db.selectFrom("container_analysis").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
        expect(Number(analysed.n)).toBe(5);
      } finally {
        await store.close();
      }
      const port = await freePort();
      const bad = run(["--source", "prometheus", "--url", `http://127.0.0.1:${port}`, "--timeout", "1"]);
      expect(bad.status).toBe(1);
      expect(bad.stderr).toMatch(/Collection failed; the previous inventory is unchanged\. Cluster "127\.0\.0\.1": Prometheus at http:\/\/127\.0\.0\.1:\d+: \/api\/v1\/status\/buildinfo failed: connection refused/);
      const usage = run(["--source", "prometheus"]);
      expect(usage.status).toBe(2);
      expect(usage.stderr).toMatch(/--url is needed with --source prometheus/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("credentials and a custom CA", () => {
  /** A proxy to the real store that wants `expected` as the Authorization (or `header`) header (over HTTPS when given a key pair). */
  async function guardedProxy(expected: string, tls?: { key: string; cert: string }, header = "authorization") {
    const https = await import("node:https");
    const http = await import("node:http");
    const handler = async (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => {
      if (req.headers[header] !== expected) {
        res.writeHead(401, { "Content-Type": "text/plain" });
        res.end("Unauthorized");
        return;
      }
      const body = req.method === "POST" ? await readBody(req) : "";
      const upstream = await fetch(`${prom.url}${req.url}`, { method: req.method, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: body || undefined });
      res.writeHead(upstream.status, { "Content-Type": "application/json" });
      res.end(await upstream.text());
    };
    const server = tls ? https.createServer(tls, handler) : http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as import("node:net").AddressInfo).port;
    return { url: `${tls ? "https" : "http"}://127.0.0.1:${port}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  it("sends a bearer token or basic auth, and says when they are refused", async () => {
    const bearer = await guardedProxy("Bearer s3cret");
    const basic = await guardedProxy(`Basic ${Buffer.from("kubex:pa:ss").toString("base64")}`);
    try {
      const ok = createPromClient({ url: bearer.url, bearerToken: "s3cret" }, FAST);
      const wrong = createPromClient({ url: bearer.url, bearerToken: "nope" }, FAST);
      const ok2 = createPromClient({ url: basic.url, basicAuth: { username: "kubex", password: "pa:ss" } }, FAST);
      clients.push(ok, wrong, ok2);
      expect((await ok.buildInfo()).version).toMatch(/^2\./);
      expect((await ok2.buildInfo()).version).toMatch(/^2\./);
      await expect(wrong.buildInfo()).rejects.toThrow(/buildinfo failed: HTTP 401: credentials refused$/);
      expect(wrong.stats.requests).toBe(1); // refused credentials are not tried again
    } finally {
      await Promise.all([bearer.stop(), basic.stop()]);
    }
  });

  it("sends a tenant as X-Scope-OrgID (Mimir, Cortex), none when it has none", async () => {
    const mimir = await guardedProxy("team-a", undefined, "x-scope-orgid");
    try {
      const ok = createPromClient({ url: mimir.url, tenant: "team-a" }, FAST);
      const none = createPromClient({ url: mimir.url }, FAST);
      clients.push(ok, none);
      expect((await ok.buildInfo()).version).toMatch(/^2\./);
      await expect(none.buildInfo()).rejects.toThrow(/HTTP 401/);
    } finally {
      await mimir.stop();
    }
  });

  it("trusts a custom CA over HTTPS, and refuses an unknown certificate", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-ca-"));
    const sh = (args: string[]) => {
      const r = spawnSync("openssl", args, { cwd: dir, encoding: "utf8" });
      if (r.status !== 0) throw new Error(r.stderr);
    };
    try {
      sh(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=kubex test CA"]);
      sh(["req", "-newkey", "rsa:2048", "-nodes", "-keyout", "srv.key", "-out", "srv.csr", "-subj", "/CN=127.0.0.1"]);
      fs.writeFileSync(path.join(dir, "ext.cnf"), "subjectAltName=IP:127.0.0.1\n");
      sh(["x509", "-req", "-in", "srv.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "srv.pem", "-days", "2", "-extfile", "ext.cnf"]);
      const read = (f: string) => fs.readFileSync(path.join(dir, f), "utf8");
      const proxy = await guardedProxy("Bearer t", { key: read("srv.key"), cert: read("srv.pem") });
      try {
        const trusted = createPromClient({ url: proxy.url, bearerToken: "t", caCert: read("ca.pem") }, FAST);
        const untrusted = createPromClient({ url: proxy.url, bearerToken: "t" }, FAST);
        clients.push(trusted, untrusted);
        expect((await trusted.buildInfo()).version).toMatch(/^2\./);
        await expect(untrusted.buildInfo()).rejects.toThrow(/buildinfo failed: TLS certificate refused/);
      } finally {
        await proxy.stop();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
