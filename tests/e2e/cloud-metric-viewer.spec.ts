/**
 * The Cloud Metric Viewer (spec document 3, section 2.8) and the chart viewer's history (2.6, 4) in Chromium: from the
 * chart viewer's daily buckets through "View all charts" to the viewer on that chart; modes, charts, range, the
 * 0–100 % axis and legends kept in the address across a reload; the Peak chart's place; five-minute data clipped to
 * 7 days; a learning service's history; and the same with JavaScript off.
 */
import type { Locator, Page } from "@playwright/test";
import { test, expect, hydrated } from "./fixtures";

const GRID = "/kubex/cloud-tree?cloudTabGroup=cloud-analysis";
const ZERO = "00000000-0000-0000-0000-000000000000";

interface Service {
  entityId: string;
  serviceType: string;
  system: string;
  relearning: boolean;
  recommendation: string;
  fullPath: string;
  /** Null without a memory agent (then there are no memory charts). */
  memoryUtilPct: number | null;
}

/** Every cloud service, asked from the API (section 7's cloudexDetails), to pick one of a kind. */
async function services(page: Page): Promise<Service[]> {
  const res = await page.request.post("/api/graphql/cloudex", {
    data: { query: `{ cloudexDetails(viewId: "${ZERO}", filterId: "${ZERO}", treeviewPath: "", pageSize: 1000) { entityId serviceType system relearning recommendation fullPath memoryUtilPct } }` },
  });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.cloudexDetails as Service[];
}

async function pick(page: Page, match: (s: Service) => boolean, what: string): Promise<Service> {
  const found = (await services(page)).find(match);
  expect(found, `the demo estate has ${what}`).toBeTruthy();
  return found!;
}

const overview = (s: Service, extra = "") =>
  `/kubex/cloud-tree/tree-item?${new URLSearchParams({ level: "4", fullPath: `${s.fullPath}/${s.system}`, entityId: s.entityId, tabGroup2: "overview" })}${extra}`;
const viewer = (page: Page) => page.getByTestId("metric-viewer");
const historyChart = (scope: Page | Locator, key: string) => scope.locator(`[data-testid="cloud-history-chart"][data-chart-key="${key}"]`);
const modeLinks = (page: Page) => viewer(page).getByRole("group", { name: "View mode" }).getByRole("link");
const shownKeys = (page: Page) => viewer(page).getByTestId("viewer-charts").locator("[data-chart-key]").evaluateAll((els) => els.map((e) => e.getAttribute("data-chart-key")));

async function buckets(chart: Locator): Promise<number> {
  return Number(await chart.getAttribute("data-buckets"));
}

test("the chart viewer's daily mode draws real buckets, and View all charts opens the Metric Viewer on that chart", async ({ page }) => {
  await page.goto(`${GRID}&gridViewId=downsize`);
  await hydrated(page);
  await page.getByTestId("cloud-services-grid").getByTestId("system-link").first().click();
  await page.getByTestId("cloud-drawer").getByTestId("view-cloud-details").click();
  await expect(page).toHaveURL(/entityId=/);
  await page.getByRole("link", { name: "Expand CPU Utilization (Current)" }).click();
  const dialog = page.getByTestId("cloud-chart-dialog");
  await dialog.getByTestId("chart-modes").getByRole("link", { name: "Daily" }).click();
  await expect(dialog).toHaveAttribute("data-mode", "daily");
  const daily = historyChart(dialog, "cpu");
  await expect(daily).toHaveAttribute("data-mode", "daily");
  expect(await buckets(daily)).toBeGreaterThan(0);
  await expect(daily.locator("[data-point]").first()).toBeVisible();
  await expect(dialog.getByTestId("chart-no-data")).toHaveCount(0);
  await expect(dialog.getByTestId("chart-dialog-caption")).toContainText("Last 90 days, daily buckets (UTC):");
  await expect(dialog.getByTestId("chart-fit")).toHaveAttribute("aria-checked", "true");
  await expect(daily).toHaveAttribute("data-y-axis", "0-100");

  await dialog.getByTestId("chart-modes").getByRole("link", { name: "5 Minute" }).click();
  await expect(historyChart(dialog, "cpu")).toHaveAttribute("data-mode", "five-minute");
  await expect(dialog.getByTestId("chart-dialog-caption")).toContainText("Last 7 days, 5 minute buckets (UTC):");
  await dialog.getByTestId("chart-modes").getByRole("link", { name: "Daily" }).click();
  await expect(historyChart(dialog, "cpu")).toHaveAttribute("data-mode", "daily");

  await dialog.getByTestId("view-all-charts").click();
  await expect(page).toHaveURL(/cloudexPage=metric-viewer/);
  const url = new URL(page.url());
  expect([url.searchParams.get("viewMode"), url.searchParams.get("charts")]).toEqual(["daily", "cpu"]);
  await expect(page.getByTestId("page-title")).toHaveText(/^Metrics Viewer/);
  await expect(viewer(page)).toHaveAttribute("data-mode", "daily");
  await expect(viewer(page).getByRole("group", { name: "View mode" }).locator('[aria-current="true"]')).toHaveText("Daily");
  expect(await shownKeys(page)).toEqual(["cpu"]);
  expect(await buckets(historyChart(page, "cpu"))).toBeGreaterThan(0);
});

