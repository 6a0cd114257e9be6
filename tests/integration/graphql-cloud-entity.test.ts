/**
 * One cloud service's calls over real HTTP on every store (spec document 3, sections 2.7, 2.8, 3, 5, 7 and 9;
 * service paths metrics-viewer, instance-type-analysis, dropdowns and entity), on the hand-made estate of
 * graphql-cloud-estate.ts: the metric viewers' buckets and window limits, the peeks, the workload charts, the
 * Catalog Map's domain, scores and instance info in each band, processor features, the entity analysis result
 * and the errors.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TypedDocument } from "~/graphql/operations/typed-document";
import {
  ANALYSIS_DOMAIN,
  ANALYSIS_INSTANCE_INFO,
  ANALYSIS_SCORE,
  GET_CLOUD_WORKLOAD_CHART_DATA,
  GET_ENTITY_ANALYSIS_RESULTS,
  METRICS_VIEWER_AWS_ASG,
  METRICS_VIEWER_AWS_EC2,
  METRICS_VIEWER_AWS_RDS,
  METRICS_VIEWER_AZURE_VM,
  METRICS_VIEWER_GCP,
  MV_AWS_ASG_PEEK,
  MV_AWS_EC2_PEEK,
  MV_AWS_RDS_PEEK,
  MV_AZURE_VM_PEEK,
  MV_GCP_CE_PEEK,
  PROCESSOR_FEATURE,
  type MetricRow,
  type PeekRow,
} from "../graphql-operations/cloud";
import { TEST_STORES } from "./stores";
import type { Api } from "./graphql-harness";
import { CREATED, DAY, NOW, STEP, startCloudApi } from "./graphql-cloud-estate";

const iso = (ms: number) => new Date(ms).toISOString();
const TODAY = Math.floor(NOW / DAY) * DAY;
/** Statistics of the four-step network cycle (1000…4000 bytes/s) over whole cycles: percentiles by linear interpolation. */
const CYCLE = { min: 1000, q1: 1750, median: 2500, q3: 3250, max: 4000, avg: 2500 };
const flat = (v: number, n: number) => ({ min: v, q1: v, median: v, q3: v, max: v, avg: v, numsamples: n });
const GIB8 = 8 * 1_073_741_824;

