import { test, expect } from "./fixtures";
import { STATE } from "./global-setup";

async function setFlag(page: import("@playwright/test").Page, name: string, on: boolean) {
  await page.goto("/kubex/settings");
  // A flag's row carries its stored name; its button says the flag's label ("Turn off Product tour").
  const row = page.locator(`[data-flag="${name}"]`);
  const button = row.getByRole("button", { name: new RegExp(`^Turn ${on ? "on" : "off"} `) });
  if (await button.count()) {
    await button.click();
    // The switched state, not only the notice: turning the tour on starts it, and its navigation can replace the
    // page (and the notice) before the notice is seen.
    await expect(row.getByRole("button", { name: new RegExp(`^Turn ${on ? "off" : "on"} `) })).toBeVisible();
  }
}

test("the product tour starts once by itself when its flag is on, and walks its steps", async ({ page, browser }) => {
  await setFlag(page, "kubexShowProductTour", true);
  try {
    // It starts by itself on the page the user is on, once.
    const tour = page.getByTestId("product-tour");
    await expect(tour).toContainText("Welcome to Kubex");
    await page.goto("/kubex/containers-tree?tour=welcome");
    await tour.getByRole("link", { name: "Start" }).click();
    await tour.getByRole("link", { name: "Container Analysis" }).click();
    await expect(tour).toContainText("1 of 6");
    await tour.getByRole("link", { name: "Next" }).click();
    await expect(tour).toContainText("2 of 6");
    await expect(page.locator('[data-tour="tree"]')).toHaveClass(/ring-amber-400/);
    await tour.getByRole("link", { name: "Back" }).click();
    await expect(tour).toContainText("1 of 6");
    await tour.getByRole("link", { name: "Close the tour" }).click();
    await expect(tour).toBeHidden();
    // Once seen, it does not start again; the help menu restarts it.
    await page.goto("/kubex/containers-tree");
    await expect(page.getByTestId("product-tour")).toBeHidden();
    await page.getByRole("button", { name: "Help" }).or(page.locator("summary[aria-label=Help]")).first().click();
    await page.getByRole("menuitem", { name: "Product Tour" }).click();
    await expect(page.getByTestId("product-tour")).toContainText("Welcome to Kubex");

    // The server renders the welcome in a browser's first page (so it also shows without JavaScript, and is
    // painted with the page, not after hydration), once: the answer sets the cookie that ends it.
    const noScript = await browser.newContext({ storageState: STATE.admin, javaScriptEnabled: false });
    try {
      const first = await noScript.newPage();
      await first.goto("/kubex/containers-tree");
      await expect(first.getByTestId("product-tour")).toContainText("Welcome to Kubex");
      expect((await noScript.cookies()).some((c) => c.name === "kubex_tour")).toBe(true);
      await first.getByRole("link", { name: "Close the tour" }).click();
      await expect(first.getByTestId("product-tour")).toBeHidden();
      await first.goto("/kubex/containers-tree");
      await expect(first.getByTestId("product-tour")).toBeHidden();
    } finally {
      await noScript.close();
    }
  } finally {
    await setFlag(page, "kubexShowProductTour", false);
  }
});

test("an ordinary user cannot switch feature flags", async ({ browser }) => {
  const context = await browser.newContext({ storageState: "tests/e2e/.artifacts/analyst.json" });
  const page = await context.newPage();
  await page.goto("/kubex/settings");
  await expect(page.getByText("Only administrators can switch flags.")).toBeVisible();
  await expect(page.locator('[data-flag="showTreeCount"]').getByRole("button", { name: /^Turn (on|off) Counts in the tree$/ })).toBeDisabled();
  await context.close();
});

test("the Nodes link disappears when showSideNavNode is off", async ({ page }) => {
  await setFlag(page, "showSideNavNode", false);
  try {
    await page.goto("/kubex/containers-tree");
    await expect(page.getByRole("navigation", { name: "Main" }).first().getByRole("link", { name: "Nodes" })).toHaveCount(0);
    await page.goto("/kubex/nodes-tree");
    await expect(page).toHaveURL(/containers-tree/);
  } finally {
    await setFlag(page, "showSideNavNode", true);
  }
});
