import { test, expect, hydrated, tree } from "./fixtures";

/** Loose ends of issue 14: the phone header, the search banner in the tree pane, automation only where it exists. */

test("on a phone the page title has a row of its own and is not cut short", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/kubex/containers-tree");
  await hydrated(page);
  const title = page.getByTestId("page-title");
  await expect(title).toHaveText("Container Summary");
  // not truncated: the text fits its box
  expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  expect((await title.boundingBox())!.width).toBeGreaterThan(300);
});

test("the search hint in the tree pane wraps as text, not every ten characters beside its button", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/kubex/containers-tree?q=zzzzqqq&dir=next");
  await hydrated(page);
  const texts = page.getByTestId("banner-text");
  await expect(texts.first()).toContainText("was not found");
  for (const t of await texts.all()) expect((await t.boundingBox())!.width).toBeGreaterThanOrEqual(160);
});

test("cloud folders offer no automation; container folders do", async ({ page }) => {
  await page.goto("/kubex/cloud-tree");
  await hydrated(page);
  const first = tree(page).locator('li[aria-level="2"] a').first();
  await first.click({ button: "right" });
  await expect(page.getByText("Enable Automation...")).toHaveCount(0);
  await first.click();
  await expect(page).toHaveURL(/treeviewPath|fullPath|path=/);
  await expect(page.getByRole("button", { name: "Enable Automation..." })).toHaveCount(0);

  await page.goto("/kubex/containers-tree");
  await hydrated(page);
  await tree(page).locator('li[aria-level="2"] a').first().click({ button: "right" });
  await expect(page.getByText("Enable Automation...").first()).toBeVisible();
});
