/**
 * The workload screen (spec 2.6 and 2.8) in Chromium: the Overview's charts and cards, legend toggles kept in the
 * address, the Metrics Viewer's view mode and chart selection surviving a reload, the expanded chart dialog (next,
 * previous, select, "View all charts"), and the same screens with JavaScript off.
 */
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";
import { SEED_IDS } from "../../app/models/treeview-common.server";

interface Row {
  entityId: string;
  analysed: boolean;
  restartsLast7Days: number;
  controllerType: string;
}

const DAY = 86_400_000;

/** The daily buckets (their start, ms) the metrics API has for a container in the 90 days up to `lastDay`. */
async function dailyBuckets(page: Page, entityId: string, lastDay: number): Promise<number[]> {
  const res = await page.request.post("/api/graphql/metrics-viewer", {
    data: {
      query: `query days($entityId: String!, $startDate: String!, $endDate: String!) {
        metricsViewerContainers(entityId: $entityId, startDate: $startDate, endDate: $endDate, timeInterval: "DAY_1") { auditUtcTimeBucket }
      }`,
      variables: { entityId, startDate: new Date(lastDay - 89 * DAY).toISOString(), endDate: new Date(lastDay + DAY).toISOString() },
    },
  });
  expect(res.ok()).toBe(true);
  return ((await res.json()).data.metricsViewerContainers as { auditUtcTimeBucket: string }[]).map((b) => Date.parse(b.auditUtcTimeBucket));
}

/**
 * Days of daily history (up to 90, the API's longest window) a container has, counted back from its last day: the
 * store's history ends on the day it was collected, which is yesterday once a run has crossed midnight.
 */
async function daysOfHistory(page: Page, entityId: string): Promise<number> {
  const today = Math.floor(Date.now() / DAY) * DAY;
  const buckets = await dailyBuckets(page, entityId, today);
  if (buckets.length === 0) return 0;
  const lastDay = Math.floor(Math.max(...buckets) / DAY) * DAY;
  return lastDay < today ? (await dailyBuckets(page, entityId, lastDay)).length : buckets.length;
}

/** Analysed Deployments with 90 days of history, with and without restarts in the last 7 days, asked from the API. */
async function pickWorkloads(page: Page): Promise<{ busy: string; calm: string }> {
  const res = await page.request.post("/api/graphql/containers", {
    data: {
      query: `query pick($viewId: String!, $filterId: String!) {
        getContainerDetailsByViewAndFilter(viewId: $viewId, filterId: $filterId, treeviewPath: "", sortField: "restartsLast7Days", sortDirection: "desc", pageSize: 400) {
          rows { entityId analysed restartsLast7Days controllerType }
        }
      }`,
      variables: { viewId: SEED_IDS.clusterView, filterId: SEED_IDS.allContainers },
    },
  });
  expect(res.ok()).toBe(true);
  const rows = ((await res.json()).data.getContainerDetailsByViewAndFilter.rows as Row[]).filter((r) => r.analysed && r.controllerType === "Deployment");
  const old = async (list: Row[]) => {
    for (const r of list.slice(0, 40)) if ((await daysOfHistory(page, r.entityId)) === 90) return r.entityId;
    return undefined;
  };
  const busy = await old(rows.filter((r) => r.restartsLast7Days > 0));
  const calm = await old(rows.filter((r) => r.restartsLast7Days === 0));
  expect(busy && calm, "the demo fleet has long-running Deployments with and without restarts").toBeTruthy();
  return { busy: busy!, calm: calm! };
}

const workload = (id: string, extra = "") => `/kubex/containers-tree/tree-item?entityId=${id}${extra}`;
const chart = (page: Page, key: string) => page.locator(`[data-testid="workload-chart"][data-chart-key="${key}"]`);

