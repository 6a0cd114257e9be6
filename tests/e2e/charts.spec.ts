import type { Locator, Page } from "@playwright/test";
import { test, expect, holdScripts, hydrated } from "./fixtures";

/**
 * Charts read well at every size (issue 14, must-show 2): the server's SVG is already its final size (nothing moves
 * at hydration, nothing is ~8 px without JavaScript), no chart text under 11 px, and the waterfall's labels and
 * figures never run into each other, at 1440 and 390 px wide.
 */
type Box = { x: number; y: number; width: number; height: number };

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The boxes of the visible elements a locator finds (display:none ones have no box). */
async function boxes(all: Locator): Promise<{ text: string; box: Box }[]> {
  const out: { text: string; box: Box }[] = [];
  for (const el of await all.all()) {
    const box = await el.boundingBox();
    if (box && box.width > 0) out.push({ text: (await el.textContent()) ?? "", box });
  }
  return out;
}

function expectNoOverlap(items: { text: string; box: Box }[]) {
  for (let i = 0; i < items.length; i++)
    for (let j = i + 1; j < items.length; j++) expect(overlap(items[i].box, items[j].box), `"${items[i].text}" and "${items[j].text}" overlap`).toBe(false);
}

/** The smallest computed font size of the text inside the chart bodies on the page, and how many texts there are. */
async function smallestChartText(page: Page) {
  return page.evaluate(() => {
    const sizes = [...document.querySelectorAll("[data-chart] text, [data-chart] tspan, [data-testid=waterfall-figures] span")]
      .filter((el) => (el as HTMLElement).getClientRects().length > 0 && (el.textContent ?? "").trim() !== "")
      .map((el) => parseFloat(getComputedStyle(el).fontSize));
    return { count: sizes.length, min: Math.min(...sizes) };
  });
}

for (const width of [1440, 390]) {
  test(`the waterfall's value labels, bar names and CPU / memory figures do not overlap at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/kubex/containers-tree");
    await hydrated(page);
    const chart = page.locator("[data-chart=waterfall]");
    await expect(chart.locator("[data-bar]")).toHaveCount(5);
    const values = await boxes(chart.locator("[data-value-label], [data-value-label-compact]"));
    expect(values).toHaveLength(5); // one of the two forms each, by the chart's width
    const names = await boxes(chart.locator("[data-bar-name]"));
    const cpu = await boxes(chart.locator("[data-testid^=waterfall-cpu-]"));
    const mem = await boxes(chart.locator("[data-testid^=waterfall-memory-]"));
    expect(cpu).toHaveLength(5);
    expect(mem).toHaveLength(5);
    expectNoOverlap(values);
    expectNoOverlap([...names, ...cpu, ...mem]);
    // every figure inside the card
    const card = (await chart.boundingBox())!;
    for (const f of [...cpu, ...mem, ...names]) {
      expect(f.box.x, f.text).toBeGreaterThanOrEqual(card.x - 1);
      expect(f.box.x + f.box.width, f.text).toBeLessThanOrEqual(card.x + card.width + 1);
    }
    const text = await smallestChartText(page);
    expect(text.count).toBeGreaterThan(20);
    expect(text.min).toBeGreaterThanOrEqual(11);
  });
}

test("the server-rendered charts are already their final size: the same width before and after hydration", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts = await holdScripts(page);
  await page.goto("/kubex/containers-tree", { waitUntil: "domcontentloaded" });
  const svg = page.getByTestId("waterfall-svg");
  const histogram = page.getByTestId("histogram-svg").first();
  const before = [(await svg.boundingBox())!, (await histogram.boundingBox())!];
  const fontBefore = await smallestChartText(page);
  scripts.release();
  await hydrated(page);
  const after = [(await svg.boundingBox())!, (await histogram.boundingBox())!];
  expect(after).toEqual(before);
  expect(fontBefore.min).toBeGreaterThanOrEqual(11);
  // the plot fills its card: the waterfall's plot is the body less its 36 + 8 px margins
  const body = (await page.locator("[data-chart=waterfall]").boundingBox())!;
  expect(before[0].width).toBeGreaterThan(body.width - 45);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("charts are drawn at full size with text of 11 px and more at 390 px", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/kubex/containers-tree");
    const body = (await page.locator("[data-chart=histogram]").first().boundingBox())!;
    expect(body.width).toBeGreaterThan(250);
    expect((await page.getByTestId("histogram-svg").first().boundingBox())!.height).toBeGreaterThanOrEqual(150);
    const text = await smallestChartText(page);
    expect(text.count).toBeGreaterThan(20);
    expect(text.min).toBeGreaterThanOrEqual(11);
  });
});

test("the node grid's chart panel: plots fill their cards and line labels are not clipped", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/kubex/nodes-tree");
  await hydrated(page);
  const charts = page.locator("[data-testid=utilization-panel] [data-chart=boxplot]");
  await expect(charts.first()).toBeVisible();
  for (const chart of await charts.all()) {
    const card = (await chart.boundingBox())!;
    const svg = (await chart.locator("svg[data-testid=boxplot-svg]").boundingBox())!;
    // the plot is the body less its axis margins: well over the 65 % of the card it used to take
    expect(svg.width / card.width).toBeGreaterThan(0.75);
    for (const label of await chart.locator("[data-line-label]").all()) {
      const b = (await label.boundingBox())!;
      expect(b.x + b.width).toBeLessThanOrEqual(card.x + card.width + 1);
    }
  }
  const text = await smallestChartText(page);
  expect(text.min).toBeGreaterThanOrEqual(11);
});

test("the containers grid's chart panel draws the recommended request and limit, with whole line labels inside the card", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto("/kubex/containers-tree/tree-item?tabGroup1=analysis-details&size=10");
  await hydrated(page);
  const panel = page.getByTestId("utilization-panel");
  await expect(panel).toHaveAttribute("data-open", "true");
  const charts = panel.locator('[data-chart="boxplot"]');
  await expect(charts).toHaveCount(2);
  // the demo's first row has a recommendation: the teal recommended request line and its label on both charts
  for (const chart of await charts.all()) {
    await expect(chart.locator('[data-series="recRequest"]')).toHaveCount(1);
    await expect(chart.locator('[data-line-label="recRequest"]')).toHaveText(/^Rec\. req \d/);
    const card = (await chart.boundingBox())!;
    for (const label of await chart.locator("[data-line-label]").all()) {
      const b = (await label.boundingBox())!;
      expect(b.x + b.width, (await label.textContent()) ?? "").toBeLessThanOrEqual(card.x + card.width + 1);
    }
  }
  // and in the legend
  await expect(panel.getByText("Recommended Request").first()).toBeVisible();
});
