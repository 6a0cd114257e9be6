import { test, expect } from "./fixtures";

const GRID = "/kubex/containers-tree/tree-item?tabGroup1=analysis-details";

test("a container name opens its drawer; Escape closes it and 'View container details' opens the container's Overview", async ({ page }) => {
  await page.goto(`${GRID}&size=10`);
  const link = page.getByTestId("details-grid").getByTestId("container-link").first();
  const name = (await link.innerText()).trim();
  await link.click();
  await expect(page).toHaveURL(/drawer=container%3A/);
  const drawer = page.getByTestId("container-drawer");
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole("heading", { name })).toBeVisible();
  for (const section of ["Attributes", "Risks", "Resource Adjustments", "Surplus", "CPU and Memory by Hour of Day (UTC)"]) {
    await expect(drawer.getByRole("heading", { name: section })).toBeVisible();
  }
  await expect(drawer).toContainText("*per container");
  await expect(drawer.locator("[data-badge]").first()).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(page).not.toHaveURL(/drawer=/);

  await link.click();
  await expect(drawer).toBeVisible();
  const entityId = decodeURIComponent(/drawer=container%3A([^&]+)/.exec(page.url())![1]);
  await drawer.getByTestId("view-container-details").click();
  await expect(page).toHaveURL(new RegExp(`entityId=${encodeURIComponent(entityId)}.*tabGroup2=overview|tabGroup2=overview.*entityId=${encodeURIComponent(entityId)}`));
  await expect(page.getByTestId("container-drawer")).toHaveCount(0);
});

test("a policy name opens the policy drawer with its settings; 'View policy details' opens the Policies tab of that container", async ({ page }) => {
  await page.goto(`${GRID}&size=10`);
  const link = page.getByTestId("details-grid").getByTestId("policy-link").first();
  const policy = (await link.innerText()).trim();
  await link.click();
  const drawer = page.getByTestId("policy-drawer");
  await expect(drawer.getByRole("heading", { name: policy })).toBeVisible();
  for (const group of ["Operational Windowing", "Allocation Ranges and Increments", "Resource Adjustment Thresholds"]) {
    await expect(drawer.getByRole("heading", { name: group })).toBeVisible();
  }
  await expect(drawer).toContainText("Upsize Threshold");
  await drawer.getByTestId("drawer-close").click();
  await expect(drawer).toBeHidden();
  await link.click();
  await page.getByTestId("policy-drawer").getByTestId("view-policy-details").click();
  await expect(page).toHaveURL(/tabGroup2=policies/);
  await expect(page).toHaveURL(/entityId=/);
});

