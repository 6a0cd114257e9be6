import { describe, expect, it } from "vitest";
import { analyseCloudService, CLOUD_DEFAULT_POLICY, prepareCloudCatalog, workloadCharts } from "~/engine/cloud";
import { facts, NOW, samples, smallCatalog } from "~/engine/cloud/testing";
import { pdfText, renderReportPdf, type ReportContent } from "./report-pdf.server";

describe("report text for the standard PDF fonts", () => {
  it("turns arrows and comparison signs into ASCII and keeps Latin-1", () => {
    expect(pdfText("m5.large → m6g.large, ≥ 80 %, ≤ 5, × 1.2, café – done")).toBe("m5.large -> m6g.large, >= 80 %, <= 5, × 1.2, café – done");
    expect(pdfText("GPU 加速")).toBe("GPU ??");
  });
});

describe("renderReportPdf", () => {
  it("makes a PDF with the charts of an analysed service", async () => {
    const a = analyseCloudService({ facts: facts("m5.2xlarge"), samples: samples({ cpu: (t) => 10 + 5 * Math.sin(t / 3.6e6), mem: () => 20 }), nowMs: NOW }, prepareCloudCatalog(smallCatalog()));
    const charts = workloadCharts(a, CLOUD_DEFAULT_POLICY.values);
    expect(charts.length).toBeGreaterThanOrEqual(4);
    const content: ReportContent = {
      system: "web-1",
      provider: "AWS",
      serviceType: "EC2",
      region: "us-east-1",
      account: "prod (111)",
      objectId: "i-1",
      os: "Linux",
      generatedAt: new Date(NOW),
      summary: { recommendation: "Downsize", reason: "Because.", effort: "High", currentCost: 292, recommendedCost: 58.4, savings: 233.6, savingsPercent: 80, uptimePct: 100 },
      spendTolerance: "1.1x the optimal cost",
      group: null,
      current: null,
      recommended: null,
      charts,
      chartsNote: null,
      prices: null,
    };
    const pdf = await renderReportPdf(content);
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdf.subarray(-6).toString("latin1")).toContain("%%EOF");
    expect(pdf.length).toBeGreaterThan(3000);
  });
});
