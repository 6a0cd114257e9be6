/**
 * The exports stream (issue 12, must-show 2): the containers grid's CSV and Excel files, the node grid's Excel file
 * and the cloud services' CSV and Excel files are written a page of rows at a time while the response is read.
 * Each test reads the body as a client does and checks that
 *   - the first bytes arrive before the last page is read (more than one chunk, and a timer set at the first chunk
 *     fires before the last one: the event loop is given turns between pages, so other requests are served),
 *   - the file is whole: every row of the grid, read back (CSV parsed, Excel opened with exceljs).
 * On a demo fleet of 2,500 containers (5 pages of 500) and its cloud services (600 instances), on every store.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { getStore } from "~/db/db.server";
import { runAnalysis } from "~/analysis/run.server";
import { runDemoCollection } from "~/sources/collect.server";
import { resolveFolderScope } from "~/models/trees.server";
import { SEED_IDS } from "~/models/treeview-common.server";
import { csvExportResponse, EXPORT_COLUMNS, EXPORT_PAGE_SIZE, xlsxExportResponse } from "~/features/containers/export.server";
import { GROUP_EXPORT_COLUMNS, NODE_EXPORT_COLUMNS, NODE_GPU_EXPORT_COLUMNS, nodeExportResponse } from "~/features/nodes/export.server";
import { GROUP_DEFAULT_SORT, NODE_DEFAULT_SORT } from "~/features/nodes/grids.server";
import { cloudCsvResponse, cloudXlsxResponse, CLOUD_EXPORT_SHEET } from "~/features/cloud/export.server";
import { containerRows } from "~/models/container-grid.server";
import { nodeGroupRows, nodeGroupRowsInOrder, nodeRows, nodeRowsInOrder, type NodeScope } from "~/models/node-analysis.server";
import { cloudRows } from "~/models/cloud-analysis.server";
import { TEST_STORES } from "./stores";
import { startApi, type Api } from "./graphql-harness";

const SIZE = 2500;

/** Reads a streamed body: its bytes, the chunks, and whether a timer set at the first chunk fired before the end. */
async function readStreamed(response: Response) {
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const chunks: Uint8Array[] = [];
  let timerFired = false;
  let firedBeforeEnd = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (chunks.length === 0) setTimeout(() => (timerFired = true), 0);
    chunks.push(value);
  }
  firedBeforeEnd = timerFired;
  return { bytes: Buffer.concat(chunks), chunks: chunks.length, firedBeforeEnd };
}

const csvLines = (bytes: Buffer) => bytes.toString("utf8").replace(/^\uFEFF/, "").trimEnd().split("\r\n");

