import net from "node:net";
import { test, expect } from "./fixtures";

test.use({ javaScriptEnabled: false });

/** A loopback port nothing listens on (Verify must say the connection was refused). */
async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

test("without JavaScript an administrator adds, verifies, edits and deletes a cluster connection; the token never comes back", async ({ page }) => {
  const port = await closedPort();
  await page.goto("/kubex/settings");
  await page.getByRole("link", { name: "Cluster connections" }).click();
  await expect(page.getByRole("heading", { name: "Cluster connections", level: 2 })).toBeVisible();
  await expect(page.getByText("No cluster is connected: the product shows the demo fleet.")).toBeVisible();

  const add = page.locator("section", { has: page.getByRole("heading", { name: "Add a connection" }) });
  await add.getByLabel("Cluster name").fill("e2e-cluster");
  await add.getByLabel("Prometheus address").fill(`http://127.0.0.1:${port}`);
  await add.getByLabel("Authentication").selectOption("bearer");
  await add.getByLabel("Token or password").fill("e2e-secret-token-123");
  await add.getByRole("button", { name: "Add connection" }).click();
  await expect(page.getByRole("status")).toHaveText('Connection for cluster "e2e-cluster" added. Verify it, then collect.');
  const row = page.getByTestId("connection-row");
  await expect(row).toContainText("e2e-cluster");
  await expect(row).toContainText("bearer token");
  expect(await page.content()).not.toContain("e2e-secret-token-123");

  await row.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByRole("alert")).toContainText("/api/v1/status/buildinfo failed: connection refused");
  await expect(page.getByTestId("connection-row")).toContainText("connection refused");

  // Edit (a <details> disclosure, no script): rename, keep the stored token by leaving it empty.
  await page.getByTestId("connection-row").getByText("Edit").click();
  const edit = page.getByTestId("connection-row").locator("form", { has: page.getByRole("button", { name: "Save" }) });
  await edit.getByLabel("Cluster name").fill("e2e-renamed");
  await expect(edit.getByLabel("Token or password")).toHaveAttribute("placeholder", "Stored; leave empty to keep it");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText('Connection for cluster "e2e-renamed" saved.');

  await page.getByRole("button", { name: "Delete e2e-renamed" }).click();
  await expect(page.getByRole("status")).toContainText("Connection deleted.");
  await expect(page.getByTestId("connection-row")).toHaveCount(0);
});

test("without JavaScript the Kubernetes Connections screen lists the collected clusters with every column, search and page sizes", async ({ page }) => {
  await page.goto("/kubex/collectionstatus/connections");
  await expect(page.getByRole("heading", { name: "Kubernetes Connections", level: 2 })).toBeVisible();
  await expect(page.getByTestId("connections-note")).toHaveText(
    "Note that these counts reflect the most recent data collection while analysis is based on data from the last 7 days.",
  );
  await expect(page.getByTestId("connection-instructions")).toContainText("Deploy data collection");
  const grid = page.getByTestId("connections-grid");
  await expect(grid.locator("thead th")).toHaveText([
    "Cluster",
    "First Collection",
    "Last Collection",
    "Latest Node Count",
    "Latest Node Group Count",
    "Latest Container Count",
    "Cluster Version",
    "Automation Stack Version",
    "Prometheus Version",
  ]);
  const rows = grid.locator("tbody tr");
  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  const first = (await rows.first().locator("td").first().innerText()).trim();
  await page.getByRole("searchbox", { name: "Search clusters" }).fill(first);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${first}`));
  await expect(grid.locator("tbody tr").first().locator("td").first()).toHaveText(first);
  await page.getByRole("link", { name: "50", exact: true }).click();
  await expect(page).toHaveURL(/size=50/);
  await expect(page.locator('nav[aria-label="Pages"] [aria-current="true"]')).toHaveText("50");
});
