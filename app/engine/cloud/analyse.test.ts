import { describe, expect, it } from "vitest";
import { DAY_MS } from "../containers/types";
import { CLOUD_DEFAULT_POLICY, type CloudPolicyValues } from "../policy/cloud";
import { analyseCloudService } from "./analyse";
import { prepareCloudCatalog } from "./catalog";
import { NOW, candidate, facts, groupSizes, samples, smallCatalog, type SampleShape } from "./testing";
import type { CloudCandidate, CloudServiceFacts } from "./types";

const CATALOG = prepareCloudCatalog(smallCatalog());
const MEDIUM: CloudPolicyValues = { ...CLOUD_DEFAULT_POLICY.values, maxEffort: "Medium" };

function run(type: string, shape: SampleShape = {}, opts: { facts?: Partial<CloudServiceFacts>; policy?: CloudPolicyValues; types?: CloudCandidate[] } = {}) {
  const catalog = opts.types ? prepareCloudCatalog(opts.types) : CATALOG;
  return analyseCloudService({ facts: facts(type, opts.facts), samples: samples(shape), nowMs: NOW }, catalog, opts.policy);
}
/** reasonHtml is plain text with at most <b> tags. */
const onlyBold = (html: string) => !/<(?!\/?b>)/.test(html);

describe("Downsize", () => {
  it("m5.2xlarge at 10 % CPU and 20 % memory → m6g.large (Arm, High effort): $292.00 → $58.40", () => {
    const { result: r } = run("m5.2xlarge", { cpu: () => 10, mem: () => 20 });
    expect(r).toMatchObject({
      analysed: true,
      recommendation: "Downsize",
      existingInstanceType: "m5.2xlarge",
      recommendedInstanceType: "m6g.large",
      estimatedEffort: "High",
      uptimePct: 100,
      predictedUptimePct: 100,
      currentEstimatedCost: 292,
      recommendedEstimatedCost: 58.4,
      optimalCost: 58.4,
      estimatedSavings: 233.6,
      estimatedSavingsPercent: 80,
      waste: 233.6,
      wastePct: 80,
      efficiencyRating: 0.2,
      currentVcpus: 8,
      recommendedVcpus: 2,
      currentMemory: 32,
      recommendedMemory: 8,
      // 8 × 10 % / 80 % = 1 vCPU; 32 × 20 % × 1.2 = 7.68 GiB
      idealCpuAlloc: 1,
      idealMemoryAlloc: 7.68,
      cpuAllocEfficiencyPct: 12.5,
      memoryAllocEfficiencyPct: 24,
      surplusVcpu: 7,
      surplusMemory: 24.32,
      // the pattern on 2 vCPUs and 8 GiB: 10 × 8 / 2, 20 × 32 / 8
      recommendedCpuPct: 40,
      recommendedMemPct: 80,
      currentScore: 60,
      recommendedScore: 100,
      relearning: false,
      mlState: "Ready",
    });
    expect(r.reasonHtml).toContain("<b>Downsize</b> m5.2xlarge → <b>m6g.large</b>");
    expect(r.reasonHtml).toContain("Saves $233.60 per month (80 %)");
    expect(r.reasonHtml).toContain("Effort High (architecture x86_64 → arm64: rebuild the image).");
    expect(onlyBold(r.reasonHtml)).toBe(true);
  });

  it("with maxEffort Medium: m6i.large (other family, same architecture), $65.70", () => {
    const { result: r } = run("m5.2xlarge", { cpu: () => 10, mem: () => 20 }, { policy: MEDIUM });
    expect(r).toMatchObject({ recommendation: "Downsize", recommendedInstanceType: "m6i.large", estimatedEffort: "Medium", recommendedEstimatedCost: 65.7, estimatedSavings: 226.3 });
    // 1 reference vCPU on a type 1.1 × as fast: 10 × 8 / (2 × 1.1)
    expect(r.recommendedCpuPct).toBe(36.36);
  });

  it("within the family when the policy allows only Low effort: m5.large, $73.00", () => {
    const { result: r } = run("m5.2xlarge", { cpu: () => 10, mem: () => 20 }, { policy: { ...MEDIUM, maxEffort: "Low" } });
    expect(r).toMatchObject({ recommendation: "Downsize", recommendedInstanceType: "m5.large", estimatedEffort: "Low", recommendedEstimatedCost: 73 });
  });

  it("Windows never goes to Arm: m6i.large at its Windows price (0.09 + 2 × 0.046) $132.86", () => {
    const { result: r } = run("m5.2xlarge", { cpu: () => 10, mem: () => 20 }, { facts: { os: "Windows" } });
    // current Windows price 0.4 + 8 × 0.046 = 0.768 → $560.64
    expect(r).toMatchObject({ recommendation: "Downsize", recommendedInstanceType: "m6i.large", currentEstimatedCost: 560.64, recommendedEstimatedCost: 132.86 });
  });
});

