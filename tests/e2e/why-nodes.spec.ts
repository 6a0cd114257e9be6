import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

interface Group {
  clusterName: string;
  nodeGroupName: string;
  optimizedNodeFamily: string | null;
  optimizedAvgNodeCount: number | null;
}

/** A node group the analysis optimised, from the API (asked as a signed-in page). */
async function optimisedGroup(page: Page): Promise<Group> {
  const res = await page.request.post("/api/graphql/nodegroups", {
    data: { query: "{ nodeGroupDetailsByViewAndFilter { clusterName nodeGroupName optimizedNodeFamily optimizedAvgNodeCount uniqueNodeCount } }" },
  });
  expect(res.ok()).toBe(true);
  const groups = (await res.json()).data.nodeGroupDetailsByViewAndFilter as (Group & { uniqueNodeCount: number })[];
  const g = groups.find((x) => x.optimizedNodeFamily !== null && x.uniqueNodeCount > 0);
  expect(g, "an optimised node group").toBeTruthy();
  return g!;
}

async function expectNodeGroupWhy(page: Page, group: Group) {
  const path = `System Breakdown/${group.clusterName}/${group.nodeGroupName}`;
  await page.goto(`/kubex/nodes-tree/tree-item?${new URLSearchParams({ fullPath: path, type: "NODEGROUP", level: "2" })}`);
  const why = page.getByTestId("node-group-why");
  await expect(why.getByRole("heading", { name: "Why this recommendation" })).toBeVisible();
  const steps = why.getByTestId("optimisation-why").locator("li");
  await expect(steps.first()).toHaveAttribute("data-rule", "samples");
  await expect(why.locator("li[data-rule=count]")).toContainText(new RegExp(`= ${group.optimizedAvgNodeCount}$`));
  await expect(why.locator("li[data-rule=price]")).toContainText(/catalog: .*prices as of \d{4}-\d{2}-\d{2}/);
  await expect(why.locator("li[data-rule=cost]")).toContainText(/a month optimised/);
  // The CPU figure links to the group's CPU chart on this screen, and the browser scrolls to it.
  await why.getByRole("link", { name: "CPU Utilization chart" }).click();
  await expect(page).toHaveURL(/#node-chart-cpuUtilization$/);
  await expect(page.locator("#node-chart-cpuUtilization")).toBeInViewport();
}

test("a node group's screen says why it is optimised as it is, each sampled figure linking to its chart", async ({ page }) => {
  await expectNodeGroupWhy(page, await optimisedGroup(page));
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("the node group's why reads the same, and its chart link scrolls to the chart", async ({ page }) => {
    await expectNodeGroupWhy(page, await optimisedGroup(page));
  });
});
