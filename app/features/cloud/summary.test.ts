import { describe, expect, it } from "vitest";
import {
  analysisHref,
  barFromParam,
  barHref,
  breakdownRows,
  cloudTreeviewPath,
  cloudWaterfallBars,
  efficiencyRatio,
  efficiencyTone,
  providerBlocks,
  spendCard,
  spendCardTitle,
  totalServices,
  wasteLabel,
  wastePercent,
  type CloudSummaryFigures,
} from "./summary";

const ZERO: CloudSummaryFigures = {
  ec2Service: 0,
  rdsService: 0,
  asgService: 0,
  azureVmService: 0,
  azureVmssService: 0,
  gceService: 0,
  awsTotalService: 0,
  azureTotalService: 0,
  gcpTotalService: 0,
  awsTotalCurCost: 0,
  azureTotalCurCost: 0,
  gcpTotalCurCost: 0,
  awsTotalOptimalCost: 0,
  azureTotalOptimalCost: 0,
  gcpTotalOptimalCost: 0,
  terminate: 0,
  modernize: 0,
  downsize: 0,
  downscale: 0,
  upsize: 0,
  upscale: 0,
  terminateSavings: 0,
  modernizeSavings: 0,
  downsizeSavings: 0,
  downscaleSavings: 0,
  upsizeSavings: 0,
  upscaleSavings: 0,
  immediateSavings: 0,
  additionalWaste: 0,
  riskRemovalCost: 0,
};

const FOLDER: CloudSummaryFigures = {
  ...ZERO,
  ec2Service: 10,
  asgService: 2,
  awsTotalService: 12,
  azureVmService: 3,
  azureTotalService: 3,
  awsTotalCurCost: 800,
  azureTotalCurCost: 200.5,
  awsTotalOptimalCost: 600,
  azureTotalOptimalCost: 150.25,
  terminate: 2,
  modernize: 0,
  downsize: 4,
  upsize: 1,
  terminateSavings: -120,
  downsizeSavings: -140.25,
  upsizeSavings: 10,
  immediateSavings: -120,
  additionalWaste: -140.25,
  riskRemovalCost: 10,
};

describe("the spend card's rules (spec 2.3, 5, 9)", () => {
  it("efficiency ratio = optimal / current to 2 decimals, 0 when current is 0", () => {
    expect(efficiencyRatio(1000.5, 750.25)).toBe(0.75);
    expect(efficiencyRatio(0, 10)).toBe(0);
    expect(efficiencyRatio(3, 2)).toBe(0.67);
  });

  it("reads Waste at a ratio of 1 or below and Shortfall above", () => {
    expect(wasteLabel(0.5)).toBe("Waste");
    expect(wasteLabel(1)).toBe("Waste");
    expect(wasteLabel(1.01)).toBe("Shortfall");
  });

  it("colours the rating green at exactly 1, yellow below, red above", () => {
    expect(efficiencyTone(1)).toBe("right");
    expect(efficiencyTone(0.99)).toBe("waste");
    expect(efficiencyTone(1.01)).toBe("risk");
    expect(efficiencyTone(0)).toBe("waste");
  });

  it("gives the waste or shortfall percentage as a whole number of the current spend, 0 without spend", () => {
    expect(wastePercent(1000, 750)).toBe(25);
    expect(wastePercent(1000, 1234)).toBe(23);
    expect(wastePercent(3, 2)).toBe(33);
    expect(wastePercent(0, 50)).toBe(0);
  });

  it("sums the providers for current and optimal spend, and names the monthly amount by the label", () => {
    const s = spendCard(FOLDER);
    expect(s).toMatchObject({ current: 1000.5, optimal: 750.25, ratio: 0.75, tone: "waste", label: "Waste", percent: 25, monthlyLabel: "Monthly Waste", monthlyAmount: 250.25 });
    const short = spendCard({ ...ZERO, awsTotalCurCost: 100, awsTotalOptimalCost: 130 });
    expect(short).toMatchObject({ label: "Shortfall", monthlyLabel: "Monthly Shortfall", monthlyAmount: 30, tone: "risk", percent: 30 });
    expect(spendCard({ ...ZERO, gcpTotalCurCost: 100, gcpTotalOptimalCost: 100 })).toMatchObject({ ratio: 1, tone: "right", label: "Waste", percent: 0 });
  });

  it("adds the unit costs to the title unless the path starts with Cloud (the cloud tree's paths do)", () => {
    const unit = { cpuCoreMonth: 23.076, memoryGbMonth: 3.093 };
    expect(spendCardTitle("System Breakdown/cluster-a", unit)).toBe("Overall Monthly Spend (based on $23.08/CPU Core, $3.09/Memory GB)");
    expect(spendCardTitle("Cloud/AWS", unit)).toBe("Overall Monthly Spend");
    expect(cloudTreeviewPath("System Breakdown/AWS/us-east-1")).toBe("Cloud/AWS/us-east-1");
    expect(cloudTreeviewPath(null)).toBe("Cloud");
    expect(cloudTreeviewPath("")).toBe("Cloud");
  });

  it("links View details and every count to the analysis tab on a grid view, keeping only the page's place", () => {
    const search = "?viewId=v&filterId=f&fullPath=System%20Breakdown%2FAWS&level=1&nodeId=0.0&cloudTabGroup=cloud-summary&bar=2&sort=region&q=x";
    const cloud = new URL(analysisHref("/kubex/cloud-tree/tree-item", search, "Cloud/AWS", "default"), "http://x");
    expect(Object.fromEntries(cloud.searchParams)).toEqual({ viewId: "v", filterId: "f", fullPath: "System Breakdown/AWS", level: "1", nodeId: "0.0", "cloud-analysis": "cloud-analysis", gridViewId: "default" });
    const containers = new URL(analysisHref("/kubex/containers-tree/tree-item", search, "System Breakdown/c", "default"), "http://x");
    expect(containers.searchParams.get("tabGroup1")).toBe("analysis-details");
    expect(containers.searchParams.has("cloud-analysis")).toBe(false);
    // All Data brings its columns, so the grid shows the view itself, not an unsaved change of it.
    const all = new URL(analysisHref("/kubex/cloud-tree", "", "Cloud", "all_data"), "http://x").searchParams;
    expect(all.get("gridViewId")).toBe("all_data");
    expect(all.get("cols")?.split(",")).toContain("ipAddress");
  });
});

