/**
 * The mutating admission webhook over HTTPS on both stores (decision 019): real AdmissionReview bodies for pods of a
 * Deployment (with an injected sidecar and an init container), a StatefulSet, a CronJob's Job (with a native
 * sidecar), a plain Job, under a LimitRange-style minimum, as a dry run, of an unknown workload, and garbage; every
 * answer allowed, every decision recorded, the Automation figures over GraphQL.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import type https from "node:https";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAnalysis } from "~/analysis/run.server";
import { getStore } from "~/db/db.server";
import { listenWebhook, webhookToken, webhookUrl } from "~/features/automation/webhook.server";
import { currentSnapshotId } from "~/models/snapshot.server";
import { GET_FILTER_DEFINITIONS, GET_VIEW_DEFINITIONS } from "~/graphql/operations/treeview";
import type { View, ViewFilter } from "~/graphql/operations/types";
import { startApi, type Api } from "./graphql-harness";
import { NOW, fakeSource, insertFleet } from "./hand-made-fleet";
import { TEST_STORES } from "./stores";
import { makeTestCert, patchOf, podReview, postHttps, type TestCert } from "./webhook-harness";

const SET_PATH = `mutation($viewId: String!, $filterId: String!, $treeviewPath: String!, $enableAutomation: Boolean!) {
  setAutomationStatusByTreePath(viewId: $viewId, filterId: $filterId, treeviewPath: $treeviewPath, enableAutomation: $enableAutomation) { status message } }`;
const SET_ENTITY = `mutation($viewId: String!, $filterId: String!, $treeviewPath: String!, $entityId: String!, $enableAutomation: Boolean!) {
  setAutomationStatusForEntity(viewId: $viewId, filterId: $filterId, treeviewPath: $treeviewPath, entityId: $entityId, enableAutomation: $enableAutomation) { status message } }`;
const SUMMARY = `{ getMutationControllerSummary { clusterName macDeployed macVersion macStatus macStatusDetail numMacs macLatestStatus macLatestMutation numMutations totalMutations } }`;

let cert: TestCert;
const saved = { key: process.env.KUBEX_SECRET_KEY, min: process.env.KUBEX_WEBHOOK_MINIMUMS };
beforeAll(() => {
  process.env.KUBEX_SECRET_KEY = "cd".repeat(32);
  delete process.env.KUBEX_WEBHOOK_MINIMUMS;
  cert = makeTestCert();
});
afterAll(() => {
  fs.rmSync(cert.dir, { recursive: true, force: true });
  for (const [k, v] of [["KUBEX_SECRET_KEY", saved.key], ["KUBEX_WEBHOOK_MINIMUMS", saved.min]] as const) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

const cpu = (m: number) => `${Math.ceil(m)}m`;
const mem = (mib: number) => `${Math.ceil(mib)}Mi`;

describe.each(TEST_STORES)("the admission webhook on $name", (testStore) => {
  let api: Api;
  let server: https.Server;
  let base = "";
  const conn = { prod: crypto.randomUUID(), dev: crypto.randomUUID() };
  const recs = new Map<string, { rec_cpu_request: number | null; rec_cpu_limit: number | null; rec_mem_request: number | null; rec_mem_limit: number | null }>();
  const send = (connectionId: string, body: unknown) => postHttps(webhookUrl(base, connectionId), typeof body === "string" ? body : JSON.stringify(body), cert.cert);

  beforeAll(async () => {
    api = await startApi(testStore);
    await insertFleet(api.db);
    await runAnalysis(await getStore(), { source: fakeSource(), nowMs: NOW, workers: 0 });
    // The fleet's workloads as the kinds under test: b a StatefulSet, c and d a CronJob's containers, e a Job.
    await api.db.updateTable("container").set({ pod_owner_kind: "StatefulSet" }).where("id", "=", "b").execute();
    await api.db.updateTable("container").set({ pod_owner_kind: "CronJob" }).where("id", "in", ["c", "d"]).execute();
    await api.db.updateTable("container").set({ pod_owner_kind: "Job", pod_owner_name: "migrate" }).where("id", "=", "e").execute();
    const now = new Date().toISOString();
    for (const [id, name] of [[conn.prod, "prod-a"], [conn.dev, "dev-b"]]) {
      await api.db.insertInto("cluster_connection").values({ id, name, url: "http://127.0.0.1:9", auth_kind: "none", insecure_skip_verify: 0, created_at: now, updated_at: now } as never).execute();
    }
    const snapshot = await currentSnapshotId(api.db);
    const rows = await api.db
      .selectFrom("container_analysis")
      .select(["container_id", "rec_cpu_request", "rec_cpu_limit", "rec_mem_request", "rec_mem_limit"])
      .where("snapshot_id", "=", snapshot!)
      .execute();
    for (const r of rows) recs.set(r.container_id, r);
    // Automation: the folder prod-a of the Cluster View (a, b, e), and the CronJob's two containers by entity.
    const views = (await api.data(api.admin, GET_VIEW_DEFINITIONS.document, {})).getViewDefinitions.publicList as View[];
    const filters = (await api.data(api.admin, GET_FILTER_DEFINITIONS.document, {})).getFilterDefinitions.publicList as ViewFilter[];
    const ids = { viewId: views.find((v) => v.name === "Cluster View")!.viewId, filterId: filters.find((f) => f.name === "All Containers")!.viewFilterId };
    const folder = await api.data(api.admin, SET_PATH, { ...ids, treeviewPath: "prod-a", enableAutomation: true }, "automation-status");
    expect(folder.setAutomationStatusByTreePath).toEqual({ status: "SUCCESS", message: expect.stringMatching(/^Automation enabled for 3 containers under '.*prod-a'\.$/) });
    for (const entityId of ["c", "d"]) {
      const one = await api.data(api.admin, SET_ENTITY, { ...ids, treeviewPath: "dev-b", entityId, enableAutomation: true }, "automation-status");
      expect(one.setAutomationStatusForEntity.status).toBe("SUCCESS");
    }
    const listening = await listenWebhook({ cert: cert.cert, key: cert.key, port: 0, host: "127.0.0.1", getDb: async () => api.db });
    server = listening.server;
    base = `https://127.0.0.1:${listening.port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    await api?.close();
  });

  it("patches a Deployment's container from its latest analysis and leaves the injected sidecar and the init container", async () => {
    const a = recs.get("a")!;
    // Hand-worked in hand-made-fleet.ts: a's CPU request 200 m → 100 m.
    expect(a.rec_cpu_request).toBe(100);
    const { uid, body } = podReview({
      namespace: "shop",
      owner: { kind: "ReplicaSet", name: "api-6b8c7d9f5" },
      labels: { app: "api", "pod-template-hash": "6b8c7d9f5" },
      initContainers: [{ name: "init-db", image: "busybox", resources: { requests: { cpu: "1", memory: "1Gi" } } }],
      containers: [
        { name: "app", image: "shop/api:1", resources: { requests: { cpu: "200m", memory: "256Mi", "ephemeral-storage": "2Gi" }, limits: { cpu: "400m", memory: "512Mi" } } },
        { name: "istio-proxy", image: "istio/proxyv2", resources: { requests: { cpu: "10m" } } },
      ],
    });
    const answer = await send(conn.prod, body);
    expect(answer.status).toBe(200);
    expect(answer.json.response).toMatchObject({ uid, allowed: true, patchType: "JSONPatch" });
    const limits: Record<string, string> = { cpu: a.rec_cpu_limit !== null ? cpu(Math.max(a.rec_cpu_limit, a.rec_cpu_request!)) : "400m" };
    limits.memory = a.rec_mem_limit !== null ? mem(a.rec_mem_limit) : "512Mi";
    expect(patchOf(answer)).toEqual([
      {
        op: "add",
        path: "/spec/containers/0/resources",
        value: { requests: { cpu: "100m", memory: mem(a.rec_mem_request!), "ephemeral-storage": "2Gi" }, limits },
      },
    ]);
    const row = await api.db.selectFrom("admission_decision").selectAll().where("uid", "=", uid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cluster: "prod-a", namespace: "shop", workload_kind: "Deployment", workload_name: "api", containers: "app", outcome: "applied", pod_name: "api-6b8c7d9f5-" });
  });

  it("adds resources to a StatefulSet's container that had none", async () => {
    const b = recs.get("b")!;
    const { body } = podReview({ namespace: "shop", owner: { kind: "StatefulSet", name: "web" }, containers: [{ name: "app", image: "web" }] });
    const answer = await send(conn.prod, body);
    const value = (patchOf(answer)?.[0] as { value: { requests: Record<string, string> } }).value;
    expect(patchOf(answer)?.[0]).toMatchObject({ op: "add", path: "/spec/containers/0/resources" });
    if (b.rec_cpu_request !== null) expect(value.requests.cpu).toBe(cpu(Math.max(10, b.rec_cpu_request)));
    if (b.rec_mem_request !== null) expect(value.requests.memory).toBe(mem(Math.max(16, b.rec_mem_request)));
  });

  it("resolves a CronJob's Job, patches its analysed container, leaves the unanalysed one and the native sidecar", async () => {
    const c = recs.get("c")!;
    const { uid, body } = podReview({
      namespace: "batch",
      owner: { kind: "Job", name: "etl-29411520" },
      initContainers: [{ name: "log-shipper", image: "fluent-bit", restartPolicy: "Always" }],
      containers: [
        { name: "main", image: "etl", resources: { requests: { cpu: "1", memory: "100Mi" } } },
        { name: "sidecar", image: "s", resources: { requests: { cpu: "100m", memory: "256Mi" }, limits: { memory: "512Mi" } } },
      ],
    });
    const answer = await send(conn.dev, body);
    const patch = patchOf(answer) as { path: string; value: { requests: Record<string, string> } }[];
    expect(patch.map((p) => p.path)).toEqual(["/spec/containers/0/resources"]);
    expect(patch[0]!.value.requests.cpu).toBe(cpu(c.rec_cpu_request!));
    const row = await api.db.selectFrom("admission_decision").selectAll().where("uid", "=", uid).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ cluster: "dev-b", workload_kind: "CronJob", workload_name: "etl", containers: "main", outcome: "applied" });
  });

  it("answers a plain Job whose container already has its recommendation without a patch, recorded as skipped", async () => {
    const e = recs.get("e")!;
    const requests = { cpu: cpu(e.rec_cpu_request ?? 100), memory: mem(e.rec_mem_request ?? 240) };
    const limits = { cpu: cpu(e.rec_cpu_limit ?? 120), memory: mem(e.rec_mem_limit ?? 288) };
    const { uid, body } = podReview({ namespace: "pay", owner: { kind: "Job", name: "migrate" }, containers: [{ name: "proxy", image: "p", resources: { requests, limits } }] });
    const answer = await send(conn.prod, body);
    expect(answer.json.response).toEqual({ uid, allowed: true });
    expect(await api.db.selectFrom("admission_decision").select(["outcome", "reason", "workload_kind"]).where("uid", "=", uid).executeTakeFirstOrThrow()).toEqual({
      outcome: "skipped",
      reason: "proxy: already at the recommendation",
      workload_kind: "Job",
    });
  });

  it("never sets below the namespace's minimum (LimitRange-style)", async () => {
    process.env.KUBEX_WEBHOOK_MINIMUMS = "cpu=10m,memory=16Mi;shop:cpu=250m,memory=2Gi";
    try {
      const { body } = podReview({ namespace: "shop", owner: { kind: "StatefulSet", name: "web" }, containers: [{ name: "app", image: "web" }] });
      const value = (patchOf(await send(conn.prod, body))?.[0] as { value: { requests: Record<string, string>; limits?: Record<string, string> } }).value;
      expect(value.requests).toEqual({ cpu: "250m", memory: "2048Mi" });
      for (const [k, v] of Object.entries(value.limits ?? {})) expect(k === "cpu" ? parseInt(v) >= 250 : parseInt(v) >= 2048).toBe(true);
    } finally {
      delete process.env.KUBEX_WEBHOOK_MINIMUMS;
    }
  });

  it("answers a dry run with the patch but records it as a dry run, not counted", async () => {
    const { uid, body } = podReview({ namespace: "shop", owner: { kind: "StatefulSet", name: "web" }, containers: [{ name: "app", image: "web" }], dryRun: true });
    const answer = await send(conn.prod, body);
    expect(patchOf(answer)?.length).toBe(1);
    expect((await api.db.selectFrom("admission_decision").select("outcome").where("uid", "=", uid).executeTakeFirstOrThrow()).outcome).toBe("dry-run");
  });

  it("allows unknown workloads, bare pods and garbage unchanged (garbage with a warning), and records them", async () => {
    const unknown = podReview({ namespace: "shop", owner: { kind: "ReplicaSet", name: "nope-5d4c3b2a1" }, labels: { "pod-template-hash": "5d4c3b2a1" }, containers: [{ name: "x" }] });
    expect((await send(conn.prod, unknown.body)).json.response).toEqual({ uid: unknown.uid, allowed: true });
    const bare = podReview({ namespace: "shop", containers: [{ name: "x" }] });
    expect((await send(conn.prod, bare.body)).json.response).toEqual({ uid: bare.uid, allowed: true });
    const garbage = await send(conn.prod, "{not json");
    expect(garbage.status).toBe(200);
    expect(garbage.json).toEqual({ apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview", response: { uid: "", allowed: true, warnings: [expect.stringContaining("not a JSON object")] } });
    const broken = await send(conn.prod, { apiVersion: "admission.k8s.io/v1", kind: "AdmissionReview", request: { uid: "broken-1", kind: { kind: "Pod" }, operation: "CREATE", object: { spec: { containers: 7 } } } });
    expect(broken.json.response).toMatchObject({ uid: "broken-1", allowed: true, warnings: [expect.stringContaining("no readable containers")] });
    const rows = await api.db.selectFrom("admission_decision").select(["uid", "outcome", "reason"]).where("uid", "in", [unknown.uid, bare.uid, "", "broken-1"]).orderBy("uid").execute();
    expect(rows).toEqual([
      { uid: unknown.uid, outcome: "skipped", reason: "unknown workload Deployment/nope in shop" },
      { uid: bare.uid, outcome: "skipped", reason: "a pod without a workload" },
      { uid: "", outcome: "error", reason: "The body is not a JSON object." },
      { uid: "broken-1", outcome: "error", reason: "The pod has no readable containers." },
    ].sort((x, y) => (x.uid < y.uid ? -1 : 1)));
  });

  it("refuses a wrong token or an unknown cluster (403, which failurePolicy Ignore admits) and records nothing", async () => {
    const before = await api.db.selectFrom("admission_decision").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const { body } = podReview({ namespace: "shop", containers: [{ name: "x" }] });
    expect((await postHttps(`${base}/mutate/${conn.prod}/${webhookToken(conn.dev)}`, JSON.stringify(body), cert.cert)).status).toBe(403);
    expect((await postHttps(`${base}/mutate/${crypto.randomUUID()}/x`, JSON.stringify(body), cert.cert)).status).toBe(403);
    const after = await api.db.selectFrom("admission_decision").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("leaves a container whose automation was switched off", async () => {
    const views = (await api.data(api.admin, GET_VIEW_DEFINITIONS.document, {})).getViewDefinitions.publicList as View[];
    const filters = (await api.data(api.admin, GET_FILTER_DEFINITIONS.document, {})).getFilterDefinitions.publicList as ViewFilter[];
    const ids = { viewId: views.find((v) => v.name === "Cluster View")!.viewId, filterId: filters.find((f) => f.name === "All Containers")!.viewFilterId };
    await api.data(api.admin, SET_ENTITY, { ...ids, treeviewPath: "dev-b", entityId: "c", enableAutomation: false }, "automation-status");
    const { uid, body } = podReview({ namespace: "batch", owner: { kind: "Job", name: "etl-29411580" }, containers: [{ name: "main", image: "etl" }] });
    expect((await send(conn.dev, body)).json.response).toEqual({ uid, allowed: true });
    expect((await api.db.selectFrom("admission_decision").select("reason").where("uid", "=", uid).executeTakeFirstOrThrow()).reason).toBe("main: automation is off");
  });

  it("gives administrators the connection parameters, whose token answers the API; others are refused", async () => {
    const query = "{ getContainerConnectionCredentials { userName token instanceName } }";
    const first = (await api.data(api.admin, query, {}, "data-collection-status")).getContainerConnectionCredentials;
    expect(first).toMatchObject({ userName: "admin", instanceName: api.baseUrl, token: expect.stringMatching(/^kbx_/) });
    // The same token each time (derived), registered once.
    expect((await api.data(api.admin, query, {}, "data-collection-status")).getContainerConnectionCredentials.token).toBe(first.token);
    expect(await api.db.selectFrom("api_token").select("name").where("name", "=", "Cluster connection parameters").execute()).toHaveLength(1);
    const asToken = await api.gql({ user: api.admin.user, token: first.token }, "{ getLoginUserInfo { userName } }", {}, "user");
    expect(asToken.status).toBe(200);
    const refused = await api.gql(api.analyst, query, {}, "data-collection-status");
    expect(refused.body.errors?.[0]?.message).toMatch(/administrators/);
  });

  it("sums the decisions per cluster for the Automation screen", async () => {
    const { getMutationControllerSummary: rows } = await api.data(api.admin, SUMMARY, {}, "automation-status");
    const prod = rows.find((r: { clusterName: string }) => r.clusterName === "prod-a");
    const dev = rows.find((r: { clusterName: string }) => r.clusterName === "dev-b");
    // prod-a: the Deployment, the StatefulSet and the minimum's StatefulSet pod were changed (the dry run not counted).
    expect(prod).toMatchObject({ macDeployed: true, macVersion: "kubex-webhook 0.1.0", macStatus: "Active", numMacs: 1, numMutations: 3, totalMutations: 3 });
    expect(dev).toMatchObject({ macDeployed: true, macStatus: "Active", numMutations: 1, totalMutations: 1, macLatestStatus: "skipped" });
    expect(Date.parse(dev.macLatestMutation)).toBeGreaterThan(Date.now() - 60_000);
  });
});
