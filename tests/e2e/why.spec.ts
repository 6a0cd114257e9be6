import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

const GRID = "/kubex/containers-tree/tree-item?tabGroup1=analysis-details&size=10";

/** Opens the first container's drawer by its link and returns the "Why this recommendation" panel. */
async function openWhy(page: Page) {
  await page.goto(GRID);
  await page.getByTestId("details-grid").getByTestId("container-link").first().click();
  const drawer = page.getByTestId("container-drawer");
  await expect(drawer.getByRole("heading", { name: "Why this recommendation" })).toBeVisible();
  return { drawer, why: drawer.getByTestId("why-recommendation") };
}

async function expectChainsEndOnTheRecommendation(page: Page) {
  const { drawer, why } = await openWhy(page);
  await expect(why).toContainText(/five-minute samples/);
  await expect(drawer.getByTestId("why-prices")).toContainText(/per CPU core .* per GB of memory a month/);
  const rows = drawer.locator("table tbody tr");
  for (const [i, key, label] of [[0, "cpuRequest", "CPU Request"], [1, "cpuLimit", "CPU Limit"], [2, "memRequest", "Memory Request"], [3, "memLimit", "Memory Limit"]] as const) {
    const recommended = (await rows.nth(i).locator("td").nth(2).innerText()).replace(/\s+/g, " ").trim();
    const value = why.getByTestId(`why-${key}`);
    await expect(value.locator("summary")).toHaveText(`${label}: ${recommended}`);
    await value.locator("summary").click();
    // The steps start from the samples and end on the value the grid recommends.
    await expect(value.locator("li").first()).toHaveAttribute("data-rule", /statistic|peak|limitFactor/);
    await expect(value.locator("li").last()).toContainText(recommended.replace(/ (mCores|MB)$/, ""));
  }
  return { drawer, why };
}

test("the container drawer says why: each value's steps end on the recommendation, and a step links to its chart", async ({ page }) => {
  const { why } = await expectChainsEndOnTheRecommendation(page);
  await why.getByRole("link", { name: "CPU chart" }).first().click();
  await expect(page).toHaveURL(/tabGroup2=overview.*chart=cpu|chart=cpu.*tabGroup2=overview/);
  await expect(page.getByTestId("chart-dialog")).toBeVisible();
});

/** The workload screen of the grid's first container, and its "Why this recommendation" section. */
async function openWorkloadWhy(page: Page) {
  const { why: drawerWhy } = await openWhy(page);
  // The drawer's chart link leads to the workload screen; open that screen without its chart dialog.
  const href = await drawerWhy.getByTestId("why-chart-link").first().getAttribute("href");
  const url = new URL(href!, "http://x");
  url.searchParams.delete("chart");
  url.searchParams.delete("chartMode");
  await page.goto(`${url.pathname}${url.search}`);
  const why = page.getByTestId("workload-why");
  await expect(why.getByRole("heading", { name: "Why this recommendation" })).toBeVisible();
  return why;
}

async function expectWorkloadWhy(page: Page) {
  const why = await openWorkloadWhy(page);
  // Each value's chain ends on the value the screen's Resource Adjustments show.
  const cpu = why.getByTestId("why-cpuRequest");
  await cpu.locator("summary").click();
  await expect(cpu.locator("li").first()).toHaveAttribute("data-rule", "statistic");
  await expect(cpu.locator("li").first()).toContainText(/five-minute samples/);
  // The price used, its source and date, and the resulting cost.
  const cost = why.getByTestId("why-cost");
  await cost.locator("summary").click();
  await expect(cost.locator("li[data-rule=price]")).toContainText(/source: Settings unit costs.*as of the analysis of \d{4}-\d{2}-\d{2}/);
  await expect(cost.locator("li[data-rule=recommendedCost]")).toContainText(/× .* running cop(y|ies) ÷ 1,000 × \$/);
  // The statistic's figure opens its 5-minute chart on this screen.
  await cpu.getByRole("link", { name: "CPU chart" }).click();
  await expect(page).toHaveURL(/chart=cpu/);
  await expect(page).toHaveURL(/chartMode=MINUTE_5/);
  await expect(page.getByTestId("chart-dialog")).toBeVisible();
}

test("the workload screen says why too: the chain, the price with its source and date, and a figure opening its chart", async ({ page }) => {
  await expectWorkloadWhy(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the why panel opens and reads the same", async ({ page }) => {
    await expectChainsEndOnTheRecommendation(page);
  });
  test("the workload screen's why panel opens, and its chart link works", async ({ page }) => {
    await expectWorkloadWhy(page);
  });
});
