/**
 * One page request's loaders share their reads (app/lib/request-memo.server.ts) on every store: the page they give
 * is the one they give each on their own, a memo never carries one caller's user to another, and a session ended
 * between two requests is ended for the second.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getStore } from "~/db/db.server";
import { runAnalysis } from "~/analysis/run.server";
import { runDemoCollection } from "~/sources/collect.server";
import { closeRequestMemo, openRequestMemo, REQUEST_ID_HEADER } from "~/lib/request-memo.server";
import { deleteSession } from "~/models/users.server";
import { setFlag } from "~/models/feature-flags.server";
import { loadShell } from "~/features/shell/shell.server";
import { loadViewTreePage } from "~/features/tree/view-tree-page.server";
import { loadContainerTabs } from "~/features/containers/summary.server";
import { TEST_STORES } from "./stores";
import { startApi, type Api } from "./graphql-harness";

const ADDRESS = "/kubex/containers-tree/tree-item?tabGroup1=analysis-details&sort=currentCost&dir=desc";

/** The request as Remix hands it to one loader: a copy per loader, the same headers. */
const pageRequest = (cookie: string, memo?: string, address = ADDRESS) =>
  new Request(new URL(address, "http://localhost"), { headers: { Cookie: cookie, Accept: "text/html", ...(memo ? { [REQUEST_ID_HEADER]: memo } : {}) } });

/** The three loaders of a containers page, side by side as Remix runs them, each with its own copy. */
async function loadPage(cookie: string, memo?: string) {
  const [shell, tree, tabs] = await Promise.all([loadShell(pageRequest(cookie, memo)), loadViewTreePage(pageRequest(cookie, memo), "containers"), loadContainerTabs(pageRequest(cookie, memo))]);
  return { shell: shell.data, tree, tabs };
}

const signInRedirect = (e: unknown) => (e instanceof Response && e.status === 302 ? e.headers.get("Location") : e);

describe.each(TEST_STORES)("a request's shared reads on $name", (testStore) => {
  let api: Api;

  beforeAll(async () => {
    api = await startApi(testStore);
    const store = await getStore();
    await runDemoCollection(store, { seed: 11, size: 300, cloudSize: 40 });
    await runAnalysis(store, { workers: 0 });
  }, 300_000);
  afterAll(async () => {
    await api?.close();
  });

  it("gives the page each loader gives on its own", async () => {
    const cookie = await api.sessionCookie(api.admin);
    const alone = await loadPage(cookie);
    const memo = openRequestMemo();
    const shared = await loadPage(cookie, memo);
    closeRequestMemo(memo);
    expect(shared.shell.user).toEqual(alone.shell.user);
    expect(shared.shell.flags).toEqual(alone.shell.flags);
    expect(shared.tree.selected).toEqual(alone.tree.selected);
    expect(shared.tree.viewItems).toEqual(alone.tree.viewItems);
    expect(shared.tree.filterItems).toEqual(alone.tree.filterItems);
    expect(shared.tabs.grid).toEqual(alone.tabs.grid);
    expect(shared.tabs.grid?.rows.length).toBeGreaterThan(0);
  });

  it("never gives one caller's user to another, even with the same memo", async () => {
    const [admin, analyst] = [await api.sessionCookie(api.admin), await api.sessionCookie(api.analyst)];
    const memo = openRequestMemo();
    const [a, b] = await Promise.all([loadShell(pageRequest(admin, memo)), loadShell(pageRequest(analyst, memo))]);
    closeRequestMemo(memo);
    expect(a.data.user.userName).toBe(api.admin.user.userName);
    expect(b.data.user.userName).toBe(api.analyst.user.userName);
  });

  it("reads the session again in the next request: a sign-out in between sends it to sign in", async () => {
    const cookie = await api.sessionCookie(api.analyst);
    const first = openRequestMemo();
    expect((await loadShell(pageRequest(cookie, first))).data.user.userName).toBe(api.analyst.user.userName);
    closeRequestMemo(first);
    await deleteSession(api.db, decodeURIComponent(cookie.split("=")[1]));
    const second = openRequestMemo();
    const thrown = await loadShell(pageRequest(cookie, second)).then(() => null, signInRedirect);
    closeRequestMemo(second);
    expect(thrown).toMatch(/^\/login\?redirectTo=/);
  });

  it("reads the flags again in the next request: a switch in between shows", async () => {
    const cookie = await api.sessionCookie(api.admin);
    const first = openRequestMemo();
    const before = (await loadShell(pageRequest(cookie, first))).data.flags.kubexShowGpuData;
    closeRequestMemo(first);
    await setFlag(api.db, "kubexShowGpuData", !before);
    try {
      const second = openRequestMemo();
      expect((await loadShell(pageRequest(cookie, second))).data.flags.kubexShowGpuData).toBe(!before);
      closeRequestMemo(second);
    } finally {
      await setFlag(api.db, "kubexShowGpuData", before);
    }
  });
});
