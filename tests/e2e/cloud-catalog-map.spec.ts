/**
 * The Catalog Map (spec document 3, section 2.7) and the impact analysis report download (2.5, 7) in Chromium, on
 * the standalone route /kubex/cloud-tree/catalog-map: a cell chosen on the map becomes the comparison's Selected
 * row, the filter bar's choices land in the address and change the map, the loading texts show while JavaScript
 * fetches, the 1024 px and 70-family rules, and the same with JavaScript off; the report arrives as a PDF (the
 * download event) whose text pdftotext reads back, and a failed download shows the notice that hides itself.
 */
import { execFileSync } from "node:child_process";
import type { Page } from "@playwright/test";
import { test, expect, hydrated } from "./fixtures";

/** Services of the e2e server's demo estate (seed 7, scripts/e2e-server.mjs): an RDS database (23 families, fit
 * layout) and an EC2 instance (over 70 families, fixed cells). */
const RDS = { id: "db-1421C98E3500F82A5B9320A77B", name: "billing-db-dev-01" };
const EC2 = { id: "i-0f1e81f7d35a90b85", name: "jenkins-dev-01" };
const mapUrl = (id: string, extra = "") => `/kubex/cloud-tree/catalog-map?entityId=${encodeURIComponent(id)}${extra}`;

/** The heatmap on screen (the other layout, if rendered, is hidden by the media query). */
const heatmap = (page: Page) => page.locator('[data-testid="catalog-heatmap"]:visible');
const cell = (page: Page, type: string) => heatmap(page).locator(`a.cm-a[data-type="${type}"]`);
const selectedRow = (page: Page) => page.getByTestId("comparison-selected");

