import ExcelJS from "exceljs";
import type { Page } from "@playwright/test";
import { test, expect } from "./fixtures";

/** The AI Analysis Details grid's total for the same parameters, as the grid shows it. */
async function gridTotal(page: Page, query: string) {
  await page.goto(`/kubex/containers-tree?tabGroup1=analysis-details${query ? `&${query}` : ""}`);
  const range = await page.getByTestId("grid-range").innerText();
  if (/^0 rows$/.test(range.trim())) return 0;
  const m = /of ([\d,]+)/.exec(range);
  expect(m, `grid range "${range}"`).not.toBeNull();
  return Number(m![1].replace(/,/g, ""));
}

/** Splits RFC 4180 CSV text into records of fields. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else field += ch;
  }
  if (field || record.length) records.push([...record, field]);
  return records;
}

const QUERIES = ["", "q=e&sort=cluster&dir=asc"];

for (const query of QUERIES) {
  test(`Excel export matches the grid (${query || "defaults"})`, async ({ page }) => {
    const total = await gridTotal(page, query);
    expect(total).toBeGreaterThan(0);
    const res = await page.request.get(`/kubex/containers-tree/export?format=xlsx${query ? `&${query}` : ""}`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-disposition"]).toMatch(/attachment;\s*filename="?kubex_container_details\.xlsx"?/);
    const body = await res.body();

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    expect(wb.worksheets).toHaveLength(1);
    const ws = wb.worksheets[0];
    expect(ws.name.startsWith("Container-")).toBe(true);
    expect(ws.name.length).toBeLessThanOrEqual(31);

    const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
    const col = (name: string) => {
      const i = headers.indexOf(name);
      expect(i, `column ${name}`).toBeGreaterThanOrEqual(0);
      return i + 1;
    };
    expect(ws.actualRowCount - 1).toBe(total);

    const row = ws.getRow(2);
    const money = row.getCell(col("Current Cost ($/month)"));
    expect(money.numFmt).toContain("$");
    expect(money.numFmt).toContain("0.00");

    const date = row.getCell(col("Exported"));
    expect(date.value).toBeInstanceOf(Date);
    expect(date.numFmt).toBe("yyyy-mm-dd");

    const linkValue = row.getCell(col("Container details")).value;
    const link = typeof linkValue === "object" && linkValue !== null && "hyperlink" in linkValue ? String(linkValue.hyperlink) : String(linkValue);
    const url = new URL(link);
    expect(url.protocol).toMatch(/^https?:$/);
    expect(url.pathname).toBe("/kubex/containers-tree/tree-item");
    expect(url.searchParams.get("entityId")).toBeTruthy();
    expect(url.searchParams.get("tabGroup2")).toBe("overview");

    // The link opens the container's page.
    await page.goto(url.pathname + url.search);
    await expect(page.locator("body")).not.toContainText("Application error");
  });

  test(`CSV export matches the grid (${query || "defaults"})`, async ({ page }) => {
    const total = await gridTotal(page, query);
    const res = await page.request.get(`/kubex/containers-tree/export?format=csv${query ? `&${query}` : ""}`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-disposition"]).toMatch(/attachment;\s*filename="?kubex_container_details\.csv"?/);
    expect(res.headers()["content-type"]).toContain("text/csv");
    const records = parseCsv((await res.text()).replace(/^\uFEFF/, ""));
    const [header, ...rows] = records;
    expect(header[0]).toBe("Container");
    expect(header).toContain("Container details");
    expect(header).toContain("Exported");
    expect(rows).toHaveLength(total);
    for (const r of rows) expect(r).toHaveLength(header.length);
    const first = rows[0];
    expect(first[header.indexOf("Exported")]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(first[header.indexOf("Current Cost ($/month)")]).toMatch(/^(-?\d+\.\d{2})?$/);
    expect(new URL(first[header.indexOf("Container details")]).searchParams.get("entityId")).toBeTruthy();
  });
}

test("an unknown export format is a 400", async ({ page }) => {
  const res = await page.request.get("/kubex/containers-tree/export?format=pdf");
  expect(res.status()).toBe(400);
  expect(res.headers()["content-type"]).toContain("text/plain");
});

test("the export needs a signed-in user", async ({ playwright, baseURL }) => {
  const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const res = await anonymous.get("/kubex/containers-tree/export?format=csv", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()["location"]).toContain("/login");
  await anonymous.dispose();
});

test("the grid's Excel link downloads the export", async ({ page }) => {
  await page.goto("/kubex/containers-tree?tabGroup1=analysis-details");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Excel" }).click();
  expect((await download).suggestedFilename()).toBe("kubex_container_details.xlsx");
});
