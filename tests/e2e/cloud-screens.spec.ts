import type { Page } from "@playwright/test";
import { test, expect, hydrated } from "./fixtures";

/** The cloud tree's screens (spec document 3, sections 2.2–2.6). */
const SUMMARY = "/kubex/cloud-tree";
const GRID = "/kubex/cloud-tree?cloudTabGroup=cloud-analysis";

const grid = (page: Page) => page.getByTestId("cloud-services-grid");
const rows = (page: Page) => grid(page).getByTestId("grid-row");

/** The first service of a grid view: its row's name link. */
async function firstOf(page: Page, gridViewId: string) {
  await page.goto(`${GRID}&gridViewId=${gridViewId}`);
  await hydrated(page);
  const link = grid(page).getByTestId("system-link").first();
  await expect(link).toBeVisible();
  return link;
}

test("summary → a provider's count → the grid on that view → a service's drawer → its Overview", async ({ page }) => {
  await page.goto(SUMMARY);
  await hydrated(page);
  await expect(page.getByTestId("page-title")).toHaveText("Cloud Summary");
  await expect(page.getByTestId("cloud-tabs").getByRole("link", { name: "Summary" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("spend-title")).toHaveText("Overall Monthly Spend");
  await expect(page.getByTestId("waste-label")).toHaveText(/^(Waste|Shortfall)$/);
  await expect(page.getByTestId("waste-percent")).toHaveText(/^\d+%$/);
  await expect(page.getByTestId("efficiency-rating")).toHaveText(/^\d+\.\d\d$/);
  await expect(page.getByTestId("monthly-label")).toHaveText(/^Monthly (Waste|Shortfall)$/);
  await expect(page.getByTestId("price-sources")).toContainText("as of");

  const aws = page.getByTestId("count-aws");
  const awsCount = Number((await aws.innerText()).replace(/,/g, ""));
  expect(awsCount).toBeGreaterThan(0);
  await aws.click();
  await expect(page).toHaveURL(/gridViewId=aws/);
  await expect(page).toHaveURL(/cloud-analysis=cloud-analysis/);
  await expect(page.getByTestId("page-title")).toHaveText("Cloud AI Analysis Details");
  await expect(page.getByTestId("grid-view-title")).toHaveText("AWS");
  await expect(page.getByTestId("grid-range")).toContainText(`of ${awsCount}`);
  // The AWS view keeps AWS services only.
  await expect(grid(page).getByRole("cell", { name: "Azure", exact: true })).toHaveCount(0);
  await expect(grid(page).locator("tfoot")).toContainText("Total");
  // The first row is selected: the Utilization Charts panel shows its charts.
  await expect(rows(page).first()).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("utilization-panel")).toContainText(await rows(page).first().getByTestId("system-link").innerText());

  const link = grid(page).getByTestId("system-link").first();
  const name = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(/drawer=cloud%3A/);
  const drawer = page.getByTestId("cloud-drawer");
  await expect(drawer.getByRole("heading", { name, exact: true })).toBeVisible();
  for (const card of ["Optimization Summary", "System Information", "Status Overview"]) await expect(drawer.getByRole("region", { name: card })).toBeVisible();
  await expect(drawer.getByTestId("workload-charts")).toContainText("Workload by Hour of Day");
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/drawer=/);

  await link.click();
  await page.getByTestId("cloud-drawer").getByTestId("view-cloud-details").click();
  await expect(page).toHaveURL(/tabGroup2=overview/);
  await expect(page).toHaveURL(/entityId=/);
  await expect(page.getByTestId("page-title")).toHaveText(`Cloud Overview · ${name}`);
  await expect(page.getByTestId("selected-name")).toHaveText(name);
  await expect(page.getByTestId("cloud-entity-tabs").getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("region", { name: "Optimization Summary" })).toBeVisible();
});

test("hovering or focusing a breakdown row highlights its bar; choosing it keeps the bar highlighted by the address", async ({ page }) => {
  await page.goto(SUMMARY);
  await hydrated(page);
  const card = page.getByTestId("breakdown-card");
  await expect(card).toHaveAttribute("data-highlight", "");
  await page.getByTestId("breakdown-upsize").hover();
  await expect(card).toHaveAttribute("data-highlight", "3");
  await page.getByTestId("spend-card").hover();
  await expect(card).toHaveAttribute("data-highlight", "");
  await page.getByTestId("choose-downsize").focus();
  await expect(card).toHaveAttribute("data-highlight", "2");
  await page.getByTestId("choose-terminate").click();
  await expect(page).toHaveURL(/bar=1/);
  await page.getByTestId("spend-card").hover();
  await page.getByTestId("choose-terminate").blur();
  await expect(card).toHaveAttribute("data-highlight", "1");
  // A row with services links to the grid on its view.
  const terminate = page.getByTestId("rows-terminate");
  if ((await terminate.evaluate((el) => el.tagName)) === "A") {
    await terminate.click();
    await expect(page).toHaveURL(/gridViewId=terminate/);
    await expect(page.getByTestId("grid-view-title")).toHaveText("Terminate");
    // Terminate's recommended values are hidden.
    await expect(rows(page).first().getByRole("cell").nth(2)).toHaveText("-");
  }
});

