/**
 * Grid views over real HTTP on the grid-view service path: the built-in views and their order, create / copy /
 * rename with the numbering and uniqueness rules, the grid state whitelist, favourites, publishing (and the
 * sandbox), delete, and the ownership matrix (system, own private, own public, another user's public and private),
 * each refusal with its "<Category>: <text>" message and nothing stored changed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setFlag } from "~/models/feature-flags.server";
import {
  ADD_VIEW_AS_FAVORITE,
  CREATE_OR_UPDATE_USER_VIEW,
  DELETE_PUBLIC_VIEW,
  DELETE_USER_VIEW,
  GET_GRID_VIEW,
  PUBLISH_USER_VIEW_AS_PUBLIC,
  REMOVE_VIEW_FROM_FAVORITE,
  UPDATE_PUBLIC_VIEW,
} from "~/graphql/operations/grid-view";
import type { GridViewItem } from "~/models/grid-views.server";
import { loadGridViewsBar, rowViewParams } from "~/features/grid-views/bar.server";
import { TEST_STORES } from "./stores";
import { startApi, type Api, type Caller } from "./graphql-harness";

const GRID = "grid_views_container_details";
const SERVICE = "grid-view";
const SYSTEM_ORDER = [
  "default",
  "all_data",
  "realizable_cpu_saving",
  "realizable_memory_savings",
  "cpu_request_risk",
  "memory_request_risks",
  "additional_cpu_waste",
  "additional_memory_waste",
  "unspecified_cpu_request_risk",
  "unspecified_memory_request_risks",
];
const UNIQUE = "Validation Error: View name must be unique";
const NOT_FOUND = "Not Found: Grid view not found. It may have been deleted, or it is private to another user.";
const BUILT_IN = "Permission Denied: Built-in views are read-only.";

describe.each(TEST_STORES)("grid views on $name", (testStore) => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi(testStore);
  });
  afterAll(async () => {
    await api?.close();
  });

  const views = async (who: Caller, gridId = GRID) => {
    const data = await api.data(who, GET_GRID_VIEW.document, { gridId }, SERVICE);
    expect(data.getGridView.gridId).toBe(gridId);
    return JSON.parse(data.getGridView.views) as GridViewItem[];
  };
  const view = async (who: Caller, id: string) => (await views(who)).find((v) => v.id === id);
  const run = async (who: Caller, doc: { document: string }, variables: Record<string, unknown>) => {
    const answer = await api.gql(who, doc.document, variables, SERVICE);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** The mutation's status; fails the test on an error. */
  const ok = async (who: Caller, doc: { document: string; operationName: string }, variables: Record<string, unknown>) => {
    const body = await run(who, doc, variables);
    expect(body.errors).toBeUndefined();
    const status = body.data![doc.operationName] as { status: string; viewId: string };
    expect(status.status).toBe("ok");
    return status.viewId;
  };
  /** The error message of a mutation that must fail. */
  const refused = async (who: Caller, doc: { document: string }, variables: Record<string, unknown>) => {
    const body = await run(who, doc, variables);
    expect(body.errors?.length).toBe(1);
    return body.errors![0].message;
  };
  const save = (who: Caller, v: Record<string, unknown>) => ok(who, CREATE_OR_UPDATE_USER_VIEW, { gridId: GRID, view: JSON.stringify(v) });
  const saveRefused = (who: Caller, v: Record<string, unknown>) => refused(who, CREATE_OR_UPDATE_USER_VIEW, { gridId: GRID, view: JSON.stringify(v) });
  const byId = (doc: { document: string; operationName: string }) => (who: Caller, viewId: string) => ok(who, doc, { gridId: GRID, viewId });
  const byIdRefused = (doc: { document: string }) => (who: Caller, viewId: string) => refused(who, doc, { gridId: GRID, viewId });

  it("lists the built-in views first, in the spec's order, read-only, with no favourites for default and all_data", async () => {
    const list = await views(api.analyst);
    expect(list.map((v) => v.id)).toEqual(SYSTEM_ORDER);
    for (const v of list) {
      expect(v).toMatchObject({ category: "system", isKubexView: true, readOnly: true, owner: "system", path: `system_views/${v.id}`, children: [], isFavorite: false });
    }
    expect(list.filter((v) => !v.canFavorite).map((v) => v.id)).toEqual(["default", "all_data"]);
    expect(list.find((v) => v.id === "realizable_cpu_saving")).toMatchObject({ title: "Realizable CPU savings", basedOn: "realizable_cpu_saving", gridState: {} });
    // All Data shows every column.
    expect(list[1]).toMatchObject({ title: "All Data", basedOn: null });
    expect(list[1].gridState.cols.split(",")).toEqual(expect.arrayContaining(["containerName", "namespace", "cluster", "policyName", "netSavings", "configLastChanged"]));
    expect(list[1].gridState.cols.split(",").length).toBeGreaterThan(40);
  });

  it("refuses an unknown grid and bad view JSON", async () => {
    const answer = await api.gql(api.analyst, GET_GRID_VIEW.document, { gridId: "grid_views_nope" }, SERVICE);
    expect(answer.body.errors![0].message).toBe("Not Found: There is no grid 'grid_views_nope' with views.");
    expect(await refused(api.analyst, CREATE_OR_UPDATE_USER_VIEW, { gridId: GRID, view: "{not json" })).toBe("Validation Error: view must be a JSON object.");
    expect(await refused(api.analyst, CREATE_OR_UPDATE_USER_VIEW, { gridId: GRID, view: "[]" })).toBe("Validation Error: view must be a JSON object.");
    expect(await saveRefused(api.analyst, { gridState: { page: "3" } })).toBe("Validation Error: 'page' is not part of this grid's state (sort, dir, q, size, cols, f.*, group).");
    expect(await saveRefused(api.analyst, { basedOn: "drop_table" })).toBe("Validation Error: 'drop_table' is not a built-in view of this grid.");
    expect(await saveRefused(api.analyst, { title: "x".repeat(101) })).toBe("Validation Error: A view name is at most 100 characters.");
    expect((await views(api.analyst)).map((v) => v.id)).toEqual(SYSTEM_ORDER);
  });

  it("creates 'New View N', renames blank to 'Untitled View N', keeps only the grid's own non-default state", async () => {
    const a = await save(api.carol, {});
    const b = await save(api.carol, { gridState: { sort: "monthlyWaste", dir: "asc", q: "api", size: "20" } });
    const first = await view(api.carol, a);
    expect(first).toMatchObject({ title: "New View 1", category: "private", isKubexView: false, readOnly: false, owner: "carol", path: `private_views/${api.carol.user.id}/${a}`, basedOn: null, gridState: {} });
    // sort monthlyWaste and size 20 are the grid's defaults: a state equal to the default grid stores nothing for them.
    expect(await view(api.carol, b)).toMatchObject({ title: "New View 2", gridState: { dir: "asc", q: "api" } });

    expect(await save(api.carol, { id: a, title: "   " })).toBe(a);
    expect((await view(api.carol, a))!.title).toBe("Untitled View 1");
    // The next new view takes the lowest free number again.
    await save(api.carol, { id: b, title: "Costly" });
    const c = await save(api.carol, {});
    expect((await view(api.carol, c))!.title).toBe("New View 1");
    await save(api.carol, { id: c, title: "" });
    expect((await view(api.carol, c))!.title).toBe("Untitled View 2");
  });

  it("refuses a name the user already sees, whatever its case, and changes nothing", async () => {
    const id = await save(api.carol, { title: "Big spenders" });
    expect(await saveRefused(api.carol, { title: "big SPENDERS " })).toBe(UNIQUE);
    expect(await saveRefused(api.carol, { title: "default" })).toBe(UNIQUE);
    expect(await saveRefused(api.carol, { title: "Realizable CPU savings" })).toBe(UNIQUE);
    const other = await save(api.carol, { title: "Small spenders" });
    expect(await saveRefused(api.carol, { id: other, title: "BIG spenders" })).toBe(UNIQUE);
    expect((await view(api.carol, other))!.title).toBe("Small spenders");
    // Renaming a view to its own name in another case is not a clash.
    await save(api.carol, { id, title: "Big Spenders" });
    expect((await view(api.carol, id))!.title).toBe("Big Spenders");
    // Another user does not see carol's private names.
    const mine = await save(api.analyst, { title: "Big spenders" });
    expect((await view(api.analyst, mine))!.title).toBe("Big spenders");
    await byId(DELETE_USER_VIEW)(api.analyst, mine);
  });

  it("duplicates a view as '<title> Copy N' with its state and row condition, never as a favourite", async () => {
    await byId(ADD_VIEW_AS_FAVORITE)(api.carol, "cpu_request_risk");
    const copy = await save(api.carol, { copyOf: "cpu_request_risk" });
    const again = await save(api.carol, { copyOf: "cpu_request_risk" });
    expect(await view(api.carol, copy)).toMatchObject({ title: "CPU request risk Copy 1", basedOn: "cpu_request_risk", isFavorite: false, category: "private" });
    expect((await view(api.carol, again))!.title).toBe("CPU request risk Copy 2");
    const withState = await save(api.carol, { title: "Sorted", gridState: { sort: "containerName", dir: "asc" }, basedOn: "additional_cpu_waste" });
    const copyOfOwn = await save(api.carol, { copyOf: withState });
    expect(await view(api.carol, copyOfOwn)).toMatchObject({ title: "Sorted Copy 1", gridState: { sort: "containerName", dir: "asc" }, basedOn: "additional_cpu_waste" });
    expect(await saveRefused(api.carol, { copyOf: "no-such-view" })).toBe(NOT_FOUND);
    expect((await view(api.carol, "cpu_request_risk"))!.isFavorite).toBe(true);
  });

  it("saves grid state edits to the user's own view", async () => {
    const id = await save(api.carol, { title: "Edited" });
    await save(api.carol, { id, gridState: { sort: "netSavings", q: "web" } });
    expect(await view(api.carol, id)).toMatchObject({ title: "Edited", gridState: { sort: "netSavings", q: "web" }, basedOn: null });
    await save(api.carol, { id, basedOn: "realizable_memory_savings" });
    expect(await view(api.carol, id)).toMatchObject({ gridState: { sort: "netSavings", q: "web" }, basedOn: "realizable_memory_savings" });
    expect(await saveRefused(api.carol, { id: "nope-1234" })).toBe(NOT_FOUND);
    // Floating filters (f.<column>), visible columns and grouping are the grid's state too.
    await save(api.carol, { id, gridState: { "f.cluster": "prod", cols: "containerName,cluster", group: "namespace" } });
    expect((await view(api.carol, id))!.gridState).toEqual({ cols: "containerName,cluster", "f.cluster": "prod", group: "namespace" });
  });

  it("keeps favourites per user and refuses them for default and all_data", async () => {
    await byId(ADD_VIEW_AS_FAVORITE)(api.analyst, "realizable_cpu_saving");
    await byId(ADD_VIEW_AS_FAVORITE)(api.analyst, "realizable_cpu_saving");
    expect((await view(api.analyst, "realizable_cpu_saving"))!.isFavorite).toBe(true);
    expect((await view(api.admin, "realizable_cpu_saving"))!.isFavorite).toBe(false);
    await byId(REMOVE_VIEW_FROM_FAVORITE)(api.analyst, "realizable_cpu_saving");
    expect((await view(api.analyst, "realizable_cpu_saving"))!.isFavorite).toBe(false);
    for (const id of ["default", "all_data"]) {
      expect(await byIdRefused(ADD_VIEW_AS_FAVORITE)(api.analyst, id)).toBe("Validation Error: This view cannot be a favourite.");
    }
    expect(await byIdRefused(ADD_VIEW_AS_FAVORITE)(api.analyst, "nope")).toBe(NOT_FOUND);
  });

  it("enforces the ownership matrix: system, own private, own public, another user's public and private", async () => {
    // Built-in views: read-only for everyone, admins included.
    expect(await saveRefused(api.admin, { id: "default", title: "Mine" })).toBe(BUILT_IN);
    expect(await byIdRefused(DELETE_USER_VIEW)(api.admin, "all_data")).toBe(BUILT_IN);
    expect(await byIdRefused(DELETE_PUBLIC_VIEW)(api.admin, "cpu_request_risk")).toBe(BUILT_IN);
    expect(await byIdRefused(PUBLISH_USER_VIEW_AS_PUBLIC)(api.admin, "default")).toBe(BUILT_IN);
    expect(await refused(api.admin, UPDATE_PUBLIC_VIEW, { gridId: GRID, view: JSON.stringify({ id: "default", title: "x" }) })).toBe(BUILT_IN);

    // Another user's private view: invisible, so not found for every call.
    const secret = await save(api.analyst, { title: "Analyst only" });
    expect(await view(api.carol, secret)).toBeUndefined();
    expect(await saveRefused(api.carol, { id: secret, title: "Stolen" })).toBe(NOT_FOUND);
    expect(await saveRefused(api.carol, { copyOf: secret })).toBe(NOT_FOUND);
    for (const doc of [DELETE_USER_VIEW, PUBLISH_USER_VIEW_AS_PUBLIC, ADD_VIEW_AS_FAVORITE, DELETE_PUBLIC_VIEW]) {
      expect(await byIdRefused(doc)(api.carol, secret)).toBe(NOT_FOUND);
    }
    expect((await view(api.analyst, secret))!.title).toBe("Analyst only");

    // Any user can publish their own private view; it then changes only through the public-view calls.
    const shared = await save(api.analyst, { title: "Team view", gridState: { q: "db" } });
    expect(await byId(PUBLISH_USER_VIEW_AS_PUBLIC)(api.analyst, shared)).toBe(shared);
    expect(await view(api.analyst, shared)).toMatchObject({ category: "public", path: `public_views/${shared}`, readOnly: false, owner: "analyst" });
    expect(await saveRefused(api.analyst, { id: shared, title: "x" })).toBe("Validation Error: 'Team view' is a public view: change it with updatePublicView or deletePublicView.");
    expect(await byIdRefused(DELETE_USER_VIEW)(api.analyst, shared)).toBe("Validation Error: 'Team view' is a public view: change it with updatePublicView or deletePublicView.");
    expect(await byIdRefused(PUBLISH_USER_VIEW_AS_PUBLIC)(api.analyst, shared)).toBe("Validation Error: 'Team view' is a public view: change it with updatePublicView or deletePublicView.");
    await ok(api.analyst, UPDATE_PUBLIC_VIEW, { gridId: GRID, view: JSON.stringify({ id: shared, title: "Team View", gridState: { q: "cache" } }) });
    expect(await refused(api.analyst, UPDATE_PUBLIC_VIEW, { gridId: GRID, view: JSON.stringify({ title: "x" }) })).toBe(
      "Validation Error: view.id is required: public views are created by publishing a private one.",
    );
    expect(await refused(api.analyst, UPDATE_PUBLIC_VIEW, { gridId: GRID, view: JSON.stringify({ id: secret, title: "x" }) })).toBe(
      "Validation Error: 'Analyst only' is a private view: change it with createOrUpdateUserView or deleteUserView.",
    );

    // Another user's public view: seen (after the system views, before private ones), read-only, can be copied and favourited.
    const carolList = await views(api.carol);
    const seen = carolList.find((v) => v.id === shared)!;
    expect(seen).toMatchObject({ title: "Team View", category: "public", readOnly: true, owner: "analyst", gridState: { q: "cache" } });
    expect(carolList.findIndex((v) => v.id === shared)).toBe(SYSTEM_ORDER.length);
    const readOnly = "Permission Denied: 'Team View' is a public view of analyst: only they can change it.";
    expect(await refused(api.carol, UPDATE_PUBLIC_VIEW, { gridId: GRID, view: JSON.stringify({ id: shared, title: "Mine now" }) })).toBe(readOnly);
    expect(await byIdRefused(DELETE_PUBLIC_VIEW)(api.carol, shared)).toBe(readOnly);
    expect(await byIdRefused(DELETE_USER_VIEW)(api.carol, shared)).toBe(readOnly);
    expect(await byIdRefused(PUBLISH_USER_VIEW_AS_PUBLIC)(api.carol, shared)).toBe(readOnly);
    expect(await saveRefused(api.carol, { id: shared, gridState: { q: "x" } })).toBe(readOnly);
    await byId(ADD_VIEW_AS_FAVORITE)(api.carol, shared);
    expect((await view(api.carol, shared))!.isFavorite).toBe(true);
    expect((await view(api.analyst, shared))!.isFavorite).toBe(false);
    const copy = await save(api.carol, { copyOf: shared });
    expect(await view(api.carol, copy)).toMatchObject({ title: "Team View Copy 1", category: "private", gridState: { q: "cache" }, readOnly: false });
    // Public names count for everyone who sees them.
    expect(await saveRefused(api.carol, { title: "team view" })).toBe(UNIQUE);
    expect((await view(api.analyst, shared))!.title).toBe("Team View");

    // Deleting the public view removes it (and every favourite of it) and selects the first remaining view.
    expect(await byId(DELETE_PUBLIC_VIEW)(api.analyst, shared)).toBe("default");
    expect(await view(api.carol, shared)).toBeUndefined();
    await byId(ADD_VIEW_AS_FAVORITE)(api.carol, "cpu_request_risk");
    const favourites = await api.db.selectFrom("grid_view_favorite").select("view_id").where("view_id", "=", shared).execute();
    expect(favourites).toEqual([]);
  });

  it("refuses make public in the sandbox, and publishing a name another user has since made public", async () => {
    const id = await save(api.carol, { title: "Sandboxed" });
    await setFlag(api.db, "sandboxPlaygroundEnabled", true);
    try {
      expect(await byIdRefused(PUBLISH_USER_VIEW_AS_PUBLIC)(api.carol, id)).toBe("Permission Denied: Make public is not available in this environment.");
      expect((await view(api.carol, id))!.category).toBe("private");
    } finally {
      await setFlag(api.db, "sandboxPlaygroundEnabled", false);
    }
    const mine = await save(api.analyst, { title: "Sandboxed" });
    await byId(PUBLISH_USER_VIEW_AS_PUBLIC)(api.analyst, mine);
    expect(await byIdRefused(PUBLISH_USER_VIEW_AS_PUBLIC)(api.carol, id)).toBe(UNIQUE);
    expect((await view(api.carol, id))!.category).toBe("private");
    await byId(DELETE_PUBLIC_VIEW)(api.analyst, mine);
    await byId(PUBLISH_USER_VIEW_AS_PUBLIC)(api.carol, id);
    expect((await view(api.analyst, id))!.category).toBe("public");
  });

  it("deletes the user's own private view and its favourite, answering the first remaining view", async () => {
    const id = await save(api.carol, { title: "Short lived" });
    await byId(ADD_VIEW_AS_FAVORITE)(api.carol, id);
    expect(await byId(DELETE_USER_VIEW)(api.carol, id)).toBe("default");
    expect(await view(api.carol, id)).toBeUndefined();
    expect(await byIdRefused(DELETE_USER_VIEW)(api.carol, id)).toBe(NOT_FOUND);
    expect(await api.db.selectFrom("grid_view_favorite").select("view_id").where("view_id", "=", id).execute()).toEqual([]);
  });

  it("gives the grid the rows of the selected view: a saved view keeps the built-in rows it was made from", async () => {
    const user = api.carol.user;
    const saved = await save(api.carol, { title: "Risky sorted", gridState: { sort: "namespace", dir: "asc" }, basedOn: "cpu_request_risk" });
    const bar = (query: string) => loadGridViewsBar(api.db, user, new URLSearchParams(query));

    const plain = await bar("tabGroup1=analysis-details");
    expect(plain).toMatchObject({ selected: { id: "default" }, rowViewId: null, unsaved: false, temporary: false, missing: false });
    expect(await bar("sort=namespace")).toMatchObject({ selected: { id: "default" }, unsaved: true });

    const mine = await bar(`gridViewId=${saved}&sort=namespace&dir=asc&page=3&drawer=container:x`);
    expect(mine).toMatchObject({ selected: { id: saved, title: "Risky sorted", readOnly: false }, rowViewId: "cpu_request_risk", unsaved: false });
    expect((await bar(`gridViewId=${saved}&sort=cluster`)).unsaved).toBe(true);
    expect((await rowViewParams(api.db, user, new URLSearchParams(`gridViewId=${saved}&q=a`))).toString()).toBe("gridViewId=cpu_request_risk&q=a");

    expect(await bar("gridViewId=additional_cpu_waste")).toMatchObject({ selected: { id: "additional_cpu_waste", readOnly: true }, rowViewId: "additional_cpu_waste" });
    // A histogram bar's rows: not a listed view, shown read-only with its own rows.
    expect(await bar("gridViewId=cpuRequest_bucket_200")).toMatchObject({
      temporary: true,
      selected: { id: "cpuRequest_bucket_200", title: "CPU request: 200% of recommended", readOnly: true },
      rowViewId: "cpuRequest_bucket_200",
    });
    // A view the user cannot see is reported and its id passed on (the grid then shows every row with a notice).
    expect(await bar("gridViewId=gone")).toMatchObject({ missing: true, selected: null, rowViewId: "gone" });
    // Form messages come back as codes only.
    expect((await bar(`gridViewId=${saved}&gvAction=rename&gvError=unique&gvTitle=x`)).ui).toEqual({ action: "rename", error: "View name must be unique", title: "x" });
    expect((await bar("gvAction=hack&gvError=<b>pwned</b>")).ui).toEqual({ action: null, error: null, title: "" });
  });

  it("lists public views before private ones, each by title", async () => {
    const list = await views(api.carol);
    const saved = list.filter((v) => v.category !== "system");
    const cats = saved.map((v) => v.category);
    expect(cats).toEqual([...cats].sort((a, b) => (a === b ? 0 : a === "public" ? -1 : 1)));
    const privateTitles = saved.filter((v) => v.category === "private").map((v) => v.title.toLowerCase());
    expect(privateTitles).toEqual([...privateTitles].sort());
    expect(privateTitles.length).toBeGreaterThan(5);
  });
});
