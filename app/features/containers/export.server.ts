/**
 * Export of the AI Analysis Details grid (spec document 2, section 2.3): CSV and Excel, every row matching the same
 * address parameters as the grid (View, Filter, folder, grid view, search, floating filters, sort), streamed a page at a time so it
 * works at 150,000 rows without holding them all in memory.
 */
import ExcelJS from "exceljs";
import { exceljsBacklog, pagedStreamResponse, pagesOf } from "~/lib/paged-stream.server";
import type { FolderScope } from "~/models/tree-scope.server";
import type { Db } from "~/models/treeview-common.server";
import { containerRows, type ContainerRowsArgs } from "~/models/container-grid.server";
import { type ContainerRow } from "~/models/container-rows.server";
import { gridQuery } from "./details.server";
import { visibleColumns } from "~/domain/containers/grid-columns";
import { monthlyUnitPrices, type UnitPrices } from "~/engine/containers";
import { compactWhy } from "~/engine/containers/why";
import { policyForContainer, type PolicyValues } from "~/engine/policy";
import { currentSnapshot } from "~/models/snapshot.server";

export const EXPORT_BASENAME = "kubex_container_details";
export const EXPORT_FORMATS = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const MONEY_FORMAT = '"$"#,##0.00';
export const DATE_FORMAT = "yyyy-mm-dd";

export type CellKind = "text" | "number" | "money" | "decimal" | "link" | "date";
export type CellValue = string | number | Date | null;

export interface ExportColumn {
  header: string;
  kind: CellKind;
  width: number;
}

/** The grid's columns (DetailsGrid.tsx), with each "existing → recommended" pair split into two numeric columns. */
export const EXPORT_COLUMNS: readonly ExportColumn[] = [
  { header: "Container", kind: "text", width: 28 },
  { header: "Namespace", kind: "text", width: 20 },
  { header: "Pod Owner", kind: "text", width: 28 },
  { header: "Kind", kind: "text", width: 14 },
  { header: "Cluster", kind: "text", width: 18 },
  { header: "Recommendation", kind: "text", width: 24 },
  { header: "Existing CPU Request (mCores)", kind: "number", width: 14 },
  { header: "Recommended CPU Request (mCores)", kind: "number", width: 14 },
  { header: "Existing CPU Limit (mCores)", kind: "number", width: 14 },
  { header: "Recommended CPU Limit (mCores)", kind: "number", width: 14 },
  { header: "Existing Memory Request (MB)", kind: "number", width: 14 },
  { header: "Recommended Memory Request (MB)", kind: "number", width: 14 },
  { header: "Existing Memory Limit (MB)", kind: "number", width: 14 },
  { header: "Recommended Memory Limit (MB)", kind: "number", width: 14 },
  { header: "CPU Surplus (mCores)", kind: "number", width: 14 },
  { header: "Memory Surplus (MB)", kind: "number", width: 14 },
  { header: "Current Cost ($/month)", kind: "money", width: 14 },
  { header: "Recommended Cost ($/month)", kind: "money", width: 14 },
  { header: "Net Savings ($/month)", kind: "money", width: 14 },
  { header: "Efficiency Rating", kind: "decimal", width: 12 },
  { header: "Restarts (7 days)", kind: "number", width: 10 },
  { header: "Policy", kind: "text", width: 20 },
  { header: "Why", kind: "text", width: 90 },
  { header: "Container details", kind: "link", width: 60 },
  { header: "Exported", kind: "date", width: 12 },
];

/** What makes a details link: the site's origin and the applied View and Filter. */
export interface LinkContext {
  origin: string;
  viewId: string;
  filterId: string;
  /** The unit prices of the current analysis ($ per core-month and per GB-month), for the Why column. */
  prices?: { cpuCoreMonth: number; memoryGbMonth: number } | null;
  /** The policies' values as the current analysis used them, by name (stored policies can be edited since). */
  policies?: Record<string, PolicyValues | undefined>;
}

/** The absolute address of a container's page (the tree item with its entity id). */
export function containerDetailsUrl(ctx: LinkContext, entityId: string): string {
  const p = new URLSearchParams({ entityId, tabGroup2: "overview", viewId: ctx.viewId, filterId: ctx.filterId });
  return `${ctx.origin}/kubex/containers-tree/tree-item?${p}`;
}

/** Midnight UTC of a day, so Excel (which has no time zones) shows that day. */
export function exportDay(now: Date = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

export function isoDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}