test("the grid: sort, page sizes, search, a grouping view and the Total row", async ({ page }) => {
  await page.goto(`${GRID}&size=20`);
  await hydrated(page);
  await expect(page.getByTestId("grid-view-title")).toHaveText("Default");
  await expect(grid(page).getByRole("columnheader", { name: /Total Waste/ })).toHaveAttribute("aria-sort", "descending");
  await grid(page).getByRole("link", { name: /^Region/ }).click();
  await expect(page).toHaveURL(/sort=region/);
  await expect(grid(page).getByRole("columnheader", { name: /^Region/ })).toHaveAttribute("aria-sort", /ascending|descending/);
  for (const size of ["20", "50", "100"]) await expect(page.getByRole("link", { name: size, exact: true })).toBeVisible();
  await page.getByRole("link", { name: "50", exact: true }).click();
  await expect(page).toHaveURL(/size=50/);

  const name = (await grid(page).getByTestId("system-link").first().innerText()).trim();
  await page.getByRole("searchbox", { name: "Search cloud services" }).fill(`  ${name} `);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(name)}(&|$)`));
  await expect(grid(page).getByTestId("system-link").first()).toHaveText(name);
  await expect(grid(page).getByTestId("total-currentEstimatedCost")).toBeVisible();

  await page.getByTestId("grid-views-menu").click();
  await page.getByTestId("select-view-cloud_provider").click();
  await expect(page).toHaveURL(/group=cloudProvider/);
  await expect(grid(page).getByTestId("group-row").first()).toContainText("Cloud Provider:");
  // Favourites are not offered for Default and All Data.
  await page.getByTestId("grid-views-menu").click();
  const list = page.getByTestId("grid-views-list");
  await expect(list.getByTestId("select-view-default")).toBeVisible();
  await expect(list.getByTestId("favourite-default")).toHaveCount(0);
  await expect(list.getByTestId("favourite-all_data")).toHaveCount(0);
  await expect(list.getByTestId("favourite-cloud_provider")).toHaveCount(1);
});

test("a service's tabs follow its type: no Catalog Map for a scale set, an unavailable tab falls back to the Overview", async ({ page }) => {
  const vmss = await firstOf(page, "VMSS");
  await vmss.click();
  const drawer = page.getByTestId("cloud-drawer");
  await expect(drawer).toBeVisible();
  // No impact report for VMSS.
  await expect(drawer.getByTestId("download-report")).toHaveCount(0);
  await drawer.getByTestId("view-cloud-details").click();
  await expect(page).toHaveURL(/entityId=/);
  await expect(page.getByTestId("cloud-entity-tabs").getByRole("link")).toHaveText(["Overview"]);
  await expect(page.getByTestId("cloud-actions")).toHaveCount(0);
  await page.goto(`${page.url()}&cloudexPage=catalog`);
  await expect(page).not.toHaveURL(/cloudexPage/);
  await expect(page.getByTestId("page-title")).toHaveText(/^Cloud Overview/);

  const ec2 = await firstOf(page, "EC2");
  await ec2.click();
  await expect(page.getByTestId("cloud-drawer").getByTestId("download-report")).toHaveAttribute("href", /^\/CIRBA\/api\/v2\/systems\/.+\/analysis-report$/);
  await page.getByTestId("cloud-drawer").getByTestId("view-cloud-details").click();
  const tabs = page.getByTestId("cloud-entity-tabs");
  await expect(tabs.getByRole("link")).toHaveText(["Overview", "Catalog Map", "Metric Viewer"]);
  await expect(page.getByTestId("cloud-actions")).toBeVisible();
  await tabs.getByRole("link", { name: "Catalog Map" }).click();
  await expect(page).toHaveURL(/cloudexPage=catalog/);
  await expect(page.getByTestId("page-title")).toHaveText(/^Catalog Map/);
  await expect(page.getByTestId("catalog-map")).toContainText("Instance Type Analysis");
  await tabs.getByRole("link", { name: "Metric Viewer" }).click();
  await expect(page.getByTestId("page-title")).toHaveText(/^Metrics Viewer/);
  await expect(page.getByTestId("metric-viewer")).toBeVisible();
});

test("the chart viewer: named by chart and service, walks the charts, keeps recommended charts on workload, links to the metric viewer", async ({ page }) => {
  const ec2 = await firstOf(page, "downsize");
  const name = (await ec2.innerText()).trim();
  await ec2.click();
  await page.getByTestId("cloud-drawer").getByTestId("view-cloud-details").click();
  await expect(page.getByTestId("cloud-chart").first()).toBeVisible();
  await page.getByTestId("chart-expand").first().click();
  const dialog = page.getByTestId("cloud-chart-dialog");
  await expect(dialog.getByRole("heading")).toHaveText(`CPU Utilization (Current) — ${name}`);
  await expect(dialog.getByTestId("chart-modes").getByRole("link")).toHaveText(["Workload", "Daily", "Hourly", "5 Minute"]);
  await expect(dialog.getByTestId("chart-fit")).toHaveAttribute("aria-checked", "true");

  await dialog.getByTestId("chart-modes").getByRole("link", { name: "Daily" }).click();
  await expect(page).toHaveURL(/chartMode=daily/);
  await expect(dialog).toHaveAttribute("data-mode", "daily");
  await expect(dialog.locator('[data-testid="cloud-history-chart"][data-mode="daily"] [data-point]').first()).toBeVisible();

  await dialog.getByTestId("chart-modes").getByRole("link", { name: "Workload" }).click();
  // Next is the workload mode's next chart only once the mode has switched (a click before that follows the daily
  // mode's Next, which is what a user clicking that fast would get too).
  await expect(dialog).toHaveAttribute("data-mode", "workload");
  await dialog.getByTestId("chart-next").click();
  await expect(page).toHaveURL(/chart=cpuRecommended/);
  await expect(dialog.getByRole("heading")).toContainText("CPU Utilization (Recommended)");
  await expect(dialog.getByTestId("chart-modes").getByRole("link")).toHaveText(["Workload"]);

  await dialog.getByTestId("view-all-charts").click();
  await expect(page).toHaveURL(/cloudexPage=metric-viewer/);
  const url = new URL(page.url());
  expect(url.searchParams.get("viewMode")).toBe("workload-recommended");
  expect(url.searchParams.get("charts")).toBe("cpuRecommended");
  for (const k of ["entityId", "fullPath", "level"]) expect(url.searchParams.get(k)).toBeTruthy();
  await expect(page.getByTestId("metric-viewer")).toHaveAttribute("data-mode", "workload-recommended");
  await expect(page.getByTestId("metric-viewer").getByTestId("cloud-chart")).toHaveCount(1);
  await expect(page.getByTestId("metric-viewer").getByTestId("cloud-chart")).toHaveAttribute("data-chart-key", "cpuRecommended");
});

test("the grid's saved views: a changed built-in view is 'Table View (Unsaved)', saves as a new view on the cloud grid, names are unique, and it can be made public and deleted", async ({ page }) => {
  const name = `EC2 by region ${test.info().retry}.${Date.now() % 100000}`;
  const title = page.getByTestId("grid-view-title");
  await page.goto(`${GRID}&gridViewId=EC2`);
  await hydrated(page);
  await expect(title).toHaveText("EC2");
  const range = await page.getByTestId("grid-range").innerText();
  await grid(page).getByRole("link", { name: /^Region/ }).click();
  await expect(title).toHaveText("Table View (Unsaved)");
  await expect(page.getByTestId("grid-view-save")).toHaveCount(0);

  await page.getByTestId("grid-view-saveas").click();
  await page.getByLabel("Name of the new view").fill(name);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(title).toHaveText(name);
  await expect(page).toHaveURL(/^[^?]*\/kubex\/cloud-tree\?/);
  await expect(page).toHaveURL(/sort=region/);
  await expect(page.getByTestId("grid-range")).toHaveText(range);

  // Another view may not take the same name.
  await page.getByTestId("grid-view-actions").locator("summary").click();
  await page.getByTestId("grid-view-create").click();
  await expect(title).toHaveText(/^New View \d+$/);
  await page.getByTestId("grid-view-actions").locator("summary").click();
  await page.getByTestId("grid-view-rename").click();
  await page.getByLabel("View name").fill(name.toUpperCase());
  await expect(page.getByTestId("grid-view-error")).toHaveText("View name must be unique");
  await page.getByTestId("grid-view-actions").locator("summary").click();
  await page.getByTestId("grid-view-delete").click();
  await page.getByTestId("grid-view-delete-confirm-button").click();
  await expect(title).toHaveText("Default");

  await page.getByTestId("grid-views-menu").click();
  await page.getByTestId("grid-views-list").getByRole("link", { name }).click();
  await expect(title).toHaveText(name);
  await page.getByTestId("grid-view-actions").locator("summary").click();
  await page.getByTestId("grid-view-publish").click();
  await page.getByTestId("grid-views-menu").click();
  await expect(page.getByTestId("grid-views-list").getByRole("region", { name: "Public Views" }).getByRole("link", { name })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.getByTestId("grid-view-actions").locator("summary").click();
  await page.getByTestId("grid-view-delete").click();
  await page.getByTestId("grid-view-delete-confirm-button").click();
  await expect(title).toHaveText("Default");
  await expect(page).toHaveURL(/\/kubex\/cloud-tree\?/);
});
