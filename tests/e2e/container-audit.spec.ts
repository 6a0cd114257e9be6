import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

/** Audit of the container tabs against spec document 2 (sections 2.1, 2.2, 2.5, 5, 8, 9). */

async function setFlag(page: Page, name: string, on: boolean) {
  await page.goto("/kubex/settings");
  // A flag's row carries its stored name; its button says the flag's label ("Turn off Product tour").
  const row = page.locator(`[data-flag="${name}"]`);
  const button = row.getByRole("button", { name: new RegExp(`^Turn ${on ? "on" : "off"} `) });
  if (await button.count()) {
    await button.click();
    await expect(page.getByText(`(${name}) is now ${on ? "on" : "off"}.`)).toBeVisible();
  }
}

const TREE_ITEM = "/kubex/containers-tree/tree-item";

test("Summary: surplus card histograms open the Histograms tab on their bucket; unspecified figures open their grid views; counts are compact", async ({ page }) => {
  await page.goto(`${TREE_ITEM}?tabGroup1=overview`);
  const count = page.getByTestId("container-count-link");
  const full = Number((await count.getAttribute("title"))!.replace(/[^0-9]/g, ""));
  // Compact from 1,000 on, one decimal at most (spec document 2, section 9).
  await expect(count).toHaveText(full >= 1000 ? /^\d+(\.\d)?K containers$/ : new RegExp(`^${full} containers$`));
  await expect(page.getByTestId("monthly-waste").locator("..")).toContainText(/CPU [\d,]+\.\d cores · Memory [\d,]+\.\d GB spare/);
  await expect(page.getByTestId("surplus-cpu")).toContainText(/[\d,]+\.\d cores/);

  const bar = page.getByTestId("surplus-memory").locator('a[href*="selectedBucket=100"]').first();
  await bar.click();
  await expect(page).toHaveURL(/tabGroup1=histograms/);
  await expect(page).toHaveURL(/selectedType=memory/);
  await expect(page).toHaveURL(/selectedBucket=100/);
  await expect(page.getByRole("link", { name: "Histograms" })).toHaveAttribute("aria-current", "page");

  await page.goto(`${TREE_ITEM}?tabGroup1=overview`);
  await page.getByTestId("unspecified-figures").getByRole("link", { name: /^CPU / }).click();
  await expect(page).toHaveURL(/gridViewId=unspecified_cpu_request_risk/);
  await page.goto(`${TREE_ITEM}?tabGroup1=overview`);
  await page.getByTestId("unspecified-figures").getByRole("link", { name: /^Mem / }).click();
  await expect(page).toHaveURL(/gridViewId=unspecified_memory_request_risks/);
});

test("Histograms: selectors default to CPU & Memory / Request & Limit / unspecified, narrow the charts, and drop Unspecified", async ({ page }) => {
  await page.goto(`${TREE_ITEM}?tabGroup1=histograms`);
  const form = page.getByRole("form", { name: "Histogram options" });
  await expect(form.getByLabel("Resource type")).toHaveValue("CPU & Memory");
  await expect(form.getByLabel("Metric")).toHaveValue("Request & Limit");
  await expect(form.getByLabel("Include unspecified")).toBeChecked();
  const charts = page.locator('[data-chart="histogram"]');
  await expect(charts).toHaveCount(4);
  await expect(page.getByText("Unspecified", { exact: true }).first()).toBeVisible();

  await form.getByLabel("Resource type").selectOption("Memory");
  await expect(page).toHaveURL(/resourceType=Memory/);
  await expect(charts).toHaveCount(2);
  await form.getByLabel("Metric").selectOption("Limit");
  await expect(charts).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Memory Limit" })).toBeVisible();
  // Every option is a non-empty selection: nothing offers "none" (the at-least-one rule).
  expect(await form.getByLabel("Resource type").locator("option").allInnerTexts()).toEqual(["CPU & Memory", "CPU", "Memory"]);
  expect(await form.getByLabel("Metric").locator("option").allInnerTexts()).toEqual(["Request & Limit", "Request", "Limit"]);

  await form.getByLabel("Include unspecified").uncheck();
  await expect(page).toHaveURL(/includeUnspecified=false/);
  await expect(charts.getByText("Unspecified", { exact: true })).toHaveCount(0);
  // The tab keeps its place in the tree and tab group.
  await expect(page).toHaveURL(/tabGroup1=histograms/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the histogram selectors work as a plain GET form", async ({ page }) => {
    await page.goto(`${TREE_ITEM}?tabGroup1=histograms`);
    const form = page.getByRole("form", { name: "Histogram options" });
    await form.getByLabel("Resource type").selectOption("CPU");
    await form.getByLabel("Include unspecified").uncheck();
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/resourceType=CPU/);
    await expect(page).toHaveURL(/tabGroup1=histograms/);
    await expect(page.locator('[data-chart="histogram"]')).toHaveCount(2);
    await expect(page.locator('[data-chart="histogram"]').getByText("Unspecified", { exact: true })).toHaveCount(0);
  });
});

