/**
 * Policies users can change (issue 15 must-show 2 and its part of must-show 4), on every store: the shipped
 * policies seeded; a clear message per field and nothing saved on error; unique names; the System Default Policy
 * kept; assignments to folders of a View, the deepest winning over the label; the history of who changed what;
 * a change re-analysing only the affected containers into a new snapshot whose rows equal a full run's; and the
 * permission matrix (administrator / analyst / no session × create, copy, edit, delete, assign, unassign) over
 * the GraphQL API and the Policies screen's forms.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { getStore } from "~/db/db.server";
import { runAnalysis } from "~/analysis/run.server";
import { SEED_IDS } from "~/models/treeview-common.server";
import { csrfToken } from "~/features/auth/session.server";
import { actPolicies, loadPolicies } from "~/features/policies/policies.server";
import {
  assignPolicy,
  copyPolicy,
  createPolicy,
  deletePolicy,
  listAssignments,
  listPolicies,
  policyHistory,
  resolveContainerPolicies,
  unassignPolicy,
  updatePolicy,
} from "~/models/policies.server";
import { FieldsError } from "~/lib/errors";
import { ANALYSIS_COLUMNS } from "~/analysis/columns";
import type { ContainerSample, MetricsSource } from "~/engine/source-contract";
import { TEST_STORES } from "./stores";
import { startApi, type Api, type Caller } from "./graphql-harness";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const STEP = 300_000;
const VIEW = SEED_IDS.clusterView;
const PAGE = "http://localhost/kubex/policies";

/** id, cluster, namespace, owner, label; each container's samples differ so policies give different answers. */
const FLEET = [
  ["p1", "prod-a", "shop", "api", "Production Balanced"],
  ["p2", "prod-a", "shop", "web", "Production Balanced"],
  ["p3", "prod-a", "pay", "gw", "Performance First"],
  ["p4", "dev-b", "batch", "etl", "Cost Saver"],
  ["p5", "dev-b", "batch", "loader", ""],
  ["p6", "dev-b", "tools", "cron", "no such policy"],
] as const;

const source: MetricsSource = {
  inventory: () => {
    throw new Error("not used");
  },
  containerSamples(id, fromMs, toMs) {
    const k = Number(id.slice(1));
    const out: ContainerSample[] = [];
    for (let t = Math.ceil(Math.max(fromMs, NOW - 7 * 86_400_000) / STEP) * STEP, i = 0; t < toMs; t += STEP, i++) {
      out.push({ t, cpu: 40 * k + ((i * 37) % 100), mem: 100 * k + ((i * 53) % 150) });
    }
    return out;
  },
  containerEvents: () => ({ restarts: 0, oomKills: 0, throttleEvents: 0 }),
  nodeSamples: () => [],
};

const ROW_COLUMNS = ANALYSIS_COLUMNS.filter((c) => c !== "snapshot_id");