test("modes, charts, range, the 0–100 % axis and legends stay in the address across a reload; Peak CPU sits before the first disk or network chart", async ({ page }) => {
  const asg = await pick(page, (s) => s.serviceType === "ASG" && !s.relearning && s.recommendation !== "Terminate" && s.memoryUtilPct !== null, "a scale group with a learned pattern and memory metrics");
  await page.goto(overview(asg, "&cloudexPage=metric-viewer"));
  await hydrated(page);
  await expect(viewer(page)).toHaveAttribute("data-mode", "workload");
  await expect(modeLinks(page)).toHaveText(["Workload", "Workload (Recommended)", "Daily", "Hourly", "5 Minute"]);
  expect(await shownKeys(page)).toEqual(expect.arrayContaining(["cpu", "inService"]));
  await expect(viewer(page).getByTestId("cloud-chart").first().getByTestId("cloud-chart-svg")).toBeVisible();

  await modeLinks(page).filter({ hasText: "Workload (Recommended)" }).click();
  await expect(viewer(page)).toHaveAttribute("data-mode", "workload-recommended");
  expect(await shownKeys(page)).toEqual(["cpuRecommended", "memoryRecommended"]);

  await modeLinks(page).filter({ hasText: "Daily" }).click();
  await expect(viewer(page)).toHaveAttribute("data-mode", "daily");
  await expect(viewer(page).getByTestId("viewer-caption")).toContainText("Last 90 days, daily buckets (UTC):");
  const keys = (await shownKeys(page)) as string[];
  expect(keys.slice(0, 3)).toEqual(["cpu", "memory", "inService"]);
  const firstIo = keys.findIndex((k) => /^(disk|network)/.test(k));
  expect(firstIo).toBeGreaterThan(0);
  expect(keys[firstIo - 1]).toBe("cpuPeak");

  // The picker: two charts fewer.
  const picker = viewer(page).getByTestId("chart-picker");
  await picker.locator("summary").click();
  await picker.getByRole("checkbox", { name: "Memory Utilization (Current)" }).uncheck();
  await picker.getByRole("checkbox", { name: "Network IO (Packets/s)" }).uncheck();
  await picker.getByTestId("chart-picker-apply").click();
  await expect(historyChart(page, "memory")).toHaveCount(0);
  await expect(historyChart(page, "networkPackets")).toHaveCount(0);
  await expect(picker).not.toHaveAttribute("open", "");
  expect(await shownKeys(page)).toEqual(keys.filter((k) => k !== "memory" && k !== "networkPackets"));

  // Another mode keeps the picked charts; a shorter range; the axis freed; the average line hidden.
  await modeLinks(page).filter({ hasText: "Hourly" }).click();
  await expect(historyChart(page, "cpu")).toHaveAttribute("data-mode", "hourly");
  await expect(historyChart(page, "memory")).toHaveCount(0);
  await viewer(page).getByRole("group", { name: "Range" }).getByRole("link", { name: "7 days" }).click();
  await expect(page).toHaveURL(/range=7/);
  await expect(viewer(page).getByTestId("viewer-caption")).toContainText("Last 7 days, hourly buckets");
  const hourly = await buckets(historyChart(page, "cpu"));
  expect(hourly).toBeGreaterThan(0);
  expect(hourly).toBeLessThanOrEqual(7 * 24);
  const axis = viewer(page).getByTestId("allow-min-max-y");
  await expect(axis).toHaveAttribute("aria-checked", "true");
  await expect(historyChart(page, "cpu")).toHaveAttribute("data-y-axis", "0-100");
  await axis.click();
  await expect(page).toHaveURL(/allowMinMaxY=false/);
  await expect(axis).toHaveAttribute("aria-checked", "false");
  await expect(historyChart(page, "cpu")).toHaveAttribute("data-y-axis", "auto");
  const average = historyChart(page, "cpu").locator('[data-legend="average"]');
  await average.click();
  await expect(page).toHaveURL(/visibility=mean%3Aoff/);
  await expect(average).toHaveAttribute("aria-pressed", "false");
  await expect(historyChart(page, "cpu").locator('[data-series="average"]')).toHaveCount(0);

  await page.reload();
  await hydrated(page);
  await expect(viewer(page)).toHaveAttribute("data-mode", "hourly");
  await expect(viewer(page).getByRole("group", { name: "Range" }).getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "true");
  expect(await shownKeys(page)).toEqual(keys.filter((k) => k !== "memory" && k !== "networkPackets"));
  await expect(viewer(page).getByTestId("allow-min-max-y")).toHaveAttribute("aria-checked", "false");
  await expect(historyChart(page, "cpu")).toHaveAttribute("data-y-axis", "auto");
  await expect(historyChart(page, "cpu").locator('[data-legend="average"]')).toHaveAttribute("aria-pressed", "false");

  // Nothing ticked: no chart, said so.
  await picker.locator("summary").click();
  await picker.getByRole("link", { name: "None" }).click();
  await expect(viewer(page).getByTestId("viewer-empty")).toHaveText("No charts selected. Use Charts to pick some.");
});

