/**
 * The trees over real HTTP: folder lists for a View and Filter (a Filter narrows the counts consistently), leaf
 * lists, the cache and reload, the cloud tree, visibility of the View and Filter used, and automation switches.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_ID, TEXT } from "~/lib/constants";
import type { TreeNode } from "~/domain/tree/types";
import { getEntityAutomationStatus } from "~/models/automation.server";
import {
  GET_FILTER_DEFINITIONS,
  GET_FOLDER_LIST_JSON,
  GET_LEAF_LIST_JSON,
  GET_VIEW_DEFINITIONS,
  SAVE_OR_UPDATE_VIEW,
  SAVE_OR_UPDATE_VIEW_FILTER,
  SET_ENTITY_AUTOMATION_STATUS,
  SET_TREE_PATH_AUTOMATION_STATUS,
} from "~/graphql/operations/treeview";
import type { View, ViewFilter } from "~/graphql/operations/types";
import { TEST_STORES } from "./stores";
import { insertCloudInstances, insertContainers, recordCollection, startApi, type Api, type Caller } from "./graphql-harness";

const NOT_FOUND_VIEW = "Not Found: View not found. It may have been deleted, or it is private to another user.";
const NOT_FOUND_FILTER = "Not Found: Filter not found. It may have been deleted, or it is private to another user.";

/** Every node's count equals the sum of its children's (folders), and what it is made of in names. */
function checkCounts(node: TreeNode): void {
  if (node.children?.length) {
    expect(node.containerCount, node.fullPath).toBe(node.children.reduce((s, c) => s + (c.containerCount ?? 0), 0));
    node.children.forEach(checkCounts);
  }
}
const shape = (node: TreeNode): unknown => [node.name, node.type, node.containerCount, ...(node.children?.length ? [node.children.map(shape)] : [])];

