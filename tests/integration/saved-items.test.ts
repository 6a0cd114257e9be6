/**
 * The saved-item repository and the dialogs' controller, called as the pages call them: a tree resolved from the
 * Views and Filters a page already listed is the one the tree models resolve, and each dialog reads its data in
 * one GraphQL call per request, whatever the button.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { EMPTY_ID, TEXT } from "~/lib/constants";
import { runGraphQL } from "~/graphql/client.server";
import { csrfToken, FORGED_POST_MESSAGE } from "~/features/auth/session.server";
import { actManageFilters, loadManageFilters } from "~/features/views-filters/manage-filters.server";
import { actManageViews, loadManageViews } from "~/features/views-filters/manage-views.server";
import { SEED_IDS } from "~/models/treeview-common.server";
import { listViews, resolveTreeView, treeViewOf } from "~/models/views.server";
import { listFilters, resolveTreeFilter, treeFilterOf } from "~/models/filters.server";
import { TEST_STORES } from "./stores";
import { startApi, type Api } from "./graphql-harness";

vi.mock("~/graphql/client.server", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/graphql/client.server")>();
  return { ...original, runGraphQL: vi.fn(original.runGraphQL) };
});
const calls = () => vi.mocked(runGraphQL).mock.calls.length;

const TREE = "/kubex/containers-tree";
const dialogUrl = (page: "manage-views" | "manage-filters", query: string) => `http://localhost${TREE}/${page}?${query}`;

async function post(url: string, fields: Record<string, string | string[]>, csrf = true) {
  const form = new FormData();
  if (csrf) form.set("csrf", await csrfToken(new Request(url)));
  for (const [k, v] of Object.entries(fields)) for (const value of [v].flat()) form.append(k, value);
  return new Request(url, { method: "POST", body: form });
}

/** The address a thrown redirect goes to. */
async function redirected(act: Promise<unknown>): Promise<string> {
  try {
    await act;
  } catch (e) {
    if (e instanceof Response && e.status >= 300 && e.status < 400) return e.headers.get("Location") ?? "";
    throw e;
  }
  throw new Error("Expected a redirect");
}