const roundTo = (v: number | null, digits: number) => (v === null || !Number.isFinite(v) ? null : Math.round(v * 10 ** digits) / 10 ** digits);

/**
 * The "Why" column: the one-line chain from the row's stored figures (decision 027: no engine run per row, so a
 * 100,000-row export costs what it did; the full chain is the drawer's and the workload screen's panel).
 */
export function whyCell(r: ContainerRow, ctx: LinkContext): string {
  return compactWhy(
    {
      analysed: r.analysed,
      reason: r.notAnalysedReason,
      existing: { cpuRequest: r.existingCpuRequest, cpuLimit: r.existingCpuLimit, memRequest: r.existingMemRequest, memLimit: r.existingMemLimit },
      recommended: { cpuRequest: r.cpuRequest, cpuLimit: r.cpuLimit, memRequest: r.memRequest, memLimit: r.memLimit },
      count: r.currentCount,
      samples: r.auditCollectionAuditCount,
      cpu: { p95: r.cpuP95, sustained: r.cpuSustained, peak: r.cpuPeak },
      mem: { sustained: r.memSustained, peak: r.memPeak },
      currentCost: r.currentCost,
      recommendedCost: r.recommendedCost,
    },
    ctx.policies?.[r.policyName] ?? policyForContainer(r.policyName).values,
    ctx.prices ?? null,
  );
}

/** The current analysis's unit prices a month (null before the first analysis) and the policies it used, for the Why column. */
export async function exportAnalysis(db: Db): Promise<Pick<LinkContext, "prices" | "policies">> {
  const snapshot = await currentSnapshot(db);
  if (!snapshot) return { prices: null, policies: {} };
  return {
    prices: monthlyUnitPrices(JSON.parse(snapshot.prices_json) as UnitPrices),
    policies: JSON.parse(snapshot.policies_json) as Record<string, PolicyValues | undefined>,
  };
}

/** One container row as the export's cells, in EXPORT_COLUMNS order. */
export function rowToCells(r: ContainerRow, ctx: LinkContext, exported: Date): CellValue[] {
  return [
    r.containerName,
    r.namespace,
    r.podService,
    r.controllerType,
    r.cluster,
    r.recommendation ?? (r.notAnalysedReason ? `Not analysed: ${r.notAnalysedReason}` : null),
    roundTo(r.existingCpuRequest, 0),
    roundTo(r.cpuRequest, 0),
    roundTo(r.existingCpuLimit, 0),
    roundTo(r.cpuLimit, 0),
    roundTo(r.existingMemRequest, 0),
    roundTo(r.memRequest, 0),
    roundTo(r.existingMemLimit, 0),
    roundTo(r.memLimit, 0),
    roundTo(r.totalCpuSurplus, 0),
    roundTo(r.totalMemSurplus, 0),
    roundTo(r.currentCost, 2),
    roundTo(r.recommendedCost, 2),
    roundTo(r.netSavings, 2),
    roundTo(r.efficiencyRating, 2),
    r.restartsLast7Days,
    r.policyName,
    whyCell(r, ctx),
    containerDetailsUrl(ctx, r.entityId),
    exported,
  ];
}

/** What an export writes: its columns and each row's cells in that order. */
export interface ExportLayout {
  columns: readonly ExportColumn[];
  cells: (r: ContainerRow, ctx: LinkContext, exported: Date) => CellValue[];
  /** Whether a column shows the rows' nodes: only then does each page read them (a scan of every node, most of a page's time). */
  needsNodes?: boolean;
}

export const DEFAULT_LAYOUT: ExportLayout = { columns: EXPORT_COLUMNS, cells: rowToCells, needsNodes: false };

const TAIL: ExportColumn[] = [
  { header: "Why", kind: "text", width: 90 },
  { header: "Container details", kind: "link", width: 60 },
  { header: "Exported", kind: "date", width: 12 },
];

/**
 * The grid's chosen columns (cols in the address, as the grid shows them), each "current → recommended" pair as
 * two columns, then the details link and the export date. Without cols: the default layout above.
 */
