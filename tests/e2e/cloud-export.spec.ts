import ExcelJS from "exceljs";
import { test, expect } from "./fixtures";

/** The services grid's export (spec document 3, sections 2.4 and 9). */
test("the Excel export is cloudex_services_details.xlsx with the grid's rows, a deep-link URL column and gradients on the percentages", async ({ page }) => {
  const query = "gridViewId=aws&sort=region&dir=asc";
  await page.goto(`/kubex/cloud-tree?cloudTabGroup=cloud-analysis&${query}`);
  const total = Number(/of (\d+)/.exec(await page.getByTestId("grid-range").innerText())![1]);
  const names = (await page.getByTestId("cloud-services-grid").getByTestId("system-link").allInnerTexts()).map((n) => n.trim());
  const href = await page.getByTestId("export-xlsx").getAttribute("href");
  expect(href).toMatch(/^\/kubex\/cloud-tree\/export\?/);
  expect(href).toContain("format=xlsx");

  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toMatch(/attachment;\s*filename="?cloudex_services_details\.xlsx"?/);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.body()) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const headers = (ws.getRow(1).values as unknown[]).slice(1).map(String);
  expect(headers[0]).toBe("System Name");
  expect(headers.at(-1)).toBe("URL");
  expect(ws.actualRowCount - 1).toBe(total);
  // The grid's order: the first page of the grid is the file's first rows.
  const col = (h: string) => headers.indexOf(h) + 1;
  expect(names.slice(0, 5)).toEqual([2, 3, 4, 5, 6].slice(0, Math.min(5, names.length)).map((r) => String(ws.getRow(r).getCell(1).value)));
  expect(ws.getRow(2).getCell(col("Cloud Provider")).value).toBe("AWS");

  const link = ws.getRow(2).getCell(col("URL")).value as { text: string; hyperlink: string };
  const url = new URL(link.hyperlink);
  expect(url.pathname).toBe("/kubex/cloud-tree/tree-item");
  expect(url.searchParams.get("entityId")).toBeTruthy();
  expect(url.searchParams.get("tabGroup2")).toBe("overview");
  expect(url.searchParams.get("fullPath")).toMatch(new RegExp(`/${names[0].replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  // The deep link opens that service's Overview.
  await page.goto(link.hyperlink);
  await expect(page.getByTestId("selected-name")).toHaveText(names[0]);

  // Waste % runs yellow from 0 to 100 (spec: red and yellow gradient styles).
  const waste = col("Waste %");
  const letter = String.fromCharCode(64 + waste);
  const rules = (ws as unknown as { conditionalFormattings: { ref: string; rules: { type: string; cfvo: { type: string; value: number }[]; color: { argb: string }[] }[] }[] }).conditionalFormattings;
  const rule = rules.find((r) => r.ref.startsWith(`${letter}2:`));
  expect(rule, "a colour scale on Waste %").toBeTruthy();
  expect(rule!.ref).toBe(`${letter}2:${letter}${total + 1}`);
  expect(rule!.rules[0].type).toBe("colorScale");
  expect(rule!.rules[0].cfvo.map((c) => c.value)).toEqual([0, 100]);
  expect(rule!.rules[0].color.map((c) => c.argb)).toEqual(["FFFEF3AD", "FFFFEA00"]);
});

test("the CSV export has the same rows and a URL column; the CPU utilisation columns run red in Excel", async ({ page }) => {
  const res = await page.request.get("/kubex/cloud-tree/export?format=csv&gridViewId=EC2");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-disposition"]).toContain("cloudex_services_details.csv");
  const lines = (await res.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
  expect(lines[0].split(",").at(-1)).toBe("URL");
  await page.goto("/kubex/cloud-tree?cloudTabGroup=cloud-analysis&gridViewId=EC2");
  expect(lines.length - 1).toBe(Number(/of (\d+)/.exec(await page.getByTestId("grid-range").innerText())![1]));

  const xlsx = await page.request.get("/kubex/cloud-tree/export?format=xlsx&gridViewId=EC2&cols=system,cpuHighPct");
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await xlsx.body()) as unknown as ArrayBuffer);
  const rules = (wb.worksheets[0] as unknown as { conditionalFormattings: { ref: string; rules: { color: { argb: string }[] }[] }[] }).conditionalFormattings;
  expect(rules.map((r) => [r.ref.split(":")[0], r.rules[0].color.map((c) => c.argb)])).toEqual([["B2", ["FFFF8D8D", "FFFF0000"]]]);
  expect(await page.request.get("/kubex/cloud-tree/export?format=pdf").then((r) => r.status())).toBe(400);
});
