/**
 * Container policies over real HTTP (service path policy) on every store: a small fleet under three policies in two
 * clusters, analysed with a flat fake metrics source. policyInstances counts the containers each policy drives and
 * agrees with the container grid's row count under the same View, Filter, folder or container; the definitions and
 * overview come back in the spec's shapes; a wrong policy type is refused clearly.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getStore } from "~/db/db.server";
import { EMPTY_ID } from "~/lib/constants";
import { runAnalysis } from "~/analysis/run.server";
import { SEED_IDS } from "~/models/treeview-common.server";
import type { ContainerSample, MetricsSource } from "~/engine/source-contract";
import { GET_CONTAINER_DETAILS_BY_VIEW_AND_FILTER, type ScopeVariables } from "../graphql-operations/containers";
import { PARAMETER_GROUP_DEFINITIONS, POLICY_INSTANCES, POLICY_INSTANCE_OVERVIEW, type PolicyInstance } from "../graphql-operations/policy";
import { SAVE_OR_UPDATE_VIEW_FILTER } from "~/graphql/operations/treeview";
import { PARAMETER_DEFINITIONS } from "~/engine/policy";
import { TEST_STORES } from "./stores";
import { startApi, type Api } from "./graphql-harness";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const STEP = 300_000;
const TYPE = "CONTAINER_KUBERNETES";
const ALL: ScopeVariables = { viewId: SEED_IDS.clusterView, filterId: SEED_IDS.allContainers, treeviewPath: "" };

/** id, cluster, namespace, owner, policy (as stored on the container; unknown names run under the System Default Policy). */
const FLEET = [
  ["p1", "prod-a", "shop", "api", "Production Balanced"],
  ["p2", "prod-a", "shop", "web", "Production Balanced"],
  ["p3", "prod-a", "pay", "gw", "Performance First"],
  ["p4", "dev-b", "batch", "etl", "Cost Saver"],
  ["p5", "dev-b", "batch", "loader", "Production Balanced"],
  ["p6", "dev-b", "tools", "cron", "no such policy"],
] as const;

const source: MetricsSource = {
  inventory: () => {
    throw new Error("not used");
  },
  containerSamples(_id, fromMs, toMs) {
    const out: ContainerSample[] = [];
    for (let t = Math.ceil(Math.max(fromMs, NOW - 7 * 86_400_000) / STEP) * STEP; t < toMs; t += STEP) out.push({ t, cpu: 100, mem: 200 });
    return out;
  },
  containerEvents: () => ({ restarts: 0, oomKills: 0, throttleEvents: 0 }),
  nodeSamples: () => [],
};

