/**
 * A web process's own warm-up renders (decision 022 §1c, app/features/warm/page-renders.server.ts) on every store:
 * the addresses it renders come from what the store holds, and each page's loaders answer its requests as the cache
 * warmer (the default View and Filter), while the same request with any other token is a signed-out visitor.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getStore } from "~/db/db.server";
import { runAnalysis } from "~/analysis/run.server";
import { runDemoCollection } from "~/sources/collect.server";
import { warmPageAddresses } from "~/features/warm/page-renders.server";
import { warmRequestHeaders } from "~/lib/warm-request.server";
import { loadShell } from "~/features/shell/shell.server";
import { loadViewTreePage } from "~/features/tree/view-tree-page.server";
import { loadContainerTabs } from "~/features/containers/summary.server";
import { loadWorkload } from "~/features/workload/workload.server";
import { loadNodePage } from "~/features/nodes/page.server";
import { loadNodeTreePage } from "~/features/tree/node-tree-page.server";
import { TEST_STORES } from "./stores";
import { startApi, type Api } from "./graphql-harness";

const warmRequest = (address: string, headers: Record<string, string> = warmRequestHeaders()) =>
  new Request(new URL(address, "http://localhost"), { headers: { ...headers, Accept: "text/html" } });

/** What the page's loaders return for `request` (the shell's, the tree's and the page's own). */
async function loadPage(request: Request) {
  const url = new URL(request.url);
  const shell = await loadShell(request);
  if (url.pathname.startsWith("/kubex/nodes-tree")) return { shell: shell.data, tree: await loadNodeTreePage(request), page: await loadNodePage(request) };
  const entityId = url.searchParams.get("entityId");
  const page = entityId ? await loadWorkload(request, entityId) : await loadContainerTabs(request);
  return { shell: shell.data, tree: await loadViewTreePage(request, "containers"), page };
}

describe.each(TEST_STORES)("warm-up renders on $name", (testStore) => {
  let api: Api;
  let addresses: string[];

  beforeAll(async () => {
    api = await startApi(testStore);
    const store = await getStore();
    await runDemoCollection(store, { seed: 7, size: 400, cloudSize: 40 });
    await runAnalysis(store, { workers: 0 });
    addresses = await warmPageAddresses(store);
  }, 300_000);
  afterAll(async () => {
    await api?.close();
  });

  it("renders each kind of default page, with a folder and a workload the store holds", () => {
    expect(addresses).toHaveLength(7);
    expect(addresses[0]).toBe("/kubex/containers-tree");
    const folder = new URL(addresses[1], "http://localhost").searchParams.get("fullPath");
    expect(folder?.split("/")).toHaveLength(4); // the View's name and three folder levels
    expect(addresses).toContain("/kubex/containers-tree/tree-item?tabGroup1=analysis-details");
    expect(addresses).toContain("/kubex/containers-tree/tree-item?tabGroup1=analysis-details&sort=currentCost&dir=desc&page=2");
    expect(addresses.filter((a) => a.includes("entityId="))).toHaveLength(1);
    expect(addresses.slice(-2)).toEqual(["/kubex/nodes-tree", "/kubex/nodes-tree?tabGroupNode=node-detail"]);
  });

  it("answers every address as the cache warmer: the default View, no administration", async () => {
    for (const address of addresses) {
      const { shell, tree, page } = await loadPage(warmRequest(address));
      expect(shell.user.userName).toBe("kubex-cache-warmer");
      expect(shell.user.isAdmin).toBe(false);
      expect(tree.selected.id).toBeTruthy();
      expect(page).toBeTruthy();
    }
    const workload = addresses.find((a) => a.includes("entityId="))!;
    const { page } = await loadPage(warmRequest(workload));
    expect(page).toMatchObject({ entityId: new URL(workload, "http://localhost").searchParams.get("entityId") });
  });

  it("sends a request with another token to the sign-in page, as a signed-out visitor", async () => {
    const forged = { "x-kubex-warm-request": "A".repeat(43) };
    const thrown = await loadShell(warmRequest("/kubex/containers-tree", forged)).then(
      () => null,
      (e: unknown) => e,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2Fkubex%2Fcontainers-tree");
  });
});
