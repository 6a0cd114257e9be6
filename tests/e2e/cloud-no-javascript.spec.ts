import { test, expect } from "./fixtures";

test.use({ javaScriptEnabled: false });

/** The cloud screens with JavaScript off: links, GET forms and server-rendered overlays (ARCHITECTURE.md). */
test("without JavaScript the summary renders, a row highlights its bar by address and a count opens the grid", async ({ page }) => {
  await page.goto("/kubex/cloud-tree");
  await expect(page.getByTestId("spend-card")).toBeVisible();
  await expect(page.locator("[data-testid=breakdown-card] svg[data-testid=waterfall-svg]")).toBeVisible();
  await page.getByTestId("choose-upsize").click();
  await expect(page).toHaveURL(/bar=3/);
  await expect(page.getByTestId("breakdown-card")).toHaveAttribute("data-highlight", "3");
  await expect(page.getByTestId("choose-upsize")).toHaveAttribute("aria-current", "true");
  await page.getByTestId("view-all-data").click();
  await expect(page).toHaveURL(/gridViewId=all_data/);
  await expect(page.getByTestId("grid-view-title")).toHaveText("All Data");
  await expect(page.getByTestId("cloud-services-grid").getByRole("columnheader", { name: "IP Address" })).toBeVisible();
});

test("without JavaScript the grid searches with a GET form, opens and closes the drawer and toggles the charts panel", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/kubex/cloud-tree?cloudTabGroup=cloud-analysis");
  const grid = page.getByTestId("cloud-services-grid");
  const name = (await grid.getByTestId("system-link").nth(1).innerText()).trim();
  await page.getByRole("searchbox", { name: "Search cloud services" }).fill(name);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(name)}`));
  await expect(grid.getByTestId("system-link").first()).toHaveText(name);
  await expect(grid.locator("tfoot")).toContainText("Total");

  await grid.getByTestId("system-link").first().click();
  const drawer = page.getByTestId("cloud-drawer");
  await expect(drawer.getByRole("heading", { name, exact: true })).toBeVisible();
  await expect(drawer.getByTestId("cloud-chart").first()).toBeVisible();
  await drawer.getByTestId("drawer-close").click();
  await expect(drawer).toHaveCount(0);

  const panel = page.getByTestId("utilization-panel");
  await expect(panel.getByTestId("utilization-body")).toBeVisible();
  await panel.getByRole("link", { name: /Utilization Charts/ }).click();
  await expect(page).toHaveURL(/charts=closed/);
  await expect(panel.getByTestId("utilization-body")).toHaveCount(0);
});

test("without JavaScript a service's Overview, its chart viewer and the drawer's link work", async ({ page }) => {
  await page.goto("/kubex/cloud-tree?cloudTabGroup=cloud-analysis&gridViewId=downsize");
  await page.getByTestId("cloud-services-grid").getByTestId("system-link").first().click();
  await page.getByTestId("cloud-drawer").getByTestId("view-cloud-details").click();
  await expect(page).toHaveURL(/tabGroup2=overview/);
  await expect(page.getByRole("region", { name: "Status Overview" })).toBeVisible();
  await page.getByTestId("chart-expand").first().click();
  const dialog = page.getByTestId("cloud-chart-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("chart-next").click();
  await expect(page).toHaveURL(/chart=cpuRecommended/);
  await dialog.getByTestId("chart-dialog-close").click();
  await expect(page.getByTestId("cloud-chart-dialog")).toHaveCount(0);
});
