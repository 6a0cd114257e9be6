import { test as base, expect, type Page } from "@playwright/test";
import { STATE } from "./global-setup";
import { SEED_IDS } from "../../app/models/treeview-common.server";

/** Every page fails its test on a console error or an uncaught exception. */
export const test = base.extend<{ consoleErrors: string[] }>({
  storageState: STATE.admin,
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (m) => {
        if (m.type() === "error") errors.push(m.text());
      });
      page.on("pageerror", (e) => errors.push(String(e)));
      await use(errors);
      expect(errors, "console errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export function tree(page: Page) {
  return page.getByRole("tree", { name: "Navigation tree" });
}

export function treeItem(page: Page, label: string | RegExp) {
  return tree(page).getByRole("treeitem").filter({ has: page.getByRole("link", { name: label, exact: typeof label === "string" }) }).first();
}

/** The labels of the root's children as the tree shows them. */
export async function topLevelLabels(page: Page) {
  return tree(page).locator('li[aria-level="2"] a [data-label]').allInnerTexts();
}

export async function selectedCount(page: Page) {
  // Container counts of 1,000 or more show compact (2K); the full number is in the title.
  const el = page.getByTestId("selected-count");
  const full = await el.getAttribute("title");
  return Number((full ?? (await el.innerText())).replace(/[^0-9.]/g, ""));
}

/** Waits until React has hydrated the page (the root layout marks <html data-hydrated>). */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated=true]").waitFor({ state: "attached" });
}

/**
 * Holds the app's JavaScript bundles until `release()` is called, so a test can act on the server-rendered page
 * before it hydrates, deterministically.
 */
export async function holdScripts(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/build\/.*\.js(\?.*)?$/, async (route) => {
    await gate;
    await route.continue();
  });
  return { release };
}

/** The workload screen of an analysed Deployment's container (its service charts sit below the fold at 720 px). */
export async function analysedDeployment(page: Page): Promise<string> {
  const res = await page.request.post("/api/graphql/containers", {
    data: {
      query: `query pick($viewId: String!, $filterId: String!) {
        getContainerDetailsByViewAndFilter(viewId: $viewId, filterId: $filterId, treeviewPath: "", pageSize: 100) { rows { entityId analysed controllerType } }
      }`,
      variables: { viewId: SEED_IDS.clusterView, filterId: SEED_IDS.allContainers },
    },
  });
  expect(res.ok()).toBe(true);
  const rows = (await res.json()).data.getContainerDetailsByViewAndFilter.rows as { entityId: string; analysed: boolean; controllerType: string }[];
  const row = rows.find((r) => r.analysed && r.controllerType === "Deployment");
  expect(row, "the demo fleet has an analysed Deployment").toBeTruthy();
  return `/kubex/containers-tree/tree-item?entityId=${row!.entityId}`;
}