describe.each(TEST_STORES)("container policies over GraphQL on $name", (testStore) => {
  let api: Api;
  const instances = async (scope: ScopeVariables & { entityId?: string }) =>
    (await api.data(api.analyst, POLICY_INSTANCES.document, { policyTypeProvider: TYPE, ...scope }, "policy")).policyInstances as PolicyInstance[];
  const rowCount = async (scope: ScopeVariables) =>
    (await api.data(api.analyst, GET_CONTAINER_DETAILS_BY_VIEW_AND_FILTER.document, { ...scope, pageSize: 1 }, "containers")).getContainerDetailsByViewAndFilter.total as number;
  const byName = (list: PolicyInstance[]) => Object.fromEntries(list.map((p) => [p.name, p.instanceCount]));

  /** Every policy's accounts add up to its instanceCount, and all instances to the grid's rows. */
  async function expectConsistent(scope: ScopeVariables) {
    const [list, rows] = await Promise.all([instances(scope), rowCount(scope)]);
    for (const p of list) {
      expect(p.accounts.reduce((s, a) => s + a.numInstances, 0), p.name).toBe(p.instanceCount);
      expect(p.accountCount, p.name).toBe(p.accounts.length);
      expect(p.instanceCount, p.name).toBeGreaterThan(0);
    }
    expect(list.reduce((s, p) => s + p.instanceCount, 0)).toBe(rows);
    return list;
  }

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
          replicas: 1, cpu_request: 200, cpu_limit: null, mem_request: 256, mem_limit: null,
          first_seen: "2024-01-01T00:00:00.000Z", last_seen: new Date(NOW).toISOString(),
        })
        .execute();
      await db.insertInto("container_attribute").values({ container_id: id, attr_key: "environment", value: cluster.startsWith("prod") ? "prod" : "dev" }).execute();
    }
    await runAnalysis(await getStore(), { source, nowMs: NOW, workers: 0 });
  });
  afterAll(async () => {
    await api?.close();
  });

  it("lists the policies of the whole fleet with their containers per cluster, most containers first", async () => {
    const list = await expectConsistent(ALL);
    expect(list.map((p) => [p.name, p.instanceCount, p.accountCount])).toEqual([
      ["Production Balanced", 3, 2],
      ["Cost Saver", 1, 1],
      ["Performance First", 1, 1],
      ["System Default Policy", 1, 1],
    ]);
    expect(list[0].accounts).toEqual([
      { infrastructureGroup: "prod-a", numInstances: 2 },
      { infrastructureGroup: "dev-b", numInstances: 1 },
    ]);
    expect(list[0].id).toBe("production-balanced");
    expect(list[0].parameterGroups.map((g) => g.name)).toEqual([
      "Operational Windowing",
      "Allocation Ranges and Increments",
      "Analysis Metric and Headroom",
      "Resource Adjustment Thresholds",
    ]);
    const headroom = list[0].parameterGroups[2].parameters.find((p) => p.id === "memoryRequestHeadroom");
    expect(headroom).toMatchObject({ value: "20%", unit: "%" });
  });

  it("changes the counts with the folder, the Filter and the container, consistently with the grid", async () => {
    const prod = await expectConsistent({ ...ALL, treeviewPath: "prod-a" });
    expect(byName(prod)).toEqual({ "Production Balanced": 2, "Performance First": 1 });
    const shop = await expectConsistent({ ...ALL, treeviewPath: "prod-a/shop" });
    expect(byName(shop)).toEqual({ "Production Balanced": 2 });
    const onlyProd = await expectConsistent({ ...ALL, filterId: SEED_IDS.productionOnly });
    expect(byName(onlyProd)).toEqual(byName(prod));
    const one = await instances({ ...ALL, entityId: "p4" });
    expect(one.map((p) => [p.name, p.instanceCount, p.accounts])).toEqual([["Cost Saver", 1, [{ infrastructureGroup: "dev-b", numInstances: 1 }]]]);
    expect(await instances({ ...ALL, treeviewPath: "prod-a", entityId: "p4" })).toEqual([]);
    // A private Filter of the caller narrows the same way, and the all-zero ids mean the caller's defaults.
    const saved = await api.data(api.analyst, SAVE_OR_UPDATE_VIEW_FILTER.document, {
      viewFilter: { viewFilterId: EMPTY_ID, name: "Batch only", filterDetails: [{ datasourceId: "K8S_NAMESPACE", operand: "=", filterValue: "batch" }] },
    });
    const batch = await expectConsistent({ ...ALL, filterId: saved.saveOrUpdateViewFilter.viewFilterId });
    expect(byName(batch)).toEqual({ "Cost Saver": 1, "Production Balanced": 1 });
    await expectConsistent({ viewId: EMPTY_ID, filterId: EMPTY_ID, treeviewPath: "" });
  });

  it("answers the parameter groups and definitions of the container policy type", async () => {
    const d = (await api.data(api.analyst, PARAMETER_GROUP_DEFINITIONS.document, { policyTypeProvider: TYPE }, "policy")).parameterGroupDefinitions;
    expect(d.groups.map((g: { orderIndex: number }) => g.orderIndex)).toEqual([0, 1, 2, 3]);
    expect(d.groups[0]).toMatchObject({ groupName: "windowing", policyId: TYPE, displayName: "Operational Windowing" });
    expect(d.parameters).toHaveLength(PARAMETER_DEFINITIONS.length);
    expect(d.parameters.find((p: { name: string }) => p.name === "cpuAllocationMin")).toEqual({
      name: "cpuAllocationMin",
      displayName: "CPU Allocation Minimum",
      description: "No CPU request or limit is recommended below this value.",
      unit: "mCores",
      defaultValue: "10",
      defaultDisplayValue: "10 mCores",
      advanced: false,
      groupName: "allocation",
    });
    expect(d.parameters.find((p: { name: string }) => p.name === "excludedHours")).toMatchObject({ defaultValue: "[]", defaultDisplayValue: "None" });
  });

  it("answers one policy's overview over the caller's default scope, null for an unknown id", async () => {
    const o = (await api.data(api.analyst, POLICY_INSTANCE_OVERVIEW.document, { policyTypeProvider: TYPE, policyInstanceId: "cost-saver" }, "policy")).policyInstanceOverview;
    expect(o).toMatchObject({ id: "cost-saver", name: "Cost Saver", instanceCount: 1, accountCount: 1 });
    const none = (await api.data(api.analyst, POLICY_INSTANCE_OVERVIEW.document, { policyTypeProvider: TYPE, policyInstanceId: "nope" }, "policy")).policyInstanceOverview;
    expect(none).toBeNull();
  });

  it("refuses another policy type and an unknown View clearly", async () => {
    const wrong = await api.gql(api.analyst, PARAMETER_GROUP_DEFINITIONS.document, { policyTypeProvider: "CLOUD_AWS" }, "policy");
    expect(wrong.body.errors?.[0].message).toBe("Validation Error: Unknown policyTypeProvider 'CLOUD_AWS'; use CONTAINER_KUBERNETES.");
    const view = await api.gql(api.analyst, POLICY_INSTANCES.document, { policyTypeProvider: TYPE, ...ALL, viewId: "11111111-1111-1111-1111-111111111111" }, "policy");
    expect(view.body.errors?.[0].message).toMatch(/^Not Found: View not found/);
    const anonymous = await api.gql(null, POLICY_INSTANCES.document, { policyTypeProvider: TYPE, ...ALL }, "policy");
    expect(anonymous.status).toBe(401);
  });
});
