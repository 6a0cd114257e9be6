/**
 * The node screens (spec 2.7) in Chromium: the nodes tree with its read-only Tree View and Tree Filter, a cluster's
 * Node Group Analysis grid (first row selected, "-default" groups not selectable), a node group's overview and its
 * health as the API reports it, a node's overview fields, the chart mode in the address, the Excel export of the
 * node group grid opened with exceljs; then the same pages with JavaScript off.
 */
import ExcelJS from "exceljs";
import type { Page } from "@playwright/test";
import { test, expect, tree } from "./fixtures";

interface Group {
  nodeGroupId: string;
  clusterName: string;
  nodeGroupName: string;
  health: string;
  uniqueNodeCount: number;
}
interface Node {
  nodeId: string;
  nodeName: string;
  maxAllowedPods: number;
  ageDays: number;
}

async function gql<T>(page: Page, query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await page.request.post("/api/graphql/nodegroups", { data: { query, variables } });
  expect(res.ok()).toBe(true);
  const body = await res.json();
  expect(body.errors).toBeUndefined();
  return body.data as T;
}

/** The cluster whose first selectable node group (by name) has nodes, that group and one of its nodes, from the API. */
async function pick(page: Page) {
  const { nodeGroupDetailsByViewAndFilter: groups } = await gql<{ nodeGroupDetailsByViewAndFilter: Group[] }>(
    page,
    `query { nodeGroupDetailsByViewAndFilter { nodeGroupId clusterName nodeGroupName health uniqueNodeCount } }`,
    {},
  );
  const group = groups.find((g) => !g.nodeGroupName.endsWith("-default") && g.uniqueNodeCount > 0)!;
  expect(group, "a selectable node group with nodes").toBeTruthy();
  const { nodeDetailIgnoreGuestFilter: nodes } = await gql<{ nodeDetailIgnoreGuestFilter: Node[] }>(
    page,
    `query n($c: [String!], $g: [String!]) { nodeDetailIgnoreGuestFilter(clusterNames: $c, nodeGroupNames: $g) { nodeId nodeName maxAllowedPods ageDays } }`,
    { c: [group.clusterName], g: [group.nodeGroupName] },
  );
  const clusterGroups = groups.filter((g) => g.clusterName === group.clusterName);
  return { group, node: nodes[0], clusterGroups };
}

const groupPath = (g: Group) => `System Breakdown/${g.clusterName}/${g.nodeGroupName}`;

test("the page carries only the path to the selection; a cluster opened in place loads its node groups", async ({ page }) => {
  const { group } = await pick(page);
  await page.goto("/kubex/nodes-tree");
  await expect(tree(page).getByRole("link", { name: group.nodeGroupName, exact: true })).toHaveCount(0);
  const cluster = tree(page).locator('li[aria-level="2"]', { hasText: group.clusterName });
  await cluster.getByRole("link", { name: group.clusterName, exact: true }).focus();
  const fetched = page.waitForResponse((r) => r.url().includes("/kubex/nodes-tree/children?") && r.ok());
  await page.keyboard.press("ArrowRight");
  await fetched;
  await expect(cluster).toHaveAttribute("aria-expanded", "true");
  await expect(tree(page).getByRole("link", { name: group.nodeGroupName, exact: true })).toBeVisible();
});