test("five-minute data reaches back 7 days only, and the viewer says so when a longer range was asked", async ({ page }) => {
  const ec2 = await pick(page, (s) => s.serviceType === "EC2" && !s.relearning, "an EC2 instance");
  await page.goto(overview(ec2, "&cloudexPage=metric-viewer&viewMode=five-minute&range=30&charts=cpu"));
  await hydrated(page);
  await expect(viewer(page).getByTestId("range-clipped")).toHaveText("5-minute data is kept for the last 7 days: showing 7 days instead of the 30 asked for.");
  await expect(viewer(page).getByRole("group", { name: "Range" }).getByRole("link")).toHaveText(["1 day", "7 days"]);
  const chart = historyChart(page, "cpu");
  await expect(chart).toHaveAttribute("data-mode", "five-minute");
  expect(await buckets(chart)).toBeLessThanOrEqual(7 * 288);
  await viewer(page).getByRole("group", { name: "Range" }).getByRole("link", { name: "1 day" }).click();
  await expect(viewer(page).getByTestId("range-clipped")).toHaveCount(0);
  expect(await buckets(historyChart(page, "cpu"))).toBeLessThanOrEqual(288);
});

test("a learning service shows its daily history instead of the pattern, and its Metric Viewer offers history only", async ({ page }) => {
  const learning = await pick(page, (s) => s.relearning && s.serviceType === "EC2", "a learning EC2 instance");
  await page.goto(overview(learning));
  await hydrated(page);
  await expect(page.getByTestId("ml-not-available")).toHaveText("ML patterns not available.");
  const cpu = historyChart(page.getByTestId("workload-charts"), "cpu");
  await expect(cpu).toHaveAttribute("data-mode", "daily");
  expect(await buckets(cpu)).toBeGreaterThan(0);
  await page.getByRole("link", { name: "Expand CPU Utilization (Current)" }).click();
  const dialog = page.getByTestId("cloud-chart-dialog");
  await expect(dialog).toHaveAttribute("data-mode", "daily");
  await expect(dialog.getByTestId("chart-modes").getByRole("link")).toHaveText(["Daily", "Hourly", "5 Minute"]);
  expect(await buckets(historyChart(dialog, "cpu"))).toBeGreaterThan(0);

  await page.goto(overview(learning, "&cloudexPage=metric-viewer&viewMode=workload"));
  await hydrated(page);
  await expect(viewer(page)).toHaveAttribute("data-mode", "daily");
  await expect(modeLinks(page)).toHaveText(["Daily", "Hourly", "5 Minute"]);
  expect(await buckets(historyChart(page, "cpu"))).toBeGreaterThan(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the chart viewer's daily buckets, View all charts, the picker form, the modes and a reload all work", async ({ page }) => {
    const ec2 = await pick(page, (s) => s.serviceType === "EC2" && !s.relearning && s.recommendation !== "Terminate", "an analysed EC2 instance");
    await page.goto(overview(ec2, "&chart=cpu&chartMode=daily"));
    const dialog = page.getByTestId("cloud-chart-dialog");
    await expect(dialog).toHaveAttribute("data-mode", "daily");
    expect(await buckets(historyChart(dialog, "cpu"))).toBeGreaterThan(0);
    await dialog.getByTestId("view-all-charts").click();
    await expect(page).toHaveURL(/cloudexPage=metric-viewer/);
    await expect(viewer(page)).toHaveAttribute("data-mode", "daily");
    expect(await shownKeys(page)).toEqual(["cpu"]);

    const picker = viewer(page).getByTestId("chart-picker");
    await picker.locator("summary").click();
    await picker.getByRole("checkbox", { name: "Disk IO (Operations/s)" }).check();
    await picker.getByTestId("chart-picker-apply").click();
    await expect(historyChart(page, "diskOps")).toBeVisible();
    expect(await shownKeys(page)).toEqual(["cpu", "diskOps"]);

    await modeLinks(page).filter({ hasText: "Hourly" }).click();
    await expect(viewer(page)).toHaveAttribute("data-mode", "hourly");
    await historyChart(page, "cpu").locator('[data-legend="box"]').click();
    await expect(historyChart(page, "cpu").locator('[data-legend="box"]')).toHaveAttribute("aria-pressed", "false");
    await page.reload();
    await expect(viewer(page)).toHaveAttribute("data-mode", "hourly");
    expect(await shownKeys(page)).toEqual(["cpu", "diskOps"]);
    await expect(historyChart(page, "cpu").locator('[data-series="box"]')).toHaveCount(0);
    await expect(historyChart(page, "diskOps").locator('[data-series="box"]')).toHaveCount(0);

    await modeLinks(page).filter({ hasText: "Workload" }).first().click();
    await expect(viewer(page)).toHaveAttribute("data-mode", "workload");
    expect(await shownKeys(page)).toEqual(["cpu"]);
  });
});
