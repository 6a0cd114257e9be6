/**
 * Accessibility (issue 14, must-show 3): axe-core finds no serious or critical violation on any main screen, in the
 * dark and the light theme. Every screen is reached as a user reaches it (the links of the page before), so the
 * spec follows the demo fleet of the e2e server instead of naming its ids. Each screen's violations are written to
 * tests/e2e/.artifacts/axe/<theme>-<screen>.json (all impacts) for reading; the test fails on serious or critical.
 */
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect, hydrated } from "./fixtures";

const OUT = "tests/e2e/.artifacts/axe";
const GRID = "/kubex/containers-tree/tree-item?tabGroup1=analysis-details";
const CLOUD_GRID = "/kubex/cloud-tree?cloudTabGroup=cloud-analysis";

type Theme = "dark" | "light";

interface Found {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it is now; returns the serious and critical violations, writing all of them down. */
async function audit(page: Page, theme: Theme, screen: string): Promise<Found[]> {
  const results = await new AxeBuilder({ page }).analyze();
  const found: Found[] = results.violations.map((v) => ({
    id: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((n) => `${n.target.join(" ")}${n.failureSummary ? ` — ${n.failureSummary.split("\n").slice(1).join(" ").trim()}` : ""}`),
  }));
  fs.mkdirSync(OUT, { recursive: true });
  fs.writeFileSync(`${OUT}/${theme}-${screen}.json`, JSON.stringify(found, null, 2));
  return found.filter((f) => f.impact === "serious" || f.impact === "critical");
}

async function expectClean(page: Page, theme: Theme, screen: string) {
  await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
  const bad = await audit(page, theme, screen);
  const summary = bad.map((f) => `${f.impact} ${f.id} (${f.help}):\n    ${f.targets.slice(0, 8).join("\n    ")}`).join("\n  ");
  expect.soft(bad, `${screen} (${theme}):\n  ${summary}`).toEqual([]);
}

async function visit(page: Page, url: string) {
  await page.goto(url);
  await hydrated(page);
}

/** The first analysed container's workload screen, through the grid's drawer ("View container details"). */
async function openDrawer(page: Page) {
  await visit(page, `${GRID}&size=10`);
  await page.getByTestId("details-grid").getByTestId("container-link").first().click();
  await expect(page.getByTestId("container-drawer")).toBeVisible();
}

// axe-core runs as a script in the page; the product's Content-Security-Policy (nonces only) would refuse it.
test.use({ bypassCSP: true });
// Each test audits up to six screens, and one axe run takes several seconds on a busy machine.
test.describe.configure({ timeout: 240_000 });

for (const theme of ["dark", "light"] as const) {
  test.describe(`axe-core, ${theme} theme`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await context.addCookies([{ name: "kubex_theme", value: theme, url: baseURL! }]);
    });

    test("containers: Summary, its bar panel, Breakdown, Histograms, AI Analysis Details, Policies", async ({ page }) => {
      await visit(page, "/kubex/containers-tree");
      await expectClean(page, theme, "containers-summary");
      await visit(page, "/kubex/containers-tree?tabGroup1=overview&bar=currentSpend");
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectClean(page, theme, "containers-summary-bar");
      await visit(page, "/kubex/containers-tree?tabGroup1=breakdown");
      await expectClean(page, theme, "containers-breakdown");
      await visit(page, "/kubex/containers-tree?tabGroup1=histograms");
      await expectClean(page, theme, "containers-histograms");
      await visit(page, "/kubex/containers-tree?tabGroup1=analysis-details");
      await expectClean(page, theme, "containers-grid");
      await visit(page, "/kubex/containers-tree?tabGroup1=policies");
      await expectClean(page, theme, "containers-policies");
    });

    test("the grid's drawer and the workload screen", async ({ page }) => {
      await openDrawer(page);
      await expectClean(page, theme, "grid-drawer");
      await page.getByTestId("container-drawer").getByRole("link", { name: /View container details/ }).click();
      await expect(page).toHaveURL(/entityId=/);
      await hydrated(page);
      await expect(page.getByTestId("service-charts")).toBeVisible();
      await expectClean(page, theme, "workload");
      await visit(page, `${page.url()}&tabGroup2=metricViewer`);
      await expectClean(page, theme, "workload-metrics");
    });

