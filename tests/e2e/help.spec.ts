/**
 * Help served by the product (issue 14, must-show 4; decision 026): every screen's Help menu opens the Help page
 * of that screen (not a 404, not the external host the menu used to name), every page the index lists answers,
 * the search works, and all of it without JavaScript and at phone width.
 */
import type { Page } from "@playwright/test";
import { test, expect, hydrated } from "./fixtures";

const GRID = "/kubex/containers-tree/tree-item?tabGroup1=analysis-details";

/** Opens the header's Help menu and follows "Help: <screen>"; returns the page it lands on. */
async function openScreenHelp(page: Page, slug: string) {
  await page.getByRole("banner").getByLabel("Help", { exact: true }).click();
  const item = page.getByTestId("help-for-screen");
  await expect(item).toBeVisible();
  await item.click();
  await expect(page).toHaveURL(new RegExp(`/kubex/help/${slug}$`));
  await expect(page.getByTestId("help-page")).toHaveAttribute("data-slug", slug);
  await expect(page.getByTestId("page-title")).toContainText("Help · ");
}

/** A screen of the product, by its address, and the Help page its menu must open. */
const SCREENS: [string, string][] = [
  ["/kubex/containers-tree", "containers-summary"],
  ["/kubex/containers-tree?tabGroup1=breakdown", "containers-breakdown"],
  ["/kubex/containers-tree?tabGroup1=histograms", "containers-histograms"],
  [GRID, "containers-analysis-details"],
  ["/kubex/containers-tree?tabGroup1=policies", "policies"],
  ["/kubex/nodes-tree", "node-groups"],
  ["/kubex/nodes-tree?tabGroupNode=node-detail", "nodes"],
  ["/kubex/cloud-tree", "cloud-summary"],
  ["/kubex/cloud-tree?cloudTabGroup=cloud-analysis", "cloud-services"],
  ["/kubex/collectionstatus/connections", "cluster-connections"],
  ["/kubex/cluster-connections", "cluster-connections"],
  ["/kubex/cloud/connections", "cloud-connections"],
  ["/kubex/collectionstatus/automation", "automation"],
  ["/kubex/settings", "settings"],
  ["/kubex/share", "share"],
];

test("every screen's Help menu opens that screen's Help page", async ({ page }) => {
  test.setTimeout(180_000);
  for (const [address, slug] of SCREENS) {
    await page.goto(address);
    await hydrated(page);
    await openScreenHelp(page, slug);
  }
});

test("Manage Views and Manage Filters link their Help page (the dialog covers the header)", async ({ page }) => {
  for (const dialog of ["manage-views", "manage-filters"]) {
    await page.goto(`/kubex/containers-tree/${dialog}?returnTo=%2Fkubex%2Fcontainers-tree`);
    await hydrated(page);
    await page.getByRole("dialog").getByTestId("dialog-help").click();
    await expect(page.getByTestId("help-page")).toHaveAttribute("data-slug", "views-filters");
  }
});

test("a container's and a cloud service's screens open their own Help pages", async ({ page }) => {
  await page.goto(`${GRID}&size=10`);
  await hydrated(page);
  await page.getByTestId("details-grid").getByTestId("container-link").first().click();
  await page.getByTestId("container-drawer").getByRole("link", { name: /View container details/ }).click();
  await expect(page).toHaveURL(/entityId=/);
  await hydrated(page);
  await openScreenHelp(page, "workload");

  await page.goto("/kubex/cloud-tree?cloudTabGroup=cloud-analysis&gridViewId=EC2");
  await hydrated(page);
  await page.getByTestId("cloud-services-grid").getByTestId("system-link").first().click();
  await page.getByTestId("cloud-drawer").getByTestId("view-cloud-details").click();
  await expect(page).toHaveURL(/entityId=/);
  await hydrated(page);
  const entityId = new URL(page.url()).searchParams.get("entityId")!;
  await openScreenHelp(page, "cloud-service");
  await page.goto(`/kubex/cloud-tree/catalog-map?entityId=${encodeURIComponent(entityId)}`);
  await hydrated(page);
  await openScreenHelp(page, "catalog-map");
});

test("the index lists every page, each answers 200, an unknown one 404", async ({ page }) => {
  await page.goto("/kubex/help");
  await expect(page.getByTestId("page-title")).toHaveText("Help");
  const hrefs = await page.getByTestId("help-index").locator('a[href^="/kubex/help/"]').evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  expect(new Set(hrefs).size).toBe(19);
  for (const href of hrefs) {
    const res = await page.request.get(href);
    expect(res.status(), href).toBe(200);
    expect(await res.text()).toContain('data-testid="help-page"');
  }
  expect((await page.request.get("/kubex/help/no-such-screen")).status()).toBe(404);
  // The GraphQL API has its page too.
  expect(hrefs).toContain("/kubex/help/graphql-api");
});

test.describe("without JavaScript, at phone width", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the Help menu, the search and a page work and fit the screen", async ({ page }) => {
    await page.goto("/kubex/nodes-tree?tabGroupNode=node-detail");
    await openScreenHelp(page, "nodes");
    await expect(page.getByTestId("help-page").getByRole("heading", { name: "Nodes: the Nodes grid and a node" })).toBeVisible();
    await expect(page.getByText("Cost ($/month)", { exact: true })).toBeVisible();
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
    expect(fits).toBe(true);

    await page.getByRole("searchbox", { name: "Search help" }).fill("efficency rating");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/kubex\/help\?q=efficency\+rating/);
    const results = page.getByTestId("help-results");
    await expect(results.getByRole("link", { name: "Containers: Summary" })).toBeVisible();
    await results.getByRole("link", { name: "Containers: Summary" }).click();
    await expect(page.getByTestId("help-page")).toHaveAttribute("data-slug", "containers-summary");

    await page.goto("/kubex/help?q=zzqqxx");
    await expect(page.getByTestId("help-results")).toContainText("No help page matches");
  });
});