describe("Modernize", () => {
  it("m5.large at 30 % CPU, 50 % memory → m6i.large: the same size in a newer generation, $7.30 (10 %) cheaper", () => {
    const { result: r } = run("m5.large", { cpu: () => 30, mem: () => 50 }, { policy: MEDIUM });
    expect(r).toMatchObject({
      recommendation: "Modernize",
      recommendedInstanceType: "m6i.large",
      estimatedEffort: "Medium",
      currentEstimatedCost: 73,
      recommendedEstimatedCost: 65.7,
      estimatedSavings: 7.3,
      estimatedSavingsPercent: 10,
      efficiencyRating: 0.9,
    });
    expect(r.reasonHtml.startsWith("<b>Modernize</b> m5.large → <b>m6i.large</b>")).toBe(true);
  });

  it("to Graviton when any effort is allowed (same series and size, generation 6 > 5): $58.40", () => {
    const { result: r } = run("m5.large", { cpu: () => 30, mem: () => 50 });
    expect(r).toMatchObject({ recommendation: "Modernize", recommendedInstanceType: "m6g.large", estimatedEffort: "High", estimatedSavings: 14.6 });
  });
});

describe("Upsize", () => {
  it("m5.large at 90 % sustained needs 2.25 vCPUs (2 × 90 / 80) → c5.xlarge, $51.10 more", () => {
    const { result: r } = run("m5.large", { cpu: () => 90, mem: () => 50 }, { policy: MEDIUM });
    expect(r).toMatchObject({
      recommendation: "Upsize",
      recommendedInstanceType: "c5.xlarge",
      estimatedEffort: "Medium",
      currentEstimatedCost: 73,
      recommendedEstimatedCost: 124.1,
      estimatedSavings: -51.1,
      estimatedSavingsPercent: -70,
      waste: -51.1,
      wastePct: 70,
      efficiencyRating: 1.7,
      idealCpuAlloc: 2.25,
      surplusVcpu: -0.25,
      recommendedCpuPct: 45,
    });
    expect(r.reasonHtml).toContain("the current type is short of CPU (2 vCPUs)");
    expect(r.reasonHtml).toContain("Costs $51.10 more per month.");
  });

  it("a peak at 100 % of 2 vCPUs needs them all at the 100 % peak limit, and m6i.large (2.2) carries it", () => {
    const { result: r } = run("m5.large", { cpu: (t) => (t % DAY_MS === 0 ? 100 : 20), mem: () => 50 }, { policy: { ...MEDIUM, cpuPeakLimit: 90 } });
    // peak need 2 × 100 / 90 = 2.22 reference vCPUs: m6i.large's 2 × 1.1 = 2.2 is short, so a 4-vCPU type
    expect(r.recommendation).toBe("Upsize");
    expect(r.recommendedInstanceType).toBe("c5.xlarge");
    expect(r.reasonHtml).toContain("90 % peak limit");
  });
});

describe("Keep", () => {
  it("when the saving is under minimumSavingsPercent (10 % < 15 %)", () => {
    const { result: r } = run("m5.large", { cpu: () => 30, mem: () => 50 }, { policy: { ...MEDIUM, minimumSavingsPercent: 15 } });
    expect(r).toMatchObject({
      recommendation: "Keep",
      recommendedInstanceType: "m5.large",
      estimatedEffort: "None",
      currentEstimatedCost: 73,
      recommendedEstimatedCost: 73,
      estimatedSavings: 0,
      efficiencyRating: 1,
      recommendedCpuPct: 30,
    });
    expect(r.reasonHtml).toContain("m6i.large also meets the needs but saves only $7.30 per month, under the 15 % minimum");
  });

  it("when the current type is the cheapest fit", () => {
    const { result: r } = run("m5.large", { cpu: () => 30, mem: () => 50 }, { types: [candidate("m5.large", 2, 8, 0.1), candidate("m5.xlarge", 4, 16, 0.2)] });
    expect(r.recommendation).toBe("Keep");
    expect(r.reasonHtml).toContain("it is the cheapest type that meets the needs");
    expect(r.recommendedScore).toBe(100);
  });

  it("memory without an agent: memory need is the current 32 GiB, so m5.2xlarge stays", () => {
    const { result: r } = run("m5.2xlarge", { cpu: () => 10, mem: null });
    expect(r).toMatchObject({ recommendation: "Keep", memoryFromAgent: false, activeMemoryPct: null, idealMemoryAlloc: 32, recommendedMemPct: null });
    expect(r.reasonHtml).toContain("No memory agent: memory need is the current 32 GiB, so memory is not downsized.");
  });

  it("memory without an agent still allows a type of the same memory: m5.2xlarge → m6g.2xlarge (32 GiB)", () => {
    const types = [...smallCatalog(), candidate("m6g.2xlarge", 8, 32, 0.32, { architecture: "arm64", processorSupplier: "ARM", windowsHourlyPrice: null })];
    const { result: r } = run("m5.2xlarge", { cpu: () => 10, mem: null }, { types });
    expect(r).toMatchObject({ recommendation: "Modernize", recommendedInstanceType: "m6g.2xlarge", recommendedMemory: 32 });
    expect(r.reasonHtml).toContain("No memory agent");
  });
});

