import type { Page } from "@playwright/test";
import { test, expect, analysedDeployment, holdScripts, hydrated } from "./fixtures";

/**
 * A click made before or while the page hydrates is never lost (issue: clicks lost during hydration): menus are the
 * same markup with and without JavaScript, so a menu opened early stays open, and links work at any moment.
 */
const GRID = "/kubex/containers-tree/tree-item?tabGroup1=analysis-details";

async function slowCpu(page: Page, rate: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
}

test.describe("clicks before and during hydration", () => {
  test("a menu opened before hydration stays open after it, and its item works", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto(GRID, { waitUntil: "domcontentloaded" });
    await page.getByTestId("grid-view-actions").locator("summary").click();
    await expect(page.getByTestId("grid-view-create")).toBeVisible();
    scripts.release();
    await hydrated(page);
    await expect(page.getByTestId("grid-view-create")).toBeVisible();
    await page.getByTestId("grid-view-create").click();
    await expect(page.getByTestId("grid-view-title")).toHaveText(/^New View \d+$/);
  });

  test("the views list opened before hydration stays open after it", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto(GRID, { waitUntil: "domcontentloaded" });
    await page.getByTestId("grid-views-menu").click();
    await expect(page.getByTestId("grid-views-list")).toBeVisible();
    scripts.release();
    await hydrated(page);
    await expect(page.getByTestId("grid-views-list")).toBeVisible();
    // With JavaScript it now closes on Escape.
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("grid-views-list")).toBeHidden();
  });

  test("the Manage Views link clicked before hydration opens the dialog", async ({ page }) => {
    const scripts = await holdScripts(page);
    await page.goto("/kubex/containers-tree", { waitUntil: "domcontentloaded" });
    scripts.release(); // the next page's scripts load normally
    await page.getByRole("link", { name: "Manage Views" }).click();
    await expect(page.getByTestId("manage-views")).toBeVisible();
  });

  test("a menu opened while a save is still on its way stays open when the save lands", async ({ page }) => {
    await page.goto(GRID);
    await hydrated(page);
    // Hold the save until the menu is open, so the order is the same on every run.
    let saving!: () => void;
    const held = new Promise<void>((resolve) => (saving = resolve));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/grid-views.data", async (route) => {
      saving();
      await gate;
      await route.continue();
    });
    await page.getByTestId("grid-view-actions").locator("summary").click();
    await page.getByTestId("grid-view-create").click();
    await held;
    await page.getByTestId("grid-views-menu").click();
    await expect(page.getByTestId("grid-views-list")).toBeVisible();
    release();
    await expect(page.getByTestId("grid-view-title")).toHaveText(/^New View \d+$/);
    await expect(page.getByTestId("grid-views-list")).toBeVisible();
    const created = await page.getByTestId("grid-view-title").innerText();
    await expect(page.getByTestId("grid-views-list").getByRole("link", { name: created, exact: true })).toHaveAttribute("aria-current", "true");
  });

  for (const rate of [1, 6]) {
    test(`the Manage Views link clicked while the page hydrates opens the dialog (CPU slowed ${rate}x)`, async ({ page }) => {
      await slowCpu(page, rate);
      await page.goto("/kubex/containers-tree", { waitUntil: "domcontentloaded" });
      await page.getByRole("link", { name: "Manage Views" }).click();
      await expect(page.getByTestId("manage-views")).toBeVisible();
      await hydrated(page);
      await expect(page.getByTestId("manage-views")).toBeVisible();
    });

    test(`a menu clicked while the page hydrates works (CPU slowed ${rate}x)`, async ({ page }) => {
      await slowCpu(page, rate);
      await page.goto(GRID, { waitUntil: "domcontentloaded" });
      // No wait for hydration: the click lands whenever the page is at that moment.
      await page.getByTestId("grid-view-actions").locator("summary").click();
      await expect(page.getByTestId("grid-view-create")).toBeVisible();
      await hydrated(page);
      await expect(page.getByTestId("grid-view-create")).toBeVisible();
    });
  }

  test("a page scrolled before it hydrates stays where the reader put it", async ({ page }) => {
    const workload = await analysedDeployment(page);
    const scripts = await holdScripts(page);
    await page.goto(workload, { waitUntil: "domcontentloaded" });
    const expand = page.getByTestId("service-charts").getByRole("link", { name: "Expand CPU Utilization" });
    await expand.scrollIntoViewIfNeeded();
    const before = await page.evaluate(() => window.scrollY);
    expect(before, "the chart link is below the fold").toBeGreaterThan(0);
    scripts.release();
    await hydrated(page);
    // Showing the tree's selected item used to scroll the window back up, under the pointer.
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
  });

  for (const rate of [1, 6]) {
    test(`a chart's Expand link clicked while the page hydrates opens its dialog (CPU slowed ${rate}x)`, async ({ page }) => {
      const workload = await analysedDeployment(page);
      await slowCpu(page, rate);
      await page.goto(workload, { waitUntil: "domcontentloaded" });
      await page.getByTestId("service-charts").getByRole("link", { name: "Expand CPU Utilization" }).click();
      await expect(page.getByRole("dialog", { name: "CPU Utilization" })).toBeVisible();
      await hydrated(page);
      await expect(page.getByRole("dialog", { name: "CPU Utilization" })).toBeVisible();
    });
  }

  test("the hydration scripts are fetched at low priority, after what the first paint needs, and the page hydrates", async ({ page }) => {
    await page.goto("/kubex/containers-tree", { waitUntil: "domcontentloaded" });
    const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((l) => l.getAttribute("fetchpriority")));
    expect(preloads.length, "the page preloads its modules").toBeGreaterThan(3);
    expect(new Set(preloads)).toEqual(new Set(["low"]));
    await hydrated(page);
    await page.getByRole("link", { name: "AI Analysis Details" }).click();
    await expect(page).toHaveURL(/tabGroup1=analysis-details/);
  });
});
