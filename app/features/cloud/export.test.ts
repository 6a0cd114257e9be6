import { describe, expect, it } from "vitest";
import type { CloudexDetail } from "~/domain/cloud/detail";
import { cloudExportCells, cloudExportColumns, columnLetter, percentGradient, URL_HEADER } from "./export.server";

const row = {
  entityId: "i-1",
  system: "web-01",
  fullPath: "System Breakdown/AWS/us-east-1/prod",
  recommendation: "Terminate",
  recommendedInstanceType: null,
  currentEstimatedCost: 80.456,
  recommendedEstimatedCost: 0,
  estimatedSavings: 80.46,
  estimatedSavingsPercent: 100,
  createDate: "2023-12-28T00:00:00.000Z",
  riConstrained: false,
  reasonHtml: "<b>Terminate</b>: idle",
} as unknown as CloudexDetail;

describe("cloud services export (spec 2.4, 9)", () => {
  it("exports the grid's columns (the service's name first) and a URL column last", () => {
    const cols = cloudExportColumns(new URLSearchParams("cols=estimatedSavingsPercent,currentEstimatedCost"));
    expect(cols.map((c) => c.header)).toEqual(["System Name", "Current Est. Cost ($/month)", "Waste %", URL_HEADER]);
    expect(cloudExportColumns(new URLSearchParams()).length).toBe(16);
  });

  it("writes Terminate's recommended values empty, money to the cent, dates as dates, the reason as text, the deep link", () => {
    const cols = cloudExportColumns(new URLSearchParams("cols=system,currentEstimatedCost,recommendedEstimatedCost,recommendedInstanceType,createDate,riConstrained,reasonHtml"));
    const cells = cloudExportCells(row, cols, (r) => `https://k/${r.entityId}`);
    expect(cells).toEqual(["web-01", 80.46, null, null, new Date("2023-12-28T00:00:00.000Z"), "Terminate: idle", "No", "https://k/i-1"]);
  });

  it("shades utilisation red and waste, uptime and coverage yellow; names Excel's columns", () => {
    expect(percentGradient("cpuHighPct")).toBe("red");
    expect(percentGradient("recommendedMemPct")).toBe("red");
    expect(percentGradient("estimatedSavingsPercent")).toBe("yellow");
    expect(percentGradient("uptimePct")).toBe("yellow");
    expect([1, 26, 27, 52, 53, 702, 703].map(columnLetter)).toEqual(["A", "Z", "AA", "AZ", "BA", "ZZ", "AAA"]);
  });
});
