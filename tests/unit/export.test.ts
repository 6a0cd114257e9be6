import { describe, expect, it } from "vitest";
import type { ContainerRow } from "~/models/container-rows.server";
import {
  containerDetailsUrl,
  csvField,
  csvRecord,
  EXPORT_COLUMNS,
  exportDay,
  exportLayout,
  exportQuery,
  DEFAULT_LAYOUT,
  isExportFormat,
  rowToCells,
  sheetName,
} from "~/features/containers/export.server";

const ctx = { origin: "https://kubex.example", viewId: "v 1", filterId: "f&2" };

function row(over: Partial<ContainerRow> = {}): ContainerRow {
  return {
    entityId: "abc-123",
    containerName: "api",
    namespace: "prod",
    podService: "api-server",
    controllerType: "Deployment",
    cluster: "east",
    recommendation: "Downsize",
    analysed: true,
    notAnalysedReason: null,
    existingCpuRequest: 500,
    cpuRequest: 250.4,
    existingCpuLimit: 1000,
    cpuLimit: 800,
    existingMemRequest: 512,
    memRequest: 384,
    existingMemLimit: null,
    memLimit: 768,
    totalCpuSurplus: 750.6,
    totalMemSurplus: 384,
    currentCost: 12.345,
    recommendedCost: 6.5,
    netSavings: 5.845,
    efficiencyRating: 0.4567,
    restartsLast7Days: 3,
    policyName: "default, prod",
    ...over,
  } as ContainerRow;
}

describe("sheetName", () => {
  it("prefixes Container- and keeps a plain name", () => {
    expect(sheetName("All Containers")).toBe("Container-All Containers");
  });
  it("removes the characters Excel forbids", () => {
    const name = sheetName("a[b]c:d*e?f/g\\h");
    expect(name).not.toMatch(/[[\]:*?/\\]/);
    expect(name.startsWith("Container-")).toBe(true);
  });
  it("is at most 31 characters and never ends with an apostrophe", () => {
    expect(sheetName("x".repeat(100))).toHaveLength(31);
    expect(sheetName("abcdefghijklmnopqrst'")).not.toMatch(/'$/);
    const emoji = sheetName("😀".repeat(40));
    expect(emoji.length).toBeLessThanOrEqual(31);
    expect(emoji).not.toMatch(/[\uD800-\uDBFF]$/); // never a lone surrogate
  });
});

describe("CSV quoting (RFC 4180)", () => {
  it("leaves plain fields alone", () => {
    expect(csvField("abc")).toBe("abc");
    expect(csvField(12.5)).toBe("12.5");
    expect(csvField(null)).toBe("");
  });
  it("quotes commas, quotes and line breaks, doubling quotes", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("l1\nl2")).toBe('"l1\nl2"');
    expect(csvField("l1\r\nl2")).toBe('"l1\r\nl2"');
  });
  it("writes dates as yyyy-mm-dd and records end in CRLF", () => {
    expect(csvField(new Date(Date.UTC(2024, 0, 5)))).toBe("2024-01-05");
    expect(csvRecord(["a", "b,c"], [{ header: "A", kind: "text", width: 1 }, { header: "B", kind: "text", width: 1 }])).toBe('a,"b,c"\r\n');
  });
  it("writes money with two decimals", () => {
    expect(csvRecord([5], [{ header: "M", kind: "money", width: 1 }])).toBe("5.00\r\n");
  });
});