test("fuzzy search finds a row despite a typo, and an empty result says so", async ({ page }) => {
  await page.goto(`${GRID}&size=100&sort=containerName&dir=desc`);
  const names = (await page.getByTestId("details-grid").getByTestId("container-link").allInnerTexts()).map((n) => n.trim());
  const name = names.find((n) => n.length >= 11)!;
  expect(name, "a container name of 11+ characters on the page").toBeTruthy();
  const typo = name.slice(0, 5) + name.slice(6); // one character dropped: one edit in 10+ characters
  const box = page.getByRole("searchbox", { name: "Search containers" });
  await box.fill(`  ${typo} `);
  // Search as you type (debounced): the address takes the trimmed term.
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(typo).replace(/%20/g, "\\+")}(&|$)`));
  await expect(page.getByTestId("details-grid").getByTestId("container-link").filter({ hasText: name }).first()).toBeVisible();
  await box.fill("zzzzqqqqxxxxyyyy");
  await expect(page.getByTestId("grid-empty")).toContainText("No data to display");
  await expect(page.getByTestId("grid-empty")).toContainText("Try adjusting your filters or search criteria");
});

test("a floating filter narrows the rows, a bad one is explained, and the columns chooser adds a column", async ({ page }) => {
  await page.goto(`${GRID}&size=10`);
  const total = Number((await page.getByTestId("grid-range").innerText()).replace(/.* of /, "").replace(/[^0-9]/g, ""));
  // Container, Net Savings, Current Cost (money beside the name), Namespace, Pod Owner, Cluster
  const cluster = (await page.getByTestId("details-grid").locator("tbody tr").first().locator("td").nth(5).innerText()).trim();
  const filter = page.getByRole("textbox", { name: "Filter Cluster" });
  await filter.fill(`=${cluster}`);
  await filter.press("Enter");
  await expect(page).toHaveURL(/f\.cluster=%3D/);
  await expect(page.getByTestId("grid-range")).not.toContainText(` of ${total.toLocaleString("en-US")}`);
  const narrowed = Number((await page.getByTestId("grid-range").innerText()).replace(/.* of /, "").replace(/[^0-9]/g, ""));
  expect(narrowed).toBeGreaterThan(0);
  expect(narrowed).toBeLessThan(total);
  for (const c of await page.getByTestId("details-grid").locator("tbody tr td:nth-child(6)").allInnerTexts()) expect(c.trim()).toBe(cluster);

  const cost = page.getByRole("textbox", { name: "Filter Current Cost" });
  await cost.fill("lots");
  await cost.press("Enter");
  await expect(page.getByTestId("filter-errors")).toContainText("Current Cost: use a number");

  await page.getByTestId("columns-button").click();
  await page.getByRole("checkbox", { name: "Node Group" }).check();
  await page.getByRole("button", { name: "Apply", exact: true }).click();
  await expect(page).toHaveURL(/cols=/);
  await expect(page.getByTestId("details-grid").getByRole("columnheader", { name: /Node Group/ })).toBeVisible();
});

test("grouping by cluster shows one row per cluster with counts; a group expands to its rows", async ({ page }) => {
  await page.goto(GRID);
  const total = Number((await page.getByTestId("grid-range").innerText()).replace(/.* of /, "").replace(/[^0-9]/g, ""));
  await page.getByLabel("Group by").selectOption("cluster");
  await expect(page).toHaveURL(/group=cluster/);
  const groups = page.getByTestId("group-row");
  await expect(groups.first()).toBeVisible();
  await expect(groups.first()).toContainText("containers · Current Cost $");
  const counts = (await groups.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-count")))).map(Number);
  expect(counts.reduce((a, b) => a + b, 0)).toBe(total);
  await groups.first().getByRole("link").click();
  await expect(page).toHaveURL(/open=/);
  await expect(page.getByTestId("grid-row").first()).toBeVisible();
});

test("the utilization panel shows the first row's charts, follows the selected row and collapses on a small window", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${GRID}&size=10`);
  const panel = page.getByTestId("utilization-panel");
  await expect(panel).toHaveAttribute("data-open", "true");
  const second = page.getByTestId("grid-row").nth(1);
  const name = (await second.getByTestId("container-link").innerText()).trim();
  await second.locator("td").nth(5).click();
  await expect(page).toHaveURL(/sel=/);
  await expect(panel).toContainText(name);
  await expect(panel.locator('[data-chart="boxplot"]').first()).toBeVisible();
  await page.setViewportSize({ width: 1200, height: 900 });
  await expect(panel).toHaveAttribute("data-open", "false");
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(panel).toHaveAttribute("data-open", "true");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the drawers open and close by links, and the panel toggles through the address", async ({ page }) => {
    await page.goto(`${GRID}&size=10`);
    await page.getByTestId("details-grid").getByTestId("container-link").first().click();
    const drawer = page.getByTestId("container-drawer");
    await expect(drawer).toBeVisible();
    await expect(drawer.getByTestId("view-container-details")).toHaveAttribute("href", /tabGroup2=overview/);
    await drawer.getByTestId("drawer-close").click();
    await expect(drawer).toHaveCount(0);
    await page.getByTestId("details-grid").getByTestId("policy-link").first().click();
    await expect(page.getByTestId("policy-drawer")).toContainText("Resource Adjustment Thresholds");
    await page.getByTestId("policy-drawer").getByTestId("drawer-close").click();
    await page.getByTestId("utilization-panel").getByRole("link", { name: /Utilization Charts/ }).click();
    await expect(page).toHaveURL(/charts=closed/);
    await expect(page.getByTestId("utilization-panel")).toHaveAttribute("data-open", "false");
    const filter = page.getByRole("textbox", { name: "Filter Namespace" });
    await filter.fill("zzzz-no-such-namespace");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page.getByTestId("grid-empty")).toContainText("No data to display");
  });
});

test("the grid opens with the money beside the name, sorted by Net Savings, largest first, with the sort shown", async ({ page }) => {
  await page.goto(`${GRID}&size=10`);
  const headers = page.getByTestId("details-grid").getByRole("columnheader");
  await expect(headers.nth(0)).toContainText("Container");
  await expect(headers.nth(1)).toContainText("Net Savings");
  await expect(headers.nth(2)).toContainText("Current Cost");
  await expect(headers.nth(1)).toHaveAttribute("aria-sort", "descending");
  const money = (await page.getByTestId("details-grid").locator("tbody tr td:nth-child(2)").allInnerTexts()).map((t) => Number(t.replace(/[^0-9.-]/g, "")));
  expect(money.length).toBeGreaterThan(1);
  expect([...money].sort((a, b) => b - a)).toEqual(money);
});