function pdfText(file: string): string {
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

test.describe("Catalog Map with JavaScript", () => {
  test("a cell chosen on the map is the comparison's Selected type, by address", async ({ page }) => {
    await page.goto(mapUrl(RDS.id));
    await hydrated(page);
    await expect(page.getByTestId("page-title")).toHaveText("Catalog Map");
    await expect(page.getByTestId("catalog-map-service")).toHaveText(RDS.name);
    await expect(page.getByRole("heading", { name: "Instance Type Analysis" })).toBeVisible();
    await expect(heatmap(page)).toHaveAttribute("data-layout", "fit");
    for (const text of ["Not available in region", "Insufficient Resources", "Technically Incompatible", "Outside Spend Tolerance", "Meets All Policies", "Highlighted Instance Features"]) {
      await expect(page.getByTestId("catalog-legend").getByText(text, { exact: true })).toBeVisible();
    }
    await expect(selectedRow(page)).toContainText("Select a cell on the map");

    // the tooltip is the link's name: type, score, CPU, memory, cost
    const link = heatmap(page).getByRole("link", { name: /^db\.m6g\.xlarge Score: \d+ CPU: 4 vCPUs Memory: \d+ GB Cost: \$[\d,.]+ per month/ });
    await expect(link).toHaveCount(1);
    await link.click();
    await expect(page).toHaveURL(/selected=db\.m6g\.xlarge/);
    await expect(selectedRow(page).getByTestId("comparison-type")).toHaveText("db.m6g.xlarge");
    await expect(cell(page, "db.m6g.xlarge")).toHaveAttribute("aria-current", "true");
    // the policy details open in place
    await selectedRow(page).getByTestId("sufficient-resources").locator("summary").click();
    await expect(selectedRow(page).getByTestId("sufficient-resources")).toContainText("4 vCPUs");
    await expect(selectedRow(page).getByTestId("sufficient-resources")).toContainText(/Memory\s*16 GB/);
    // Back returns to no selection
    await page.goBack();
    await expect(selectedRow(page)).toContainText("Select a cell on the map");
  });

  test("the filters apply at once and live in the address", async ({ page }) => {
    await page.goto(mapUrl(RDS.id));
    await hydrated(page);
    await expect(heatmap(page).locator('a[data-band="unavailable"]').first()).toBeVisible();

    // Available in current region: the types not offered there leave the map
    await page.getByTestId("filter-show").locator("summary").click();
    await page.getByRole("checkbox", { name: "Available in current region" }).check();
    await expect(page).toHaveURL(/show=.*region/);
    await expect(heatmap(page).locator('a[data-band="unavailable"]')).toHaveCount(0);
    await expect(page.getByRole("checkbox", { name: "Available in current region" })).toBeChecked();

    // Spend tolerance: no more than optimal turns the dearer compatible types yellow
    const yellowAt5x = await heatmap(page).locator('a[data-band="expensive"]').count();
    await page.getByTestId("filter-tolerance").selectOption({ label: "No more than optimal" });
    await expect(page).toHaveURL(/tolerance=1(&|$)/);
    await expect.poll(() => heatmap(page).locator('a[data-band="expensive"]').count()).toBeGreaterThan(yellowAt5x);

    // Processor Supplier: without Intel only the Arm (Graviton) families and the marked types stay
    await page.getByTestId("filter-supplier").locator("summary").click();
    await page.getByRole("checkbox", { name: "Intel" }).uncheck();
    await expect(page).toHaveURL(/supplier=/);
    await expect(cell(page, "db.m5.xlarge")).toHaveCount(0);
    await expect(cell(page, "db.m6g.xlarge")).toHaveCount(1);

    // Highlight Instance Features: Arm types get the marker
    await page.getByTestId("filter-features").locator("summary").click();
    await page.getByRole("checkbox", { name: "Arm processor" }).check();
    await expect(page).toHaveURL(/features=arm/);
    await expect(cell(page, "db.m6g.xlarge")).toHaveAttribute("data-highlighted", "true");

    // Escape closes the open dropdown (it would cover the map's header)
    await page.keyboard.press("Escape");
    await expect(page.getByRole("checkbox", { name: "Arm processor" })).toBeHidden();
    // Hide Scores, then a reload keeps everything
    const labels = heatmap(page).locator("text.cm-t");
    await expect(labels.first()).toBeVisible();
    await page.getByRole("button", { name: "Hide Scores" }).click();
    await expect(page).toHaveURL(/scores=hide/);
    await expect(labels).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("checkbox", { name: "Arm processor", includeHidden: true })).toBeChecked();
    await expect(page.getByTestId("filter-tolerance")).toHaveValue("1");
    await expect(labels).toHaveCount(0);
  });

  test("loading texts show while JavaScript fetches the next address", async ({ page }) => {
    await page.goto(mapUrl(RDS.id));
    await hydrated(page);
    let release!: () => void;
    let gate = new Promise<void>((r) => (release = r));
    await page.route(/catalog-map\.data/, async (route) => {
      await gate;
      await route.continue();
    });
    await cell(page, "db.r5.xlarge").click();
    await expect(page.getByText("Loading comparison data...")).toBeVisible();
    await expect(page.getByText("Loading catalog data...")).toHaveCount(0);
    release();
    await expect(selectedRow(page).getByTestId("comparison-type")).toHaveText("db.r5.xlarge");
    await expect(page.getByText("Loading comparison data...")).toHaveCount(0);

    gate = new Promise<void>((r) => (release = r));
    await page.getByTestId("filter-tolerance").selectOption({ label: "2x" });
    await expect(page.getByText("Loading catalog data...")).toBeVisible();
    // the control already shows the choice while the map loads
    await expect(page.getByTestId("filter-tolerance")).toHaveValue("2");
    release();
    await expect(page.getByText("Loading catalog data...")).toHaveCount(0);
    await expect(page).toHaveURL(/tolerance=2/);
  });

  test("more than 70 families: fixed 25 px cells, no score labels, scrolled to the current type", async ({ page }) => {
    await page.goto(mapUrl(EC2.id));
    await hydrated(page);
    await expect(heatmap(page)).toHaveAttribute("data-layout", "fixed");
    await expect(heatmap(page).locator("text.cm-t")).toHaveCount(0);
    await expect(page.getByTestId("scores-toggle")).toHaveAttribute("aria-disabled", "true");
    const current = heatmap(page).locator("a.cm-a").filter({ has: page.locator("title", { hasText: "Current type" }) });
    await expect(current).toHaveCount(1);
    await expect(current).toBeInViewport();
    const box = await current.locator("rect").first().boundingBox();
    // a 25 px slot: the cell less the gap between cells
    expect(box!.width).toBeGreaterThanOrEqual(22);
    expect(box!.width).toBeLessThanOrEqual(25);
  });

  test("a window under 1024 px gets the fixed cells", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(mapUrl(RDS.id));
    await hydrated(page);
    await expect(heatmap(page)).toHaveAttribute("data-layout", "fixed");
    await expect(page.locator('[data-layout="fit"]')).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(heatmap(page)).toHaveAttribute("data-layout", "fit");
  });

  test("Download Impact Analysis Report saves the PDF under provider_system_objectId.pdf", async ({ page }, info) => {
    await page.goto(mapUrl(RDS.id));
    await hydrated(page);
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /Download Impact Analysis Report/ }).click()]);
    expect(download.suggestedFilename()).toBe(`AWS_${RDS.name}_${RDS.id}.pdf`);
    await expect(page.getByTestId("download-report")).toHaveAttribute("data-state", "success");
    const file = info.outputPath("report.pdf");
    await download.saveAs(file);
    const text = pdfText(file);
    expect(text).toContain("Impact Analysis Report");
    expect(text).toContain(RDS.name);
    expect(text).toContain("db.r5.large");
    expect(text).toMatch(/Current monthly cost\s+\$[\d,]+\.\d\d/);
    expect(text).toContain("Within Spend Tolerance");
  });

  test("a failed download shows its error at the top right, which hides after 3 s", async ({ page, consoleErrors }) => {
    await page.goto(mapUrl(RDS.id));
    await hydrated(page);
    await page.route(/analysis-report$/, (route) => route.fulfill({ status: 503, contentType: "text/plain", body: "Report service is busy." }));
    await page.getByRole("link", { name: /Download Impact Analysis Report/ }).click();
    const notice = page.getByTestId("report-error");
    await expect(notice).toHaveText(/Report service is busy\./);
    const box = await notice.boundingBox();
    expect(box!.y).toBeLessThan(40);
    expect(box!.x + box!.width).toBeGreaterThan(page.viewportSize()!.width - 40);
    await expect(page.getByTestId("download-report")).toHaveAttribute("data-state", "error");
    await expect(notice).toBeHidden({ timeout: 5_000 });
    // The browser reports the 503 itself; that one is expected here.
    for (let i = consoleErrors.length - 1; i >= 0; i--) if (/status of 503/.test(consoleErrors[i])) consoleErrors.splice(i, 1);
  });
});

