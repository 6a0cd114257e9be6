import type { Page } from "@playwright/test";
import { test, expect, holdScripts, hydrated } from "./fixtures";

/**
 * The page does not move when it hydrates (issue 14, must-show 5: mobile cumulative layout shift under 0.1). The
 * server-rendered page is painted first with the scripts held back, then they run and React hydrates; every
 * layout-shift entry Chromium reports from the start of the load to a settled, hydrated page is summed (as
 * Lighthouse's CLS does for one load). Phone and desktop widths, both themes' default (dark).
 */
const LIMIT = 0.1;

declare global {
  interface Window {
    __layoutShift?: { total: number; entries: { value: number; sources: string[] }[] };
  }
}

async function observeShifts(page: Page) {
  await page.addInitScript(() => {
    const record = { total: 0, entries: [] as { value: number; sources: string[] }[] };
    window.__layoutShift = record;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] })[]) {
        if (e.hadRecentInput) continue;
        record.total += e.value;
        const sources = (e.sources ?? []).map((s) => {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          return el ? `${el.tagName.toLowerCase()}${el.getAttribute("data-testid") ? `[data-testid=${el.getAttribute("data-testid")}]` : ""}.${[...el.classList].slice(0, 3).join(".")}` : "?";
        });
        record.entries.push({ value: e.value, sources });
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** Two animation frames: whatever hydration and the fonts changed has been laid out and reported. */
async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * Loads the page with the CPU slowed down as Lighthouse's mobile preset does (4x: the browser paints the HTML while
 * it is still being parsed, as a phone does), paints the server's markup, then lets the scripts run and hydrate;
 * returns the summed layout shift.
 */
async function shiftOverLoad(page: Page, url: string, ready: string) {
  await observeShifts(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const scripts = await holdScripts(page);
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await expect(page.getByTestId(ready).first()).toBeVisible();
  await settle(page); // the server's page, painted
  scripts.release();
  await hydrated(page);
  await settle(page);
  return page.evaluate(() => window.__layoutShift!);
}

const SCREENS = [
  { name: "containers Summary", url: "/kubex/containers-tree", ready: "current-spend" },
  { name: "AI Analysis Details grid", url: "/kubex/containers-tree/tree-item?tabGroup1=analysis-details", ready: "details-grid" },
  { name: "Node Group Analysis", url: "/kubex/nodes-tree", ready: "node-group-grid" },
];

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
]) {
  test.describe(`layout shift over load at ${viewport.width} px`, () => {
    test.use({ viewport });
    for (const screen of SCREENS) {
      test(`${screen.name}: the page does not move when it hydrates`, async ({ page }) => {
        const shift = await shiftOverLoad(page, screen.url, screen.ready);
        expect(shift.total, JSON.stringify(shift.entries)).toBeLessThan(LIMIT);
      });
    }
  });
}

test.describe("the layout-shift measurement itself", () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test("sees a block pushed in above the content after load", async ({ page }) => {
    await observeShifts(page);
    await page.goto("/kubex/containers-tree");
    await hydrated(page);
    await settle(page);
    await page.evaluate(() => {
      const block = document.createElement("div");
      block.style.height = "400px";
      document.body.prepend(block);
    });
    await settle(page);
    const shift = await page.evaluate(() => window.__layoutShift!);
    expect(shift.total).toBeGreaterThan(LIMIT);
  });
});