test("tree, cluster, node group (health), node (fields), chart mode and the node group grid's Excel file", async ({ page }) => {
  const { group, node, clusterGroups } = await pick(page);
  await page.goto("/kubex/nodes-tree");
  await expect(page.getByLabel("Tree View")).toHaveValue("Breakdown by Cluster");
  await expect(page.getByLabel("Tree Filter")).toHaveValue("Nodes (Last Day)");
  await expect(page.getByRole("link", { name: "Node Group Analysis" })).toHaveAttribute("aria-current", "page");

  // A cluster: its node groups, the first selectable one selected, "-default" ones not selectable.
  await tree(page).getByRole("link", { name: group.clusterName, exact: true }).click();
  await expect(page).toHaveURL(/type=CLUSTER/);
  const grid = page.getByTestId("node-group-grid");
  await expect(grid.locator("tbody tr")).toHaveCount(Math.min(20, clusterGroups.length));
  const firstSelectable = [...clusterGroups].sort((a, b) => a.nodeGroupName.localeCompare(b.nodeGroupName)).find((g) => !g.nodeGroupName.endsWith("-default"))!;
  await expect(grid.locator('tr[aria-selected="true"]')).toContainText(firstSelectable.nodeGroupName);
  for (const g of clusterGroups.filter((x) => x.nodeGroupName.endsWith("-default"))) {
    const row = grid.locator("tbody tr", { hasText: g.nodeGroupName });
    await expect(row).toHaveAttribute("data-selectable", "false");
    await expect(row.getByRole("link", { name: g.nodeGroupName })).toHaveCount(0);
  }
  const panel = page.getByTestId("utilization-panel");
  await expect(panel).toContainText(firstSelectable.nodeGroupName);
  // The compact rule: 720 high is under 800, so the panel is closed and cannot open; at 1440 × 900 it opens.
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(panel).toHaveAttribute("data-compact", "true");
  await expect(panel).toHaveAttribute("data-open", "false");
  await expect(panel.getByRole("button")).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(panel).toHaveAttribute("data-compact", "false");
  await expect(panel).toHaveAttribute("data-open", "true");
  await expect(panel.locator("[data-testid=node-charts] svg").first()).toBeVisible();

  // The node group grid's Excel file: file and sheet names, the header and the first row as the grid shows it.
  const download = page.waitForEvent("download");
  await page.getByTestId("export-excel").click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("kubex_node_groups.xlsx");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await file.path());
  const sheet = workbook.worksheets[0];
  expect(sheet.name).toBe(`Node Groups-${group.clusterName}`.slice(0, 31));
  expect(sheet.getRow(1).getCell(1).value).toBe("Node Group");
  expect(sheet.getRow(1).getCell(3).value).toBe("Health");
  expect(sheet.rowCount).toBe(clusterGroups.length + 1);
  const firstName = await grid.locator("tbody tr").first().locator("td").first().innerText();
  expect(sheet.getRow(2).getCell(1).value).toBe(firstName.trim());
  expect(sheet.getRow(2).getCell(3).value).toBe(clusterGroups.find((g) => g.nodeGroupName === firstName.trim())!.health);

  // A node group: Overview with its health as the API reports it, and the Nodes tab.
  await tree(page).getByRole("link", { name: group.nodeGroupName, exact: true }).click();
  await expect(page).toHaveURL(/type=NODEGROUP/);
  await expect(page.getByRole("navigation", { name: "Node tabs" }).getByRole("link")).toHaveText(["Overview", "Nodes"]);
  for (const title of ["Analysis Summary", "Node Group Information", "Health (Last 7 Days)", "Resources Summary"]) {
    await expect(page.getByRole("heading", { name: title, exact: true })).toBeVisible();
  }
  await expect(page.getByTestId("health")).toHaveText(group.health);

  // Chart mode in the address: daily by default, hourly on request.
  await expect(page.getByTestId("node-charts")).toHaveAttribute("data-mode", "DAY_1");
  await page.getByRole("link", { name: "Historical Hourly" }).click();
  await expect(page).toHaveURL(/viewMode=HOUR_1/);
  await expect(page.getByTestId("node-charts")).toHaveAttribute("data-mode", "HOUR_1");
  await expect(page.getByRole("link", { name: "Historical 5 Min" })).toHaveCount(0);

  // A node: Overview only, every field, the two utilisation cards, no pod count.
  await tree(page).getByRole("link", { name: node.nodeName, exact: true }).click();
  await expect(page).toHaveURL(/type=NODE(&|$)/);
  await expect(page.getByRole("navigation", { name: "Node tabs" }).getByRole("link")).toHaveText(["Overview"]);
  const info = page.getByTestId("node-information");
  for (const label of ["First Seen Date", "Last Seen Date", "Age (Days)", "Node Hours*", "Max Allowed Pods", "No. of Pods Average*", "No. of Pods Peak*"]) {
    await expect(info.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByTestId("max-allowed-pods")).toHaveText(String(node.maxAllowedPods));
  await expect(page.getByTestId("age-days")).toHaveText(node.ageDays.toFixed(1));
  await expect(page.getByTestId("cpu-utilization-card")).toContainText("CPU Utilization (Last 7 Days)");
  await expect(page.getByTestId("memory-utilization-card")).toContainText("Memory Utilization (Last 7 Days)");
  await expect(page.getByText("Pod Count", { exact: true })).toHaveCount(0);
  // The hourly mode stays with the address.
  await expect(page.getByTestId("node-charts")).toHaveAttribute("data-mode", "HOUR_1");
});

