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

test("without JavaScript a number filter offers number conditions, and a wrong-typed value is refused with the draft kept", async ({ page }) => {
  await page.goto("/kubex/containers-tree/manage-filters?mode=new&returnTo=%2Fkubex%2Fcontainers-tree");
  const dialog = page.getByTestId("manage-filters");
  await dialog.getByLabel("Filter Name").fill("Big CPU requests");
  await dialog.getByLabel("Filter On", { exact: true }).selectOption({ label: "CPU Request (mCores)" });
  await dialog.getByLabel("Condition", { exact: true }).selectOption({ label: "Greater Than" });
  await dialog.getByLabel("Value", { exact: true }).fill("lots");
  await dialog.getByRole("button", { name: "Add Row" }).click();
  await page.getByTestId("manage-filters").getByRole("button", { name: "Ok" }).click();
  const alert = page.getByRole("alertdialog");
  await expect(alert).toContainText("Save Error");
  await expect(alert).toContainText("'lots' is not a number");
  await expect(page.getByTestId("manage-filters").getByLabel("Filter Name")).toHaveValue("Big CPU requests");
  await expect(page.getByTestId("manage-filters").getByTestId("filter-row")).toHaveCount(1);
});