describe("Terminate", () => {
  const idle = { cpu: () => 1, cpuPeak: () => 2, net: 10 };

  it("idle for the whole window: recommended values and scores hidden, savings the whole cost", () => {
    const { result: r } = run("m5.large", idle);
    expect(r).toMatchObject({
      recommendation: "Terminate",
      recommendedInstanceType: null,
      recommendedEstimatedCost: null,
      recommendedVcpus: null,
      recommendedMemory: null,
      recommendedCpuPct: null,
      recommendedMemPct: null,
      currentScore: null,
      recommendedScore: null,
      estimatedEffort: "Low",
      currentEstimatedCost: 73,
      optimalCost: 0,
      estimatedSavings: 73,
      estimatedSavingsPercent: 100,
      efficiencyRating: 0,
      optimalInstances: 0,
    });
    expect(r.reasonHtml).toContain("<b>Terminate</b>: idle for the whole window. CPU never went above 2 %");
    expect(r.reasonHtml).toContain("no day moved more than 1.73 MB");
  });

  it("not idle at a 5 % peak, nor with 17 MB of network a day", () => {
    expect(run("m5.large", { ...idle, cpuPeak: (t) => (t === NOW - DAY_MS ? 5 : 2) }).result.recommendation).not.toBe("Terminate");
    expect(run("m5.large", { ...idle, net: 100 }).result.recommendation).not.toBe("Terminate");
  });
});

describe("relearning and data", () => {
  const changed = (days: number) => ({ facts: { typeChange: { atMs: NOW - days * DAY_MS, fromType: "m5.xlarge", toType: "m5.large" } } });

  it("1.5 days after a type change with 2 days minimum: Keep, ready in 1 day", () => {
    const { result: r } = run("m5.large", { cpu: () => 10 }, changed(1.5));
    expect(r).toMatchObject({ recommendation: "Keep", relearning: true, mlState: "Learning", numberOfDaysUntilData: 1, policyMinDays: 2, currentEstimatedCost: 73 });
    expect(r.reasonHtml).toBe("Learning after instance change, analysis ready in 1 day.");
  });

  it("6 hours after: ready in 2 days; 2 days after: analysed on the samples since the change", () => {
    expect(run("m5.large", {}, changed(0.25)).result.reasonHtml).toBe("Learning after instance change, analysis ready in 2 days.");
    const { result: r } = run("m5.large", { cpu: (t) => (t < NOW - 2 * DAY_MS ? 95 : 30), mem: () => 50 }, { ...changed(2), policy: MEDIUM });
    expect(r.relearning).toBe(false);
    expect(r.cpuSustainedPct).toBe(30); // the 95 % before the change is another type's
    expect(r.recommendation).toBe("Modernize");
  });

  it("a new instance with 1 day of data waits a day, without relearning", () => {
    const { result: r } = run("m5.large", { days: 1 }, { facts: { createdMs: NOW - DAY_MS } });
    expect(r).toMatchObject({ recommendation: "Keep", relearning: false, numberOfDaysUntilData: 1 });
    expect(r.reasonHtml).toContain("analysis needs 2 days, has 1");
  });

  it("no samples at all: Keep at zero cost (the instance did not run)", () => {
    const { result: r } = run("m5.large", { days: 0 });
    expect(r).toMatchObject({ recommendation: "Keep", currentEstimatedCost: 0, uptimePct: 0 });
  });
});

