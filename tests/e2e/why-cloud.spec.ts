import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

/** The drawer of the first service the analysis would downsize, and its "Why this recommendation". */
async function expectCloudWhy(page: Page) {
  await page.goto("/kubex/cloud-tree?cloudTabGroup=cloud-analysis&gridViewId=downsize");
  await page.getByTestId("cloud-services-grid").getByTestId("system-link").first().click();
  const why = page.getByTestId("cloud-drawer").getByTestId("cloud-why");
  await expect(why.getByRole("heading", { name: "Why this recommendation" })).toBeVisible();
  await expect(why.locator("li").first()).toHaveAttribute("data-rule", "samples");
  await expect(why.locator("li[data-rule=rule]")).toContainText(/^Downsize /);
  await expect(why.locator("li[data-rule=price]").first()).toContainText(/an hour on demand .* catalog \(.*\), prices as of \d{4}-\d{2}-\d{2}$/);
  await expect(why.locator("li[data-rule=cost]")).toContainText(/× 730 hours × .*% uptime × .* a month$/);
  await why.locator("li[data-rule=statistic]").first().getByRole("link", { name: "CPU Utilization (Current) chart" }).click();
  await expect(page).toHaveURL(/#cloud-chart-cpu$/);
  await expect(page.locator("#cloud-chart-cpu")).toBeInViewport();
}

test("a cloud service's drawer says why: the engine's rule, the prices with source and date, the costs, a figure opening its chart", async ({ page }) => {
  await expectCloudWhy(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the cloud service's why reads the same", async ({ page }) => {
    await expectCloudWhy(page);
  });
});
