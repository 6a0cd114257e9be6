import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

/** Saved grid views of the AI Analysis Details grid (spec document 2, section 2.9). */
const GRID = "/kubex/containers-tree/tree-item?tabGroup1=analysis-details";

const title = (page: Page) => page.getByTestId("grid-view-title");
const bar = (page: Page) => page.getByTestId("grid-views");

async function action(page: Page, key: string) {
  await bar(page).getByTestId("grid-view-actions").locator("summary, button").first().click();
  await page.getByTestId(`grid-view-${key}`).click();
}

/** Opens the views list (a menu opened before the page hydrates stays open: tests/e2e/hydration.spec.ts). */
async function openViews(page: Page) {
  const list = page.getByTestId("grid-views-list");
  if (!(await list.isVisible())) await page.getByTestId("grid-views-menu").click();
  await expect(list).toBeVisible();
  return list;
}

function viewIdOf(page: Page): string {
  return new URL(page.url()).searchParams.get("gridViewId") ?? "";
}

test.describe("grid views", () => {
  test("create, rename (a duplicate name refused), favourite and delete a grid view", async ({ page }) => {
    await page.goto(GRID);
    await expect(title(page)).toHaveText("Default");
    // Default and All Data are never favourites.
    await expect(bar(page).getByTestId("favourite-default")).toHaveCount(0);

    await action(page, "create");
    await expect(title(page)).toHaveText(/^New View \d+$/);
    const first = viewIdOf(page);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);

    await action(page, "rename");
    const name = page.getByLabel("View name");
    await name.fill("Big spenders");
    await name.press("Enter");
    await expect(title(page)).toHaveText("Big spenders");

    // A second view may not take the same name in any case: the message shows and the rename is not applied.
    await action(page, "create");
    await expect(title(page)).toHaveText(/^New View \d+$/);
    const secondTitle = await title(page).innerText();
    await action(page, "rename");
    await page.getByLabel("View name").fill("big SPENDERS");
    await expect(page.getByTestId("grid-view-error")).toHaveText("View name must be unique");
    await page.getByLabel("View name").blur();
    await page.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByTestId("grid-view-error")).toHaveText("View name must be unique");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(title(page)).toHaveText(secondTitle);

    // Edits to an own view save themselves: the sort is part of the stored view.
    await page.getByRole("columnheader", { name: /^Namespace/ }).getByRole("link").click();
    await expect(page).toHaveURL(/sort=namespace/);
    const second = viewIdOf(page);
    const list = await openViews(page);
    await expect(list.getByTestId(`select-view-${second}`)).toHaveAttribute("href", /sort=namespace/);
    await page.keyboard.press("Escape");

    // Favourite, then unfavourite.
    await page.goto(`${GRID}&gridViewId=${first}`);
    await expect(title(page)).toHaveText("Big spenders");
    await bar(page).getByRole("button", { name: "Favourite Big spenders", exact: true }).click();
    await expect(bar(page).getByRole("button", { name: "Unfavourite Big spenders", exact: true })).toBeVisible();
    await bar(page).getByRole("button", { name: "Unfavourite Big spenders", exact: true }).click();
    await expect(bar(page).getByRole("button", { name: "Favourite Big spenders", exact: true })).toBeVisible();

    // Delete (confirmed) selects the first remaining view.
    await action(page, "delete");
    await page.getByTestId("grid-view-delete-confirm-button").click();
    await expect(title(page)).toHaveText("Default");
    await expect(page).toHaveURL(/gridViewId=default/);
    const after = await openViews(page);
    await expect(after.getByTestId(`select-view-${first}`)).toHaveCount(0);
    await expect(after.getByTestId(`select-view-${second}`)).toHaveCount(1);
  });

  test("a changed built-in view is 'Table View (Unsaved)', cannot be saved over, and saves as a new view keeping its rows", async ({ page }) => {
    // A name of its own per attempt: a retry or repeat runs against the same server's saved views.
    const saved = `Risky by namespace ${test.info().repeatEachIndex}.${test.info().retry}`;
    await page.goto(GRID);
    await (await openViews(page)).getByTestId("select-view-cpu_request_risk").click();
    await expect(title(page)).toHaveText("CPU request risk");
    const rows = await page.getByTestId("grid-range").innerText();
    await page.getByRole("columnheader", { name: /^Namespace/ }).getByRole("link").click();
    await expect(title(page)).toHaveText("Table View (Unsaved)");
    await expect(page.getByTestId("grid-view-save")).toHaveCount(0);

    await page.getByTestId("grid-view-saveas").click();
    await page.getByLabel("Name of the new view").fill(saved);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(title(page)).toHaveText(saved);
    await expect(page).toHaveURL(/sort=namespace/);
    // Same rows as the built-in view it came from.
    await expect(page.getByTestId("grid-range")).toHaveText(rows);
    await expect(page.getByTestId("grid-view")).toContainText("CPU request risk");

    // The selection is remembered for the grid: arriving again without a view selects it.
    const id = viewIdOf(page);
    await page.goto(GRID);
    await expect(page).toHaveURL(new RegExp(`gridViewId=${id}`));
    await expect(title(page)).toHaveText(saved);
  });
});

test.describe("grid views without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("create, rename with the uniqueness message, save a change, and delete are plain forms", async ({ page }) => {
    await page.goto(GRID);
    await expect(title(page)).toHaveText("Default");
    await action(page, "create");
    await expect(title(page)).toHaveText(/^New View \d+$/);

    await action(page, "rename");
    await page.getByLabel("View name").fill("default");
    await page.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByTestId("grid-view-error")).toHaveText("View name must be unique");
    await expect(title(page)).toHaveText(/^New View \d+$/);
    await page.getByLabel("View name").fill("No script view");
    await page.getByRole("button", { name: "Rename" }).click();
    await expect(title(page)).toHaveText("No script view");

    // Without JavaScript a change waits for Save.
    await page.getByRole("columnheader", { name: /^Cluster/ }).getByRole("link").click();
    await page.getByTestId("grid-view-save").click();
    await expect(page.getByTestId("grid-view-save")).toHaveCount(0);
    await page.getByTestId("grid-views-menu").click();
    await expect(page.getByTestId("grid-views-list").getByRole("link", { name: "No script view" })).toHaveAttribute("href", /sort=cluster/);

    await action(page, "delete");
    await expect(page.getByTestId("grid-view-delete-confirm")).toContainText("No script view");
    await page.getByTestId("grid-view-delete-confirm-button").click();
    await expect(title(page)).toHaveText("Default");
  });
});