describe.each(TEST_STORES)("the cloud API (one service) on $name", (testStore) => {
  let api: Api;
  const ask = async <D extends TypedDocument<any, any>>(doc: D, vars: object, service: string) =>
    (await api.data(api.analyst, doc.document, vars as Record<string, unknown>, service)) as NonNullable<D["__types"]>["result"];
  const failure = async (doc: TypedDocument<any, any>, vars: object, service = "metrics-viewer") => {
    const answer = await api.gql(api.analyst, doc.document, vars as Record<string, unknown>, service);
    expect(answer.body.errors?.length, JSON.stringify(answer.body.data)).toBeGreaterThan(0);
    return answer.body.errors![0].message;
  };
  const series = async (doc: TypedDocument<any, any>, vars: object): Promise<MetricRow[]> => Object.values(await ask(doc, vars, "metrics-viewer"))[0] as MetricRow[];
  const peek = async (doc: TypedDocument<any, any>, vars: object): Promise<PeekRow> => Object.values(await ask(doc, vars, "metrics-viewer"))[0] as PeekRow;

  beforeAll(async () => {
    api = await startCloudApi(testStore);
  });
  afterAll(async () => {
    await api?.close();
  });

  it("answers an EC2 instance's daily buckets from its creation up to the data's end, with each metric's statistics", async () => {
    const days = await series(METRICS_VIEWER_AWS_EC2, { entityId: "i-old", startDate: iso(TODAY - 90 * DAY), endDate: iso(NOW), timeInterval: "DAY_1", rollupTimezone: "UTC" });
    // Created 60 days before NOW at noon: a half first day, 59 whole days, and today up to noon.
    expect(days).toHaveLength(61);
    expect(days[0].auditUtcTimeBucket).toBe(iso(TODAY - 60 * DAY));
    expect(days.at(-1)!.auditUtcTimeBucket).toBe(iso(TODAY));
    expect(days.map((d) => d.cpuUtilization!.numsamples)).toEqual([144, ...Array(59).fill(288), 144]);
    const day = days[30];
    expect(day.entityId).toBe("i-old");
    expect(day.cpuUtilization).toEqual({ ...flat(60, 288), total: 60 * 288 });
    expect(day.cpuUtilizationMax).toMatchObject(flat(70, 288));
    expect(day.memoryUsedPercent).toMatchObject(flat(60, 288));
    expect(day.networkIn).toEqual({ ...CYCLE, numsamples: 288, total: 2500 * 288 });
    expect(day.networkOut).toMatchObject({ min: 500, median: 1250, max: 2000 });
    expect(day.networkPackets).toMatchObject({ min: 10, q1: 17.5, max: 40 });
    expect(day.networkThroughput).toMatchObject({ min: 1500, q3: 4875, max: 6000, avg: 3750 });
    expect(day.diskOps).toMatchObject(flat(15, 288));
    expect(day.diskRead).toMatchObject(flat(5000, 288));
    expect(day.diskWrite).toMatchObject(flat(10_000, 288));
    // What the sources do not measure is null, always.
    for (const k of ["diskFree", "diskUsed", "ebsBalance", "ebsOps", "ebsThroughput", "paging", "swap"]) expect(day[k], k).toBeNull();
  });

  it("answers hourly and five-minute buckets aligned to UTC", async () => {
    const start = TODAY - DAY;
    const hours = await series(METRICS_VIEWER_AWS_EC2, { entityId: "i-old", startDate: iso(start), endDate: iso(start + DAY), timeInterval: "HOUR_1" });
    expect(hours).toHaveLength(24);
    expect(hours[5].auditUtcTimeBucket).toBe(iso(start + 5 * 3_600_000));
    expect(hours[5].networkIn).toEqual({ ...CYCLE, numsamples: 12, total: 2500 * 12 });
    // A range ending after the data's end stops there; one starting mid-bucket starts at its bucket.
    const late = await series(METRICS_VIEWER_AWS_EC2, { entityId: "i-old", startDate: iso(NOW - 90 * 60_000), endDate: iso(NOW + DAY), timeInterval: "HOUR_1" });
    expect(late.map((h) => [h.auditUtcTimeBucket, h.cpuUtilization!.numsamples])).toEqual([
      [iso(NOW - 2 * 3_600_000), 6],
      [iso(NOW - 3_600_000), 12],
    ]);
    const fives = await series(METRICS_VIEWER_AWS_EC2, { entityId: "i-old", startDate: iso(NOW - 7 * DAY), endDate: iso(NOW), timeInterval: "MINUTE_5" });
    expect(fives).toHaveLength(7 * 288);
    expect(fives.slice(0, 4).map((b) => b.networkIn!.max)).toEqual([0, 1, 2, 3].map((i) => 1000 * (1 + ((Math.floor((NOW - 7 * DAY) / STEP) + i) % 4))));
    expect(fives[0].networkIn).toMatchObject({ numsamples: 1 });
  });

  it("keeps five-minute history 7 days and the rest 90, UTC only, and says why a call is refused", async () => {
    const ec2 = (vars: object) => failure(METRICS_VIEWER_AWS_EC2, { entityId: "i-old", endDate: iso(NOW), ...vars });
    expect(await ec2({ startDate: iso(TODAY - 8 * DAY), timeInterval: "MINUTE_5" })).toBe(
      `Validation Error: Five-minute history is kept for the last 7 days: startDate must be ${iso(TODAY - 7 * DAY)} or later; use HOUR_1 or DAY_1 for older history.`,
    );
    expect(await ec2({ startDate: iso(TODAY - 91 * DAY), timeInterval: "HOUR_1" })).toBe(`Validation Error: History is kept for the last 90 days: startDate must be ${iso(TODAY - 90 * DAY)} or later.`);
    expect(await ec2({ startDate: iso(TODAY - 91 * DAY) })).toBe(`Validation Error: History is kept for the last 90 days: startDate must be ${iso(TODAY - 90 * DAY)} or later.`);
    expect(await ec2({ startDate: iso(NOW - DAY), timeInterval: "WEEK_1" })).toBe("Validation Error: Unknown timeInterval 'WEEK_1'; use one of DAY_1, HOUR_1, MINUTE_5.");
    expect(await ec2({ startDate: iso(NOW - DAY), rollupTimezone: "Europe/Paris" })).toBe("Validation Error: Unknown rollupTimezone 'Europe/Paris'; use UTC.");
    expect(await ec2({ startDate: iso(NOW), endDate: iso(NOW - DAY) })).toBe("Validation Error: endDate must be after startDate.");
    expect(await ec2({ startDate: "last tuesday" })).toBe("Validation Error: startDate 'last tuesday' is not an ISO-8601 date.");
    // The edges are accepted: midnight 7 (or 90) days before the data's day.
    expect(await series(METRICS_VIEWER_AWS_EC2, { entityId: "i-old", startDate: iso(TODAY - 7 * DAY), endDate: iso(NOW), timeInterval: "MINUTE_5" })).toHaveLength(7 * 288 + 144);
  });

  it("answers each viewer for its own service types only, and Not Found for an unknown id", async () => {
    const window = { startDate: iso(NOW - DAY), endDate: iso(NOW) };
    expect(await failure(METRICS_VIEWER_AWS_RDS, { entityId: "i-old", ...window })).toBe(
      "Validation Error: metricsViewerAWSRDS answers RDS services; 'i-old' is of service type EC2 (use metricsViewerAWSEC2).",
    );
    expect(await failure(METRICS_VIEWER_AWS_EC2, { entityId: "asg-web", ...window })).toBe(
      "Validation Error: metricsViewerAWSEC2 answers EC2 services; 'asg-web' is of service type ASG (use metricsViewerAWSAsg).",
    );
    expect(await failure(MV_GCP_CE_PEEK, { entityId: "vm-busy" })).toBe(
      "Validation Error: metricsViewerGCP answers GCE services; 'vm-busy' is of service type VM (use metricsViewerAzureVM).",
    );
    expect(await failure(METRICS_VIEWER_AZURE_VM, { entityId: "nope", ...window })).toBe("Not Found: There is no cloud service 'nope'.");
    expect(await failure(MV_AWS_EC2_PEEK, { entityId: "nope" })).toBe("Not Found: There is no cloud service 'nope'.");
  });

  it("fills each family's measured metrics: ASG sizes, RDS memory in bytes, Azure VM and VMSS, GCP", async () => {
    const day = { startDate: iso(TODAY - DAY), endDate: iso(TODAY), timeInterval: "DAY_1" };
    const [asg] = await series(METRICS_VIEWER_AWS_ASG, { entityId: "asg-web", ...day });
    expect(asg.cpuUtilization).toMatchObject(flat(8, 288));
    expect(asg.groupInServiceInstances).toMatchObject(flat(4, 288));
    expect(asg.runningInstancesCalculated).toMatchObject(flat(4, 288));
    expect(asg.groupTotalInstances).toMatchObject(flat(4, 288));
    expect(asg.groupMinSize).toMatchObject(flat(4, 288));
    expect(asg.groupMaxSize).toMatchObject(flat(8, 288));
    expect(asg.ebsBalance).toBeNull();

    const [rds] = await series(METRICS_VIEWER_AWS_RDS, { entityId: "db-big", ...day });
    const memory = 64 * 1_073_741_824;
    expect(rds.memoryUtilization).toMatchObject(flat(20, 288));
    expect(rds.memoryUsed!.avg).toBeCloseTo(0.2 * memory, 3);
    expect(rds.freeableMemory!.avg).toBeCloseTo(0.8 * memory, 3);
    expect(rds.memoryAvailable!.avg).toBeCloseTo(0.8 * memory, 3);
    expect(rds).toMatchObject({ readIops: flat(5, 288), writeIops: flat(10, 288), diskOps: flat(15, 288), diskThroughput: flat(15_000, 288) });
    expect(rds.networkReceive).toMatchObject(CYCLE);
    expect(rds.burstBalance).toBeNull();
    expect(rds.swapUsage).toBeNull();

    const [vmss] = await series(METRICS_VIEWER_AZURE_VM, { entityId: "vmss-api", ...day });
    expect(vmss).toMatchObject({ percentageCpu: flat(95, 288), percentageCpuMax: flat(100, 288), percentMemory: flat(60, 288), diskOpsPerSec: flat(15, 288) });
    expect(vmss.memoryUsed!.avg).toBeCloseTo(0.6 * GIB8, 3);
    expect(vmss.memoryCommitted).toBeNull();
    expect(vmss.percentUsedByCache).toBeNull();
    const [vm] = await series(METRICS_VIEWER_AZURE_VM, { entityId: "vm-busy", ...day });
    expect(vm.percentageCpu).toMatchObject(flat(98, 288));

    const [gce] = await series(METRICS_VIEWER_GCP, { entityId: "gce-app", ...day });
    expect(gce.memoryMbytesUsed!.avg).toBeCloseTo(0.6 * 8192, 9);
    expect(gce.memoryBytesUsed!.avg).toBeCloseTo(0.6 * GIB8, 3);
    expect(gce).toMatchObject({ cpuUtilization: flat(60, 288), diskReadOpsCount: flat(5, 288), networkReceivedBytesCount: CYCLE, networkIoThroughput: { avg: 3750 } });
    expect(gce.networkSentPacketsCount).toBeNull();
  });

  it("peeks at the last 90 days: the first and last bucket, and the metrics with all six statistics", async () => {
    const idle = await peek(MV_AWS_EC2_PEEK, { entityId: "i-idle" });
    expect(idle).toMatchObject({ entityId: "i-idle", earliestTimeBucket: iso(CREATED), latestTimeBucket: iso(NOW - STEP) });
    expect(idle.cpuUtilization).toEqual({ ...flat(1, 60 * 288), total: 60 * 288 });
    // No memory agent: no memory chart; nor for what is not measured.
    expect(idle.memoryUsedPercent).toBeNull();
    expect(idle.availableMetrics).toEqual(["cpuUtilization", "cpuUtilizationMax", "diskOps", "diskRead", "diskWrite", "networkIn", "networkOut", "networkPackets", "networkThroughput"]);
    expect((await peek(MV_AWS_EC2_PEEK, { entityId: "i-old" })).availableMetrics).toContain("memoryUsedPercent");
    const asg = await peek(MV_AWS_ASG_PEEK, { entityId: "asg-web", startDate: iso(NOW - DAY) });
    expect(asg.earliestTimeBucket).toBe(iso(NOW - DAY));
    expect(asg.groupInServiceInstances).toMatchObject(flat(4, 288));
    expect(asg.availableMetrics).toEqual(expect.arrayContaining(["groupInServiceInstances", "groupMinSize", "groupMaxSize", "groupTotalInstances", "runningInstancesCalculated"]));
    expect((await peek(MV_AWS_RDS_PEEK, { entityId: "db-big" })).availableMetrics).toContain("freeableMemory");
    expect((await peek(MV_AZURE_VM_PEEK, { entityId: "vm-busy" })).availableMetrics).not.toContain("memoryCommitted");
    const empty = await peek(MV_GCP_CE_PEEK, { entityId: "gce-app", startDate: iso(NOW + DAY), endDate: iso(NOW + 2 * DAY) });
    expect(empty).toMatchObject({ earliestTimeBucket: null, latestTimeBucket: null, availableMetrics: [], cpuUtilization: null });
    expect(await failure(MV_GCP_CE_PEEK, { entityId: "gce-app", startDate: iso(TODAY - 91 * DAY) })).toBe(
      `Validation Error: History is kept for the last 90 days: startDate must be ${iso(TODAY - 90 * DAY)} or later.`,
    );
  });

  it("answers a cloud service's workload charts in the spec's order with its rows and limits", async () => {
    const charts = async (entityId: string, repCode?: string[]) =>
      (await ask(GET_CLOUD_WORKLOAD_CHART_DATA, { entityId, ...(repCode ? { repCode } : {}) }, "metrics-viewer")).getWorkloadChartData!;
    const keep = await charts("gce-app");
    expect(keep.map((c) => c.title)).toEqual([
      "CPU Utilization (Current)",
      "CPU Utilization (Recommended)",
      "Memory Utilization (Current)",
      "Memory Utilization (Recommended)",
      "CPU Utilization - Busiest Day",
    ]);
    const [cpu, cpuRec, mem] = keep;
    expect(cpu).toMatchObject({ metric: "cpu", yAxisLabel: "%", unit: "%", isRecommendation: false, sustainedLimit: 80, peakLimit: 100, averageLimit: 60, upperLimit: 100, lowerLimit: 0, asgCpuLimit: null });
    expect(cpu.rows).toHaveLength(24);
    expect(cpu.rows![7]).toEqual({ hour: 7, low: 60, q1: 60, median: 60, q3: 60, high: 60, weight: 1 });
    expect(cpu.data[7]).toEqual({ hour: 7, min: 60, sustained: 60, peak: 60, avg: null });
    expect(cpuRec).toMatchObject({ isRecommendation: true, averageLimit: 60 });
    expect(mem).toMatchObject({ memLimit: 83.33, memStrategy: "Peak", averageLimit: 60 });

    const group = await charts("asg-web");
    expect(group.map((c) => c.metric)).toEqual(["cpu", "cpuRecommended", "memory", "memoryRecommended", "inService", "busiestDayCpu"]);
    const inService = group[4];
    expect(inService).toMatchObject({ title: "In-Service Instances", yAxisLabel: "Instances", lowerLimit: 4, upperLimit: 8 });
    expect(inService.rows![0]).toMatchObject({ low: 4, high: 4 });
    // Downscale from 4 to 2 instances: the same work on half the instances.
    expect(group[1].rows![0]).toMatchObject({ low: 16, high: 16 });
    expect(group[0]).toMatchObject({ asgCpuLimit: 80, asgScoringStrategy: "Sustained" });
    expect((await charts("asg-web", ["ASG_SA"])).map((c) => c.metric)).toEqual(["inService"]);
    expect((await charts("asg-web", ["ASG_RU"])).map((c) => c.metric)).toEqual(["cpu", "cpuRecommended", "memory", "memoryRecommended", "busiestDayCpu"]);
    expect(await charts("gce-app", ["ASG_SA"])).toEqual([]);
    expect(await charts("gce-app", ["REP_CONTAINER"])).toEqual([]);
    // Terminate: no recommended charts (and no memory agent: no memory charts); relearning: none at all.
    expect((await charts("i-idle")).map((c) => c.metric)).toEqual(["cpu", "busiestDayCpu"]);
    expect(await charts("i-new")).toEqual([]);
    expect((await ask(GET_CLOUD_WORKLOAD_CHART_DATA, { entityId: "nope" }, "metrics-viewer")).getWorkloadChartData).toBeNull();
  });

  it("answers the Catalog Map's domain and processor features per service type", async () => {
    const ec2 = (await ask(ANALYSIS_DOMAIN, { serviceType: "EC2" }, "instance-type-analysis")).analysisDomain;
    const m5 = ec2.find((d) => d.axis === "x" && d.label === "m5")!;
    expect(m5).toMatchObject({ serviceType: "EC2", axisKey: "m5", processorFeature: "Intel", exotic: false });
    expect(JSON.parse(m5.instanceSizes)).toMatchObject({ large: "m5.large", xlarge: "m5.xlarge" });
    const large = ec2.find((d) => d.axis === "y" && d.label === "large")!;
    expect(large.processorFeature).toBeNull();
    expect(JSON.parse(large.instanceSizes)).toMatchObject({ m5: "m5.large", t3: "t3.large" });
    // Each axis is numbered from 0 in order.
    expect(ec2.filter((d) => d.axis === "x").map((d) => d.orderIndex)).toEqual([...Array(ec2.filter((d) => d.axis === "x").length).keys()]);
    const azure = (await ask(ANALYSIS_DOMAIN, { serviceType: "Azure" }, "instance-type-analysis")).analysisDomain;
    expect(azure.every((d) => d.serviceType === "VM")).toBe(true);
    expect(azure.some((d) => d.instanceTypes.includes("Standard_D2s_v5"))).toBe(true);
    expect((await ask(ANALYSIS_DOMAIN, { serviceType: "Compute Engine" }, "instance-type-analysis")).analysisDomain[0].serviceType).toBe("GCE");
    expect(await failure(ANALYSIS_DOMAIN, { serviceType: "Lambda" }, "instance-type-analysis")).toBe(
      "Validation Error: Unknown serviceType 'Lambda'; use EC2, ASG, RDS, Azure, VM, VMSS, GCP or GCE.",
    );

    const features = (await ask(PROCESSOR_FEATURE, { serviceType: "EC2" }, "dropdowns")).processorFeature;
    const graviton2 = features.find((f) => f.feature === "AWS Graviton2 Processor")!;
    expect(graviton2).toMatchObject({ serviceType: "EC2", supplier: "ARM" });
    expect(graviton2.instanceTypes).toContain("m6g.large");
    expect((await ask(PROCESSOR_FEATURE, { serviceType: "GCP" }, "dropdowns")).processorFeature.map((f) => f.feature)).toEqual(["AMD", "ARM", "Intel", "Other"]);
  });

  it("scores every type for a service, hiding the scores of Terminate", async () => {
    const score = async (entityId: string) => (await ask(ANALYSIS_SCORE, { entityId }, "instance-type-analysis")).analysisScore;
    const old = await score("i-old");
    expect(old).toMatchObject({ entityId: "i-old", mode: "BLENDED", updatedOn: iso(NOW) });
    const priorities = JSON.parse(old.transferPriorities!);
    expect(priorities["t4g.large"]).toEqual({
      generation_name: "t4g",
      instance_size: "large",
      strict_type: "t4g.large",
      blended_score: 100,
      cost: 49.06,
      compatibility: "Meets All Policies",
      cpu: 2,
      total_memory: 8,
    });
    // twice or five times the optimal price scores 75 or 60; the current type floor(50 + 50 × 49.06 / 60.74).
    expect(priorities["t3.large"].blended_score).toBe(90);
    expect(priorities["t3.nano"]).toMatchObject({ blended_score: 0, compatibility: "Insufficient Resources" });
    expect(priorities["hpc7a.12xlarge"]).toMatchObject({ blended_score: null, cost: null, compatibility: "Not available in region" });
    const idle = JSON.parse((await score("i-idle")).transferPriorities!);
    expect(Object.values(idle).every((p) => (p as { blended_score: number | null }).blended_score === null)).toBe(true);
    // Relearning: not scored until the new type has data.
    expect((await score("i-new")).transferPriorities).toBeNull();
    expect(await failure(ANALYSIS_SCORE, { entityId: "nope" }, "instance-type-analysis")).toBe("Not Found: There is no cloud service 'nope'.");
  });

  it("compares one type at a spend tolerance, in each band of the map", async () => {
    const info = async (instanceType: string, spendTolerance?: number, entityId = "i-old") =>
      (await ask(ANALYSIS_INSTANCE_INFO, { instanceType, entityId, ...(spendTolerance === undefined ? {} : { spendTolerance }) }, "instance-type-analysis"))
        .analysisInstanceInfoInstanceType;
    expect(await info("t4g.large")).toMatchObject({
      overallResult: "Meets All Policies",
      blendedScore: 100,
      cost: 49.06,
      recommendedInstanceCost: 49.06,
      savings: 11.68,
      withinSpendTolerance: true,
      technicallyCompatible: true,
      sufficientResources: true,
      architecture: "arm64",
      numCpus: 2,
      totalMemory: 8,
      generationName: "t4g",
      instanceSize: "large",
    });
    // The current type costs 60.74 / 49.06 = 1.24 × the optimal: outside 1.1 (the default) and 1.2, within 2 and unlimited.
    expect(await info("t3.large")).toMatchObject({ overallResult: "Outside Spend Tolerance", withinSpendTolerance: false, blendedScore: 90, savings: 0 });
    expect(await info("t3.large", 1.2)).toMatchObject({ overallResult: "Outside Spend Tolerance" });
    expect(await info("t3.large", 2)).toMatchObject({ overallResult: "Meets All Policies", withinSpendTolerance: true });
    expect(await info("t3.large", -1)).toMatchObject({ overallResult: "Meets All Policies", withinSpendTolerance: true });
    const small = (await info("t3.nano"))!;
    expect(small).toMatchObject({ overallResult: "Insufficient Resources", blendedScore: 0, sufficientResources: false });
    expect(small.sufficientResourceViolationDescriptions.length).toBeGreaterThan(0);
    const gpu = (await info("g4dn.xlarge"))!;
    expect(gpu).toMatchObject({ overallResult: "Technically Incompatible", technicallyCompatible: false, sufficientResources: true, gpuCount: 1 });
    expect(gpu.blendedScore).toBeGreaterThanOrEqual(1);
    expect(gpu.blendedScore).toBeLessThanOrEqual(49);
    expect(gpu.technicalCompatibleViolationDescriptions.length).toBeGreaterThan(0);
    expect(await info("hpc7a.12xlarge")).toMatchObject({ overallResult: "Not available in region", cost: null, blendedScore: null, withinSpendTolerance: false });
    // Terminate: no scores, no recommended cost; relearning: nothing to compare yet.
    expect(await info("m5.large", undefined, "i-idle")).toMatchObject({ blendedScore: null, recommendedInstanceCost: null, cost: 70.08 });
    expect(await info("m5.xlarge", undefined, "i-new")).toBeNull();
    expect(await failure(ANALYSIS_INSTANCE_INFO, { instanceType: "t3.large", entityId: "i-old", spendTolerance: 0.5 }, "instance-type-analysis")).toBe(
      "Validation Error: spendTolerance must be 1 or more, or negative for unlimited (got 0.5).",
    );
    expect(await failure(ANALYSIS_INSTANCE_INFO, { instanceType: "x9.huge", entityId: "i-old" }, "instance-type-analysis")).toBe(
      "Not Found: Instance type 'x9.huge' is not in the EC2 catalog of us-east-1 (service 'i-old').",
    );
  });

  it("answers one service's analysis result, checking the service type when given", async () => {
    const result = async (entityId: string, serviceType?: string) =>
      (await ask(GET_ENTITY_ANALYSIS_RESULTS, { entityId, ...(serviceType ? { serviceType } : {}) }, "entity")).getEntityAnalysisResultsById;
    expect(await result("i-old", "EC2")).toEqual({
      platform: "AWS",
      vmEntityId: "i-old",
      serviceType: "EC2",
      hostEntityId: "t3.large",
      regionId: "us-east-1",
      instanceType: "t3.large",
      cost: 60.74,
      recommendedHostEntityId: "t4g.large",
      recommendedRegionId: "us-east-1",
      recommendedInstanceType: "t4g.large",
      recommendedCost: 49.06,
      analysisScore: 90,
      observedUptime: 100,
      predictedUptime: 100,
      uptimeHours: 336,
      totalHours: 336,
      recommendationType: "Modernize",
      ageDaysInCloud: 60,
      blendedScore: 100,
      maxGroupSize: null,
      minGroupSize: null,
      recommendedMaxGroupSize: null,
      recommendedMinGroupSize: null,
      newEstimatedUptime: 100,
      scalingPolicy: null,
    });
    expect(await result("i-idle")).toMatchObject({ recommendationType: "Terminate", recommendedInstanceType: null, recommendedCost: null, analysisScore: null, blendedScore: null });
    expect(await result("vmss-api", "Azure")).toMatchObject({ recommendationType: "Upscale", minGroupSize: 2, maxGroupSize: 4, recommendedMinGroupSize: 5, recommendedMaxGroupSize: 5 });
    expect(await result("gce-app", "Compute Engine")).toMatchObject({ recommendationType: "Keep", platform: "GCP" });
    expect(await failure(GET_ENTITY_ANALYSIS_RESULTS, { entityId: "i-old", serviceType: "RDS" }, "entity")).toBe("Validation Error: 'i-old' is of service type EC2, not RDS.");
    expect(await failure(GET_ENTITY_ANALYSIS_RESULTS, { entityId: "nope" }, "entity")).toBe("Not Found: There is no cloud service 'nope'.");
  });
});