export function exportLayout(params: URLSearchParams, gpu = false): ExportLayout {
  const asked = params.getAll("cols").join(",");
  if (!asked.trim()) return DEFAULT_LAYOUT;
  const parts: { column: ExportColumn; value: (r: ContainerRow) => CellValue }[] = [];
  const field = (r: ContainerRow, key: string) => (r as unknown as Record<string, unknown>)[key];
  const numberOf = (v: unknown, digits: number) => (typeof v === "number" ? roundTo(v, digits) : null);
  const chosen = visibleColumns(asked, gpu);
  for (const col of chosen) {
    const unit = col.type === "money" ? "$/month" : col.type === "percent" ? "%" : col.unit;
    const header = unit ? `${col.label} (${unit})` : col.label;
    if (col.type === "change") {
      parts.push({ column: { header: `Current ${header}`, kind: "number", width: 14 }, value: (r) => numberOf(field(r, col.from!), 0) });
      parts.push({ column: { header: `Recommended ${header}`, kind: "number", width: 14 }, value: (r) => numberOf(field(r, col.key), 0) });
    } else if (col.type === "money") parts.push({ column: { header, kind: "money", width: 14 }, value: (r) => numberOf(field(r, col.key), 2) });
    else if (col.type === "number" || col.type === "percent") {
      const digits = col.type === "percent" ? 1 : (col.digits ?? 0);
      parts.push({ column: { header, kind: digits ? "decimal" : "number", width: 14 }, value: (r) => numberOf(field(r, col.key), digits) });
    } else if (col.type === "date") parts.push({ column: { header, kind: "date", width: 12 }, value: (r) => (field(r, col.key) ? new Date(String(field(r, col.key))) : null) });
    else if (col.type === "bool") parts.push({ column: { header, kind: "text", width: 10 }, value: (r) => (field(r, col.key) ? "Yes" : "No") });
    else if (col.type === "list") parts.push({ column: { header, kind: "text", width: 40 }, value: (r) => ((field(r, col.key) as string[] | undefined) ?? []).join(", ") || null });
    else if (col.key === "recommendation") parts.push({ column: { header, kind: "text", width: 24 }, value: (r) => r.recommendation ?? (r.notAnalysedReason ? `Not analysed: ${r.notAnalysedReason}` : null) });
    else parts.push({ column: { header, kind: "text", width: 24 }, value: (r) => (field(r, col.key) == null ? null : String(field(r, col.key))) });
  }
  return {
    columns: [...parts.map((p) => p.column), ...TAIL],
    cells: (r, ctx, exported) => [...parts.map((p) => p.value(r)), whyCell(r, ctx), containerDetailsUrl(ctx, r.entityId), exported],
    needsNodes: chosen.some((c) => c.key === "nodes" || c.key === "hostName"),
  };
}

/**
 * A sheet name Excel accepts: "Container-" and the View's name, without []:*?/\ (and control characters), not
 * ending with an apostrophe, at most 31 characters (UTF-16 units, whole code points).
 */