test.describe("without JavaScript", () => {
  // Large enough for the chart panel (the compact rule is a media query without JavaScript).
  test.use({ javaScriptEnabled: false, viewport: { width: 1440, height: 900 } });

  test("the grids, a node group and a node render server-side, links select, sort and switch modes", async ({ page }) => {
    const { group, node } = await pick(page);
    await page.goto("/kubex/nodes-tree?tabGroupNode=node-detail");
    const nodes = page.getByTestId("node-grid");
    await expect(nodes.locator('tr[aria-selected="true"]')).toHaveCount(1);
    // Sorting is a link: the server answers the page sorted.
    await nodes.getByRole("link", { name: "Peak CPU %" }).click();
    await expect(page).toHaveURL(/sort=cpuUtilizationPeakPct&dir=desc/);
    await expect(nodes.locator("th[aria-sort=descending]")).toContainText("Peak CPU %");
    // Selecting another row moves the chart panel to it.
    const second = nodes.locator("tbody tr").nth(1);
    const name = (await second.locator("td").first().innerText()).trim();
    await second.getByRole("link", { name }).click();
    await expect(page.getByTestId("utilization-panel")).toContainText(name);
    // Closing the panel is a link too.
    await page.getByTestId("utilization-panel").getByRole("link", { name: /Utilization Charts/ }).click();
    await expect(page).toHaveURL(/charts=closed/);
    await expect(page.getByTestId("utilization-panel")).toHaveAttribute("data-open", "false");
    // Below 1280 × 800 the media query hides the charts and says why.
    await page.goto("/kubex/nodes-tree?tabGroupNode=node-detail");
    await page.setViewportSize({ width: 1000, height: 900 });
    await expect(page.getByTestId("panel-compact")).toBeVisible();
    await expect(page.getByTestId("node-charts")).toBeHidden();
    await page.setViewportSize({ width: 1440, height: 900 });
    await expect(page.getByTestId("panel-compact")).toBeHidden();

    await page.goto(`/kubex/nodes-tree/tree-item?${new URLSearchParams({ fullPath: groupPath(group), type: "NODEGROUP", level: "2" })}`);
    await expect(page.getByTestId("health")).toHaveText(group.health);
    await page.getByRole("link", { name: "Historical Hourly" }).click();
    await expect(page.getByTestId("node-charts")).toHaveAttribute("data-mode", "HOUR_1");

    await page.goto(`/kubex/nodes-tree/tree-item?${new URLSearchParams({ fullPath: `${groupPath(group)}/${node.nodeName}`, type: "NODE", level: "3", entityId: node.nodeId })}`);
    await expect(page.getByTestId("max-allowed-pods")).toHaveText(String(node.maxAllowedPods));
    await expect(page.getByTestId("first-seen")).not.toHaveText("-");

    // The export link answers a workbook without any script.
    const res = await page.request.get(`/kubex/nodes-tree/export?grid=nodes&fullPath=${encodeURIComponent(groupPath(group))}`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-disposition"]).toContain("kubex_nodes.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await res.body()) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0].name).toBe(`Nodes-${group.nodeGroupName}`.slice(0, 31));
    expect(workbook.worksheets[0].rowCount).toBe(group.uniqueNodeCount + 1);
  });
});

test("money first: the node group grid opens on the waste, largest first, beside the name, with the cards and a total row", async ({ page }) => {
  await page.goto("/kubex/nodes-tree");
  const grid = page.getByTestId("node-group-grid");
  const headers = grid.locator("thead th");
  await expect(headers.nth(0)).toContainText("Node Group");
  await expect(headers.nth(1)).toContainText("Waste ($/month)");
  await expect(headers.nth(1)).toHaveAttribute("aria-sort", "descending");
  await expect(headers.nth(1)).toContainText("▼");
  await expect(headers.nth(2)).toContainText("Current Cost");
  await expect(headers.nth(3)).toContainText("Optimized Cost");
  const money = (s: string) => (s.trim() === "-" ? null : Number(s.replace(/[$,]/g, "")));
  const wastes = (await grid.locator("tbody tr td:nth-child(2)").allInnerTexts()).map(money);
  const priced = wastes.filter((w): w is number => w !== null);
  expect(priced.length).toBeGreaterThan(0);
  expect(priced).toEqual([...priced].sort((a, b) => b - a));
  // The cards and the total row agree: Current − Optimized = Waste.
  const card = async (id: string) => money(await page.getByTestId(`node-money-${id}`).innerText())!;
  const [current, optimized, waste] = [await card("current"), await card("optimized"), await card("waste")];
  expect(Math.abs(current - optimized - waste)).toBeLessThan(0.02);
  const total = grid.locator("tfoot td");
  await expect(total.nth(0)).toContainText("Total");
  expect(money(await total.nth(1).innerText())).toBe(waste);
  expect(money(await total.nth(2).innerText())).toBe(current);
});

test("money first on the Nodes grid too: each node's waste and cost beside its name, sorted by the waste, with a total row", async ({ page }) => {
  await page.goto("/kubex/nodes-tree?tabGroupNode=node-detail");
  const grid = page.getByTestId("node-grid");
  const headers = grid.locator("thead th");
  await expect(headers.nth(0)).toContainText("Node");
  await expect(headers.nth(1)).toContainText("Waste ($/month)");
  await expect(headers.nth(1)).toHaveAttribute("aria-sort", "descending");
  await expect(headers.nth(1)).toContainText("▼");
  await expect(headers.nth(2)).toContainText("Cost ($/month)");
  const money = (s: string) => (s.trim() === "-" ? null : Number(s.replace(/[$,]/g, "")));
  const wastes = (await grid.locator("tbody tr td:nth-child(2)").allInnerTexts()).map(money);
  const costs = (await grid.locator("tbody tr td:nth-child(3)").allInnerTexts()).map(money);
  // The demo's node types are all priced: no "-".
  expect(costs.every((c) => c !== null && c > 0)).toBe(true);
  const priced = wastes.filter((w): w is number => w !== null);
  expect(priced.length).toBe(wastes.length);
  expect(priced).toEqual([...priced].sort((a, b) => b - a));
  const total = grid.locator("tfoot td");
  await expect(total.nth(0)).toContainText(/Total \([\d,]+ nodes\)/);
  // The total covers every page: at least the page's own sum.
  expect(money(await total.nth(2).innerText())!).toBeGreaterThanOrEqual(costs.reduce<number>((s, c) => s + (c ?? 0), 0) - 0.01);
});
