/**
 * What-if (issue 15, must-show 3 and its part of 4): from a folder's Summary to its What-if page, a policy chosen
 * and then an edited copy (a message beside a bad field), today's figures beside the policy's; with JavaScript on
 * and off, and in both themes at 390 and 1440 px (screenshots in tests/e2e/.artifacts/what-if/, axe finds no
 * serious or critical violation, nothing wider than the screen).
 */
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { test, expect, hydrated } from "./fixtures";

const OUT = "tests/e2e/.artifacts/what-if";

async function fromSummary(page: Page, js: boolean) {
  await page.goto("/kubex/containers-tree/tree-item");
  if (js) await hydrated(page);
  await page.getByTestId("what-if-link").click();
  await expect(page).toHaveURL(/\/kubex\/containers-tree\/what-if/);
  await expect(page.getByRole("heading", { name: /^What-if:/ })).toBeVisible();
}

async function choose(page: Page, policy: string) {
  await page.getByRole("combobox", { name: "Policy", exact: true }).selectOption(policy);
  await page.getByTestId("what-if-run").click();
  const result = page.getByTestId("what-if-result");
  await expect(result.getByRole("heading", { name: `Today beside ${policy}` })).toBeVisible({ timeout: 30_000 });
  return result;
}

async function whatIfFlow(page: Page, js: boolean) {
  await fromSummary(page, js);
  const result = await choose(page, "Cost Saver");
  await expect(page).toHaveURL(/policy=Cost\+Saver/);
  const table = result.getByTestId("what-if-table");
  await expect(table.locator("tbody tr")).toHaveCount(14);
  // Today's Current Spend is the Summary's; the policy does not change what the requests cost today.
  await expect(result.getByTestId("line-currentSpend").locator("td").nth(2)).toHaveText("$0.00");
  await expect(result.getByRole("img", { name: /^Today:/ })).toBeVisible();
  await expect(result.getByRole("img", { name: /^What-if: Cost Saver:/ })).toBeVisible();

  // An edited copy: every field pre-filled from the policy, a bad value named beside its field, nothing run.
  await page.getByTestId("what-if-edit").click();
  const headroom = page.getByLabel(/^CPU Request Headroom/);
  await expect(headroom).toHaveValue("0");
  await expect(page.getByLabel(/^CPU Analysis Metric/)).toHaveValue("Sustained");
  await headroom.fill("250");
  await page.getByRole("button", { name: "Show the what-if with these values" }).click();
  await expect(page.getByTestId("error-cpuRequestHeadroom")).toHaveText("CPU Request Headroom must be a number from 0 to 200 % (got 250).");
  await expect(headroom).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("what-if-result")).toHaveCount(0);
  await page.getByLabel(/^CPU Request Headroom/).fill("30");
  await page.getByRole("button", { name: "Show the what-if with these values" }).click();
  await expect(page.getByTestId("what-if-result").getByRole("heading", { name: "Today beside Cost Saver (edited, unsaved)" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("error-cpuRequestHeadroom")).toHaveCount(0);
}

test("a folder's what-if: a policy, then an edited copy with a message beside a bad field", async ({ page }) => {
  await whatIfFlow(page, true);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the same what-if with plain forms", async ({ page }) => {
    await whatIfFlow(page, false);
  });
});

test.describe("themes and widths", () => {
  test.use({ bypassCSP: true });
  test.describe.configure({ timeout: 240_000 });
  for (const theme of ["dark", "light"] as const) {
    for (const width of [390, 1440]) {
      test(`${theme} theme at ${width} px: readable, nothing wider than the screen`, async ({ page, context, baseURL }) => {
        await context.addCookies([{ name: "kubex_theme", value: theme, url: baseURL! }]);
        await page.setViewportSize({ width, height: 900 });
        await fromSummary(page, true);
        await choose(page, "Performance First");
        await page.getByTestId("what-if-edit").click();
        await page.getByLabel(/^Memory Limit Factor/).fill("20");
        await page.getByRole("button", { name: "Show the what-if with these values" }).click();
        await expect(page.getByTestId("error-memoryLimitFactor")).toBeVisible();
        await expect(page.locator("html")).toHaveClass(theme === "dark" ? /dark/ : /^(?!.*dark)/);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
        fs.mkdirSync(OUT, { recursive: true });
        await page.screenshot({ path: `${OUT}/${theme}-${width}-form.png`, fullPage: true });
        await page.getByLabel(/^Memory Limit Factor/).fill("1.5");
        await page.getByRole("button", { name: "Show the what-if with these values" }).click();
        await expect(page.getByTestId("what-if-result")).toBeVisible({ timeout: 30_000 });
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
        await page.getByTestId("what-if-result").scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${OUT}/${theme}-${width}-result.png`, fullPage: true });
        const results = await new AxeBuilder({ page }).analyze();
        const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join(", ")}`);
        expect(bad).toEqual([]);
      });
    }
  }
});