describe.each(TEST_STORES)("saved items on $name", (testStore) => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi(testStore);
  });
  afterAll(async () => {
    await api?.close();
  });
  beforeEach(() => {
    vi.mocked(runGraphQL).mockClear();
  });

  it("resolves a tree from listed Views and Filters as the tree models do", async () => {
    const user = api.analyst.user;
    const views = await listViews(api.db, user);
    const filters = await listFilters(api.db, user);
    for (const v of [...views.publicList, ...views.privateList]) {
      expect(treeViewOf(v)).toEqual(await resolveTreeView(api.db, user, v.viewId, "containers"));
    }
    for (const f of [...filters.publicList, ...filters.privateList]) {
      expect(treeFilterOf(f)).toEqual(await resolveTreeFilter(api.db, user, f.viewFilterId, "containers"));
    }
  });

  it("opens Manage Views on the View in the address with one call", async () => {
    const state = await loadManageViews(new Request(dialogUrl("manage-views", `viewId=${SEED_IDS.clusterView}`)), api.analyst.user);
    expect(calls()).toBe(1);
    expect(state.draft).toMatchObject({ id: SEED_IDS.clusterView, name: "Cluster View", levels: ["K8S_CLUSTER", "K8S_NAMESPACE", "K8S_POD_OWNER_NAME"] });
    expect(state).toMatchObject({ locked: true, isExisting: true, closeHref: TREE });
    expect(state.items.find((i) => i.id === SEED_IDS.clusterView)).toMatchObject({ defaultItem: true, systemDefined: true, publicItem: true });
    expect(state.properties.length).toBeGreaterThan(0);
    expect(state.max).toBeGreaterThan(0);
  });

  it("opens Manage Filters on the Filter in the address with one call", async () => {
    const state = await loadManageFilters(new Request(dialogUrl("manage-filters", `mf=${SEED_IDS.productionOnly}`)), api.analyst.user);
    expect(calls()).toBe(1);
    expect(state.draft).toMatchObject({ id: SEED_IDS.productionOnly, name: "Production Only", rows: [{ propertyKey: "environment", operand: "=", filterValue: "prod" }] });
    expect(state.locked).toBe(true);
  });

  it("applies a level button to the posted draft with one call", async () => {
    const url = dialogUrl("manage-views", "mode=new");
    const fields = { intent: "addLevel", viewId: EMPTY_ID, name: "Draft", level: "K8S_CLUSTER", property: "K8S_NAMESPACE", selectedLevel: "0" };
    const state = await actManageViews(await post(url, fields), api.analyst.user);
    expect(calls()).toBe(1);
    expect(state.draft).toMatchObject({ id: EMPTY_ID, name: "Draft", levels: ["K8S_CLUSTER", "K8S_NAMESPACE"], selectedLevel: 1 });
    expect(state.alert).toBeUndefined();
  });

  it("opens another item by its address, without reading", async () => {
    const url = dialogUrl("manage-filters", `mf=${SEED_IDS.productionOnly}&notice=saved`);
    const moved = await redirected(actManageFilters(await post(url, { intent: "select", pick: SEED_IDS.largeRequests }), api.analyst.user));
    expect(moved).toBe(`${TREE}/manage-filters?mf=${SEED_IDS.largeRequests}`);
    expect(await redirected(actManageFilters(await post(url, { intent: "new" }), api.analyst.user))).toBe(`${TREE}/manage-filters?mode=new`);
    expect(calls()).toBe(0);
  });

  it("refuses a forged post and keeps the draft", async () => {
    const url = dialogUrl("manage-views", "mode=new");
    const state = await actManageViews(await post(url, { intent: "ok", viewId: EMPTY_ID, name: "Forged", level: "K8S_CLUSTER" }, false), api.analyst.user);
    expect(state.alert).toEqual({ title: TEXT.saveError, message: FORGED_POST_MESSAGE });
    expect(state.draft.name).toBe("Forged");
    const views = await listViews(api.db, api.analyst.user);
    expect([...views.publicList, ...views.privateList].some((v) => v.name === "Forged")).toBe(false);
  });

  it("copies a locked Filter from its stored lines", async () => {
    const url = dialogUrl("manage-filters", `mf=${SEED_IDS.productionOnly}`);
    const state = await actManageFilters(await post(url, { intent: "copy", viewFilterId: SEED_IDS.productionOnly, name: "Production Only" }), api.analyst.user);
    expect(state.draft).toMatchObject({ id: EMPTY_ID, name: "Copy of Production Only", defaultItem: false, rows: [{ propertyKey: "environment" }] });
    expect(state.locked).toBe(false);
  });

  it("saves with Ok and returns to the tree; deletes after the confirmation", async () => {
    const returnTo = encodeURIComponent(`${TREE}?viewId=${SEED_IDS.clusterView}`);
    const url = dialogUrl("manage-views", `mode=new&returnTo=${returnTo}`);
    const saved = await redirected(actManageViews(await post(url, { intent: "ok", viewId: EMPTY_ID, name: "By Team", level: ["team", "K8S_CLUSTER"] }), api.analyst.user));
    expect(saved).toBe(`${TREE}?viewId=${SEED_IDS.clusterView}&saved=view`);
    expect(calls()).toBe(2);
    const views = await listViews(api.db, api.analyst.user);
    const created = views.privateList.find((v) => v.name === "By Team")!;
    expect(created.viewDetailList).toEqual(["Team", "Cluster"]);

    vi.mocked(runGraphQL).mockClear();
    const deleted = await redirected(actManageViews(await post(url, { intent: "confirmDelete", viewId: created.viewId, pick: created.viewId, name: "By Team" }), api.analyst.user));
    expect(deleted).toBe(`${TREE}/manage-views?mode=new&returnTo=${returnTo}&notice=deleted`);
    expect(calls()).toBe(2);
  });
});