describe("rowToCells", () => {
  const day = exportDay(new Date("2024-03-09T23:30:00Z"));
  const cells = rowToCells(row(), ctx, day);
  const at = (header: string) => cells[EXPORT_COLUMNS.findIndex((c) => c.header === header)];

  it("has one cell per column", () => {
    expect(cells).toHaveLength(EXPORT_COLUMNS.length);
  });
  it("maps the grid's fields", () => {
    expect(at("Container")).toBe("api");
    expect(at("Pod Owner")).toBe("api-server");
    expect(at("Kind")).toBe("Deployment");
    expect(at("Recommended CPU Request (mCores)")).toBe(250);
    expect(at("Existing Memory Limit (MB)")).toBeNull();
    expect(at("CPU Surplus (mCores)")).toBe(751);
    expect(at("Current Cost ($/month)")).toBe(12.35);
    expect(at("Net Savings ($/month)")).toBe(5.85);
    expect(at("Efficiency Rating")).toBe(0.46);
    expect(at("Policy")).toBe("default, prod");
  });
  it("carries an absolute details link and the export day", () => {
    const url = new URL(String(at("Container details")));
    expect(url.origin).toBe("https://kubex.example");
    expect(url.pathname).toBe("/kubex/containers-tree/tree-item");
    expect(url.searchParams.get("entityId")).toBe("abc-123");
    expect(url.searchParams.get("tabGroup2")).toBe("overview");
    expect(url.searchParams.get("viewId")).toBe("v 1");
    expect(url.searchParams.get("filterId")).toBe("f&2");
    expect(at("Exported")).toEqual(new Date(Date.UTC(2024, 2, 9)));
  });
  it("shows why a container was not analysed", () => {
    expect(rowToCells(row({ recommendation: null, notAnalysedReason: "too new" }), ctx, day)[5]).toBe("Not analysed: too new");
  });
  it("quotes a row's CSV record", () => {
    expect(csvRecord(cells)).toContain('"default, prod"');
    expect(containerDetailsUrl(ctx, "x")).toBe("https://kubex.example/kubex/containers-tree/tree-item?entityId=x&tabGroup2=overview&viewId=v+1&filterId=f%262");
  });
});

describe("exportQuery", () => {
  it("uses the grid's defaults and ignores unknown grid views and sorts", () => {
    const q = exportQuery(new URLSearchParams("gridViewId=nope&sort=drop%20table&dir=x"));
    expect(q.gridViewId).toBeNull();
    expect(q.bucket).toBeNull();
    expect(q.sort).toEqual({ field: "netSavings", direction: "desc" }); // the grid's opening sort (decision 020)
  });
  it("passes grid views, buckets, search and sort through", () => {
    expect(exportQuery(new URLSearchParams("gridViewId=cpu_request_risk&q=web&sort=cluster&dir=asc"))).toMatchObject({
      gridViewId: "cpu_request_risk",
      search: "web",
      sort: { field: "cluster", direction: "asc" },
    });
    expect(exportQuery(new URLSearchParams("gridViewId=memLimit_bucket_-1")).bucket).toEqual({ metric: "memLimit", value: -1 });
  });
  it("knows its formats", () => {
    expect(isExportFormat("csv")).toBe(true);
    expect(isExportFormat("xlsx")).toBe(true);
    expect(isExportFormat("pdf")).toBe(false);
    expect(isExportFormat(null)).toBe(false);
  });
});

describe("exportLayout (the grid's chosen columns)", () => {
  it("keeps the default layout without cols", () => {
    expect(exportLayout(new URLSearchParams("q=x"))).toBe(DEFAULT_LAYOUT);
  });
  it("writes the chosen columns in grid order, a change as current and recommended, then the link and the date", () => {
    const layout = exportLayout(new URLSearchParams("cols=cpuRequest,cluster&cols=currentCost,hasCpuSaturation,nodes,gpuMemory"));
    expect(layout.columns.map((c) => [c.header, c.kind])).toEqual([
      ["Container", "text"],
      ["Current Cost ($/month)", "money"], // money beside the name, as in the grid
      ["Cluster", "text"],
      ["Current CPU Request (mCores)", "number"],
      ["Recommended CPU Request (mCores)", "number"],
      ["CPU Saturation", "text"],
      ["Nodes", "text"],
      ["Why", "text"],
      ["Container details", "link"],
      ["Exported", "date"],
    ]);
    const day = exportDay(new Date("2024-03-09T23:30:00Z"));
    const r = { ...row(), hasCpuSaturation: true, nodes: ["n1", "n2"] } as ContainerRow;
    expect(layout.cells(r, ctx, day)).toEqual(["api", 12.35, "east", 500, 250, "Yes", "n1, n2", expect.stringMatching(/^CPU req mCores: /), containerDetailsUrl(ctx, "abc-123"), day]);
  });
});
