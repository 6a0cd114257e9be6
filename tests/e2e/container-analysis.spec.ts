import { test, expect } from "./fixtures";

test("Summary: the cards, the waterfall, and the Immediate Savings CPU figure opens the grid on those rows", async ({ page }) => {
  await page.goto("/kubex/containers-tree");
  await expect(page.getByRole("link", { name: "Summary" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("current-spend")).toContainText("$");
  await expect(page.getByTestId("monthly-waste")).toContainText("$");
  await expect(page.getByTestId("unit-cost-footnote")).toContainText("based on $23.08/CPU Core, $3.09/Memory GB");
  const waterfall = page.locator('[data-chart="waterfall"]');
  await expect(waterfall).toContainText("Immediate Savings");
  await waterfall.getByRole("link", { name: /^CPU -\$/ }).first().click();
  await expect(page).toHaveURL(/tabGroup1=analysis-details/);
  await expect(page).toHaveURL(/gridViewId=realizable_cpu_saving/);
  await expect(page.getByTestId("grid-view-title")).toContainText("Realizable CPU savings");
  // The CPU Request column by its header (the money columns come first, beside the name).
  const grid = page.getByTestId("details-grid");
  const headers = await grid.locator("thead tr").first().locator("th").allInnerTexts();
  const col = headers.findIndex((h) => /^cpu request\b/i.test(h.trim()));
  expect(col).toBeGreaterThanOrEqual(0);
  const cpuRequestCells = grid.locator(`tbody tr td:nth-child(${col + 1})`);
  const count = await cpuRequestCells.count();
  expect(count).toBeGreaterThan(0);
  for (const text of await cpuRequestCells.allInnerTexts()) expect(text).toContain("Decrease");
});

test("a waterfall bar opens its detail overlay, addressed by URL, and Escape closes it", async ({ page }) => {
  await page.goto("/kubex/containers-tree");
  await page.getByTestId("waterfall-bar-link-immediateSavings").click();
  await expect(page).toHaveURL(/bar=immediateSavings/);
  const overlay = page.getByTestId("bar-detail");
  await expect(overlay).toContainText("Immediate Savings");
  await page.keyboard.press("Escape");
  await expect(overlay).toBeHidden();
  await expect(page).not.toHaveURL(/bar=/);
});

test("a histogram bar opens the grid on that bucket, and the grid shows as many rows as the bar counts", async ({ page }) => {
  await page.goto("/kubex/containers-tree?tabGroup1=histograms");
  const bar = page.locator('a[href*="gridViewId=cpuRequest_bucket_200"]').first();
  const label = (await bar.getAttribute("aria-label")) ?? (await bar.innerText());
  const expected = Number(/(\d[\d,]*)\s*container/.exec(label)?.[1]?.replace(/,/g, "") ?? NaN);
  await bar.click();
  await expect(page).toHaveURL(/tabGroup1=analysis-details&.*gridViewId=cpuRequest_bucket_200|gridViewId=cpuRequest_bucket_200/);
  await expect(page.getByTestId("grid-view-title")).toContainText("CPU request: 200% of recommended");
  if (Number.isFinite(expected)) await expect(page.getByTestId("grid-range")).toContainText(`of ${expected.toLocaleString("en-US")}`);
});

test("the grid sorts, searches and pages on the server", async ({ page }) => {
  await page.goto("/kubex/containers-tree?tabGroup1=analysis-details&size=10");
  await expect(page.getByTestId("details-grid").locator("tbody tr")).toHaveCount(10);
  await page.getByTestId("details-grid").getByRole("link", { name: /^Container/ }).click();
  await expect(page).toHaveURL(/sort=containerName&dir=asc/);
  // The address changes when the navigation starts rendering; the rows follow within the same transition.
  await expect
    .poll(async () => {
      const names = await page.getByTestId("details-grid").locator("tbody tr td:first-child").allInnerTexts();
      return names.join("|") === [...names].sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" })).join("|");
    })
    .toBe(true);
  await page.getByRole("searchbox", { name: "Search containers" }).fill("worker");
  await page.getByRole("button", { name: "Search", exact: true }).last().click();
  await expect(page).toHaveURL(/q=worker/);
  await expect
    .poll(async () => (await page.getByTestId("details-grid").locator("tbody tr").allInnerTexts()).every((row) => row.toLowerCase().includes("worker")))
    .toBe(true);
  await page.getByRole("link", { name: "Next ›" }).click();
  await expect(page).toHaveURL(/page=2/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the Summary and the grid render on the server and their links work", async ({ page }) => {
    await page.goto("/kubex/containers-tree");
    await expect(page.locator('[data-chart="waterfall"] svg')).toBeVisible();
    await page.getByRole("link", { name: "AI Analysis Details" }).click();
    await expect(page.getByTestId("details-grid")).toBeVisible();
    await page.getByTestId("details-grid").getByRole("link", { name: /^Current Cost/ }).click();
    await expect(page).toHaveURL(/sort=currentCost&dir=desc/);
  });
});

test("the Policies tab lists every policy's settings, grouped and paged 10 / 15 / 20", async ({ page }) => {
  await page.goto("/kubex/containers-tree?tabGroup1=policies");
  const grid = page.getByTestId("policy-grid");
  await expect(grid.locator("tbody tr td:first-child")).toHaveCount(10);
  await expect(grid.locator('th[scope="rowgroup"]').first()).toContainText("System Default Policy");
  await page.getByRole("navigation", { name: "Policy pages" }).getByRole("link", { name: "20", exact: true }).click();
  await expect(page).toHaveURL(/psize=20/);
  await expect(grid.locator("tbody tr td:first-child")).toHaveCount(20);
});

test("the Summary's footnote reconciles Monthly Waste, the Breakdown's Savings and Current − Optimal with the scope's own figures", async ({ page }) => {
  await page.goto("/kubex/containers-tree");
  const note = page.getByTestId("waste-reconciliation");
  await note.locator("summary").click();
  const items = note.locator("li strong");
  await expect(items).toHaveCount(3);
  // The first dollar amount of a text ("-$4,972.77", "$4,794.55 /month*").
  const money = (s: string) => Number(/-?\$[\d,]+(\.\d+)?/.exec(s)![0].replace(/[$,]/g, ""));
  expect(money(await items.nth(0).innerText())).toBe(money(await page.getByTestId("monthly-waste").innerText()));
  const bar = async (key: string) => money((await page.locator(`[data-value-label="${key}"]`).textContent())!);
  expect(money(await items.nth(1).innerText())).toBeCloseTo((await bar("currentSpend")) - (await bar("optimalSpend")), 2);
  expect(money(await items.nth(2).innerText())).toBeCloseTo(-(await bar("immediateSavings")), 2);
});