describe("Total Services (spec 2.3)", () => {
  it("shows a provider only with services, a sub-service only above 0, each with the spec's grid view", () => {
    const blocks = providerBlocks(FOLDER);
    expect(blocks.map((b) => [b.label, b.count, b.gridViewId])).toEqual([
      ["AWS", 12, "aws"],
      ["Azure", 3, "azure"],
    ]);
    expect(blocks[0].services.map((s) => [s.label, s.count, s.gridViewId])).toEqual([
      ["EC2", 10, "EC2"],
      ["ASG", 2, "ASG"],
    ]);
    expect(blocks[1].services.map((s) => s.gridViewId)).toEqual(["vm"]);
    expect(totalServices(FOLDER)).toBe(15);
    const all = providerBlocks({ ...ZERO, awsTotalService: 1, rdsService: 1, azureTotalService: 1, azureVmssService: 1, gcpTotalService: 1, gceService: 1 });
    expect(all.flatMap((b) => [b.gridViewId, ...b.services.map((s) => s.gridViewId)])).toEqual(["aws", "RDS", "azure", "VMSS", "gcp", "compute_engine"]);
    expect(providerBlocks(ZERO)).toEqual([]);
  });
});

describe("Optimization Breakdown (spec 2.3, 3, 9)", () => {
  it("has five bars indexed Current 0 … Optimal 4 with the spec's tooltips", () => {
    const bars = cloudWaterfallBars(FOLDER);
    expect(bars.map((b) => [b.index, b.label, b.type, b.value])).toEqual([
      [0, "Current Spend", "total", 1000.5],
      [1, "Immediate Savings", "step", -120],
      [2, "Additional Waste", "step", -140.25],
      [3, "Risk Removal", "step", 10],
      [4, "Optimal Spend", "total", 750.25],
    ]);
    expect(bars[1].tooltip).toMatch(/^Terminating unused instances with very low usage/);
    expect(bars[2].tooltip).toMatch(/downsizing .* downscaling scale groups/);
    expect(bars[4].tooltip).toBe("The projected monthly spend after all optimisations.");
  });

  it("negates the savings, keeps upsize and upscale costs positive, and links a row only when it has services", () => {
    const rows = breakdownRows({ ...FOLDER, terminateSavings: 120, upscaleSavings: -7, upscale: 1 });
    expect(rows.map((r) => [r.label, r.bar, r.count, r.amount, r.gridViewId])).toEqual([
      ["Terminate", 1, 2, -120, "terminate"],
      ["Modernize", 1, 0, 0, null],
      ["Downsize", 2, 4, -140.25, "downsize"],
      ["Downscale", 2, 0, 0, null],
      ["Upsize", 3, 1, 10, "upsize"],
      ["Upscale", 3, 1, 7, "upscale"],
    ]);
  });

  it("highlights by address: ?bar=0…4 only", () => {
    expect(barFromParam("0")).toBe(0);
    expect(barFromParam("4")).toBe(4);
    expect(barFromParam("5")).toBeNull();
    expect(barFromParam("x")).toBeNull();
    expect(barFromParam(null)).toBeNull();
    expect(barHref("/p", "?a=1&bar=2", 3)).toBe("/p?a=1&bar=3");
    expect(barHref("/p", "?a=1&bar=2", null)).toBe("/p?a=1");
  });
});
