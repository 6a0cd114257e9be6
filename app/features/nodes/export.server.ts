/**
 * Excel export of the Node Group Analysis and Nodes grids (spec 2.7): every row of the grid's scope in the grid's
 * sort, streamed through exceljs's streaming writer a page at a time (the order read once per snapshot off the
 * request thread, then pages of rows by id: node-analysis.server.ts rowsInOrder). Files kubex_node_groups.xlsx and
 * kubex_nodes.xlsx; the sheet is named after the grid and its scope ("Node Groups-<cluster>", "Nodes-All").
 */
import ExcelJS from "exceljs";
import { exceljsBacklog, pagedStreamResponse } from "~/lib/paged-stream.server";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { nodeGroupRowsInOrder, nodeRowsInOrder, type NodeGroupRow, type NodeRow, type NodeScope } from "~/models/node-analysis.server";
import { GROUP_DEFAULT_SORT, GROUP_SORTS, gridState, NODE_DEFAULT_SORT, NODE_SORTS } from "./grids.server";
import { isOwnKey } from "~/lib/own-key";

export const NODE_EXPORT_GRIDS = { "node-groups": "kubex_node_groups", nodes: "kubex_nodes" } as const;
export type NodeExportGrid = keyof typeof NODE_EXPORT_GRIDS;
export const isNodeExportGrid = (v: string | null): v is NodeExportGrid => v !== null && isOwnKey(NODE_EXPORT_GRIDS, v);

/** Rows read per page, by primary key: ~20-30 ms of the thread for 500 nodes (on this project's 2-core machine). */
export const NODE_EXPORT_PAGE = 500;
/**
 * Rows written through exceljs per turn of the event loop: it takes ~150 µs a node row (21 cells), so a page of
 * 500 written at once held the thread ~70-100 ms; 100 rows hold it ~15-20 ms.
 */
const WRITE_SLICE = 100;
const PCT = "0.0";
const MONEY = '"$"#,##0.00';
const DATE = "yyyy-mm-dd";

interface Column<T> {
  header: string;
  width: number;
  numFmt?: string;
  value: (r: T) => string | number | Date | null;
}

const r1 = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
const r2 = (v: number | null) => (v === null ? null : Math.round(v * 100) / 100);
const date = (v: string | null) => (v ? new Date(`${v.slice(0, 10)}T00:00:00.000Z`) : null);