test("the overview shows the service charts by hour of day, the cards and 30 days of CPU and memory", async ({ page }) => {
  const { busy, calm } = await pickWorkloads(page);
  await page.goto(workload(busy));
  await expect(page.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  const service = page.getByTestId("service-charts");
  for (const title of ["CPU Utilization", "Memory Working Set", "Number of Containers", "Container Restarts"]) {
    await expect(service.getByRole("heading", { name: title, exact: true })).toBeVisible();
  }
  // Hour-of-day box plots with the request line and the recommended lines.
  const cpu = service.locator('[data-chart-key="cpu"]');
  await expect(cpu.locator("[data-point]")).toHaveCount(24);
  await expect(cpu.locator('[data-series="request"]')).toHaveCount(1);
  await expect(cpu.getByRole("button", { name: "Recommended Request" })).toBeVisible();
  await expect(page.getByTestId("history-charts").locator("[data-chart-key]")).toHaveCount(2);
  await expect(page.getByTestId("workload-adjustments")).toContainText("*per container");
  await expect(page.getByTestId("workload-adjustments").locator("[data-badge]")).toHaveCount(4);
  await expect(page.getByTestId("workload-container-risks")).toBeVisible();
  await expect(page.getByTestId("workload-node-group-risks")).toBeVisible();

  // A legend click hides the series and keeps that in the address; a second click shows it again.
  await cpu.getByRole("button", { name: "Average" }).click();
  await expect(page).toHaveURL(/visibility=average%3Aoff/);
  await expect(cpu.locator('[data-series="average"]')).toHaveCount(0);
  await expect(cpu.getByRole("button", { name: "Average" })).toHaveAttribute("aria-pressed", "false");
  await cpu.getByRole("button", { name: "Average" }).click();
  await expect(cpu.locator('[data-series="average"]')).toHaveCount(1);

  await page.goto(workload(calm));
  await expect(page.getByTestId("no-restarts")).toHaveText(/No Container Restarts!/);
  await expect(page.getByTestId("service-charts").locator('[data-chart-key="restarts"]')).toHaveCount(0);
});

test("the metrics viewer keeps the view mode and chart selection in the address across a reload", async ({ page }) => {
  const { busy } = await pickWorkloads(page);
  await page.goto(workload(busy, "&tabGroup2=metricViewer"));
  const viewer = page.getByTestId("metrics-viewer");
  await expect(viewer.getByTestId("viewer-charts").locator("[data-chart-key]").first()).toBeVisible();
  await expect(chart(page, "cpu").locator("[data-point]")).toHaveCount(24);

  await viewer.getByTestId("view-mode").selectOption("DAY_1");
  await expect(page).toHaveURL(/viewMode=DAY_1/);
  await expect(viewer.getByTestId("range")).toHaveValue("90");
  await expect(chart(page, "cpu").locator("[data-point]")).toHaveCount(90);

  await viewer.getByTestId("select-charts").locator("summary").click();
  await viewer.getByRole("checkbox", { name: "Number of Containers" }).uncheck();
  await expect(page).toHaveURL(/charts=/);
  await expect(chart(page, "containers")).toHaveCount(0);
  await viewer.getByTestId("range").selectOption("7");
  await expect(chart(page, "cpu").locator("[data-point]")).toHaveCount(7);

  await page.reload();
  await expect(page.getByTestId("view-mode")).toHaveValue("DAY_1");
  await expect(page.getByTestId("range")).toHaveValue("7");
  await expect(chart(page, "containers")).toHaveCount(0);
  await expect(chart(page, "cpu").locator("[data-point]")).toHaveCount(7);
  await expect(chart(page, "memory")).toHaveCount(1);

  // Five-minute history: at most 7 days.
  await page.getByTestId("view-mode").selectOption("MINUTE_5");
  await expect(page).toHaveURL(/viewMode=MINUTE_5/);
  await expect(page.getByTestId("range").locator("option")).toHaveText(["Last 1 day", "Last 7 days"]);
});

test("the chart dialog steps through the charts, switches modes and leads to all charts", async ({ page }) => {
  const { busy } = await pickWorkloads(page);
  await page.goto(workload(busy));
  await page.getByTestId("service-charts").getByRole("link", { name: "Expand CPU Utilization" }).click();
  const dialog = page.getByRole("dialog", { name: "CPU Utilization" });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/chart=cpu/);
  await expect(dialog.locator("[data-point]")).toHaveCount(24);

  await dialog.getByTestId("chart-next").click();
  await expect(page.getByRole("dialog", { name: "Memory Working Set" })).toBeVisible();
  await page.getByTestId("chart-prev").click();
  await expect(page.getByRole("dialog", { name: "CPU Utilization" })).toBeVisible();
  await page.getByTestId("chart-select").selectOption({ label: "CPU Utilization (% of Request)" });
  const pct = page.getByRole("dialog", { name: "CPU Utilization (% of Request)" });
  await expect(pct).toBeVisible();
  await expect(pct.getByTestId("chart-fit")).toHaveAttribute("aria-checked", "true");

  // 90 days of daily history in the dialog.
  await pct.getByRole("link", { name: "Historical Daily" }).click();
  await expect(page).toHaveURL(/chartMode=DAY_1/);
  await expect(page.getByTestId("chart-dialog").locator("[data-point]")).toHaveCount(90);

  await page.keyboard.press("Escape");
  await expect(page.getByTestId("chart-dialog")).toHaveCount(0);
  // Closing replaces the dialog's entry: Back leaves the page state before it opened.
  await expect(page).not.toHaveURL(/chart=/);
  await page.getByTestId("service-charts").getByRole("link", { name: "Expand Memory Working Set" }).click();
  await page.getByTestId("chart-dialog").getByRole("link", { name: "Historical Daily" }).click();
  await expect(page).toHaveURL(/chartMode=DAY_1/);
  await page.getByTestId("view-all-charts").click();
  await expect(page).toHaveURL(/tabGroup2=metricViewer/);
  await expect(page).toHaveURL(/viewMode=DAY_1/);
  await expect(page.getByTestId("chart-dialog")).toHaveCount(0);
  await expect(page.getByTestId("view-mode")).toHaveValue("DAY_1");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the overview and metrics viewer render on the server and work through links and a GET form", async ({ page }) => {
    const { busy } = await pickWorkloads(page);
    await page.goto(workload(busy));
    const cpu = page.getByTestId("service-charts").locator('[data-chart-key="cpu"]');
    await expect(cpu.locator("[data-point]")).toHaveCount(24);
    await cpu.getByRole("button", { name: "Limit", exact: true }).click();
    await expect(page).toHaveURL(/visibility=limit%3Aoff/);
    await expect(page.getByTestId("service-charts").locator('[data-chart-key="cpu"] [data-series="limit"]')).toHaveCount(0);

    await page.getByRole("link", { name: "Expand Memory Working Set" }).first().click();
    await expect(page.getByRole("dialog", { name: "Memory Working Set" })).toBeVisible();
    await page.getByTestId("chart-next").click();
    await expect(page.getByRole("dialog", { name: "CPU Utilization (% of Request)" })).toBeVisible();
    await page.getByTestId("chart-dialog-close").click();
    await expect(page.getByTestId("chart-dialog")).toHaveCount(0);

    await page.getByRole("link", { name: "Metrics Viewer" }).click();
    await page.getByTestId("view-mode").selectOption("HOUR_1");
    await page.getByTestId("select-charts").locator("summary").click();
    await page.getByRole("checkbox", { name: "Container Restarts" }).uncheck();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/viewMode=HOUR_1/);
    await expect(page).toHaveURL(/visibility=limit%3Aoff/);
    await expect(page.getByTestId("view-mode")).toHaveValue("HOUR_1");
    await expect(chart(page, "restarts")).toHaveCount(0);
    // 90 days of hours, drawn as a dense chart.
    await expect(chart(page, "cpu").getByTestId("boxplot-svg")).toHaveAttribute("data-points", String(90 * 24));
    await expect(chart(page, "cpu").locator('[data-dense="true"]')).toHaveCount(1);
    await expect(chart(page, "cpu").locator('[data-series="limit"]')).toHaveCount(0);
  });
});