describe("not analysed and other prices", () => {
  it("a type the catalog does not know: Keep with costs unknown", () => {
    const { result: r, scoring } = run("z9.large");
    expect(r).toMatchObject({ analysed: false, recommendation: "Keep", currentEstimatedCost: null, optimalCost: null });
    expect(r.reasonHtml).toBe("Not analysed: instance type <b>z9.large</b> is not in the EC2 catalog of us-east-1.");
    expect(scoring).toBeNull();
  });

  it("Windows on a type without a Windows price", () => {
    const { result: r } = run("m6g.large", {}, { facts: { os: "Windows" } });
    expect(r.analysed).toBe(false);
    expect(r.reasonHtml).toContain("has no Windows on-demand price");
  });

  it("a region without prices uses the catalog's region, and says so", () => {
    const { result: r } = run("m5.2xlarge", { cpu: () => 10, mem: () => 20 }, { facts: { region: "eu-west-1" } });
    expect(r).toMatchObject({ analysed: true, pricedRegion: "us-east-1", recommendation: "Downsize" });
    expect(r.reasonHtml).toContain("Prices are us-east-1's: the catalog has none for eu-west-1.");
  });

  it("uptime scales the costs: on 12 hours a day", () => {
    const { result: r } = run("m5.2xlarge", { cpu: () => 10, mem: () => 20, off: (t) => t % DAY_MS >= DAY_MS / 2 });
    expect(r.uptimePct).toBe(50);
    const x = 0.5 ** (0.5 / 7);
    const uptime = Math.round((x / (1 + x)) * 10_000) / 10_000;
    expect(r.predictedUptimePct).toBe(Math.round(uptime * 10_000) / 100);
    expect(r.currentEstimatedCost).toBe(Math.round(0.4 * 730 * uptime * 100) / 100);
    expect(r.recommendedEstimatedCost).toBe(Math.round(0.08 * 730 * uptime * 100) / 100);
  });
});

describe("scale groups", () => {
  const asg = (inService: (t: number) => number, min: number, max: number, shape: SampleShape, policy?: CloudPolicyValues) =>
    analyseCloudService(
      { facts: facts("m5.large", { service: "ASG" }), samples: samples(shape), groupSizes: groupSizes(inService, min, max), nowMs: NOW },
      CATALOG,
      policy,
    );

  it("Downscale: 10 in service at 20 % CPU is 200 instance-% of work, 3 instances at 80 % (2.5 → 3): $730.00 → $219.00", () => {
    const { result: r } = asg(() => 10, 2, 12, { cpu: () => 20, mem: null });
    expect(r).toMatchObject({
      recommendation: "Downscale",
      recommendedInstanceType: "m5.large",
      estimatedEffort: "Low",
      avgGroupSize: 10,
      minGroupSize: 2,
      maxGroupSize: 12,
      predictedAvgGroupSize: 3,
      recommMinGroupSize: 3,
      recommMaxGroupSize: 3,
      currentInstances: 10,
      optimalInstances: 3,
      currentEstimatedCost: 730,
      recommendedEstimatedCost: 219,
      estimatedSavings: 511,
      recommendedCpuPct: 66.67,
    });
    expect(r.reasonHtml).toContain("(no memory agent: sized on CPU only)");
  });

  it("Upscale: 2 in service at 90 % needs 3 (180 / 80 = 2.25), above the maximum 2: $146.00 → $219.00", () => {
    const { result: r } = asg(() => 2, 1, 2, { cpu: () => 90, mem: null });
    expect(r).toMatchObject({ recommendation: "Upscale", recommMaxGroupSize: 3, currentEstimatedCost: 146, recommendedEstimatedCost: 219, estimatedSavings: -73 });
    expect(r.reasonHtml).toContain("above the configured maximum 2");
  });

  it("Keep: 3 in service at 60 % needs 3 (180 / 80 → 3)", () => {
    const { result: r } = asg(() => 3, 1, 6, { cpu: () => 60, mem: null });
    expect(r).toMatchObject({ recommendation: "Keep", estimatedEffort: "None", predictedAvgGroupSize: 3, recommMinGroupSize: 1, recommMaxGroupSize: 6, estimatedSavings: 0 });
  });

  it("an idle group is terminated", () => {
    expect(asg(() => 2, 1, 4, { cpu: () => 0.5, net: 1, mem: null }).result.recommendation).toBe("Terminate");
  });

  it("without group size samples the group is kept, saying why", () => {
    const { result: r } = analyseCloudService({ facts: facts("m5.large", { service: "ASG" }), samples: samples(), nowMs: NOW }, CATALOG);
    expect(r.recommendation).toBe("Keep");
    expect(r.reasonHtml).toContain("no group size samples");
  });
});