export const GROUP_EXPORT_COLUMNS: Column<NodeGroupRow>[] = [
  { header: "Node Group", width: 32, value: (r) => r.nodeGroupName },
  { header: "Cluster", width: 22, value: (r) => r.clusterName },
  { header: "Health", width: 13, value: (r) => r.health },
  { header: "Primary Node Type", width: 18, value: (r) => r.primaryNodeType },
  { header: "Avg Nodes", width: 10, numFmt: PCT, value: (r) => r1(r.avgNodeCount) },
  { header: "Unique Nodes", width: 10, value: (r) => r.uniqueNodeCount },
  { header: "Unique Nodes (Last Day)", width: 10, value: (r) => r.uniqueNodeCountLastDay },
  { header: "Total Node Hours", width: 12, numFmt: PCT, value: (r) => r1(r.totalNodeHours) },
  { header: "CPU Request %", width: 10, numFmt: PCT, value: (r) => r1(r.cpuRequestPct) },
  { header: "Avg CPU %", width: 10, numFmt: PCT, value: (r) => r1(r.avgCpuUtilization) },
  { header: "Peak CPU %", width: 10, numFmt: PCT, value: (r) => r1(r.peakCpuUtilization) },
  { header: "Memory Request %", width: 10, numFmt: PCT, value: (r) => r1(r.memRequestPct) },
  { header: "Avg Memory %", width: 10, numFmt: PCT, value: (r) => r1(r.avgMemUtilization) },
  { header: "Peak Memory %", width: 10, numFmt: PCT, value: (r) => r1(r.peakMemUtilization) },
  { header: "CPU Saturated Nodes", width: 10, value: (r) => r.cpuSaturationNodeCount },
  { header: "CPU Saturated Nodes %", width: 10, numFmt: PCT, value: (r) => r1(r.cpuSaturationNodePct) },
  { header: "Memory Saturated Nodes", width: 10, value: (r) => r.memSaturationNodeCount },
  { header: "Memory Saturated Nodes %", width: 10, numFmt: PCT, value: (r) => r1(r.memSaturationNodePct) },
  { header: "CPU Balance Ratio", width: 10, numFmt: PCT, value: (r) => r1(r.cpuNodeBalanceRatio) },
  { header: "Memory Balance Ratio", width: 10, numFmt: PCT, value: (r) => r1(r.memNodeBalanceRatio) },
  { header: "Nodes at Max Pods", width: 10, value: (r) => r.maxPodCapNodeCount },
  { header: "Manifests", width: 10, value: (r) => r.manifestCount },
  { header: "Manifests to Optimize", width: 10, value: (r) => r.manifestToOptCount },
  { header: "Restarts (7 days)", width: 10, value: (r) => r.manifestRestartCount },
  { header: "Memory Events (7 days)", width: 10, value: (r) => r.manifestMemEventCount },
  { header: "Primary Constraint", width: 18, value: (r) => r.primaryConstraint },
  { header: "Current Node Family", width: 12, value: (r) => r.currentNodeFamily },
  { header: "Optimized Node Family", width: 12, value: (r) => r.optimizedNodeFamily },
  { header: "Optimized Node Type", width: 16, value: (r) => r.optimizedNodeType },
  { header: "Optimized Nodes", width: 10, value: (r) => r.optimizedAvgNodeCount },
  { header: "Current Cost ($/month)", width: 14, numFmt: MONEY, value: (r) => r2(r.currentEstimatedCost) },
  { header: "Optimized Cost ($/month)", width: 14, numFmt: MONEY, value: (r) => r2(r.optimizedEstimatedCost) },
  { header: "Waste ($/month)", width: 14, numFmt: MONEY, value: (r) => r2(r.estimatedWastePerMonth) },
  { header: "Waste %", width: 10, numFmt: PCT, value: (r) => r1(r.estimatedWastePercent) },
];

export const NODE_EXPORT_COLUMNS: Column<NodeRow>[] = [
  { header: "Node", width: 40, value: (r) => r.nodeName },
  { header: "Waste ($/month)", width: 14, numFmt: MONEY, value: (r) => r2(r.monthlyWaste) },
  { header: "Cost ($/month)", width: 14, numFmt: MONEY, value: (r) => r2(r.monthlyCost) },
  { header: "Node Group", width: 30, value: (r) => r.nodeGroupName },
  { header: "Cluster", width: 22, value: (r) => r.clusterName },
  { header: "Instance Type", width: 18, value: (r) => r.instanceType },
  { header: "Avg CPU %", width: 10, numFmt: PCT, value: (r) => r1(r.cpuUtilizationAvgPct) },
  { header: "Peak CPU %", width: 10, numFmt: PCT, value: (r) => r1(r.cpuUtilizationPeakPct) },
  { header: "Avg Memory %", width: 10, numFmt: PCT, value: (r) => r1(r.memUtilizationAvgPct) },
  { header: "Peak Memory %", width: 10, numFmt: PCT, value: (r) => r1(r.memUtilizationPeakPct) },
  { header: "Node Hours", width: 10, numFmt: PCT, value: (r) => r1(r.nodeHours) },
  { header: "Age (Days)", width: 10, numFmt: PCT, value: (r) => r1(r.ageDays) },
  { header: "Max Allowed Pods", width: 10, value: (r) => r.maxAllowedPods },
  { header: "Pods Average (estimated)", width: 10, numFmt: PCT, value: (r) => r1(r.numPodsAvg) },
  { header: "Pods Peak (estimated)", width: 10, value: (r) => r.numPodsPeak },
  { header: "CPU Capacity (mCores)", width: 12, value: (r) => r.capacityCpu },
  { header: "Memory Capacity (MB)", width: 12, value: (r) => r.capacityMem },
  { header: "CPU Allocatable (mCores)", width: 12, value: (r) => r.allocatableCpu },
  { header: "Memory Allocatable (MB)", width: 12, value: (r) => r.allocatableMem },
  { header: "First Seen", width: 12, numFmt: DATE, value: (r) => date(r.firstSeenDateUtc) },
  { header: "Last Seen", width: 12, numFmt: DATE, value: (r) => date(r.lastSeenDateUtc) },
];

