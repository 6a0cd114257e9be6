import type { Page } from "@playwright/test";
import { expect, selectedCount, topLevelLabels, tree } from "./fixtures";

/**
 * The View and Filter round trip a user makes, written once and run with JavaScript on and off: every step is a
 * link or a form button, so both must work.
 */
export async function viewAndFilterFlow(page: Page, suffix: string) {
  const viewName = `E2E Namespace View ${suffix}`;
  const filterName = `E2E Prod Filter ${suffix}`;
  await page.goto("/kubex/containers-tree");
  const clusters = await topLevelLabels(page);
  const total = await selectedCount(page);

  // New View: Namespace > Pod Owner Name, saved with Ok, applied to the tree.
  await page.getByRole("link", { name: "Manage Views" }).click();
  const views = page.getByTestId("manage-views");
  await expect(views).toBeVisible();
  await views.getByRole("button", { name: "New" }).click();
  await expect(page).toHaveURL(/mode=new/);
  await expect(views.getByLabel("Name", { exact: true })).toHaveValue("");
  await views.getByLabel("Name", { exact: true }).fill(viewName);
  await views.getByLabel("Property Selection").selectOption({ label: "Namespace" });
  await views.getByRole("button", { name: "Add property" }).click();
  await expect(views.getByTestId("breakdown")).toContainText("Namespace");
  await views.getByLabel("Property Selection").selectOption({ label: "Pod Owner Name" });
  await views.getByRole("button", { name: "Add property" }).click();
  await expect(views.getByTestId("breakdown")).toContainText("Namespace");
  await expect(views.getByTestId("breakdown")).toContainText("Pod Owner Name");
  // Apply saves and stays; then pick it in the tree.
  await views.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("View saved.")).toBeVisible();
  await page.getByTestId("manage-views").getByRole("link", { name: "Cancel" }).click();
  await page.getByTestId("tree-view-selector").locator("summary").click();
  await page.getByRole("menuitem", { name: viewName }).click();
  await expect(page).toHaveURL(/viewId=/);
  // The address changes when the navigation commits; the tree is read again until it shows the new View.
  await expect.poll(() => topLevelLabels(page)).not.toEqual(clusters);
  await expect.poll(() => selectedCount(page)).toBe(total);

  // Edit: rename it and keep the tree on it.
  await page.getByRole("link", { name: "Manage Views" }).click();
  await page.getByTestId("manage-views").getByLabel("Name", { exact: true }).fill(`${viewName} renamed`);
  await page.getByTestId("manage-views").getByRole("button", { name: "Ok" }).click();
  await expect(page.getByTestId("tree-view-selector")).toContainText(`${viewName} renamed`);

  // New Filter: Cluster contains "prod"; fewer containers, and only prod clusters under the cluster view.
  await page.getByRole("link", { name: "Manage Filters" }).click();
  const filters = page.getByTestId("manage-filters");
  await filters.getByRole("button", { name: "New" }).click();
  await expect(page).toHaveURL(/mode=new/);
  await filters.getByLabel("Filter Name").fill(filterName);
  await filters.getByLabel("Filter On").selectOption({ label: "Cluster" });
  await filters.getByLabel("Condition").selectOption({ label: "Contains" });
  await filters.getByLabel("Value", { exact: true }).fill("prod");
  await filters.getByRole("button", { name: "Add Row" }).click();
  await expect(page.getByTestId("manage-filters").getByTestId("filter-row")).toHaveCount(1);
  await page.getByTestId("manage-filters").getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Filter saved.")).toBeVisible();
  await page.getByTestId("manage-filters").getByRole("link", { name: "Cancel" }).click();
  await page.getByTestId("tree-filter-selector").locator("summary").click();
  await page.getByRole("menuitem", { name: filterName }).click();
  await expect(page).toHaveURL(/filterId=/);
  await expect.poll(() => selectedCount(page)).toBeLessThan(total);
  expect(await selectedCount(page)).toBeGreaterThan(0);

  // Delete both, each after its confirmation; the tree falls back to the defaults.
  await page.getByRole("link", { name: "Manage Filters" }).click();
  await page.getByTestId("manage-filters").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Are you sure you want to delete this filter?")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Filter deleted.")).toBeVisible();
  await page.getByTestId("manage-filters").getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByTestId("tree-filter-selector")).not.toContainText(filterName);
  await expect.poll(() => selectedCount(page)).toBe(total);

  await page.getByRole("link", { name: "Manage Views" }).click();
  await page.getByTestId("manage-views").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Are you sure you want to delete this view?")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("View deleted.")).toBeVisible();
  await page.getByTestId("manage-views").getByRole("link", { name: "Cancel" }).click();
  await expect(tree(page)).toBeVisible();
  await expect.poll(() => topLevelLabels(page)).toEqual(clusters);
}
