/**
 * Export of the cloud services grid (spec document 3, sections 2.4 and 9): CSV and Excel (cloudex_services_details),
 * exactly the grid's rows (the same View, Filter, folder, grid view, search, floating filters and sort) in the
 * grid's columns, with a deep-link URL column to each service's tree item; in Excel the percentage columns carry
 * the red and yellow 0–100 % gradients (conditional formatting). Streamed a page at a time.
 */
import ExcelJS from "exceljs";
import { getDb } from "~/db/db.server";
import { exceljsBacklog, pagedStreamResponse, pagesOf } from "~/lib/paged-stream.server";
import { withUserSlot } from "~/lib/user-slots.server";
import { requireUser } from "~/features/auth/session.server";
import { resolvePageFolder } from "~/features/tree/page-scope.server";
import { rowViewParams } from "~/features/grid-views/bar.server";
import { csvField, DATE_FORMAT, MONEY_FORMAT } from "~/features/containers/export.server";
import type { CloudexDetail } from "~/domain/cloud/detail";
import { CLOUD_COLUMN_BY_KEY, visibleCloudColumns } from "~/domain/cloud/grid-columns";
import type { GridColumn } from "~/domain/containers/grid-columns";
import { CLOUD_GRID_ID } from "~/domain/grid-views/texts";
import { isModelError } from "~/lib/errors";
import { CLOUD_MAX_PAGE_SIZE, cloudRows, type CloudRowsArgs } from "~/models/cloud-analysis.server";
import type { FolderScope } from "~/models/tree-scope.server";
import type { Db } from "~/models/treeview-common.server";
import { cloudGridQuery } from "./grid.server";
import { cloudDetailsUrl } from "./links";
import { reasonText, shownValue } from "./values";

export const CLOUD_EXPORT_BASENAME = "cloudex_services_details";
export const CLOUD_EXPORT_SHEET = "Cloud Services";
export const URL_HEADER = "URL";
const PERCENT_FORMAT = '0.0"%"';

/** The spec's gradients (document 1, section 9): red ff8d8d → FF0000, yellow FEF3AD → FFEA00, over 0–100 %. */
export const GRADIENTS = {
  red: ["FFFF8D8D", "FFFF0000"],
  yellow: ["FFFEF3AD", "FFFFEA00"],
} as const;

/**
 * Which gradient a percentage column takes (UX.md: red for risk, yellow for waste): utilisation runs red as it
 * nears a shortfall; waste, uptime and reservation coverage run yellow.
 */
export function percentGradient(key: string): keyof typeof GRADIENTS {
  return ["cpuHighPct", "cpuLowPct", "recommendedCpuPct", "memoryUtilPct", "recommendedMemPct"].includes(key) ? "red" : "yellow";
}

type Kind = "text" | "money" | "percent" | "number" | "date" | "url";
interface ExportColumn {
  key: string;
  header: string;
  kind: Kind;
  width: number;
  digits: number;
}

/** The grid's columns as the address chooses them (the service's name first), then the deep link. */
export function cloudExportColumns(params: URLSearchParams): ExportColumn[] {
  const chosen = visibleCloudColumns(params.getAll("cols").join(","));
  const cols: GridColumn[] = chosen.some((c) => c.key === "system") ? chosen : [CLOUD_COLUMN_BY_KEY.get("system")!, ...chosen];
  return [
    ...cols.map((c): ExportColumn => {
      const kind: Kind = c.type === "money" || c.type === "percent" || c.type === "number" || c.type === "date" ? c.type : "text";
      return { key: c.key, header: c.label, kind, width: kind === "text" ? 24 : 16, digits: c.type === "percent" ? 1 : kind === "money" ? 2 : (c.digits ?? 0) };
    }),
    { key: "url", header: URL_HEADER, kind: "url", width: 70, digits: 0 },
  ];
}

type Cell = string | number | Date | null;

const roundTo = (v: number, digits: number) => Math.round(v * 10 ** digits) / 10 ** digits;

/** One row's cells, in the columns' order (Terminate's recommended values and nulls empty, as the grid's "-"). */
export function cloudExportCells(row: CloudexDetail, columns: readonly ExportColumn[], link: (row: CloudexDetail) => string): Cell[] {
  return columns.map((c) => {
    if (c.kind === "url") return link(row);
    const v = shownValue(row, c.key);
    if (v === null || v === undefined) return null;
    switch (c.kind) {
      case "money":
      case "percent":
      case "number":
        return typeof v === "number" ? roundTo(v, c.digits) : null;
      case "date": {
        const d = new Date(String(v));
        return Number.isNaN(d.getTime()) ? String(v) : d;
      }
      default:
        if (c.key === "reasonHtml") return reasonText(String(v));
        if (typeof v === "boolean") return v ? "Yes" : "No";
        return String(v);
    }
  });
}

