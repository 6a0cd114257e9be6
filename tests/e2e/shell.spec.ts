import { test, expect, tree, treeItem, topLevelLabels } from "./fixtures";

test("landing on /kubex reaches the containers tree with the root selected", async ({ page }) => {
  await page.goto("/kubex");
  await expect(page).toHaveURL(/\/kubex\/containers-tree$/);
  await expect(tree(page)).toBeVisible();
  await expect(treeItem(page, "System Breakdown")).toHaveAttribute("aria-selected", "true");
  expect((await topLevelLabels(page)).length).toBeGreaterThan(0);
  await expect(page).toHaveTitle(/Container Summary \| Kubex/);
});

test("an unknown path under the base goes where home goes", async ({ page }) => {
  await page.goto("/kubex/no-such-page");
  await expect(page).toHaveURL(/\/kubex\/containers-tree/);
});

test("selecting a tree item puts the path in the address and deep links render on the server", async ({ page }) => {
  await page.goto("/kubex/containers-tree");
  const first = (await topLevelLabels(page))[0];
  await treeItem(page, first).getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`tree-item\\?.*fullPath=System\\+Breakdown%2F${encodeURIComponent(first)}`));
  const url = page.url();
  expect(url).toContain("nodeId=0.");
  expect(url).toContain("level=1");
  await expect(page.getByTestId("selected-name")).toHaveText(first);
  // The same address in a fresh page selects the same node (case-insensitively matched).
  await page.goto(url.replace(encodeURIComponent(first), encodeURIComponent(first.toUpperCase())));
  await expect(page.getByTestId("selected-name")).toHaveText(first);
});

test("keyboard: arrows move and expand, Enter navigates", async ({ page }) => {
  await page.goto("/kubex/containers-tree");
  await treeItem(page, "System Breakdown").getByRole("link").focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowRight");
  const firstChild = tree(page).locator('li[aria-level="2"]').first();
  await expect(firstChild).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/tree-item\?/);
});

test("theme is dark by default and a switch to light survives a reload", async ({ page }) => {
  await page.goto("/kubex/containers-tree");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.getByRole("button", { name: "Switch to light theme" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  await page.getByRole("button", { name: "Switch to dark theme" }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
});

test("Share copies the address and says so", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/kubex/containers-tree");
  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied to clipboard" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  // The notice hides itself after 3 s.
  await expect(page.getByText("Copied to clipboard")).toBeHidden({ timeout: 5000 });
});

test("tree search finds the next match, walks back, and says when nothing matches", async ({ page }) => {
  await page.goto("/kubex/containers-tree");
  await page.getByRole("button", { name: "Search the tree" }).click();
  const box = page.getByRole("searchbox", { name: "Search the tree" });
  await box.fill("pa");
  await expect(page.getByRole("button", { name: "Next result" })).toBeDisabled();
  await box.fill("pay");
  await page.getByRole("button", { name: "Next result" }).click();
  // The search answers with a redirect to the hit: wait for the hit's page, not just the searched address.
  await expect(page).toHaveURL(/q=pay/);
  const nodeOf = () => new URL(page.url()).searchParams.get("nodeId");
  await expect.poll(nodeOf).not.toBeNull();
  await expect(page.getByTestId("selected-name")).toContainText(/pay/i);
  const firstHit = nodeOf();
  await page.getByRole("button", { name: "Next result" }).click();
  await expect.poll(nodeOf).not.toBe(firstHit);
  await expect(page.getByTestId("selected-name")).toContainText(/pay/i);
  await page.getByRole("button", { name: "Previous result" }).click();
  await expect.poll(nodeOf).toBe(firstHit);
  await page.getByRole("searchbox", { name: "Search the tree" }).fill("zzzqqq");
  await page.getByRole("button", { name: "Next result" }).click();
  await expect(page.getByText("Text 'zzzqqq' was not found.")).toBeVisible();
});

test("the API refuses a call with neither session nor token", async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const res = await anonymous.post("/api/graphql/user", { data: { query: "{ getLoginUserInfo { userName } }" } });
  expect(res.status(), await res.text()).toBe(401);
  await anonymous.dispose();
});

test("Enter in the tree search box finds the next match", async ({ page }) => {
  await page.goto("/kubex/containers-tree");
  await page.getByRole("button", { name: "Search the tree" }).click();
  const box = page.getByRole("searchbox", { name: "Search the tree" });
  await box.fill("pay");
  await box.press("Enter");
  await expect(page).toHaveURL(/q=pay/);
  await expect(page.getByTestId("selected-name")).toContainText(/pay/i);
});

test("the Share page and the Nodes tab have their own titles", async ({ page }) => {
  await page.goto("/kubex/share");
  await expect(page).toHaveTitle("Share | Kubex");
  await page.goto("/kubex/nodes-tree?tabGroupNode=node-detail");
  await expect(page).toHaveTitle(/^Nodes \| Kubex$/);
});
