/**
 * Workload charts and container history over real HTTP (service paths metrics-viewer and containers) on every
 * store: a small demo fleet is collected and analysed, then getWorkloadChartData and metricsViewerContainers are
 * checked against the demo source's own samples (the learned pattern and bucket statistics recomputed here), the
 * analysis row's requests and limits, bucket counts per interval and the argument rules (five-minute history at
 * most 7 days, UTC only, known intervals and report codes).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getStore } from "~/db/db.server";
import { runAnalysis } from "~/analysis/run.server";
import { boxStats, learnedPattern, toColumns } from "~/engine/containers";
import { containerById } from "~/models/container-grid.server";
import { type ContainerRow } from "~/models/container-rows.server";
import { createDemoSource, type DemoSource } from "~/sources/demo";
import { runDemoCollection } from "~/sources/collect.server";
import { GET_WORKLOAD_CHART_DATA, METRICS_VIEWER_CONTAINERS, type MetricsViewerVariables } from "../graphql-operations/metrics";
import type { ResultOf, TypedDocument } from "~/graphql/operations/typed-document";
import { TEST_STORES } from "./stores";
import { startApi, type Api } from "./graphql-harness";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOW = Date.UTC(2026, 5, 10, 13, 25);
const SEED = 5;
const SIZE = 200;

describe.each(TEST_STORES)("workload charts and history over GraphQL on $name", (testStore) => {
  let api: Api;
  let demo: DemoSource;
  /** An analysed, long-running container with restarts in the window, and one without. */
  let busy: ContainerRow;
  let calm: ContainerRow;

  const ask = <D extends TypedDocument<any, any>>(doc: D, variables: D extends TypedDocument<any, infer V> ? V : never, service = "metrics-viewer") =>
    api.data(api.analyst, doc.document, variables as Record<string, unknown>, service) as Promise<ResultOf<D>>;
  const failure = async (doc: TypedDocument<any, any>, variables: object) => {
    const answer = await api.gql(api.analyst, doc.document, variables as Record<string, unknown>, "metrics-viewer");
    expect(answer.body.errors?.length, JSON.stringify(answer.body.data)).toBeGreaterThan(0);
    return answer.body.errors![0].message;
  };
  const history = async (vars: MetricsViewerVariables) => (await ask(METRICS_VIEWER_CONTAINERS, vars)).metricsViewerContainers!;
  const iso = (ms: number) => new Date(ms).toISOString();

  beforeAll(async () => {
    api = await startApi(testStore);
    const store = await getStore();
    await runDemoCollection(store, { seed: SEED, size: SIZE, now: NOW });
    await runAnalysis(store, { workers: 0 });
    demo = createDemoSource({ seed: SEED, size: SIZE, now: NOW });
    const inventory = demo.inventory().containers;
    const old = inventory.filter((c) => Date.parse(c.first_seen) < NOW - 100 * DAY && c.pod_owner_kind === "Deployment");
    const rows = (await Promise.all(old.map((c) => containerById(api.db, c.id)))).filter((r): r is ContainerRow => !!r?.analysed);
    busy = rows.find((r) => r.restartsLast7Days > 0)!;
    calm = rows.find((r) => r.restartsLast7Days === 0)!;
    expect(busy, "a container with restarts").toBeDefined();
    expect(calm, "a container without restarts").toBeDefined();
  }, 120_000);
  afterAll(async () => {
    await api?.close();
  });

  it("answers the learned 24-hour pattern with the spec's chart fields, limits from the analysis and the source's statistics", async () => {
    const charts = (await ask(GET_WORKLOAD_CHART_DATA, { entityId: busy.entityId, repCode: ["REP_CONTAINER"] })).getWorkloadChartData!;
    expect(charts.map((c) => c.title)).toEqual([
      "CPU Utilization",
      "CPU Utilization - Recommended",
      "Memory Working Set",
      "Memory Working Set - Recommended",
      "Number of Containers",
      "Container Restarts",
    ]);
    const [cpu, cpuRec, mem, memRec, containers, restarts] = charts;
    expect(cpu).toMatchObject({ metric: "cpu", yAxisLabel: "CPU (mCores)", isRecommendation: false, lowerLimit: busy.existingCpuRequest, upperLimit: busy.existingCpuLimit });
    expect(cpuRec).toMatchObject({ isRecommendation: true, lowerLimit: busy.cpuRequest, upperLimit: busy.cpuLimit });
    expect(mem).toMatchObject({ metric: "memory", yAxisLabel: "Memory (MB)", lowerLimit: busy.existingMemRequest, upperLimit: busy.existingMemLimit });
    expect(memRec).toMatchObject({ isRecommendation: true, lowerLimit: busy.memRequest, upperLimit: busy.memLimit });
    for (const c of charts) expect(c.data.map((r) => r.hour)).toEqual([...Array(24).keys()]);

    // The same pattern from the source's own samples over the policy window (7 days for the demo policies).
    const samples = toColumns(demo.containerSamples(busy.entityId, NOW - 7 * DAY, NOW));
    const expected = learnedPattern(samples, NOW, 7, NOW - 7 * DAY);
    for (const hour of [0, 9, 17, 23]) {
      const got = cpu.data[hour];
      const want = expected.cpu[hour].stats!;
      expect(got.peak).toBe(want.peak);
      expect(got.min).toBe(want.min);
      expect(got.median).toBeCloseTo(want.median, 9);
      expect(got.avg).toBeCloseTo(want.avg, 9);
      expect(mem.data[hour].sustained).toBeCloseTo(expected.mem[hour].stats!.sustained, 9);
    }
    // A running Deployment: every 5-minute slot has its replicas running.
    const inv = demo.inventory().containers.find((c) => c.id === busy.entityId)!;
    expect(containers.data[12]).toMatchObject({ min: inv.replicas, peak: inv.replicas, avg: inv.replicas });
    // Restarts by hour of day add up to the restarts of the window's whole hours.
    const total = restarts.data.reduce((s, r) => s + (r.avg ?? 0) * 7, 0);
    expect(Math.round(total)).toBe(demo.containerEvents(busy.entityId, NOW - 7 * DAY + (HOUR - ((NOW - 7 * DAY) % HOUR)), NOW - (NOW % HOUR)).restarts);
  });

  it("leaves the restarts chart out when there were none, answers nothing for cloud report codes and null for an unknown entity", async () => {
    const calmCharts = (await ask(GET_WORKLOAD_CHART_DATA, { entityId: calm.entityId })).getWorkloadChartData!;
    expect(calmCharts.map((c) => c.metric)).not.toContain("restarts");
    expect(calmCharts.map((c) => c.metric)).toContain("containers");
    expect((await ask(GET_WORKLOAD_CHART_DATA, { entityId: calm.entityId, repCode: ["REP_CLOUD", "ASG_SA", "ASG_RU"] })).getWorkloadChartData).toEqual([]);
    expect((await ask(GET_WORKLOAD_CHART_DATA, { entityId: "no-such-container" })).getWorkloadChartData).toBeNull();
    expect(await failure(GET_WORKLOAD_CHART_DATA, { entityId: calm.entityId, repCode: ["REP_NODE"] })).toBe(
      "Validation Error: Unknown repCode 'REP_NODE'; use one of REP_CONTAINER, REP_CLOUD, ASG_SA, ASG_RU.",
    );
    // The containers service path answers the same call.
    const viaContainers = (await ask(GET_WORKLOAD_CHART_DATA, { entityId: calm.entityId }, "containers")).getWorkloadChartData!;
    expect(viaContainers).toEqual(calmCharts);
  });

  it("answers daily, hourly and 5-minute buckets aligned to UTC with the source's statistics and the request lines", async () => {
    const daily = await history({ entityId: busy.entityId, startDate: iso(NOW - 90 * DAY), endDate: iso(NOW), timeInterval: "DAY_1", rollupTimezone: "UTC" });
    expect(daily).toHaveLength(91); // a partial first day, 89 whole days and today so far
    expect(daily[0].auditUtcTimeBucket).toBe(iso(Math.floor((NOW - 90 * DAY) / DAY) * DAY));
    expect(daily.at(-1)!.auditUtcTimeBucket).toBe(iso(Math.floor(NOW / DAY) * DAY));
    const day = daily[50];
    const t0 = Date.parse(day.auditUtcTimeBucket);
    const raw = demo.containerSamples(busy.entityId, t0, t0 + DAY);
    const cpu = boxStats(raw.map((s) => s.cpu))!;
    expect(day.cpuUtilization.peak).toBe(cpu.peak);
    expect(day.cpuUtilization.avg).toBeCloseTo(cpu.avg, 9);
    expect(day.memoryWorkingSet.median).toBeCloseTo(boxStats(raw.map((s) => s.mem))!.median, 9);
    expect(day).toMatchObject({
      entityId: busy.entityId,
      vmmObjectId: busy.entityId,
      curReqLimFromMetrics: false,
      cPURequest: busy.existingCpuRequest,
      cPULimit: busy.existingCpuLimit,
      memoryRequest: busy.existingMemRequest,
      memoryLimit: busy.existingMemLimit,
      recommCPURequest: busy.cpuRequest,
      recommCPULimit: busy.cpuLimit,
      recommMemoryRequest: busy.memRequest,
      recommMemoryLimit: busy.memLimit,
    });
    const restartsThatDay = demo.containerEvents(busy.entityId, t0, t0 + DAY).restarts;
    expect(Math.round((day.numberOfRestarts.avg ?? 0) * 24)).toBe(restartsThatDay);

    const start = Math.floor(NOW / HOUR) * HOUR - 48 * HOUR;
    const hourly = await history({ entityId: busy.entityId, startDate: iso(start), endDate: iso(start + 48 * HOUR), timeInterval: "HOUR_1" });
    expect(hourly).toHaveLength(48);
    expect(hourly[1].auditUtcTimeBucket).toBe(iso(start + HOUR));
    expect(hourly[1].cpuUtilization.avg).toBeCloseTo(boxStats(demo.containerSamples(busy.entityId, start + HOUR, start + 2 * HOUR).map((s) => s.cpu))!.avg, 9);

    const fiveMin = await history({ entityId: busy.entityId, startDate: iso(NOW - 7 * DAY), endDate: iso(NOW), timeInterval: "MINUTE_5" });
    expect(fiveMin).toHaveLength(7 * 288);
    const last = fiveMin.at(-1)!;
    const sample = demo.containerSamples(busy.entityId, NOW - 300_000, NOW)[0];
    expect(last).toMatchObject({ auditUtcTimeBucket: iso(NOW - 300_000), cpuUtilization: { min: sample.cpu, peak: sample.cpu, avg: sample.cpu } });
    // Five-minute buckets only for the last 7 days: a 7-day range that starts 10 days back answers its last 4 days.
    const older = await history({ entityId: busy.entityId, startDate: iso(NOW - 10 * DAY), endDate: iso(NOW - 3 * DAY), timeInterval: "MINUTE_5" });
    expect(older).toHaveLength(4 * 288);
    expect(older[0].auditUtcTimeBucket).toBe(iso(NOW - 7 * DAY));
    expect(await history({ entityId: busy.entityId, startDate: iso(NOW - 14 * DAY), endDate: iso(NOW - 8 * DAY), timeInterval: "MINUTE_5" })).toEqual([]);
    // Nothing after the data's end; the default interval is DAY_1.
    expect(await history({ entityId: busy.entityId, startDate: iso(NOW + DAY), endDate: iso(NOW + 2 * DAY) })).toEqual([]);
    expect(await history({ entityId: busy.entityId, startDate: iso(NOW - 3 * DAY), endDate: iso(NOW) })).toHaveLength(4);
    expect(await history({ entityId: "no-such-container", startDate: iso(NOW - DAY), endDate: iso(NOW) })).toBeNull();
  });

  it("refuses five-minute history beyond 7 days, other zones than UTC, unknown intervals and reversed ranges", async () => {
    const vars = { entityId: busy.entityId, startDate: iso(NOW - 8 * DAY), endDate: iso(NOW) };
    expect(await failure(METRICS_VIEWER_CONTAINERS, { ...vars, timeInterval: "MINUTE_5" })).toBe(
      "Validation Error: Five-minute history is limited to the last 7 days; ask for at most 7 days or a coarser timeInterval.",
    );
    expect(await failure(METRICS_VIEWER_CONTAINERS, { ...vars, startDate: iso(NOW - 91 * DAY), timeInterval: "HOUR_1" })).toBe(
      "Validation Error: A HOUR_1 series covers at most 90 days; ask for a shorter range.",
    );
    expect(await failure(METRICS_VIEWER_CONTAINERS, { ...vars, rollupTimezone: "Europe/Paris" })).toBe("Validation Error: rollupTimezone must be UTC.");
    expect(await failure(METRICS_VIEWER_CONTAINERS, { ...vars, timeInterval: "WEEK_1" })).toBe("Validation Error: Unknown timeInterval 'WEEK_1'; use one of DAY_1, HOUR_1, MINUTE_5.");
    expect(await failure(METRICS_VIEWER_CONTAINERS, { ...vars, startDate: iso(NOW), endDate: iso(NOW - DAY) })).toBe("Validation Error: endDate must be after startDate.");
    expect(await failure(METRICS_VIEWER_CONTAINERS, { ...vars, startDate: "yesterday" })).toBe("Validation Error: startDate 'yesterday' is not an ISO-8601 date.");
  });
});