export function sheetName(viewName: string): string {
  const cleaned = `Container-${viewName}`
    .replace(/[[\]:*?/\\\u0000-\u001f\u007f]/g, "_")
    .replace(/\s+/g, " ");
  // 31 UTF-16 units (what Excel and exceljs count), never splitting a surrogate pair.
  let name = "";
  for (const ch of cleaned) {
    if (name.length + ch.length > 31) break;
    name += ch;
  }
  name = name.replace(/'+$/, "").trimEnd();
  return name || "Container-";
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote, CR or LF (or edge spaces), quotes doubled. */
export function csvField(v: CellValue): string {
  if (v === null || v === undefined) return "";
  let s: string;
  if (v instanceof Date) s = isoDay(v);
  else if (typeof v === "number") s = Number.isFinite(v) ? String(v) : "";
  else s = v;
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** One CSV record with its CRLF terminator. */
export function csvRecord(cells: readonly CellValue[], columns: readonly ExportColumn[] = EXPORT_COLUMNS): string {
  return `${cells.map((c, i) => (columns[i]?.kind === "money" && typeof c === "number" ? c.toFixed(2) : csvField(c))).join(",")}\r\n`;
}

/**
 * The grid's query from the address (gridQuery, shared with loadDetailsGrid): the same grid view, fuzzy search,
 * floating filters and sort, so the file holds exactly the grid's rows. Bad filters are left out, as in the grid.
 */
export function exportQuery(params: URLSearchParams, gpu = false): Omit<ContainerRowsArgs, "page" | "pageSize"> {
  return gridQuery(params, gpu).query;
}

/** Rows a page of the export reads: ~40 ms of the thread at 150,000 containers (each page is one read by id). */
export const EXPORT_PAGE_SIZE = 500;

/** Every matching row, a page at a time: only one page is held at once. */
export function exportPages(db: Db, scope: FolderScope, query: Omit<ContainerRowsArgs, "page" | "pageSize">): AsyncGenerator<ContainerRow[]> {
  return pagesOf((page) => containerRows(db, scope, { ...query, page, pageSize: EXPORT_PAGE_SIZE }), EXPORT_PAGE_SIZE);
}

export interface ExportInput {
  /** Whether the GPU feature is on (GPU columns may be chosen). */
  gpu?: boolean;
  db: Db;
  /** The folder whose rows are exported, resolved by the caller. */
  scope: FolderScope;
  params: URLSearchParams;
  viewName: string;
  origin: string;
  signal?: AbortSignal;
  /** Called once when the download ends, fails or is abandoned. */
  onClose?: () => void;
  now?: Date;
}

function linkContext(input: ExportInput): LinkContext {
  return { origin: input.origin, viewId: input.scope.tree.view.viewId, filterId: input.scope.tree.filter.filterId };
}

function attachment(filename: string, contentType: string) {
  return {
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  };
}

/** The CSV export, streamed a page at a time (app/lib/paged-stream.server.ts). */
export function csvExportResponse(input: ExportInput): Response {
  const ctx = linkContext(input);
  const exported = exportDay(input.now);
  const layout = exportLayout(input.params, input.gpu);
  return pagedStreamResponse({
    headers: attachment(`${EXPORT_BASENAME}.csv`, "text/csv; charset=utf-8"),
    signal: input.signal,
    onClose: input.onClose,
    async produce(out, ready) {
      // A byte-order mark so Excel opens the UTF-8 file with the right characters.
      Object.assign(ctx, await exportAnalysis(input.db));
      out.write(`\uFEFF${csvRecord(layout.columns.map((c) => c.header), layout.columns)}`);
      if (!(await ready())) return;
      for await (const rows of exportPages(input.db, input.scope, { ...exportQuery(input.params, input.gpu), withNodes: layout.needsNodes !== false })) {
        out.write(rows.map((r) => csvRecord(layout.cells(r, ctx, exported), layout.columns)).join(""));
        if (!(await ready())) return;
      }
    },
  });
}

/** The Excel export through exceljs's streaming writer: rows are committed (written out) page by page. */
export function xlsxExportResponse(input: ExportInput): Response {
  const ctx = linkContext(input);
  const exported = exportDay(input.now);
  const layout = exportLayout(input.params, input.gpu);
  return pagedStreamResponse({
    headers: attachment(`${EXPORT_BASENAME}.xlsx`, "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    signal: input.signal,
    onClose: input.onClose,
    async produce(out, ready) {
      Object.assign(ctx, await exportAnalysis(input.db));
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
      workbook.creator = "Kubex";
      workbook.created = input.now ?? new Date();
      const sheet = workbook.addWorksheet(sheetName(input.viewName), { views: [{ state: "frozen", ySplit: 1 }] });
      sheet.columns = layout.columns.map((c, i) => ({
        header: c.header,
        key: `c${i}`,
        width: c.width,
        style: c.kind === "money" ? { numFmt: MONEY_FORMAT } : c.kind === "date" ? { numFmt: DATE_FORMAT } : c.kind === "decimal" ? { numFmt: "0.00" } : {},
      }));
      sheet.getRow(1).font = { bold: true };
      const backlog = exceljsBacklog(sheet);
      for await (const rows of exportPages(input.db, input.scope, { ...exportQuery(input.params, input.gpu), withNodes: layout.needsNodes !== false })) {
        for (const r of rows) {
          const cells = layout.cells(r, ctx, exported);
          const row = sheet.addRow(
            cells.map((v, i) => {
              const kind = layout.columns[i].kind;
              return kind === "link" && typeof v === "string" ? { text: v, hyperlink: v } : v;
            }),
          );
          layout.columns.forEach((c, i) => {
            if (c.kind === "money") row.getCell(i + 1).numFmt = MONEY_FORMAT;
            else if (c.kind === "date") row.getCell(i + 1).numFmt = DATE_FORMAT;
          });
          row.commit();
        }
        if (!(await ready(backlog))) return;
      }
      sheet.commit();
      await workbook.commit();
    },
  });
}

export function isExportFormat(v: string | null): v is ExportFormat {
  return v !== null && (EXPORT_FORMATS as readonly string[]).includes(v);
}