    test("Manage Views and Manage Filters", async ({ page }) => {
      await visit(page, "/kubex/containers-tree");
      await page.getByRole("link", { name: "Manage Views" }).click();
      await expect(page.getByTestId("manage-views")).toBeVisible();
      await expectClean(page, theme, "manage-views");
      await visit(page, "/kubex/containers-tree/manage-filters?mode=new&returnTo=%2Fkubex%2Fcontainers-tree");
      await expect(page.getByRole("dialog")).toBeVisible();
      await expectClean(page, theme, "manage-filters");
    });

    test("nodes: Node Group Analysis, a node group, a node", async ({ page }) => {
      await visit(page, "/kubex/nodes-tree");
      await expectClean(page, theme, "node-groups");
      await visit(page, "/kubex/nodes-tree?tabGroupNode=node-detail");
      await expectClean(page, theme, "nodes");
      const group = page.getByTestId("node-group-grid");
      await visit(page, "/kubex/nodes-tree");
      // A cluster's node groups: the first cluster of the tree.
      const cluster = page.getByRole("tree", { name: "Navigation tree" }).locator('li[aria-level="2"] a').first();
      await cluster.click();
      await expect(page).toHaveURL(/tree-item\?/);
      await hydrated(page);
      await expect(group).toBeVisible();
      await expectClean(page, theme, "cluster-node-groups");
      // A node group's overview and one of its nodes', opened in the tree.
      const groupLink = page.getByRole("tree", { name: "Navigation tree" }).locator('li[aria-level="3"] a').first();
      await groupLink.click();
      await expect(page).toHaveURL(/type=NODEGROUP/);
      await hydrated(page);
      await expectClean(page, theme, "node-group");
      await page.getByRole("tree", { name: "Navigation tree" }).locator('li[aria-level="4"] a').first().click();
      await expect(page).toHaveURL(/type=NODE(&|$)/);
      await hydrated(page);
      await expectClean(page, theme, "node");
    });

    test("cloud: Summary, grid, a service's overview and Catalog Map", async ({ page }) => {
      await visit(page, "/kubex/cloud-tree");
      await expectClean(page, theme, "cloud-summary");
      await visit(page, `${CLOUD_GRID}&gridViewId=EC2`);
      await expectClean(page, theme, "cloud-grid");
      await page.getByTestId("cloud-services-grid").getByTestId("system-link").first().click();
      const drawer = page.getByTestId("cloud-drawer");
      await expect(drawer).toBeVisible();
      await expectClean(page, theme, "cloud-drawer");
      await drawer.getByTestId("view-cloud-details").click();
      await expect(page).toHaveURL(/entityId=/);
      await hydrated(page);
      await expectClean(page, theme, "cloud-service");
      const entityId = new URL(page.url()).searchParams.get("entityId")!;
      await visit(page, `/kubex/cloud-tree/catalog-map?entityId=${encodeURIComponent(entityId)}`);
      await expect(page.getByTestId("page-title")).toHaveText("Catalog Map");
      await expectClean(page, theme, "catalog-map");
    });

    test("Settings, Share, the status screens", async ({ page }) => {
      await visit(page, "/kubex/settings");
      await expectClean(page, theme, "settings");
      await visit(page, "/kubex/share");
      await expectClean(page, theme, "share");
      await visit(page, "/kubex/collectionstatus/connections");
      await expectClean(page, theme, "status-connections");
      await visit(page, "/kubex/collectionstatus/automation");
      await expectClean(page, theme, "status-automation");
      await visit(page, "/kubex/cluster-connections");
      await expectClean(page, theme, "cluster-connections");
      await visit(page, "/kubex/cloud/connections");
      await expectClean(page, theme, "cloud-connections");
    });

    test("Help: the index, search results and pages of each kind", async ({ page }) => {
      await visit(page, "/kubex/help");
      await expectClean(page, theme, "help-index");
      await visit(page, "/kubex/help?q=waste");
      await expect(page.getByTestId("help-results")).toBeVisible();
      await expectClean(page, theme, "help-search");
      for (const slug of ["nodes", "cluster-connections", "graphql-api"]) {
        await visit(page, `/kubex/help/${slug}`);
        await expectClean(page, theme, `help-${slug}`);
      }
    });
  });

  test.describe(`axe-core, ${theme} theme, signed out`, () => {
    test.use({ storageState: { cookies: [], origins: [] } });
    test("the sign-in page", async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: "kubex_theme", value: theme, url: baseURL! }]);
      await visit(page, "/login");
      await expectClean(page, theme, "login");
    });
  });
}