describe.each(TEST_STORES)("policies users can change on $name", (testStore) => {
  let api: Api;

  async function rows(snapshotId?: string) {
    const id = snapshotId ?? (await api.db.selectFrom("meta").select("value").where("key", "=", "current_analysis_snapshot").executeTakeFirstOrThrow()).value;
    const { rows: r } = await sql<Record<string, unknown>>`select ${sql.join(ROW_COLUMNS.map((c) => sql.ref(c)))} from container_analysis where snapshot_id = ${id} order by container_id`.execute(api.db);
    return r;
  }
  const current = async () => (await api.db.selectFrom("meta").select("value").where("key", "=", "current_analysis_snapshot").executeTakeFirstOrThrow()).value;
  const byName = async (name: string) => (await listPolicies(api.db)).find((p) => p.name === name)!;

  beforeAll(async () => {
    api = await startApi(testStore);
    const db = api.db;
    await db.insertInto("k8s_cluster").values([
      { name: "prod-a", provider: "AWS", region: "us-east-1" },
      { name: "dev-b", provider: "GCP", region: "us-central1" },
    ]).execute();
    for (const [id, cluster, namespace, owner, policy] of FLEET) {
      await db
        .insertInto("container")
        .values({
          id, cluster, namespace, pod_owner_kind: "Deployment", pod_owner_name: owner, container_name: "main", node_group: "general", policy,
          replicas: 1, cpu_request: 500, cpu_limit: null, mem_request: 1024, mem_limit: null,
          first_seen: "2024-01-01T00:00:00.000Z", last_seen: new Date(NOW).toISOString(),
        })
        .execute();
    }
    await runAnalysis(await getStore(), { source, nowMs: NOW, workers: 0 });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("seeds the four shipped policies, System Default first and marked system", async () => {
    const list = await listPolicies(api.db);
    expect(list.map((p) => [p.name, p.isSystem])).toEqual([
      ["System Default Policy", true],
      ["Cost Saver", false],
      ["Performance First", false],
      ["Production Balanced", false],
    ]);
    expect((await byName("Production Balanced")).values.memoryRequestHeadroom).toBe(20);
  });

  it("refuses bad values with one message per field and saves nothing; names are unique; System Default stays", async () => {
    const before = await listPolicies(api.db);
    const err = await createPolicy(api.db, api.admin.user, {
      name: "cost saver ",
      description: "",
      values: { cpuPercentile: 101, maxPercentDecrease: 0, workloadRangeDays: 3.5, includeWeekdays: "maybe" },
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FieldsError);
    const fields = Object.fromEntries((err as FieldsError).fields.map((f) => [f.field, f.message]));
    expect(fields).toEqual({
      name: 'A policy named "cost saver" already exists; policy names are unique.',
      cpuPercentile: "CPU Percentile must be a number from 50 to 100 percentile (got 101).",
      maxPercentDecrease: "Max Percent Decrease must be a number from 1 to 99 % (got 0).",
      workloadRangeDays: "Workload Range must be a whole number from 1 to 90 days (got 3.5).",
      includeWeekdays: "Include Weekdays must be Yes or No (true or false).",
    });
    // A rule across fields names the field it is shown beside.
    const cross = await createPolicy(api.db, api.admin.user, { name: "Short", description: "", values: { workloadRangeDays: 2, minimumDays: 3 } }).catch((e: unknown) => e);
    expect((cross as FieldsError).fields).toEqual([
      { field: "minimumDays", message: "Minimum Days (3) cannot exceed the Workload Range (2 days)." },
      { field: "minHoursForDownsize", message: "Min Hours for Downsize (168) cannot exceed the Workload Range (48 hours): nothing could ever be downsized." },
    ]);
    expect(await listPolicies(api.db)).toEqual(before);
    const system = before[0];
    await expect(deletePolicy(api.db, api.admin.user, system.id)).rejects.toThrow(/cannot be deleted/);
    await expect(updatePolicy(api.db, api.admin.user, system.id, { name: "Renamed", description: "", values: {} })).rejects.toThrow(/cannot be renamed/);
  });

  it("follows the deepest assignment, then the label, then System Default; a change re-analyses only those containers and equals a full run", async () => {
    const cs = await byName("Cost Saver");
    const pf = await byName("Performance First");
    const before = await rows();
    const firstSnapshot = await current();
    await assignPolicy(api.db, api.admin.user, { policyId: pf.id, viewId: VIEW, path: ["prod-a"] });
    await assignPolicy(api.db, api.admin.user, { policyId: cs.id, viewId: VIEW, path: ["prod-a", "shop"] });
    const containers = FLEET.map(([id, , , , policy]) => ({ id, policy }));
    const resolved = await resolveContainerPolicies(api.db, containers);
    expect(Object.fromEntries([...resolved.byContainer].map(([id, p]) => [id, p.name]))).toEqual({
      p1: "Cost Saver", // folder prod-a/shop beats prod-a and the label
      p2: "Cost Saver",
      p3: "Performance First", // folder prod-a (its label said the same)
      p4: "Cost Saver", // its label
      p5: "System Default Policy", // no label
      p6: "System Default Policy", // an unknown label
    });

    const partial = await runAnalysis(await getStore(), { source, nowMs: NOW, workers: 0, onlyPolicyChanges: true });
    expect(partial.partial).toBe(true);
    expect(partial.reanalysedCount).toBe(2); // p1, p2 (p3 kept Performance First)
    expect(partial.previousSnapshotId).toBe(firstSnapshot);
    const after = await rows();
    expect(after.find((r) => r.container_id === "p1")!.policy_name).toBe("Cost Saver");
    expect(after.find((r) => r.container_id === "p1")).not.toEqual(before.find((r) => r.container_id === "p1"));
    for (const id of ["p3", "p4", "p5", "p6"]) expect(after.find((r) => r.container_id === id)).toEqual(before.find((r) => r.container_id === id));
    // The old snapshot stays whole until the swap and is gone after it.
    expect(await rows(firstSnapshot)).toEqual([]);

    // Edit a policy: only the containers that follow it run again, and the result is a full run's.
    const edited = await updatePolicy(api.db, api.admin.user, cs.id, { name: cs.name, description: cs.description, values: { ...cs.values, cpuPercentile: 99, cpuAnalysisMetric: "Percentile" } });
    expect(edited.values.cpuPercentile).toBe(99);
    const second = await runAnalysis(await getStore(), { source, nowMs: NOW, workers: 0, onlyPolicyChanges: true });
    expect(second.reanalysedCount).toBe(3); // p1, p2, p4
    const partialRows = await rows();
    await runAnalysis(await getStore(), { source, nowMs: NOW, workers: 0 });
    expect(partialRows).toEqual(await rows());
    const snap = await api.db.selectFrom("analysis_snapshot").select("policies_json").where("id", "=", await current()).executeTakeFirstOrThrow();
    expect((JSON.parse(snap.policies_json) as Record<string, { cpuPercentile: number }>)["Cost Saver"].cpuPercentile).toBe(99);

    // Unassign the deeper folder: p1 and p2 fall back to the folder above.
    await unassignPolicy(api.db, api.admin.user, { viewId: VIEW, path: ["prod-a", "shop"] });
    const third = await runAnalysis(await getStore(), { source, nowMs: NOW, workers: 0, onlyPolicyChanges: true });
    expect(third.reanalysedCount).toBe(2);
    expect((await rows()).filter((r) => ["p1", "p2", "p3"].includes(String(r.container_id))).map((r) => r.policy_name)).toEqual(["Performance First", "Performance First", "Performance First"]);
    // Nothing changed: nothing runs again.
    expect((await runAnalysis(await getStore(), { source, nowMs: NOW, workers: 0, onlyPolicyChanges: true })).reanalysedCount).toBe(0);
  });

  it("keeps the history of who changed what: parameters old → new, assignments made and removed", async () => {
    const history = await policyHistory(api.db);
    const edit = history.find((h) => h.action === "edit" && h.policyName === "Cost Saver")!;
    expect(edit.userName).toBe("admin");
    expect(edit.changes).toEqual(["CPU Analysis Metric: Sustained → Percentile", "CPU Percentile: 95th percentile → 99th percentile"]);
    expect(history.filter((h) => h.action === "assign").map((h) => h.changes[0])).toEqual(["Assigned to folder prod-a / shop", "Assigned to folder prod-a"]);
    expect(history.find((h) => h.action === "unassign")!.changes).toEqual(["Removed from folder prod-a / shop"]);
    const page = await loadPolicies(new Request(PAGE, { headers: { cookie: await api.sessionCookie(api.analyst) } }));
    expect(page.admin).toBe(false);
    expect(page.csrf).toBe("");
    expect(page.history.length).toBe(history.length);
  });

  describe("permission matrix", () => {
    const CREATE = `mutation($i: PolicyInput!) { createPolicy(input: $i) { id name } }`;
    const COPY = `mutation($id: String!) { copyPolicy(id: $id) { id name } }`;
    const UPDATE = `mutation($id: String!, $i: PolicyInput!) { updatePolicy(id: $id, input: $i) { id valuesJson } }`;
    const DELETE = `mutation($id: String!) { deletePolicy(id: $id) { status message } }`;
    const ASSIGN = `mutation($p: String!, $v: String!, $path: [String!]!) { assignPolicy(policyId: $p, viewId: $v, path: $path) { id policyName path } }`;
    const UNASSIGN = `mutation($v: String!, $path: [String!]!) { unassignPolicy(viewId: $v, path: $path) { status message } }`;

    async function post(who: Caller | null, fields: Record<string, string>) {
      const cookie = who ? await api.sessionCookie(who) : "";
      const headers = cookie ? { cookie } : undefined;
      const form = new FormData();
      form.set("csrf", await csrfToken(new Request(PAGE, { headers })));
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      return new Request(PAGE, { method: "POST", body: form, headers });
    }
    /** The form action's status: 302 done, 4xx refused (the body says why), or a thrown Response (no session). */
    async function act(who: Caller | null, fields: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> | null }> {
      try {
        const r = await actPolicies(await post(who, fields));
        return { status: r.status, body: r.headers.get("Content-Type")?.includes("json") ? ((await r.json()) as Record<string, unknown>) : null };
      } catch (e) {
        if (e instanceof Response) return { status: e.status, body: null };
        throw e;
      }
    }
    const snapshot = async () => ({
      policies: await listPolicies(api.db),
      assignments: await listAssignments(api.db),
      history: (await policyHistory(api.db, 1000)).length,
    });

    it("API: an analyst and no session are refused every change and nothing changes; an administrator does each", async () => {
      const target = await copyPolicy(api.db, api.admin.user, (await byName("Cost Saver")).id, "Matrix target");
      const input = { name: "Matrix new", description: "", valuesJson: JSON.stringify({ cpuPercentile: 90 }) };
      const ops: [string, string, Record<string, unknown>][] = [
        ["create", CREATE, { i: input }],
        ["copy", COPY, { id: target.id }],
        ["edit", UPDATE, { id: target.id, i: { name: "Matrix target", valuesJson: JSON.stringify({ cpuPercentile: 97 }) } }],
        ["assign", ASSIGN, { p: target.id, v: VIEW, path: ["dev-b"] }],
        ["unassign", UNASSIGN, { v: VIEW, path: ["prod-a"] }],
        ["delete", DELETE, { id: target.id }],
      ];
      const start = await snapshot();
      for (const [name, query, variables] of ops) {
        const refused = await api.gql(api.analyst, query, variables, "policy");
        expect(refused.body.errors?.[0]?.extensions?.code, `analyst ${name}`).toBe("FORBIDDEN");
        expect(refused.body.errors?.[0]?.message, `analyst ${name}`).toBe("Permission Denied: Only administrators can change policies; you can see them read-only.");
        expect((await api.gql(null, query, variables, "policy")).status, `anonymous ${name}`).toBe(401);
      }
      expect(await snapshot()).toEqual(start);
      // The analyst reads everything.
      const read = await api.data(api.analyst, `{ policies { name isSystem valuesJson } policyAssignments { policyName path } policyHistory(limit: 5) { action userName changes } }`, {}, "policy");
      expect(read.policies).toHaveLength(start.policies.length);
      expect(read.policyAssignments).toEqual([{ policyName: "Performance First", path: ["prod-a"] }]);
      // The administrator does each.
      const done: Record<string, any> = {};
      for (const [name, query, variables] of ops) done[name] = await api.data(api.admin, query, variables, "policy");
      expect(done.create.createPolicy.name).toBe("Matrix new");
      expect(done.copy.copyPolicy.name).toBe("Copy of Matrix target");
      expect(JSON.parse(done.edit.updatePolicy.valuesJson).cpuPercentile).toBe(97);
      expect(done.assign.assignPolicy).toMatchObject({ policyName: "Matrix target", path: ["dev-b"] });
      expect(done.unassign.unassignPolicy.message).toBe("Assignment removed.");
      expect(done.delete.deletePolicy.message).toBe('Policy "Matrix target" deleted.');
      expect(await listAssignments(api.db)).toEqual([]); // dev-b went with the deleted policy, prod-a was unassigned
      // A bad value over the API: one clear message, nothing saved.
      const bad = await api.gql(api.admin, CREATE, { i: { name: "Bad", valuesJson: JSON.stringify({ cpuPercentile: 20 }) } }, "policy");
      expect(bad.body.errors?.[0]?.message).toBe("Validation Error: CPU Percentile must be a number from 50 to 100 percentile (got 20).");
    });

    it("forms: an analyst's post is refused (403) with the reason, no session goes to sign-in, an administrator does each", async () => {
      const target = await copyPolicy(api.db, api.admin.user, (await byName("Cost Saver")).id, "Form target");
      const values = Object.fromEntries(Object.entries(target.values).map(([k, v]) => [k, Array.isArray(v) ? v.join(", ") : String(v)]));
      const ops: [string, Record<string, string>][] = [
        ["create", { intent: "create", name: "Form new", description: "", ...values }],
        ["copy", { intent: "copy", id: target.id }],
        ["edit", { intent: "edit", id: target.id, name: "Form target", description: target.description, ...values, cpuPercentile: "98" }],
        ["assign", { intent: "assign", policyId: target.id, viewId: VIEW, path: JSON.stringify(["dev-b", "batch"]), returnTo: "/kubex/containers-tree?tabGroup1=policies" }],
        ["unassign", { intent: "unassign", viewId: VIEW, path: JSON.stringify(["dev-b", "batch"]), returnTo: "/kubex/containers-tree?tabGroup1=policies" }],
        ["delete", { intent: "delete", id: target.id }],
      ];
      const start = await snapshot();
      for (const [name, fields] of ops) {
        const refused = await act(api.analyst, fields);
        expect(refused.status, `analyst ${name}`).toBe(403);
        expect(refused.body?.error, `analyst ${name}`).toBe("Only administrators can change policies; you can see them read-only.");
        const anonymous = await act(null, fields);
        expect(anonymous.status, `anonymous ${name}`).toBe(302);
      }
      expect(await snapshot()).toEqual(start);
      for (const [name, fields] of ops) {
        const r = await act(api.admin, fields);
        expect(r.status, `admin ${name}`).toBe(302);
      }
      expect((await byName("Form new")).values.cpuPercentile).toBe(99); // Cost Saver's values as posted
      expect((await listPolicies(api.db)).some((p) => p.name === "Copy of Form target")).toBe(true);
      expect((await listPolicies(api.db)).some((p) => p.name === "Form target")).toBe(false);
      const history = await policyHistory(api.db, 20);
      expect(history.find((h) => h.action === "edit" && h.policyName === "Form target")?.changes).toEqual(["CPU Percentile: 99th percentile → 98th percentile"]);
      // A bad field: the message beside that field, the draft kept, nothing saved.
      const bad = await act(api.admin, { intent: "create", name: "Bad form", description: "", ...values, memoryAllocationIncrement: "abc", minimumHours: "30" });
      expect(bad.status).toBe(200); // the form again, each message beside its field
      expect(bad.body?.fieldErrors).toEqual({
        memoryAllocationIncrement: ['Memory Allocation Increment must be a whole number from 1 to 1024 MB (got "abc").'],
        minimumHours: ["Minimum Hours must be a whole number from 1 to 24 hours (got 30)."],
      });
      expect((bad.body?.draft as Record<string, string>).memoryAllocationIncrement).toBe("abc");
      expect((await listPolicies(api.db)).some((p) => p.name === "Bad form")).toBe(false);
    });
  });
});