test.describe("Catalog Map without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("cells are links, the filter bar a form, the details open", async ({ page }) => {
    await page.goto(mapUrl(RDS.id));
    await expect(heatmap(page)).toHaveAttribute("data-layout", "fit");
    await cell(page, "db.m6g.xlarge").click();
    await expect(page).toHaveURL(/selected=db\.m6g\.xlarge/);
    await expect(selectedRow(page).getByTestId("comparison-type")).toHaveText("db.m6g.xlarge");
    // no loading texts without JavaScript
    await expect(page.getByText("Loading features...")).toHaveCount(0);

    await page.getByTestId("filter-show").locator("summary").click();
    await page.getByRole("checkbox", { name: "Available in current region" }).check();
    await page.getByTestId("filter-tolerance").selectOption({ label: "10x" });
    await page.getByTestId("filter-apply").click();
    await expect(page).toHaveURL(/show=&show=common&show=region/);
    await expect(page).toHaveURL(/tolerance=10/);
    // the selection rides along
    await expect(page).toHaveURL(/selected=db\.m6g\.xlarge/);
    await expect(heatmap(page).locator('a[data-band="unavailable"]')).toHaveCount(0);
    await expect(page.getByTestId("filter-tolerance")).toHaveValue("10");

    const details = selectedRow(page).getByTestId("technically-compatible");
    await details.locator("summary").click();
    await expect(details).toContainText("Instance features");
    await expect(details).toContainText("Architecture arm64");
  });

  test("under 1024 px the CSS media query shows the fixed cells", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(mapUrl(RDS.id));
    await expect(heatmap(page)).toHaveAttribute("data-layout", "fixed");
    await expect(page.locator('[data-layout="fit"]')).toBeHidden();
  });

  test("the report link downloads the PDF", async ({ page }, info) => {
    await page.goto(mapUrl(EC2.id));
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: /Download Impact Analysis Report/ }).click()]);
    expect(download.suggestedFilename()).toBe(`AWS_${EC2.name}_${EC2.id}.pdf`);
    const file = info.outputPath("report.pdf");
    await download.saveAs(file);
    const text = pdfText(file);
    expect(text).toContain(EC2.name);
    expect(text).toContain("m6i.large");
    expect(text).toContain("CPU Utilization (Current)");
  });
});