test("with showContainerSummary off: Histograms, Summary, AI Analysis Details tabs and the summary cards; showPolicyTab off hides Policies", async ({ page }) => {
  await setFlag(page, "showContainerSummary", false);
  await setFlag(page, "showPolicyTab", false);
  try {
    await page.goto(TREE_ITEM);
    const tabs = page.getByRole("navigation", { name: "Container tabs" }).getByRole("link");
    await expect(tabs).toHaveText(["Histograms", "Summary", "AI Analysis Details"]);
    await expect(tabs.first()).toHaveAttribute("aria-current", "page");
    const cards = page.getByTestId("summary-cards");
    for (const label of ["Containers", "Container Manifests", "CPU Request Surplus", "Memory Request Surplus", "Monthly Savings", "Efficiency Rating"]) {
      await expect(cards).toContainText(label, { ignoreCase: true });
    }
    await expect(page.getByTestId("card-cpu-surplus")).toContainText(/[\d,]+\.\d cores/);
    await expect(page.getByTestId("card-memory-surplus")).toContainText(/[\d,]+\.\d GB/);
    await expect(page.getByTestId("card-monthly-savings")).toContainText(/\$[\d,]+\.\d\d \/month/);
    await expect(page.getByTestId("card-efficiency")).toContainText(/^Efficiency Rating\s*\d\.\d\d$/i);
    await expect(page.getByTestId("cost-tooltip")).toHaveAttribute("title", /Costs are estimated from a default price of \$[\d.]+ per CPU core and \$[\d.]+ per GB of memory/);
    const tip = page.getByRole("tooltip");
    await expect(tip).toBeHidden();
    await page.getByTestId("cost-tooltip").focus();
    await expect(tip).toBeVisible();
    await expect(tip).toContainText("Costs are estimated from a default price");
    // tabGroup1=overview is the Summary tab; the container count opens analysis-details.
    await page.goto(`${TREE_ITEM}?tabGroup1=overview`);
    await expect(page.getByRole("link", { name: "Summary" })).toHaveAttribute("aria-current", "page");
    await page.getByTestId("card-containers").getByRole("link").click();
    await expect(page).toHaveURL(/tabGroup1=analysis-details/);
  } finally {
    await setFlag(page, "showContainerSummary", true);
    await setFlag(page, "showPolicyTab", true);
  }
  await page.goto(TREE_ITEM);
  await expect(page.getByTestId("summary-cards")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Container tabs" }).getByRole("link")).toHaveText(["Summary", "Breakdown", "Histograms", "AI Analysis Details", "Policies"]);
});

test("Breakdown: folder cards add up the table, rows sorted by container count with bars as a percent of the largest; no page-wide overflow on a phone", async ({ page }) => {
  await page.goto(`${TREE_ITEM}?tabGroup1=breakdown`);
  const rows = page.getByTestId("children-table").locator("tbody tr");
  const counts = (await rows.locator("td:nth-child(3)").allInnerTexts()).map((t) => Number(t.replace(/[^0-9]/g, "")));
  expect(counts.length).toBeGreaterThan(1);
  expect([...counts].sort((a, b) => b - a)).toEqual(counts);
  const widths = await rows.locator("td:last-child div > div").evaluateAll((els) => els.map((e) => parseFloat((e as HTMLElement).style.width)));
  expect(widths[0]).toBe(100);
  widths.forEach((w, i) => expect(w).toBeCloseTo((counts[i] / counts[0]) * 100, 1));
  const totals = page.getByTestId("folder-totals");
  const total = counts.reduce((s, n) => s + n, 0);
  await expect(totals.getByTitle(total.toLocaleString("en-US"))).toHaveText(total >= 1000 ? /K$/ : String(total));
  const atRisk = (await rows.locator("td:nth-child(4)").allInnerTexts()).reduce((s, t) => s + Number(t.replace(/[^0-9]/g, "")), 0);
  await expect(totals).toContainText(`At risk${atRisk}`, { ignoreCase: true });

  await page.setViewportSize({ width: 420, height: 900 });
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(420);
});

test("the bar overlay's CPU and memory figures open the grid on their views; the close button closes it", async ({ page }) => {
  await page.goto(`${TREE_ITEM}?tabGroup1=overview&bar=additionalWaste`);
  const overlay = page.getByTestId("bar-detail");
  await overlay.getByRole("link", { name: /^-?\$/ }).first().click();
  await expect(page).toHaveURL(/gridViewId=additional_cpu_waste/);
  await expect(page).not.toHaveURL(/bar=/);
  await page.goto(`${TREE_ITEM}?tabGroup1=overview&bar=riskRemoval`);
  await page.getByTestId("bar-detail").getByRole("link", { name: /^-?\$/ }).nth(1).click();
  await expect(page).toHaveURL(/gridViewId=memory_request_risks/);
  await page.goto(`${TREE_ITEM}?tabGroup1=overview&bar=currentSpend`);
  await expect(page.getByTestId("bar-detail").getByRole("link", { name: /^-?\$/ })).toHaveCount(0);
  await page.getByTestId("bar-detail").getByRole("link", { name: "Close", exact: true }).last().click();
  await expect(page.getByTestId("bar-detail")).toBeHidden();
  await expect(page).not.toHaveURL(/bar=/);
});

test("the tab header's container count is compact from 1,000 on with the full number in its title", async ({ page }) => {
  await page.goto(`${TREE_ITEM}?tabGroup1=histograms`);
  const count = page.getByTestId("selected-count");
  const full = Number((await count.getAttribute("title"))!.replace(/[^0-9]/g, ""));
  expect(full).toBeGreaterThan(0);
  await expect(count).toHaveText(full >= 1000 ? /^\d+(\.\d)?K$/ : String(full));
});

test("grid and drawer figures keep their decimals: efficiency rating two, average containers one", async ({ page }) => {
  await page.goto(`${TREE_ITEM}?tabGroup1=analysis-details&cols=containerName,efficiencyRating,currentCount`);
  const grid = page.getByTestId("details-grid");
  const headers = await grid.locator("thead tr").first().locator("th").allInnerTexts();
  const col = headers.findIndex((h) => /efficiency rating/i.test(h));
  expect(col).toBeGreaterThanOrEqual(0);
  const ratings = await grid.locator(`tbody tr td:nth-child(${col + 1})`).allInnerTexts();
  expect(ratings.length).toBeGreaterThan(0);
  for (const r of ratings) expect(r.trim()).toMatch(/^(\d+\.\d\d|-)$/);
  expect(ratings.some((r) => /^\d+\.\d\d$/.test(r.trim()))).toBe(true);

  await grid.getByTestId("container-link").first().click();
  const drawer = page.getByTestId("container-drawer");
  const avg = drawer.locator("dt", { hasText: "Average Containers" }).locator("xpath=following-sibling::dd[1]");
  await expect(avg).toHaveText(/^[\d,]+\.\d$/);
});
