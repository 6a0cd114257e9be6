import { test, expect, tree, topLevelLabels } from "./fixtures";
import { viewAndFilterFlow } from "./views-filters.flow";

test.use({ javaScriptEnabled: false });

test("without JavaScript the tree is links and deep links render", async ({ page }) => {
  await page.goto("/kubex/containers-tree");
  await expect(tree(page)).toBeVisible();
  const first = (await topLevelLabels(page))[0];
  await tree(page).getByRole("link", { name: first, exact: true }).click();
  await expect(page).toHaveURL(/tree-item\?/);
  await expect(page.getByTestId("selected-name")).toHaveText(first);
});

test("without JavaScript search is a GET form", async ({ page }) => {
  await page.goto("/kubex/containers-tree");
  await page.getByRole("searchbox", { name: "Search the tree" }).fill("pay");
  await page.getByRole("button", { name: "Next result" }).click();
  await expect(page).toHaveURL(/q=pay/);
  expect((await page.getByTestId("selected-name").innerText()).toLowerCase()).toContain("pay");
});

test("without JavaScript the same View and Filter round trip works as plain forms", async ({ page }) => {
  await viewAndFilterFlow(page, "nojs");
});