export const NODE_GPU_EXPORT_COLUMNS: Column<NodeRow>[] = [
  { header: "GPU Model", width: 16, value: (r) => r.gpuModel },
  { header: "GPUs", width: 8, value: (r) => r.nodeGpu },
  { header: "Allocatable GPUs", width: 8, value: (r) => r.allocatableGpu },
  { header: "GPU Memory (MB)", width: 12, value: (r) => r.gpuMemoryTotal },
  { header: "Avg GPU %", width: 10, numFmt: PCT, value: (r) => r1(r.gpuUtilizationAvg) },
  { header: "Avg GPU Memory %", width: 10, numFmt: PCT, value: (r) => r1(r.gpuMemUtilizationAvg) },
];

/** An Excel sheet name: the grid and its scope, without []:*?/\, at most 31 characters. */
export function nodeSheetName(grid: NodeExportGrid, scopeName: string | null): string {
  const name = `${grid === "nodes" ? "Nodes" : "Node Groups"}-${scopeName ?? "All"}`.replace(/[[\]:*?/\\\u0000-\u001f\u007f]/g, "_");
  return [...name].slice(0, 31).join("").replace(/'+$/, "").trimEnd();
}

export interface NodeExportInput {
  db: Kysely<Database>;
  grid: NodeExportGrid;
  scope: NodeScope;
  scopeName: string | null;
  params: URLSearchParams;
  gpu: boolean;
  /** Rows per page (NODE_EXPORT_PAGE; tests make a small fleet's export many pages). */
  pageSize?: number;
  signal?: AbortSignal;
  /** Called once when the download ends, fails or is abandoned. */
  onClose?: () => void;
}

function write<T>(input: NodeExportInput, columns: Column<T>[], rows: AsyncGenerator<T[]>): Response {
  return pagedStreamResponse({
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": `attachment; filename="${NODE_EXPORT_GRIDS[input.grid]}.xlsx"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
    signal: input.signal,
    onClose: input.onClose,
    async produce(out, ready) {
      const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
      workbook.creator = "Kubex";
      const sheet = workbook.addWorksheet(nodeSheetName(input.grid, input.scopeName), { views: [{ state: "frozen", ySplit: 1 }] });
      sheet.columns = columns.map((c, i) => ({ header: c.header, key: `c${i}`, width: c.width, style: c.numFmt ? { numFmt: c.numFmt } : {} }));
      sheet.getRow(1).font = { bold: true };
      const backlog = exceljsBacklog(sheet);
      for await (const page of rows) {
        for (let start = 0; start < page.length; start += WRITE_SLICE) {
          for (const r of page.slice(start, start + WRITE_SLICE)) {
            const row = sheet.addRow(columns.map((c) => c.value(r)));
            columns.forEach((c, i) => {
              if (c.numFmt) row.getCell(i + 1).numFmt = c.numFmt;
            });
            row.commit();
          }
          if (!(await ready(backlog))) return;
        }
      }
      sheet.commit();
      await workbook.commit();
    },
  });
}

export function nodeExportResponse(input: NodeExportInput): Response {
  if (input.grid === "node-groups") {
    // The same rows in the same order as the grid the user sees (most waste first unless the address sorts).
    const s = gridState(input.params, GROUP_SORTS, GROUP_DEFAULT_SORT, "desc");
    const rows = nodeGroupRowsInOrder(input.db, { ...input.scope, sortBy: s.sort, sortDirection: s.dir }, input.pageSize ?? NODE_EXPORT_PAGE);
    return write(input, GROUP_EXPORT_COLUMNS, rows);
  }
  const s = gridState(input.params, NODE_SORTS, NODE_DEFAULT_SORT, "desc");
  const rows = nodeRowsInOrder(input.db, { ...input.scope, sortBy: s.sort, sortDirection: s.dir }, input.pageSize ?? NODE_EXPORT_PAGE);
  return write(input, input.gpu ? [...NODE_EXPORT_COLUMNS, ...NODE_GPU_EXPORT_COLUMNS] : NODE_EXPORT_COLUMNS, rows);
}