async function workbookOf(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

describe.each(TEST_STORES)("streamed exports on $name", (testStore) => {
  let api: Api;
  const containerScope = () => resolveFolderScope(api.db, api.analyst.user, { viewId: SEED_IDS.clusterView, filterId: SEED_IDS.allContainers, treeviewPath: "" });
  const cloudScope = () => resolveFolderScope(api.db, api.analyst.user, { ctx: "cloud", viewId: SEED_IDS.cloudView, filterId: SEED_IDS.allInstances, treeviewPath: "" });

  beforeAll(async () => {
    api = await startApi(testStore);
    const store = await getStore();
    await runDemoCollection(store, { seed: 7, size: SIZE, cloudSize: 600 });
    await runAnalysis(store, { workers: 0 });
  }, 300_000);
  afterAll(async () => {
    await api?.close();
  });

  it("streams the containers CSV page by page: every row, the first bytes before the last page", async () => {
    const scope = await containerScope();
    const total = (await containerRows(api.db, scope, { pageSize: 1 })).total;
    expect(total).toBeGreaterThan(EXPORT_PAGE_SIZE * 3);
    let closed = 0;
    const read = await readStreamed(csvExportResponse({ db: api.db, scope, params: new URLSearchParams(), viewName: "Cluster", origin: "http://x", onClose: () => closed++ }));
    expect(read.chunks).toBeGreaterThan(3);
    expect(read.firedBeforeEnd).toBe(true);
    const lines = csvLines(read.bytes);
    expect(lines[0].split(",")).toEqual(EXPORT_COLUMNS.map((c) => c.header));
    expect(lines.length).toBe(total + 1);
    expect(new Set(lines.slice(1).map((l) => /entityId=([^&]+)/.exec(l)?.[1])).size).toBe(total);
    expect(closed).toBe(1);
  });

  it("streams the containers Excel file page by page, and it opens with every row", async () => {
    const scope = await containerScope();
    const total = (await containerRows(api.db, scope, { pageSize: 1 })).total;
    const read = await readStreamed(xlsxExportResponse({ db: api.db, scope, params: new URLSearchParams(), viewName: "Cluster", origin: "http://x" }));
    expect(read.chunks).toBeGreaterThan(1);
    expect(read.firedBeforeEnd).toBe(true);
    const sheet = (await workbookOf(read.bytes)).worksheets[0];
    expect(sheet.rowCount).toBe(total + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe("Container");
    expect(sheet.getRow(total + 1).getCell(1).value).toEqual(expect.any(String));
  });

  it("streams the nodes Excel file, and it opens with every node", async () => {
    const total = (await nodeRows(api.db, { page: 1, pageSize: 1 })).total;
    expect(total).toBeGreaterThan(0);
    const read = await readStreamed(nodeExportResponse({ db: api.db, grid: "nodes", scope: { clusterNames: null, nodeGroupNames: null }, scopeName: "All", params: new URLSearchParams(), gpu: false }));
    expect(read.firedBeforeEnd).toBe(true);
    const sheet = (await workbookOf(read.bytes)).worksheets[0];
    expect(sheet.rowCount).toBe(total + 1);
  });

  it("lists the nodes of an export in the grid's order, a page of ids at a time", async () => {
    const grid = (await nodeRows(api.db, { sortBy: "cpuUtilizationPeakPct", sortDirection: "desc", page: 1, pageSize: 10_000 })).rows.map((r) => r.nodeId);
    const pages: string[][] = [];
    for await (const page of nodeRowsInOrder(api.db, { sortBy: "cpuUtilizationPeakPct", sortDirection: "desc" }, 7)) pages.push(page.map((r) => r.nodeId));
    expect(pages.flat()).toEqual(grid);
    expect(pages.length).toBe(Math.ceil(grid.length / 7));
    const read = await readStreamed(nodeExportResponse({ db: api.db, grid: "nodes", scope: { clusterNames: null, nodeGroupNames: null }, scopeName: "All", params: new URLSearchParams("sort=cpuUtilizationPeakPct&dir=desc"), gpu: false }));
    const sheet = (await workbookOf(read.bytes)).worksheets[0];
    const names = (await nodeRows(api.db, { sortBy: "cpuUtilizationPeakPct", sortDirection: "desc", page: 1, pageSize: 10_000 })).rows.map((r) => r.nodeName);
    expect(Array.from({ length: names.length }, (_, i) => sheet.getRow(i + 2).getCell(1).value)).toEqual(names);
  });

  it("exports the node groups and nodes in many pages exactly as one query lists them, order included", async () => {
    const all = { clusterNames: null, nodeGroupNames: null };
    // Every cell of the file as exceljs reads it back (an empty cell is null), beside the cells the rows make.
    const nodeSheet = async (params: string, width: number, scope: NodeScope = all, grid: "nodes" | "node-groups" = "nodes") => {
      const read = await readStreamed(nodeExportResponse({ db: api.db, grid, scope, scopeName: null, params: new URLSearchParams(params), gpu: true, pageSize: 4 }));
      expect(read.chunks).toBeGreaterThan(1);
      const sheet = (await workbookOf(read.bytes)).worksheets[0];
      return Array.from({ length: sheet.rowCount - 1 }, (_, i) => Array.from({ length: width }, (_, c) => sheet.getRow(i + 2).getCell(c + 1).value));
    };
    const cells = <T,>(columns: { value: (r: T) => unknown }[], rows: T[]) => rows.map((r) => columns.map((c) => c.value(r)));
    // Node groups: the default sort (most waste first), health (by risk, not by name) and a name sort ascending.
    for (const params of ["", "sort=health&dir=desc", "sort=primaryNodeType&dir=asc"]) {
      const s = new URLSearchParams(params);
      const sortBy = s.get("sort") ?? GROUP_DEFAULT_SORT;
      const sortDirection = (s.get("dir") as "asc" | "desc" | null) ?? "desc";
      const one = (await nodeGroupRows(api.db, { sortBy, sortDirection, page: 1, pageSize: 10_000 })).rows;
      expect(one.length).toBeGreaterThan(8);
      const pages: string[][] = [];
      for await (const page of nodeGroupRowsInOrder(api.db, { sortBy, sortDirection }, 3)) pages.push(page.map((r) => r.nodeGroupId));
      expect(pages.length).toBe(Math.ceil(one.length / 3));
      expect(pages.flat()).toEqual(one.map((r) => r.nodeGroupId));
      expect(await nodeSheet(params, GROUP_EXPORT_COLUMNS.length, all, "node-groups")).toEqual(cells(GROUP_EXPORT_COLUMNS, one));
    }
    // Nodes: the default sort, a column with empty values (GPU model: nulls last), and one cluster's nodes.
    const cluster = (await nodeRows(api.db, { page: 1, pageSize: 1 })).rows[0].clusterName;
    const columns = [...NODE_EXPORT_COLUMNS, ...NODE_GPU_EXPORT_COLUMNS];
    for (const [params, scope] of [["", all], ["sort=gpuModel&dir=desc", all], ["sort=nodeName&dir=asc", { clusterNames: [cluster], nodeGroupNames: null }]] as const) {
      const s = new URLSearchParams(params);
      const one = (await nodeRows(api.db, { ...scope, sortBy: s.get("sort") ?? NODE_DEFAULT_SORT, sortDirection: (s.get("dir") as "asc" | "desc" | null) ?? "desc", page: 1, pageSize: 10_000 })).rows;
      expect(one.length).toBeGreaterThan(8);
      expect(await nodeSheet(params, columns.length, scope)).toEqual(cells(columns, one));
    }
  });

  it("streams the cloud services' CSV and Excel files with every service", async () => {
    const scope = await cloudScope();
    const csv = await readStreamed(cloudCsvResponse({ db: api.db, scope, params: new URLSearchParams(), origin: "http://x" }));
    const lines = csvLines(csv.bytes);
    const services = (await cloudRows(api.db, scope, { pageSize: 1 })).total;
    expect(services).toBeGreaterThan(100);
    expect(lines.length).toBe(services + 1);
    expect(csv.chunks).toBeGreaterThan(1);
    expect(csv.firedBeforeEnd).toBe(true);
    const xlsx = await readStreamed(cloudXlsxResponse({ db: api.db, scope, params: new URLSearchParams(), origin: "http://x" }));
    expect(xlsx.firedBeforeEnd).toBe(true);
    const sheet = (await workbookOf(xlsx.bytes)).getWorksheet(CLOUD_EXPORT_SHEET)!;
    expect(sheet.rowCount).toBe(services + 1);
  });

  it("stops reading pages when the client goes away, and releases its slot once", async () => {
    const scope = await containerScope();
    const controller = new AbortController();
    let closed = 0;
    const response = csvExportResponse({ db: api.db, scope, params: new URLSearchParams(), viewName: "Cluster", origin: "http://x", signal: controller.signal, onClose: () => closed++ });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await reader.cancel().catch(() => undefined);
    await expect.poll(() => closed).toBe(1);
  });
});
