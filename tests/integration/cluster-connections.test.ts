/**
 * Cluster connections over GraphQL on both stores, against a real Prometheus behind a bearer-token proxy: add
 * (secret sealed at rest, never answered), administrators only, Verify, collect and analyse every connected
 * cluster, edit, delete; and the generic scheduler (croner) running a job on its schedule and never twice at once.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { collectConnectedClusters } from "~/analysis/cluster-connections.server";
import { getStore, setStore } from "~/db/db.server";
import { jobStatus, registerJob, runJobNow, stopAllJobs } from "~/sources/schedule.server";
import { startApi, type Api } from "./graphql-harness";
import { fleetOpenMetrics, fleetTimes } from "./prometheus-fleet";
import { readBody, startPrometheus, type RunningPrometheus } from "./prometheus-harness";
import { TEST_STORES } from "./stores";

let prom: RunningPrometheus;
let proxy: http.Server;
let proxyUrl = "";
let endMs = 0;
const TOKEN = "tok-3f9a-secret";
const savedKey = process.env.KUBEX_SECRET_KEY;

beforeAll(async () => {
  process.env.KUBEX_SECRET_KEY = "ab".repeat(32);
  // The fleet's data ends 3 hours ago; Verify asks about "now", so the proxy answers instant queries at the data's end.
  const times = fleetTimes();
  endMs = times.endSec * 1000;
  prom = await startPrometheus(fleetOpenMetrics(times));
  proxy = http.createServer(async (req, res) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) {
      res.writeHead(401).end("no");
      return;
    }
    let body = req.method === "POST" ? await readBody(req) : "";
    if (req.url === "/api/v1/query") body = body.replace(/time=\d+/, `time=${times.endSec}`);
    const upstream = await fetch(`${prom.url}${req.url}`, { method: req.method, headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: body || undefined });
    res.writeHead(upstream.status, { "Content-Type": "application/json" });
    res.end(await upstream.text());
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => proxy?.close(() => resolve()));
  await prom?.stop();
  if (savedKey === undefined) delete process.env.KUBEX_SECRET_KEY;
  else process.env.KUBEX_SECRET_KEY = savedKey;
});

const FIELDS = "id name url authKind username hasSecret tenant clusterLabel clusterValue verifyOk verifyMessage prometheusVersion lastCollectionOk containerCount nodeCount";

describe.each(TEST_STORES)("cluster connections on $name", (testStore) => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi(testStore);
  });
  afterAll(async () => {
    await api?.close();
    setStore(undefined);
  });

  it("adds, verifies, collects, edits and deletes a connection; the secret is sealed and never answered", async () => {
    const add = `mutation($input: PrometheusConnectionInput!) { addPrometheusConnection(input: $input) { ${FIELDS} } }`;
    const input = { name: "c1", url: proxyUrl, authKind: "bearer", secret: TOKEN, clusterLabel: "cluster" };
    expect(await api.error(api.analyst, add, { input })).toMatch(/Only administrators manage cluster connections/);
    expect(await api.error(api.admin, add, { input: { ...input, url: "ftp://x" } })).toMatch(/must be an http:\/\/ or https:\/\/ URL/);
    expect(await api.error(api.admin, add, { input: { ...input, secret: "" } })).toMatch(/A bearer token is required/);
    const { addPrometheusConnection: c } = await api.data(api.admin, add, { input }, "data-collection-status");
    expect(c).toMatchObject({ name: "c1", authKind: "bearer", hasSecret: true, clusterLabel: "cluster", clusterValue: "c1", verifyOk: null });
    const row = await api.db.selectFrom("cluster_connection").selectAll().where("id", "=", c.id).executeTakeFirstOrThrow();
    expect(row.secret_sealed).toMatch(/^v1:/);
    expect(row.secret_sealed).not.toContain(TOKEN);
    expect(await api.error(api.admin, add, { input })).toMatch(/exists already/);

    const verify = `mutation($id: ID!) { verifyPrometheusConnection(id: $id) { status message } }`;
    // At the data's end the CronJob's pods are gone: web, db, two agents and the bare pod run.
    const v = (await api.data(api.admin, verify, { id: c.id })).verifyPrometheusConnection;
    expect(v).toEqual({ status: "OK", message: expect.stringMatching(/^Prometheus 2\.\S+ answers: 5 pods from kube-state-metrics, 5 containers from cAdvisor\.$/) });

    // A second cluster of the same store, with a wrong token: Verify says why; then fixed by an edit that keeps the name.
    const { addPrometheusConnection: c2 } = await api.data(api.admin, add, { input: { ...input, name: "c2", secret: "wrong" } });
    const v2 = (await api.data(api.admin, verify, { id: c2.id })).verifyPrometheusConnection;
    expect(v2).toEqual({ status: "FAILED", message: expect.stringMatching(/HTTP 401: credentials refused/) });
    const update = `mutation($id: ID!, $input: PrometheusConnectionInput!) { updatePrometheusConnection(id: $id, input: $input) { ${FIELDS} } }`;
    await api.data(api.admin, update, { id: c2.id, input: { ...input, name: "c2", secret: TOKEN } });
    // Editing without a secret keeps the stored one.
    const kept = (await api.data(api.admin, update, { id: c2.id, input: { ...input, name: "c2", secret: "" } })).updatePrometheusConnection;
    expect(kept.hasSecret).toBe(true);
    // A tenant for a multi-tenant store (Mimir: X-Scope-OrgID); the stand-in Prometheus ignores the header.
    expect(await api.error(api.admin, update, { id: c2.id, input: { ...input, name: "c2", secret: "", tenant: "team a" } })).toMatch(/The tenant holds letters, digits/);
    const tenanted = (await api.data(api.admin, update, { id: c2.id, input: { ...input, name: "c2", secret: "", tenant: "team-a" } })).updatePrometheusConnection;
    expect([kept.tenant, tenanted.tenant]).toEqual([null, "team-a"]);
    expect((await api.data(api.admin, verify, { id: c2.id })).verifyPrometheusConnection.status).toBe("OK");

    // Collect both (the window of the fleet's data), then analyse.
    const store = await getStore();
    const result = await collectConnectedClusters(store, { days: 2, endMs });
    expect(result?.counts).toMatchObject({ clusters: 2, containers: 5 });
    const list = (await api.data(api.admin, `{ prometheusConnections { ${FIELDS} lastCollectionAt clusterVersion } }`)).prometheusConnections;
    expect(list.map((x: Record<string, unknown>) => [x.name, x.lastCollectionOk, x.containerCount, x.nodeCount, x.clusterVersion])).toEqual([
      ["c1", true, 4, 2, "v1.29.3-eks-1"],
      ["c2", true, 1, 0, null],
    ]);
    expect(JSON.stringify(list)).not.toContain(TOKEN);
    const status = (await api.data(api.admin, `{ getContainerDataStatus { clusterName clusterVersion firstAuditTime lastAuditTime nodeCount nodeGroupCount containerCount forwarderVersion prometheusVersion } }`, {}, "data-collection-status")).getContainerDataStatus;
    expect(status).toEqual([
      { clusterName: "c1", clusterVersion: "v1.29.3-eks-1", firstAuditTime: expect.any(String), lastAuditTime: expect.any(String), nodeCount: 2, nodeGroupCount: 2, containerCount: 4, forwarderVersion: null, prometheusVersion: expect.stringMatching(/^2\./) },
      { clusterName: "c2", clusterVersion: null, firstAuditTime: expect.any(String), lastAuditTime: expect.any(String), nodeCount: 0, nodeGroupCount: 0, containerCount: 1, forwarderVersion: null, prometheusVersion: expect.stringMatching(/^2\./) },
    ]);
    const snapshots = await api.db.selectFrom("analysis_snapshot").select("status").where("status", "=", "complete").execute();
    expect(snapshots.length).toBeGreaterThanOrEqual(1);

    const del = `mutation($id: ID!) { deletePrometheusConnection(id: $id) { status message } }`;
    expect((await api.data(api.admin, del, { id: c2.id })).deletePrometheusConnection.status).toBe("OK");
    expect(await api.error(api.admin, del, { id: c2.id })).toMatch(/No such cluster connection/);
    expect((await api.data(api.admin, `{ prometheusConnections { name } }`)).prometheusConnections).toEqual([{ name: "c1" }]);
  });
});

describe("the scheduler", () => {
  afterAll(() => stopAllJobs());
  it("runs a registered job on its cron schedule and never runs it twice at once", async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    registerJob({
      name: "test-job",
      schedule: "* * * * * *", // every second
      run: () => {
        runs++;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    // Wait for the schedule to start a run (state, polled).
    while (!jobStatus("test-job")?.running) await new Promise((r) => setTimeout(r, 50));
    expect(runs).toBe(1);
    const joined = runJobNow("test-job"); // joins the run under way instead of starting another
    expect(runs).toBe(1);
    release();
    await joined;
    const status = jobStatus("test-job")!;
    expect(status).toMatchObject({ schedule: "* * * * * *", running: false, lastError: null });
    expect(status.nextRunAt).not.toBeNull();
    expect(() => registerJob({ name: "bad", schedule: "every day", run: async () => undefined })).toThrow(/Not a cron schedule/);
  });
});
