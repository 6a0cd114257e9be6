/**
 * Views and Filters over real HTTP: the seeded system items, create/update/delete, defaults, the sandbox, the
 * ownership matrix (private, read-only, system) and bad input, each failure with a clear message and nothing
 * stored changed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_ID } from "~/lib/constants";
import { setFlag } from "~/models/feature-flags.server";
import { seedTreeviewDefaults } from "~/models/views.server";
import {
  DELETE_VIEW,
  DELETE_VIEW_FILTER,
  GET_FILTER_DEFINITIONS,
  GET_FILTER_DETAILS,
  GET_VIEW_DEFINITIONS,
  GET_VIEW_DETAILS,
  SAVE_OR_UPDATE_VIEW,
  SAVE_OR_UPDATE_VIEW_FILTER,
} from "~/graphql/operations/treeview";
import type { FilterDetailInput, View, ViewDefInput, ViewFilter, ViewFilterInput } from "~/graphql/operations/types";
import { TEST_STORES } from "./stores";
import { startApi, type Api, type Caller } from "./graphql-harness";

const NOT_FOUND_VIEW = "Not Found: View not found. It may have been deleted, or it is private to another user.";
const NOT_FOUND_FILTER = "Not Found: Filter not found. It may have been deleted, or it is private to another user.";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const lvl = (key: string, orderIndex?: number) =>
  key.startsWith("K8S_") ? { staticSource: true, datasourceId: key, orderIndex } : { staticSource: false, attrKey: key, datasourceId: "CONTAINER_ATTRIBUTE", orderIndex };

const line = (key: string, operand: string, filterValue = "", more: Partial<FilterDetailInput> = {}): FilterDetailInput => ({
  ...(key.startsWith("K8S_") ? { datasourceId: key, attrKey: "" } : { datasourceId: "CONTAINER_ATTRIBUTE", attrKey: key }),
  operand,
  filterValue,
  ...more,
});

describe.each(TEST_STORES)("Views and Filters on $name", (testStore) => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi(testStore);
  });
  afterAll(async () => {
    await api?.close();
  });

  const views = async (who: Caller, ctx = "containers") =>
    (await api.data(who, GET_VIEW_DEFINITIONS.document, { ctx })).getViewDefinitions as { publicList: View[]; privateList: View[] };
  const filters = async (who: Caller, ctx = "containers") =>
    (await api.data(who, GET_FILTER_DEFINITIONS.document, { ctx })).getFilterDefinitions as { publicList: ViewFilter[]; privateList: ViewFilter[] };
  const saveView = (who: Caller, viewDef: Partial<ViewDefInput>, ctx?: string) =>
    api.gql<{ saveOrUpdateView: View }>(who, SAVE_OR_UPDATE_VIEW.document, { viewDef: { viewId: EMPTY_ID, ...viewDef }, ctx });
  const savedView = async (who: Caller, viewDef: Partial<ViewDefInput>) => {
    const answer = await saveView(who, viewDef);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data!.saveOrUpdateView;
  };
  const saveFilter = (who: Caller, viewFilter: Partial<ViewFilterInput>, ctx?: string) =>
    api.gql<{ saveOrUpdateViewFilter: ViewFilter }>(who, SAVE_OR_UPDATE_VIEW_FILTER.document, { viewFilter: { viewFilterId: EMPTY_ID, ...viewFilter }, ctx });
  const savedFilter = async (who: Caller, viewFilter: Partial<ViewFilterInput>) => {
    const answer = await saveFilter(who, viewFilter);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data!.saveOrUpdateViewFilter;
  };
  const deleteView = async (who: Caller, viewId: string, viewName = "x") =>
    (await api.data(who, DELETE_VIEW.document, { viewId, viewName })).deleteView as { status: string; message: string };
  const deleteFilter = async (who: Caller, filterId: string, filterName = "x") =>
    (await api.data(who, DELETE_VIEW_FILTER.document, { filterId, filterName })).deleteViewFilter as { status: string; message: string };

  /** Everything Views and Filters store, to show a failed call changed nothing. */
  async function snapshot() {
    const db = api.db;
    return JSON.stringify([
      await db.selectFrom("view_def").selectAll().orderBy("view_id").execute(),
      await db.selectFrom("view_detail").selectAll().orderBy("view_detail_id").execute(),
      await db.selectFrom("view_filter").selectAll().orderBy("view_filter_id").execute(),
      await db.selectFrom("filter_detail").selectAll().orderBy("filter_definition_id").execute(),
      await db.selectFrom("user_default").selectAll().orderBy("user_id").orderBy("kind").orderBy("ctx").execute(),
    ]);
  }
  async function expectUnchanged(run: () => Promise<unknown>) {
    const before = await snapshot();
    await run();
    expect(await snapshot()).toBe(before);
  }
  async function expectSaveError(run: () => Promise<{ body: { errors?: { message: string }[] } }>, message: string | RegExp) {
    await expectUnchanged(async () => {
      const answer = await run();
      expect(answer.body.errors, "expected an error").toBeDefined();
      if (typeof message === "string") expect(answer.body.errors![0].message).toBe(message);
      else expect(answer.body.errors![0].message).toMatch(message);
    });
  }

  describe("seeded system items", () => {
    it("lists the system Views and Filters, sorted, with the system defaults", async () => {
      const v = await views(api.analyst);
      expect(v.publicList.map((x) => x.originalName)).toEqual(["Business Unit View", "Cluster View", "Node Group View"]);
      expect(v.privateList).toEqual([]);
      const cluster = v.publicList[1];
      expect(cluster).toMatchObject({
        name: "Cluster View",
        createdBy: "system",
        defaultView: true,
        publicView: true,
        readOnly: true,
        systemDefined: true,
        vmView: false,
        platformType: "CONTAINERS",
        viewTypeId: 1,
        entityId: null,
        viewDetailList: ["Cluster", "Namespace", "Pod Owner Name"],
      });
      expect(cluster.viewDetails[0]).toMatchObject({
        viewDefinitionId: cluster.viewId,
        datasourceId: "K8S_CLUSTER",
        attrKey: "",
        staticSource: true,
        orderIndex: 0,
        displayColumn: "Cluster",
        columnSource: "cluster",
        dataType: "STR",
        tableSource: "container",
      });
      // Three levels, Pod Owner Name the deepest: containers are its leaves, never a level of their own.
      expect(cluster.viewDetails.map((d) => [d.orderIndex, d.datasourceId, d.displayColumn])).toEqual([
        [0, "K8S_CLUSTER", "Cluster"],
        [1, "K8S_NAMESPACE", "Namespace"],
        [2, "K8S_POD_OWNER_NAME", "Pod Owner Name"],
      ]);
      expect(await api.db.selectFrom("view_detail").select(["order_index", "property_key"]).where("view_id", "=", cluster.viewId).orderBy("order_index").execute()).toEqual([
        { order_index: 0, property_key: "K8S_CLUSTER" },
        { order_index: 1, property_key: "K8S_NAMESPACE" },
        { order_index: 2, property_key: "K8S_POD_OWNER_NAME" },
      ]);
      expect(v.publicList.filter((x) => x.defaultView)).toHaveLength(1);
      const bu = v.publicList[0].viewDetails[0];
      expect(bu).toMatchObject({ staticSource: false, attrKey: "business_unit", datasourceId: "CONTAINER_ATTRIBUTE", displayColumn: "Business Unit" });

      const f = await filters(api.analyst);
      expect(f.publicList.map((x) => x.originalName)).toEqual(["All Containers", "Large CPU or Memory Requests", "Production Only"]);
      expect(f.publicList[0]).toMatchObject({ defaultFilter: true, systemDefined: true, representative: false, filterDetails: [] });
      expect(f.publicList[2].filterDetails).toEqual([
        expect.objectContaining({ attrKey: "environment", datasourceId: "CONTAINER_ATTRIBUTE", operand: "=", filterValue: "prod", dataType: "STR", folderId: -1, orderIndex: 0, compareColumn: false, workspaceFilter: false }),
      ]);

      const cloudViews = await views(api.analyst, "cloud");
      expect(cloudViews.publicList.map((x) => [x.name, x.viewDetailList, x.defaultView, x.vmView])).toEqual([
        ["Cloud Provider View", ["Cloud Provider", "Region", "Account"], true, true],
      ]);
      expect((await filters(api.analyst, "cloud")).publicList.map((x) => x.name)).toEqual(["All Instances"]);
    });

    it("seeding again changes nothing", async () => {
      await expectUnchanged(() => seedTreeviewDefaults(api.db));
    });
  });

  describe("Views", () => {
    it("creates a View from the all-zero id with a fresh id, trimmed name and ordered levels; getViewDetails reads it", async () => {
      const saved = await savedView(api.analyst, {
        name: "  Team Breakdown  ",
        description: "by team",
        viewDetails: [lvl("K8S_NAMESPACE", 1), lvl("team", 0)],
        publicView: false,
      });
      expect(saved.viewId).toMatch(UUID);
      expect(saved).toMatchObject({ name: "Team Breakdown", originalName: "Team Breakdown", description: "by team", createdBy: "analyst", updatedBy: "analyst", publicView: false, systemDefined: false, viewDetailList: ["Team", "Namespace"] });
      expect(saved.viewDetails.map((d) => [d.orderIndex, d.attrKey, d.datasourceId, d.viewDefinitionId])).toEqual([
        [0, "team", "CONTAINER_ATTRIBUTE", saved.viewId],
        [1, "", "K8S_NAMESPACE", saved.viewId],
      ]);
      const details = (await api.data(api.analyst, GET_VIEW_DETAILS.document, { viewId: saved.viewId, manageViews: true })).getViewDetails;
      expect(details).toEqual(saved.viewDetails);
      expect((await views(api.analyst)).privateList.map((v) => v.viewId)).toContain(saved.viewId);

      // Update: definition and levels replaced together.
      const updated = await savedView(api.analyst, { viewId: saved.viewId, name: "Team Breakdown 2", viewDetails: [lvl("K8S_CLUSTER")] });
      expect(updated.viewId).toBe(saved.viewId);
      expect(updated.viewDetailList).toEqual(["Cluster"]);
      expect(await api.db.selectFrom("view_detail").select("property_key").where("view_id", "=", saved.viewId).execute()).toEqual([{ property_key: "K8S_CLUSTER" }]);
      expect((await deleteView(api.analyst, saved.viewId, "whatever"))).toEqual({ status: "ok", message: "View 'Team Breakdown 2' deleted." });
    });

    it("keeps each user's own default: saving a default replaces the user's previous one and nobody else's", async () => {
      const a = await savedView(api.analyst, { name: "Default A", viewDetails: [lvl("K8S_CLUSTER")], defaultView: true });
      expect(a.defaultView).toBe(true);
      let mine = await views(api.analyst);
      expect([...mine.publicList, ...mine.privateList].filter((v) => v.defaultView).map((v) => v.name)).toEqual(["Default A"]);
      const b = await savedView(api.analyst, { name: "Default B", viewDetails: [lvl("K8S_CLUSTER")], defaultView: true, publicView: true });
      mine = await views(api.analyst);
      expect([...mine.publicList, ...mine.privateList].filter((v) => v.defaultView).map((v) => v.name)).toEqual(["Default B"]);
      // Carol sees B (public) but her default is still the system one.
      const hers = await views(api.carol);
      expect(hers.publicList.find((v) => v.viewId === b.viewId)?.defaultView).toBe(false);
      expect(hers.publicList.filter((v) => v.defaultView).map((v) => v.name)).toEqual(["Cluster View"]);
      // Unticking falls back to the system default.
      await savedView(api.analyst, { viewId: b.viewId, name: "Default B", viewDetails: [lvl("K8S_CLUSTER")], defaultView: false, publicView: true });
      mine = await views(api.analyst);
      expect([...mine.publicList, ...mine.privateList].filter((v) => v.defaultView).map((v) => v.name)).toEqual(["Cluster View"]);
      expect((await deleteView(api.analyst, a.viewId)).status).toBe("ok");
      expect((await deleteView(api.analyst, b.viewId)).status).toBe("ok");
    });

    it("sorts lists by originalName case-insensitively and splits them by sharing", async () => {
      const z = await savedView(api.carol, { name: "zeta", viewDetails: [lvl("K8S_CLUSTER")], publicView: true });
      const a = await savedView(api.carol, { name: "Alpha", viewDetails: [lvl("K8S_CLUSTER")], publicView: true });
      const m = await savedView(api.carol, { name: "mid private", viewDetails: [lvl("K8S_CLUSTER")] });
      const list = await views(api.carol);
      expect(list.publicList.map((v) => v.name)).toEqual(["Alpha", "Business Unit View", "Cluster View", "Node Group View", "zeta"]);
      expect(list.privateList.map((v) => v.name)).toEqual(["mid private"]);
      for (const v of [z, a, m]) expect((await deleteView(api.carol, v.viewId)).status).toBe("ok");
    });

    it("a private View is invisible to others: not listed, not loadable, not updatable, not deletable", async () => {
      const mine = await savedView(api.analyst, { name: "Analyst Private", viewDetails: [lvl("K8S_CLUSTER")] });
      for (const other of [api.carol, api.admin]) {
        const list = await views(other);
        expect([...list.publicList, ...list.privateList].map((v) => v.viewId)).not.toContain(mine.viewId);
        expect(await api.error(other, GET_VIEW_DETAILS.document, { viewId: mine.viewId })).toBe(NOT_FOUND_VIEW);
        await expectSaveError(() => saveView(other, { viewId: mine.viewId, name: "Hijacked", viewDetails: [lvl("K8S_CLUSTER")] }), NOT_FOUND_VIEW);
        await expectUnchanged(async () => {
          expect(await deleteView(other, mine.viewId)).toEqual({ status: NOT_FOUND_VIEW.replace("Not Found: ", ""), message: NOT_FOUND_VIEW.replace("Not Found: ", "") });
        });
      }
      // The same name is fine for another user's own private View: names are unique among what a user sees.
      const carols = await savedView(api.carol, { name: "Analyst Private", viewDetails: [lvl("K8S_CLUSTER")] });
      expect((await deleteView(api.carol, carols.viewId)).status).toBe("ok");
      expect((await deleteView(api.analyst, mine.viewId)).status).toBe("ok");
    });

    it("a read-only View is changed and deleted only by its creator", async () => {
      const shared = await savedView(api.analyst, { name: "Shared RO", viewDetails: [lvl("K8S_CLUSTER")], publicView: true, readOnly: true });
      const seen = (await views(api.carol)).publicList.find((v) => v.viewId === shared.viewId);
      expect(seen).toMatchObject({ readOnly: true, publicView: true, createdBy: "analyst" });
      for (const other of [api.carol, api.admin]) {
        await expectSaveError(
          () => saveView(other, { viewId: shared.viewId, name: "Changed", viewDetails: [lvl("K8S_NAMESPACE")], publicView: true, readOnly: true }),
          "Permission Denied: View 'Shared RO' is read-only: only its creator (analyst) can change it.",
        );
        await expectUnchanged(async () => {
          expect((await deleteView(other, shared.viewId)).status).toBe("View 'Shared RO' is read-only: only its creator (analyst) can delete it.");
        });
      }
      const renamed = await savedView(api.analyst, { viewId: shared.viewId, name: "Shared RO renamed", viewDetails: [lvl("K8S_NAMESPACE")], publicView: true, readOnly: true });
      expect(renamed).toMatchObject({ name: "Shared RO renamed", viewDetailList: ["Namespace"], readOnly: true });
      expect((await deleteView(api.analyst, shared.viewId)).status).toBe("ok");
    });

    it("a shared, not read-only View can be edited by others, but its sharing stays the creator's choice", async () => {
      const open = await savedView(api.analyst, { name: "Open View", viewDetails: [lvl("K8S_CLUSTER")], publicView: true });
      const edited = await savedView(api.carol, { viewId: open.viewId, name: "Open View (carol)", viewDetails: [lvl("K8S_CLUSTER"), lvl("K8S_NAMESPACE")], publicView: true });
      expect(edited).toMatchObject({ createdBy: "analyst", updatedBy: "carol", publicView: true, viewDetailList: ["Cluster", "Namespace"] });
      await expectSaveError(
        () => saveView(api.carol, { viewId: open.viewId, name: "Open View (carol)", viewDetails: [lvl("K8S_CLUSTER")], publicView: false }),
        "Permission Denied: Only the creator (analyst) can change whether view 'Open View (carol)' is public.",
      );
      await expectSaveError(
        () => saveView(api.carol, { viewId: open.viewId, name: "Open View (carol)", viewDetails: [lvl("K8S_CLUSTER")], publicView: true, readOnly: true }),
        "Permission Denied: Only the creator (analyst) can make view 'Open View (carol)' read-only.",
      );
      expect((await deleteView(api.carol, open.viewId)).status).toBe("ok");
    });

    it("a system View cannot be changed or deleted by anyone, admins included", async () => {
      const cluster = (await views(api.admin)).publicList.find((v) => v.name === "Cluster View")!;
      for (const who of [api.admin, api.analyst]) {
        await expectSaveError(
          () => saveView(who, { viewId: cluster.viewId, name: "Cluster View", viewDetails: [lvl("K8S_CLUSTER")], publicView: true, readOnly: true }),
          "Permission Denied: System-defined views cannot be changed.",
        );
        await expectUnchanged(async () => {
          expect(await deleteView(who, cluster.viewId, "Cluster View")).toEqual({
            status: "System-defined views cannot be deleted.",
            message: "System-defined views cannot be deleted.",
          });
        });
      }
    });

    it("in the sandbox, public and read-only are forced off", async () => {
      await setFlag(api.db, "sandboxPlaygroundEnabled", true);
      try {
        const saved = await savedView(api.analyst, { name: "Sandboxed", viewDetails: [lvl("K8S_CLUSTER")], publicView: true, readOnly: true });
        expect(saved).toMatchObject({ publicView: false, readOnly: false });
        expect((await views(api.carol)).publicList.map((v) => v.viewId)).not.toContain(saved.viewId);
        expect((await deleteView(api.analyst, saved.viewId)).status).toBe("ok");
      } finally {
        await setFlag(api.db, "sandboxPlaygroundEnabled", false);
      }
    });

    it("in the sandbox, another user may still edit a View shared before, and its sharing stays as it was", async () => {
      const shared = await savedView(api.analyst, { name: "Shared Before", viewDetails: [lvl("K8S_CLUSTER")], publicView: true });
      await setFlag(api.db, "sandboxPlaygroundEnabled", true);
      try {
        // The sandbox client cannot ask for public (the box is off and disabled), so it sends false.
        const edited = await savedView(api.carol, { viewId: shared.viewId, name: "Shared Before", description: "edited by carol", viewDetails: [lvl("K8S_NAMESPACE")], publicView: false, readOnly: false });
        expect(edited).toMatchObject({ publicView: true, readOnly: false, description: "edited by carol" });
      } finally {
        await setFlag(api.db, "sandboxPlaygroundEnabled", false);
        expect((await deleteView(api.analyst, shared.viewId)).status).toBe("ok");
      }
    });

    it("rejects bad input with a clear message and saves nothing", async () => {
      const existing = await savedView(api.analyst, { name: "Existing", viewDetails: [lvl("K8S_CLUSTER")] });
      const foreign = await savedView(api.carol, { name: "Carol Only", viewDetails: [lvl("K8S_CLUSTER")] });
      const deleted = await savedView(api.analyst, { name: "Soon Gone", viewDetails: [lvl("K8S_CLUSTER")] });
      expect((await deleteView(api.analyst, deleted.viewId)).status).toBe("ok");
      const ok = [lvl("K8S_CLUSTER")];
      const cases: [Partial<ViewDefInput>, string | RegExp, string?][] = [
        [{ name: "   ", viewDetails: ok }, "Validation Error: View Name is required."],
        [{ name: "x".repeat(101), viewDetails: ok }, "Validation Error: View Name is longer than 100 characters."],
        [{ name: "No Levels", viewDetails: [] }, "Validation Error: At least one view level is required."],
        [{ name: "Unknown", viewDetails: [lvl("K8S_NO_SUCH")] }, "Validation Error: Unknown property 'K8S_NO_SUCH'."],
        [{ name: "Number Level", viewDetails: [lvl("K8S_CPU_REQUEST")] }, /^Validation Error: CPU Request \(mCores\) cannot be used as a view level\.$/],
        [{ name: "Twice", viewDetails: [lvl("K8S_CLUSTER"), lvl("K8S_CLUSTER")] }, /^Validation Error: Cluster is already a view level\.$/],
        [
          { name: "Too Deep", viewDetails: ["K8S_CLUSTER", "K8S_NAMESPACE", "K8S_POD_OWNER_KIND", "K8S_POD_OWNER_NAME", "K8S_CONTAINER", "K8S_NODE_GROUP", "K8S_POLICY", "team", "environment"].map((k) => lvl(k)) },
          "Validation Error: Maximum of 8 tree view levels reached.",
        ],
        [{ name: "cluster VIEW", viewDetails: ok }, "Validation Error: A view named 'Cluster View' already exists. Choose another name."],
        [{ name: "EXISTING", viewDetails: ok }, "Validation Error: A view named 'Existing' already exists. Choose another name."],
        [{ viewId: deleted.viewId, name: "Revived", viewDetails: ok }, NOT_FOUND_VIEW],
        [{ viewId: foreign.viewId, name: "Taken Over", viewDetails: ok }, NOT_FOUND_VIEW],
        [{ viewId: "not-a-uuid", name: "Odd Id", viewDetails: ok }, NOT_FOUND_VIEW],
        [{ name: "Cloud Custom", viewDetails: ok }, "Validation Error: The cloud tree has only its system view; custom views are for the containers tree.", "cloud"],
        [{ name: "Bad ctx", viewDetails: ok }, "Validation Error: Unknown tree context 'nodes'. Use one of: containers, cloud.", "nodes"],
      ];
      for (const [input, message, ctx] of cases) await expectSaveError(() => saveView(api.analyst, input, ctx), message);
      // Renaming onto another visible name is refused too, and the View keeps its name.
      await expectSaveError(
        () => saveView(api.analyst, { viewId: existing.viewId, name: "Node Group View", viewDetails: ok }),
        "Validation Error: A view named 'Node Group View' already exists. Choose another name.",
      );
      expect(await api.error(api.analyst, GET_VIEW_DETAILS.document, { viewId: deleted.viewId })).toBe(NOT_FOUND_VIEW);
      expect((await deleteView(api.analyst, deleted.viewId)).status).toBe(NOT_FOUND_VIEW.replace("Not Found: ", ""));
      expect((await deleteView(api.analyst, existing.viewId)).status).toBe("ok");
      expect((await deleteView(api.carol, foreign.viewId)).status).toBe("ok");
    });
  });

  describe("Filters", () => {
    it("creates and updates a Filter: lines in order, values and operands kept, compare fields echoed, representative false", async () => {
      const saved = await savedFilter(api.analyst, {
        name: " Big Prod ",
        representative: true,
        filterDetails: [
          line("K8S_CPU_REQUEST", ">=", "500", { orderIndex: 1, preOperand1: "and" }),
          line("environment", "=", "prod", { orderIndex: 0, compareColumn: true, compareColumnSource: "namespace", compareTableSource: "container" }),
        ],
      });
      expect(saved.viewFilterId).toMatch(UUID);
      expect(saved).toMatchObject({ name: "Big Prod", originalName: "Big Prod", createdBy: "analyst", publicFilter: false, representative: false, systemDefined: false, platformType: "CONTAINERS" });
      expect(saved.filterDetails.map((d) => [d.orderIndex, d.attrKey || d.datasourceId, d.operand, d.filterValue, d.dataType, d.preOperand1, d.folderId, d.viewFilterId])).toEqual([
        [0, "environment", "=", "prod", "STR", "", -1, saved.viewFilterId],
        [1, "K8S_CPU_REQUEST", ">=", "500", "INT", "AND", -1, saved.viewFilterId],
      ]);
      expect(saved.filterDetails[0]).toMatchObject({ compareColumn: true, compareColumnSource: "namespace", compareTableSource: "container", columnSource: "value", tableSource: "container_attribute" });
      const details = (await api.data(api.analyst, GET_FILTER_DETAILS.document, { filterId: saved.viewFilterId })).getFilterDetails;
      expect(details[0]).toMatchObject({ compareColumn: false, compareColumnSource: "", compareTableSource: "" });
      expect(details.map((d: { filterDefinitionId: string }) => d.filterDefinitionId)).toEqual(saved.filterDetails.map((d) => d.filterDefinitionId));

      const updated = await savedFilter(api.analyst, { viewFilterId: saved.viewFilterId, name: "Big Prod", filterDetails: [line("K8S_CLUSTER", "isNotNull", "ignored")] });
      expect(updated.filterDetails.map((d) => [d.datasourceId, d.operand, d.filterValue])).toEqual([["K8S_CLUSTER", "isNotNull", ""]]);
      expect(await api.db.selectFrom("filter_detail").select("property_key").where("view_filter_id", "=", saved.viewFilterId).execute()).toEqual([{ property_key: "K8S_CLUSTER" }]);
      expect(await deleteFilter(api.analyst, saved.viewFilterId, "Big Prod")).toEqual({ status: "ok", message: "Filter 'Big Prod' deleted." });
    });

    it("keeps each user's own default Filter", async () => {
      const f = await savedFilter(api.analyst, { name: "My Default", filterDetails: [line("K8S_CLUSTER", "=", "prod-eks-1")], defaultFilter: true });
      expect(f.defaultFilter).toBe(true);
      const mine = await filters(api.analyst);
      expect([...mine.publicList, ...mine.privateList].filter((x) => x.defaultFilter).map((x) => x.name)).toEqual(["My Default"]);
      const hers = await filters(api.carol);
      expect(hers.publicList.filter((x) => x.defaultFilter).map((x) => x.name)).toEqual(["All Containers"]);
      expect((await deleteFilter(api.analyst, f.viewFilterId)).status).toBe("ok");
      const after = await filters(api.analyst);
      expect(after.publicList.filter((x) => x.defaultFilter).map((x) => x.name)).toEqual(["All Containers"]);
    });

    it("ownership: private invisible to others, read-only for others, system for nobody", async () => {
      const priv = await savedFilter(api.analyst, { name: "Private F", filterDetails: [line("K8S_CLUSTER", "=", "a")] });
      const ro = await savedFilter(api.analyst, { name: "Shared F", filterDetails: [line("K8S_CLUSTER", "=", "a")], publicFilter: true, readOnly: true });
      const system = (await filters(api.admin)).publicList.find((x) => x.name === "Production Only")!;
      for (const other of [api.carol, api.admin]) {
        const list = await filters(other);
        expect([...list.publicList, ...list.privateList].map((x) => x.viewFilterId)).not.toContain(priv.viewFilterId);
        expect(list.publicList.find((x) => x.viewFilterId === ro.viewFilterId)).toMatchObject({ createdBy: "analyst", readOnly: true });
        expect(await api.error(other, GET_FILTER_DETAILS.document, { filterId: priv.viewFilterId })).toBe(NOT_FOUND_FILTER);
        await expectSaveError(() => saveFilter(other, { viewFilterId: priv.viewFilterId, name: "Mine now", filterDetails: [line("K8S_CLUSTER", "=", "b")] }), NOT_FOUND_FILTER);
        await expectSaveError(
          () => saveFilter(other, { viewFilterId: ro.viewFilterId, name: "Shared F", filterDetails: [line("K8S_CLUSTER", "=", "b")], publicFilter: true, readOnly: true }),
          "Permission Denied: Filter 'Shared F' is read-only: only its creator (analyst) can change it.",
        );
        await expectUnchanged(async () => {
          expect((await deleteFilter(other, priv.viewFilterId)).status).toBe(NOT_FOUND_FILTER.replace("Not Found: ", ""));
          expect((await deleteFilter(other, ro.viewFilterId)).message).toBe("Filter 'Shared F' is read-only: only its creator (analyst) can delete it.");
        });
      }
      for (const who of [api.admin, api.analyst]) {
        await expectSaveError(
          () => saveFilter(who, { viewFilterId: system.viewFilterId, name: "Production Only", filterDetails: [line("environment", "=", "staging")], publicFilter: true, readOnly: true }),
          "Permission Denied: System-defined filters cannot be changed.",
        );
        await expectUnchanged(async () => {
          expect(await deleteFilter(who, system.viewFilterId)).toEqual({ status: "System-defined filters cannot be deleted.", message: "System-defined filters cannot be deleted." });
        });
      }
      const changed = await savedFilter(api.analyst, { viewFilterId: ro.viewFilterId, name: "Shared F", filterDetails: [line("K8S_CLUSTER", "=", "b")], publicFilter: true, readOnly: true });
      expect(changed.filterDetails[0].filterValue).toBe("b");
      expect((await deleteFilter(api.analyst, priv.viewFilterId)).status).toBe("ok");
      expect((await deleteFilter(api.analyst, ro.viewFilterId)).status).toBe("ok");
    });

    it("in the sandbox, public and read-only are forced off", async () => {
      await setFlag(api.db, "sandboxPlaygroundEnabled", true);
      try {
        const saved = await savedFilter(api.analyst, { name: "Sandboxed F", filterDetails: [line("K8S_CLUSTER", "=", "a")], publicFilter: true, readOnly: true });
        expect(saved).toMatchObject({ publicFilter: false, readOnly: false });
        expect((await deleteFilter(api.analyst, saved.viewFilterId)).status).toBe("ok");
      } finally {
        await setFlag(api.db, "sandboxPlaygroundEnabled", false);
      }
    });

    it("rejects bad input with a clear message and saves nothing", async () => {
      const foreign = await savedFilter(api.carol, { name: "Carol F", filterDetails: [line("K8S_CLUSTER", "=", "a")] });
      const deleted = await savedFilter(api.analyst, { name: "Gone F", filterDetails: [line("K8S_CLUSTER", "=", "a")] });
      expect((await deleteFilter(api.analyst, deleted.viewFilterId)).status).toBe("ok");
      const ok = [line("K8S_CLUSTER", "=", "a")];
      const cases: [Partial<ViewFilterInput>, string | RegExp, string?][] = [
        [{ name: "  ", filterDetails: ok }, "Validation Error: Filter Name is required."],
        [{ name: "y".repeat(101), filterDetails: ok }, "Validation Error: Filter Name is longer than 100 characters."],
        [{ name: "No Lines", filterDetails: [] }, "Validation Error: At least one filter line is required."],
        [{ name: "Unknown", filterDetails: [line("K8S_NOPE", "=", "a")] }, "Validation Error: Line 1: unknown property 'K8S_NOPE'."],
        [
          { name: "Parens", filterDetails: [line("K8S_CLUSTER", "=", "a", { preOperand1: "((" }), line("K8S_NAMESPACE", "=", "b", { preOperand1: "AND", postOperand1: ")" })] },
          /^Validation Error: Unbalanced parentheses: 1 not closed/,
        ],
        [{ name: "Closing", filterDetails: [line("K8S_CLUSTER", "=", "a", { postOperand1: ")" })] }, /^Validation Error: Unbalanced parentheses: line 1 closes/],
        [{ name: "Typed", filterDetails: [line("K8S_CPU_REQUEST", ">", "abc")] }, "Validation Error: Line 1: 'abc' is not a number."],
        [{ name: "Date", filterDetails: [line("K8S_FIRST_SEEN", ">", "yesterday")] }, /^Validation Error: Line 1: 'yesterday' is not a date/],
        [{ name: "Operator", filterDetails: [line("K8S_CPU_REQUEST", "contains", "5")] }, /^Validation Error: Line 1: condition 'contains' is not allowed/],
        [{ name: "No Value", filterDetails: [line("K8S_CLUSTER", "=", "  ")] }, "Validation Error: Line 1: a value is required."],
        [{ name: "too many", filterDetails: Array.from({ length: 13 }, () => line("K8S_CLUSTER", "=", "a", { postOperand1: "OR" })) }, "Validation Error: Maximum of 12 filter lines reached."],
        [{ name: "all containers", filterDetails: ok }, "Validation Error: A filter named 'All Containers' already exists. Choose another name."],
        [{ viewFilterId: deleted.viewFilterId, name: "Back", filterDetails: ok }, NOT_FOUND_FILTER],
        [{ viewFilterId: foreign.viewFilterId, name: "Grab", filterDetails: ok }, NOT_FOUND_FILTER],
        [{ name: "Cloud F", filterDetails: ok }, "Validation Error: The cloud tree has only its system filter; custom filters are for the containers tree.", "cloud"],
      ];
      for (const [input, message, ctx] of cases) await expectSaveError(() => saveFilter(api.analyst, input, ctx), message);
      expect((await deleteFilter(api.carol, foreign.viewFilterId)).status).toBe("ok");
    });
  });
});