describe.each(TEST_STORES)("trees on $name", (testStore) => {
  let api: Api;
  const ids = { cluster: "", bu: "", nodeGroup: "", all: "", prod: "", large: "", cloudView: "", allInstances: "" };
  beforeAll(async () => {
    api = await startApi(testStore);
    await insertContainers(api.db);
    await insertCloudInstances(api.db);
    const v = (await api.data(api.analyst, GET_VIEW_DEFINITIONS.document, {})).getViewDefinitions.publicList as View[];
    const f = (await api.data(api.analyst, GET_FILTER_DEFINITIONS.document, {})).getFilterDefinitions.publicList as ViewFilter[];
    const byName = <T extends { name: string }>(list: T[], name: string) => list.find((x) => x.name === name)!;
    ids.cluster = byName(v, "Cluster View").viewId;
    ids.bu = byName(v, "Business Unit View").viewId;
    ids.nodeGroup = byName(v, "Node Group View").viewId;
    ids.all = byName(f, "All Containers").viewFilterId;
    ids.prod = byName(f, "Production Only").viewFilterId;
    ids.large = byName(f, "Large CPU or Memory Requests").viewFilterId;
    ids.cloudView = ((await api.data(api.analyst, GET_VIEW_DEFINITIONS.document, { ctx: "cloud" })).getViewDefinitions.publicList as View[])[0].viewId;
    ids.allInstances = ((await api.data(api.analyst, GET_FILTER_DEFINITIONS.document, { ctx: "cloud" })).getFilterDefinitions.publicList as ViewFilter[])[0]
      .viewFilterId;
  });
  afterAll(async () => {
    await api?.close();
  });

  const folders = async (who: Caller, vars: { viewId: string; filterId: string; ctx?: string; reload?: boolean }) =>
    JSON.parse((await api.data(who, GET_FOLDER_LIST_JSON.document, { analyzedOnly: true, ...vars })).getFolderListJson) as TreeNode;
  const leaves = async (who: Caller, vars: { viewId: string; filterId: string; treeviewPath: string; ctx?: string }) =>
    JSON.parse((await api.data(who, GET_LEAF_LIST_JSON.document, { analyzedOnly: true, ...vars })).getLeafListJson) as TreeNode[];

  it("builds the Cluster View folder tree with the spec's node fields", async () => {
    const root = await folders(api.analyst, { viewId: ids.cluster, filterId: ids.all, reload: true });
    expect(root).toMatchObject({ id: "0", name: TEXT.rootName, label: TEXT.rootName, level: 0, type: "root", fullPath: TEXT.rootName, containerCount: 6 });
    checkCounts(root);
    expect(shape(root)).toEqual([
      TEXT.rootName, "root", 6,
      [
        ["dev-gke-3", "Cluster", 2, [
          ["batch", "Namespace", 1, [["nightly", "Pod Owner Name", 1]]],
          ["payments", "Namespace", 1, [["api", "Pod Owner Name", 1]]],
        ]],
        ["prod-eks-1", "Cluster", 4, [
          ["payments", "Namespace", 3, [["api", "Pod Owner Name", 2], ["worker", "Pod Owner Name", 1]]],
          ["web", "Namespace", 1, [["frontend", "Pod Owner Name", 1]]],
        ]],
      ],
    ]);
    // Pod Owner Name is the deepest folder level: no container folders below it.
    const apiOwner = root.children![1].children![0].children![0];
    expect(apiOwner).toMatchObject({ id: "0.1.0.0", level: 3, type: "Pod Owner Name", fullPath: `${TEXT.rootName}/prod-eks-1/payments/api`, parentPath: `${TEXT.rootName}/prod-eks-1/payments` });
    expect(apiOwner.children ?? []).toEqual([]);
    // The containers are the leaves under each Pod Owner Name folder, each exactly once.
    const leafNames: [string, string[]][] = [];
    for (const cluster of root.children!) {
      for (const ns of cluster.children!) {
        for (const owner of ns.children!) {
          const list = await leaves(api.analyst, { viewId: ids.cluster, filterId: ids.all, treeviewPath: owner.fullPath });
          expect(list.length, owner.fullPath).toBe(owner.containerCount);
          for (const leaf of list) expect(leaf, leaf.fullPath).toMatchObject({ type: "Container", level: 4, parentPath: owner.fullPath });
          leafNames.push([owner.fullPath.slice(TEXT.rootName.length + 1), list.map((l) => l.name)]);
        }
      }
    }
    expect(leafNames).toEqual([
      ["dev-gke-3/batch/nightly", ["runner"]],
      ["dev-gke-3/payments/api", ["api"]],
      ["prod-eks-1/payments/api", ["api", "envoy"]],
      ["prod-eks-1/payments/worker", ["worker"]],
      ["prod-eks-1/web/frontend", ["nginx"]],
    ]);
  });

  it("the same View with a Filter narrows the counts consistently", async () => {
    const all = await folders(api.analyst, { viewId: ids.cluster, filterId: ids.all });
    const prod = await folders(api.analyst, { viewId: ids.cluster, filterId: ids.prod });
    expect(prod.containerCount).toBe(4);
    expect(prod.children!.map((c) => [c.name, c.containerCount])).toEqual([["prod-eks-1", 4]]);
    checkCounts(prod);
    const large = await folders(api.analyst, { viewId: ids.cluster, filterId: ids.large });
    expect(large.containerCount).toBe(1);
    expect(large.children!.map((c) => c.fullPath)).toEqual([`${TEXT.rootName}/prod-eks-1`]);
    expect(all.containerCount).toBe(prod.containerCount! + 2);

    // A user's own filter: CPU request at least 250 mCores in payments.
    const saved = await api.data(api.analyst, SAVE_OR_UPDATE_VIEW_FILTER.document, {
      viewFilter: {
        viewFilterId: EMPTY_ID,
        name: "Big payments",
        filterDetails: [
          { datasourceId: "K8S_CPU_REQUEST", operand: ">=", filterValue: "250", postOperand1: "AND" },
          { datasourceId: "K8S_NAMESPACE", operand: "in", filterValue: "payments\nweb" },
        ],
      },
    });
    const mine = await folders(api.analyst, { viewId: ids.cluster, filterId: saved.saveOrUpdateViewFilter.viewFilterId });
    checkCounts(mine);
    expect(shape(mine)).toEqual([
      TEXT.rootName, "root", 3,
      [["prod-eks-1", "Cluster", 3, [
        ["payments", "Namespace", 2, [["api", "Pod Owner Name", 1], ["worker", "Pod Owner Name", 1]]],
        ["web", "Namespace", 1, [["frontend", "Pod Owner Name", 1]]],
      ]]],
    ]);
    // The filter narrows the leaves too: envoy (100 mCores) is left out under prod-eks-1/payments/api.
    const mineLeaves = async (treeviewPath: string) =>
      (await leaves(api.analyst, { viewId: ids.cluster, filterId: saved.saveOrUpdateViewFilter.viewFilterId, treeviewPath })).map((l) => [l.name, l.entityId, l.type]);
    expect(await mineLeaves("prod-eks-1/payments/api")).toEqual([["api", "c-prod-api", "Container"]]);
    expect(await mineLeaves("prod-eks-1/payments/worker")).toEqual([["worker", "c-prod-worker", "Container"]]);
    expect(await mineLeaves("prod-eks-1/web/frontend")).toEqual([["nginx", "c-prod-nginx", "Container"]]);
    // The filter's owner only: another user gets the not-found error, not the tree.
    expect(await api.error(api.carol, GET_FOLDER_LIST_JSON.document, { viewId: ids.cluster, filterId: saved.saveOrUpdateViewFilter.viewFilterId })).toBe(NOT_FOUND_FILTER);
  });

  it("groups by attributes, with containers lacking one under (none)", async () => {
    const root = await folders(api.analyst, { viewId: ids.bu, filterId: ids.all });
    expect(root.children!.map((c) => [c.name, c.type, c.containerCount])).toEqual([
      ["(none)", "Business Unit", 1],
      ["Finance", "Business Unit", 4],
      ["Marketing", "Business Unit", 1],
    ]);
    const ng = await folders(api.analyst, { viewId: ids.nodeGroup, filterId: ids.prod });
    expect(ng.children![0].children!.map((c) => [c.name, c.type])).toEqual([["general", "Node Group"]]);
  });

  it("lists the containers under a folder as leaves, with the path matched case-insensitively, with or without the root", async () => {
    const paths = [`${TEXT.rootName}/prod-eks-1/payments/api`, "PROD-EKS-1/Payments/API"];
    for (const treeviewPath of paths) {
      const list = await leaves(api.analyst, { viewId: ids.cluster, filterId: ids.all, treeviewPath });
      expect(list).toEqual([
        {
          id: "0.1.0.0.0",
          name: "api",
          label: "api",
          level: 4,
          type: "Container",
          fullPath: `${TEXT.rootName}/prod-eks-1/payments/api/api`,
          parentPath: `${TEXT.rootName}/prod-eks-1/payments/api`,
          entityId: "c-prod-api",
          containerCount: 1,
        },
        {
          id: "0.1.0.0.1",
          name: "envoy",
          label: "envoy",
          level: 4,
          type: "Container",
          fullPath: `${TEXT.rootName}/prod-eks-1/payments/api/envoy`,
          parentPath: `${TEXT.rootName}/prod-eks-1/payments/api`,
          entityId: "c-prod-envoy",
          containerCount: 1,
        },
      ]);
    }
    // A container is a leaf, not a folder: its path is not a folder path in the Cluster View.
    expect(await api.error(api.analyst, GET_LEAF_LIST_JSON.document, { viewId: ids.cluster, filterId: ids.all, treeviewPath: "prod-eks-1/payments/api/envoy" })).toBe(
      "Not Found: Tree path 'prod-eks-1/payments/api/envoy' was not found in this view and filter.",
    );
    // A shallower Cluster View folder lists every container below it.
    const prodPayments = await leaves(api.analyst, { viewId: ids.cluster, filterId: ids.all, treeviewPath: "prod-eks-1/payments" });
    expect(prodPayments.map((l) => [l.name, l.entityId, l.type, l.level])).toEqual([
      ["api", "c-prod-api", "Container", 3],
      ["envoy", "c-prod-envoy", "Container", 3],
      ["worker", "c-prod-worker", "Container", 3],
    ]);
    // A shallower folder lists every container below it; equal container names are told apart by their owner.
    const bu = await leaves(api.analyst, { viewId: ids.bu, filterId: ids.all, treeviewPath: "Finance/prod-eks-1/payments" });
    expect(bu.map((l) => [l.name, l.entityId, l.type, l.level])).toEqual([
      ["api", "c-prod-api", "Container", 4],
      ["envoy", "c-prod-envoy", "Container", 4],
      ["worker", "c-prod-worker", "Container", 4],
    ]);
    const finance = await leaves(api.analyst, { viewId: ids.bu, filterId: ids.all, treeviewPath: "Finance" });
    expect(finance.map((l) => l.name)).toEqual(["api (dev-gke-3.payments.api)", "api (prod-eks-1.payments.api)", "envoy", "worker"]);
    // Finance is not the deepest folder: its leaves' ids must not be its child folders' ids.
    const folderIds = new Set<string>();
    const walk = (n: TreeNode) => {
      folderIds.add(n.id);
      n.children?.forEach(walk);
    };
    walk(await folders(api.analyst, { viewId: ids.bu, filterId: ids.all }));
    expect(finance.filter((l) => folderIds.has(l.id))).toEqual([]);
    // The filter applies to leaves too.
    const prodOnly = await leaves(api.analyst, { viewId: ids.bu, filterId: ids.prod, treeviewPath: "Finance" });
    expect(prodOnly.map((l) => l.entityId)).toEqual(["c-prod-api", "c-prod-envoy", "c-prod-worker"]);
    const none = await leaves(api.analyst, { viewId: ids.bu, filterId: ids.all, treeviewPath: "(none)/dev-gke-3/batch" });
    expect(none.map((l) => l.entityId)).toEqual(["c-dev-runner"]);
  });

  it("answers a clear not-found for an unknown path, a foreign View and an unknown Filter", async () => {
    expect(await api.error(api.analyst, GET_LEAF_LIST_JSON.document, { viewId: ids.cluster, filterId: ids.all, treeviewPath: "prod-eks-1/nowhere" })).toBe(
      "Not Found: Tree path 'prod-eks-1/nowhere' was not found in this view and filter.",
    );
    const carols = await api.data(api.carol, SAVE_OR_UPDATE_VIEW.document, {
      viewDef: { viewId: EMPTY_ID, name: "Carol's tree", viewDetails: [{ staticSource: true, datasourceId: "K8S_NAMESPACE" }] },
    });
    const carolView = carols.saveOrUpdateView.viewId as string;
    expect((await folders(api.carol, { viewId: carolView, filterId: ids.all })).children!.map((c) => c.name)).toEqual(["batch", "payments", "web"]);
    expect(await api.error(api.analyst, GET_FOLDER_LIST_JSON.document, { viewId: carolView, filterId: ids.all })).toBe(NOT_FOUND_VIEW);
    expect(await api.error(api.analyst, GET_LEAF_LIST_JSON.document, { viewId: carolView, filterId: ids.all, treeviewPath: "web" })).toBe(NOT_FOUND_VIEW);
    expect(await api.error(api.analyst, GET_FOLDER_LIST_JSON.document, { viewId: ids.cluster, filterId: "11111111-1111-4111-8111-111111111111" })).toBe(NOT_FOUND_FILTER);
  });

  it("uses the user's defaults for the all-zero ids", async () => {
    const root = await folders(api.analyst, { viewId: EMPTY_ID, filterId: EMPTY_ID });
    expect(root.children!.map((c) => [c.name, c.type])).toEqual([["dev-gke-3", "Cluster"], ["prod-eks-1", "Cluster"]]);
  });

  it("serves repeated calls from the cache; reload, a new collection run or an edited View recompute", async () => {
    const first = await api.gql(api.analyst, GET_FOLDER_LIST_JSON.document, { viewId: ids.cluster, filterId: ids.all, reload: true });
    await insertContainers(api.db, [{ id: "c-new", cluster: "prod-eks-1", namespace: "web", owner: "frontend", container: "sidecar", attrs: { environment: "prod" } }]);
    const cached = await api.gql(api.analyst, GET_FOLDER_LIST_JSON.document, { viewId: ids.cluster, filterId: ids.all });
    expect(cached.body.data!.getFolderListJson).toBe(first.body.data!.getFolderListJson);
    const reloaded = JSON.parse((await api.gql(api.analyst, GET_FOLDER_LIST_JSON.document, { viewId: ids.cluster, filterId: ids.all, reload: true })).body.data!.getFolderListJson);
    expect(reloaded.containerCount).toBe(7);

    await api.db.deleteFrom("container").where("id", "=", "c-new").execute();
    const stale = JSON.parse((await api.gql(api.analyst, GET_FOLDER_LIST_JSON.document, { viewId: ids.cluster, filterId: ids.all })).body.data!.getFolderListJson);
    expect(stale.containerCount).toBe(7);
    const now = new Date().toISOString();
    await recordCollection(api.db, { id: "run-2", at: now, containers: 6 });
    expect(JSON.parse((await api.gql(api.analyst, GET_FOLDER_LIST_JSON.document, { viewId: ids.cluster, filterId: ids.all })).body.data!.getFolderListJson).containerCount).toBe(6);

    // Two collections that overlapped: the one that started first commits last, so its inventory is the one stored.
    // The trees follow the commit, not the start (they stayed on the replaced inventory when keyed by the start).
    await insertContainers(api.db, [{ id: "c-late", cluster: "dev-gke-3", namespace: "batch", owner: "nightly", container: "late", attrs: { environment: "dev" } }]);
    await recordCollection(api.db, { id: "run-1b", at: new Date(Date.parse(now) - 60_000).toISOString(), containers: 7 });
    expect(JSON.parse((await api.gql(api.analyst, GET_FOLDER_LIST_JSON.document, { viewId: ids.cluster, filterId: ids.all })).body.data!.getFolderListJson).containerCount).toBe(7);
    await api.db.deleteFrom("container").where("id", "=", "c-late").execute();
    await recordCollection(api.db, { id: "run-4", at: new Date().toISOString(), containers: 6 });

    // Editing a View (a new updated_at) is seen at once, even right after a cached read.
    const v = await api.data(api.analyst, SAVE_OR_UPDATE_VIEW.document, {
      viewDef: { viewId: EMPTY_ID, name: "Editable", viewDetails: [{ staticSource: true, datasourceId: "K8S_CLUSTER" }] },
    });
    const viewId = v.saveOrUpdateView.viewId as string;
    expect((await folders(api.analyst, { viewId, filterId: ids.all })).children!.map((c) => c.type)).toEqual(["Cluster", "Cluster"]);
    await api.data(api.analyst, SAVE_OR_UPDATE_VIEW.document, {
      viewDef: { viewId, name: "Editable", viewDetails: [{ staticSource: true, datasourceId: "K8S_NAMESPACE" }] },
    });
    expect((await folders(api.analyst, { viewId, filterId: ids.all })).children!.map((c) => c.name)).toEqual(["batch", "payments", "web"]);
  });

  it("builds the cloud tree: provider > region > account folders with instances as typed leaves", async () => {
    const root = await folders(api.analyst, { ctx: "cloud", viewId: ids.cloudView, filterId: ids.allInstances, reload: true });
    expect(shape(root)).toEqual([
      TEXT.rootName, "root", 4,
      [
        ["AWS", "AWS", 2, [["us-east-1", "Region", 2, [["prod-account", "Account Name", 2]]]]],
        ["AZURE", "AZURE", 1, [["eastus", "Region", 1, [["sub-a", "Subscription Name", 1]]]]],
        ["GCP", "GCP", 1, [["us-central1", "Region", 1, [["proj-x", "Project Name", 1]]]]],
      ],
    ]);
    const aws = await leaves(api.analyst, { ctx: "cloud", viewId: ids.cloudView, filterId: ids.allInstances, treeviewPath: "aws/us-east-1/prod-account" });
    expect(aws.map((l) => [l.name, l.type, l.entityId, l.id])).toEqual([
      ["web-1", "EC2", "i-web-1", "0.0.0.0.0"],
      ["web-asg", "ASG", "asg-web", "0.0.0.0.1"],
    ]);
    const all = await leaves(api.analyst, { ctx: "cloud", viewId: ids.cloudView, filterId: ids.allInstances, treeviewPath: TEXT.rootName });
    expect(all.map((l) => l.type).sort()).toEqual(["ASG", "Compute Engine", "EC2", "Virtual Machine"]);
    // Container Views do not exist in the cloud context.
    expect(await api.error(api.analyst, GET_FOLDER_LIST_JSON.document, { ctx: "cloud", viewId: ids.cluster, filterId: ids.allInstances })).toBe(NOT_FOUND_VIEW);
  });

  it("sets automation for an entity and for a path; an entity's own setting wins over the nearest path", async () => {
    const base = { viewId: ids.cluster, filterId: ids.all };
    const entity = await api.data(api.analyst, SET_ENTITY_AUTOMATION_STATUS.document, {
      ...base,
      treeviewPath: "prod-eks-1/payments/api/api",
      entityId: "c-prod-api",
      enableAutomation: true,
    });
    expect(entity.setEntityAutomationStatus).toBe("Automation enabled for container 'api'.");
    const cluster = await api.data(api.analyst, SET_TREE_PATH_AUTOMATION_STATUS.document, { ...base, treeviewPath: "Prod-EKS-1", enableAutomation: false });
    expect(cluster.setTreePathAutomationStatus).toBe(`Automation disabled for 4 containers under '${TEXT.rootName}/prod-eks-1'.`);
    const ns = await api.data(api.analyst, SET_TREE_PATH_AUTOMATION_STATUS.document, { ...base, treeviewPath: `${TEXT.rootName}/prod-eks-1/web`, enableAutomation: true });
    expect(ns.setTreePathAutomationStatus).toBe(`Automation enabled for 1 container under '${TEXT.rootName}/prod-eks-1/web'.`);
    // Setting the same path again updates the one stored row.
    await api.data(api.analyst, SET_TREE_PATH_AUTOMATION_STATUS.document, { ...base, treeviewPath: "prod-eks-1", enableAutomation: false });
    expect(await api.db.selectFrom("automation_setting").select(["scope", "target", "enabled"]).orderBy("id").execute()).toEqual([
      { scope: "entity", target: "c-prod-api", enabled: 1 },
      { scope: "path", target: `${ids.cluster}|${ids.all}|prod-eks-1`, enabled: 0 },
      { scope: "path", target: `${ids.cluster}|${ids.all}|prod-eks-1/web`, enabled: 1 },
    ]);

    expect(await getEntityAutomationStatus(api.db, "containers", "c-prod-api")).toMatchObject({ enabled: true, source: "entity" });
    expect(await getEntityAutomationStatus(api.db, "containers", "c-prod-envoy")).toMatchObject({ enabled: false, source: "path", target: `${ids.cluster}|${ids.all}|prod-eks-1` });
    expect(await getEntityAutomationStatus(api.db, "containers", "c-prod-nginx")).toMatchObject({ enabled: true, source: "path", target: `${ids.cluster}|${ids.all}|prod-eks-1/web` });
    expect(await getEntityAutomationStatus(api.db, "containers", "c-dev-api")).toEqual({ entityId: "c-dev-api", enabled: null, source: "none" });

    // A path set under a Filter covers only what the Filter lets through.
    await insertContainers(api.db, [{ id: "c-dev-big", cluster: "dev-gke-3", namespace: "batch", owner: "trainer", container: "trainer", cpuRequest: 4000 }]);
    await api.data(api.analyst, SET_TREE_PATH_AUTOMATION_STATUS.document, { viewId: ids.cluster, filterId: ids.large, treeviewPath: "", enableAutomation: true });
    expect(await getEntityAutomationStatus(api.db, "containers", "c-dev-big")).toMatchObject({ enabled: true, source: "path", target: `${ids.cluster}|${ids.large}|` });
    expect(await getEntityAutomationStatus(api.db, "containers", "c-dev-api")).toMatchObject({ enabled: null, source: "none" });
    // The nearest (deepest) path decides: prod-eks-1 is below the root.
    expect(await getEntityAutomationStatus(api.db, "containers", "c-prod-worker")).toMatchObject({ enabled: false, target: `${ids.cluster}|${ids.all}|prod-eks-1` });

    const cloud = await api.data(api.analyst, SET_ENTITY_AUTOMATION_STATUS.document, {
      ctx: "cloud",
      viewId: ids.cloudView,
      filterId: ids.allInstances,
      treeviewPath: "AWS/us-east-1/prod-account",
      entityId: "i-web-1",
      enableAutomation: true,
    });
    expect(cloud.setEntityAutomationStatus).toBe("Automation enabled for instance 'web-1'.");

    const before = await api.db.selectFrom("automation_setting").selectAll().orderBy("id").execute();
    expect(await api.error(api.analyst, SET_ENTITY_AUTOMATION_STATUS.document, { ...base, treeviewPath: "x", entityId: "c-missing", enableAutomation: true })).toBe(
      "Not Found: The container 'c-missing' was not found.",
    );
    expect(await api.error(api.analyst, SET_TREE_PATH_AUTOMATION_STATUS.document, { ...base, treeviewPath: "prod-eks-1/nowhere", enableAutomation: true })).toBe(
      "Not Found: Tree path 'prod-eks-1/nowhere' was not found in this view and filter.",
    );
    expect(await api.db.selectFrom("automation_setting").selectAll().orderBy("id").execute()).toEqual(before);
  });
});