/** Excel's column letters: 1 → A, 27 → AA. */
export function columnLetter(n: number): string {
  let s = "";
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

interface ExportInput {
  db: Db;
  scope: FolderScope;
  params: URLSearchParams;
  origin: string;
  signal?: AbortSignal;
  /** Called once when the download ends, fails or is abandoned (releases the user's slot). */
  onClose?: () => void;
  now?: Date;
}

/** Every row of the grid's query, a page at a time (the ordered ids are read once per snapshot, then each page by id). */
function pages(db: Db, scope: FolderScope, query: Omit<CloudRowsArgs, "page" | "pageSize">) {
  return pagesOf((page) => cloudRows(db, scope, { ...query, page, pageSize: CLOUD_MAX_PAGE_SIZE }), CLOUD_MAX_PAGE_SIZE);
}

function attachment(filename: string, contentType: string) {
  return { "Content-Type": contentType, "Content-Disposition": `attachment; filename="${filename}"`, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
}

function linker(input: ExportInput) {
  const context = { viewId: input.scope.tree.view.viewId, filterId: input.scope.tree.filter.filterId };
  return (row: CloudexDetail) => cloudDetailsUrl(input.origin, row, context);
}

/** The CSV export, streamed a page at a time (app/lib/paged-stream.server.ts). */
export function cloudCsvResponse(input: ExportInput): Response {
  const columns = cloudExportColumns(input.params);
  const link = linker(input);
  const record = (cells: readonly Cell[]) =>
    `${cells.map((v, i) => (v instanceof Date ? v.toISOString().slice(0, 10) : columns[i]?.kind === "money" && typeof v === "number" ? v.toFixed(2) : csvField(v))).join(",")}\r\n`;
  return pagedStreamResponse({
    headers: attachment(`${CLOUD_EXPORT_BASENAME}.csv`, "text/csv; charset=utf-8"),
    signal: input.signal,
    onClose: input.onClose,
    async produce(out, ready) {
      // A byte-order mark so Excel opens the UTF-8 file with the right characters.
      out.write(`\uFEFF${record(columns.map((c) => c.header))}`);
      if (!(await ready())) return;
      for await (const rows of pages(input.db, input.scope, cloudGridQuery(input.params).query)) {
        out.write(rows.map((r) => record(cloudExportCells(r, columns, link))).join(""));
        if (!(await ready())) return;
      }
    },
  });
}

/** The Excel export through exceljs's streaming writer: rows are committed (written out) page by page. */
export function cloudXlsxResponse(input: ExportInput): Response {
  const columns = cloudExportColumns(input.params);
  const link = linker(input);
  const format = (k: Kind, digits: number) => (k === "money" ? MONEY_FORMAT : k === "date" ? DATE_FORMAT : k === "percent" ? PERCENT_FORMAT : k === "number" && digits ? `0.${"0".repeat(digits)}` : undefined);
  return pagedStreamResponse({
    headers: attachment(`${CLOUD_EXPORT_BASENAME}.xlsx`, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    signal: input.signal,
    onClose: input.onClose,
    async produce(out, ready) {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
      workbook.creator = "Kubex";
      workbook.created = input.now ?? new Date();
      const sheet = workbook.addWorksheet(CLOUD_EXPORT_SHEET, { views: [{ state: "frozen", ySplit: 1 }] });
      sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width, style: format(c.kind, c.digits) ? { numFmt: format(c.kind, c.digits) } : {} }));
      sheet.getRow(1).font = { bold: true };
      const backlog = exceljsBacklog(sheet);
      let count = 0;
      for await (const rows of pages(input.db, input.scope, cloudGridQuery(input.params).query)) {
        for (const r of rows) {
          const cells = cloudExportCells(r, columns, link);
          const row = sheet.addRow(cells.map((v, i) => (columns[i].kind === "url" && typeof v === "string" ? { text: v, hyperlink: v } : v)));
          columns.forEach((c, i) => {
            const f = format(c.kind, c.digits);
            if (f) row.getCell(i + 1).numFmt = f;
          });
          row.commit();
          count++;
        }
        if (!(await ready(backlog))) return;
      }
      // The gradients over each percentage column's rows (written with the sheet's end).
      columns.forEach((c, i) => {
        if (c.kind !== "percent" || count === 0) return;
        const [from, to] = GRADIENTS[percentGradient(c.key)];
        const letter = columnLetter(i + 1);
        sheet.addConditionalFormatting({
          ref: `${letter}2:${letter}${count + 1}`,
          rules: [{ type: "colorScale", priority: i + 1, cfvo: [{ type: "num", value: 0 }, { type: "num", value: 100 }], color: [{ argb: from }, { argb: to }] }],
        });
      });
      sheet.commit();
      await workbook.commit();
    },
  });
}

/** The export route's loader: format, user, the folder (refused with a 4xx when the tree does not hold it) and the grid's rows. */
export async function exportCloudServices(request: Request): Promise<Response> {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const params = url.searchParams;
  const format = params.get("format");
  if (format !== "csv" && format !== "xlsx") {
    return new Response("Unknown export format: use format=csv or format=xlsx.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const db = await getDb();
  const { folder } = await resolvePageFolder(db, user, "cloud", params, { strict: true }).catch((e: unknown) => {
    if (isModelError(e)) throw new Response(e.text, { status: e.kind === "validation" ? 400 : 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw e;
  });
  // A saved grid view exports the rows of the built-in view it was made from, as the grid shows them.
  const input = { db, scope: folder, params: await rowViewParams(db, user, params, CLOUD_GRID_ID), origin: url.origin, signal: request.signal };
  // The download holds one of the user's few slots for expensive work until its last byte.
  return withUserSlot(user.id, async (release) => (format === "csv" ? cloudCsvResponse : cloudXlsxResponse)({ ...input, onClose: release }));
}
