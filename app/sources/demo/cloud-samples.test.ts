import { describe, expect, it } from "vitest";
import type { CloudSample } from "~/engine/cloud/types";
import { SAMPLE_STEP_MS } from "~/engine/source-contract";
import { groupSizeAt } from "./cloud-groups";
import { generateDemoFleet } from "./inventory";
import { createDemoSource } from "./source";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0); // a Wednesday
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK_AGO = NOW - 7 * DAY;
const source = createDemoSource({ seed: 42, size: 2000, now: NOW });
const inv = source.inventory();
const { cloud } = generateDemoFleet({ seed: 42, size: 2000, now: NOW });
const standalone = inv.cloudInstances.filter((i) => i.group_id === null);
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const storyOf = (id: string) => cloud.stories.get(id);

describe("cloud samples: a pure function of (seed, instance, time)", () => {
  const i = standalone.find((x) => storyOf(x.id) === "keep" && x.power_state === "running" && Date.parse(x.created_at!) < WEEK_AGO)!;

  it("returns the same samples from another source with the same seed, and a sub-window is a slice", () => {
    const a = source.cloudSamples(i.id, WEEK_AGO, NOW);
    expect(a).toHaveLength(7 * 288);
    expect(createDemoSource({ seed: 42, size: 2000, now: NOW }).cloudSamples(i.id, WEEK_AGO, NOW)).toEqual(a);
    expect(source.cloudSamples(i.id, NOW - DAY, NOW)).toEqual(a.slice(-288));
    expect(source.cloudSamples(i.id, WEEK_AGO + 123_456, NOW)[0].t).toBe(WEEK_AGO + SAMPLE_STEP_MS);
    expect(source.cloudSamples(i.id, NOW, NOW)).toEqual([]);
  });

  it("gives every field in range and consistent: peak over mean, packets and operations from bytes", () => {
    const bad: string[] = [];
    for (const x of inv.cloudInstances.slice(0, 60)) {
      for (const s of source.cloudSamples(x.id, NOW - DAY, NOW)) {
        const packetSize = (s.netInBytes + s.netOutBytes) / s.netPackets;
        const ok =
          s.t % SAMPLE_STEP_MS === 0 &&
          s.cpuPct >= 0 &&
          s.cpuPeakPct >= s.cpuPct &&
          s.cpuPeakPct <= 100 &&
          (s.memPct === null || (s.memPct > 0 && s.memPct <= 100)) &&
          s.netInBytes > 0 &&
          s.netOutBytes > 0 &&
          packetSize > 350 &&
          packetSize < 1500 &&
          s.diskWriteBytes / Math.max(0.1, s.diskWriteOps) < 40_000;
        if (!ok) bad.push(`${x.id} ${JSON.stringify(s)}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it("has no memory without an agent, and memory wherever it is monitored", () => {
    for (const x of inv.cloudInstances.slice(0, 80)) {
      const s = source.cloudSamples(x.id, NOW - DAY, NOW, HOUR);
      for (const p of s) expect(p.memPct === null).toBe(x.memory_metrics === 0);
    }
  });

  it("averages the 5-minute samples at a coarser step, keeping the highest 1-minute peak", () => {
    const raw = source.cloudSamples(i.id, NOW - DAY, NOW);
    const hourly = source.cloudSamples(i.id, NOW - DAY, NOW, HOUR);
    expect(hourly).toHaveLength(24);
    const hour = raw.slice(36, 48);
    const three = hourly[3];
    expect(three.t).toBe(NOW - DAY + 3 * HOUR);
    const keys = ["cpuPct", "memPct", "netPackets", "diskReadOps"] as const;
    for (const k of keys) expect(Math.abs(three[k]! - mean(hour.map((s) => s[k]!)))).toBeLessThanOrEqual(0.1);
    for (const k of ["netInBytes", "diskWriteBytes"] as const) expect(Math.abs(three[k] - mean(hour.map((s) => s[k])))).toBeLessThanOrEqual(1);
    expect(three.cpuPeakPct).toBe(Math.max(...hour.map((s) => s.cpuPeakPct)));
  });

  it("rejects a bad step and unknown ids", () => {
    expect(() => source.cloudSamples(i.id, WEEK_AGO, NOW, 60_000)).toThrow(/multiple of 300000/);
    expect(() => source.cloudSamples("i-0nope", WEEK_AGO, NOW)).toThrow(/Unknown cloud instance or scale group "i-0nope"/);
    expect(() => source.groupSizeSamples(i.id, WEEK_AGO, NOW)).toThrow(/Unknown scale group/);
  });

  it("keeps the old CPU and memory view (instanceSamples) in step with cloudSamples", () => {
    const s = source.cloudSamples(i.id, NOW - DAY, NOW, HOUR);
    expect(source.instanceSamples(i.id, NOW - DAY, NOW, HOUR)).toEqual(s.map((x) => ({ t: x.t, cpu: x.cpuPct, mem: x.memPct ?? 0 })));
  });
});

describe("cloud samples: when there are none", () => {
  it("has none before an instance was created", () => {
    const young = [...inv.cloudInstances].sort((a, b) => Date.parse(b.created_at!) - Date.parse(a.created_at!))[0];
    const created = Date.parse(young.created_at!);
    expect(created).toBeGreaterThan(NOW - 30 * DAY);
    const s = source.cloudSamples(young.id, NOW - 30 * DAY, NOW);
    expect(s.length).toBeGreaterThan(0);
    expect(s[0].t).toBeGreaterThanOrEqual(created);
    expect(s[0].t - created).toBeLessThan(SAMPLE_STEP_MS);
  });

  it("stops development instances at night and at weekends: uptime under 100 %, stopped now means no sample now", () => {
    const stopped = standalone.filter((x) => x.power_state === "stopped");
    expect(stopped.length).toBeGreaterThan(0);
    for (const x of stopped) {
      const week = source.cloudSamples(x.id, WEEK_AGO, NOW);
      expect(week.length / (7 * 288)).toBeLessThan(0.75);
      expect(week.length / (7 * 288)).toBeGreaterThan(0.2);
      expect(source.cloudSamples(x.id, NOW, NOW + SAMPLE_STEP_MS)).toEqual([]);
      const weekend = week.filter((s) => [0, 6].includes(new Date(s.t).getUTCDay()));
      expect(weekend.length).toBeLessThan(2 * 288 * 0.15); // a weekend in the region's time is mostly a UTC weekend
    }
  });

  it("gives a scale group's member samples only while it is in service, as many as the group's in-service count", () => {
    const group = inv.cloudGroups.find((g) => g.k8s_cluster === null && g.scaling_mode === "dynamic" && cloud.stories.get(g.id) === "keep")!;
    const sizes = source.groupSizeSamples(group.id, NOW - DAY, NOW);
    const counts = new Map<number, number>();
    const memberIds = inv.cloudInstances.filter((i) => i.group_id === group.id).map((i) => i.id);
    for (const id of memberIds) for (const s of source.cloudSamples(id, NOW - DAY, NOW)) counts.set(s.t, (counts.get(s.t) ?? 0) + 1);
    // Members in service now are all the inventory knows; earlier ones (scaled in since) are gone, so at most.
    for (const s of sizes) expect(counts.get(s.t) ?? 0).toBeLessThanOrEqual(s.inService);
    expect(counts.get(NOW - SAMPLE_STEP_MS)).toBe(sizes[sizes.length - 1].inService);
  });
});

describe("cloud samples: scale group size", () => {
  it("keeps desired between min and max, in service what was desired (new instances a step late), and averages", () => {
    for (const g of inv.cloudGroups) {
      const s = source.groupSizeSamples(g.id, WEEK_AGO, NOW);
      expect(s).toHaveLength(7 * 288);
      const bad = s.filter((x, n) => x.desired > x.max || x.desired < x.min || (n > 0 && x.inService !== Math.min(x.desired, s[n - 1].desired)));
      expect(bad, g.name).toEqual([]);
      const last = s[s.length - 1];
      expect(groupSizeAt(cloud.shapes.get(g.id)!, last.t / SAMPLE_STEP_MS)).toEqual(last);
      const hourly = source.groupSizeSamples(g.id, NOW - DAY, NOW, HOUR);
      expect(hourly[5].inService).toBeCloseTo(mean(s.slice(-288).slice(60, 72).map((x) => x.inService)), 2);
    }
  });

  it("follows a daily rhythm for an autoscaled group: more instances at its busy hours than at night", () => {
    const g = inv.cloudGroups.find((x) => cloud.stories.get(x.id) === "keep" && x.scaling_mode === "dynamic" && x.k8s_cluster === null)!;
    const s = source.groupSizeSamples(g.id, WEEK_AGO, NOW, HOUR);
    expect(Math.max(...s.map((x) => x.inService))).toBeGreaterThan(Math.min(...s.map((x) => x.inService)) + 0.9);
  });

  it("gives a group id the mean of its members (a group's per-instance CPU)", () => {
    const g = inv.cloudGroups.find((x) => x.in_service >= 2 && x.k8s_cluster === null)!;
    const group = source.cloudSamples(g.id, NOW - HOUR, NOW);
    const memberCpu = inv.cloudInstances.filter((i) => i.group_id === g.id).map((i) => mean(source.cloudSamples(i.id, NOW - HOUR, NOW).map((s) => s.cpuPct)));
    expect(Math.abs(mean(group.map((s) => s.cpuPct)) - mean(memberCpu)) / mean(memberCpu)).toBeLessThan(0.15);
  });

  it("gives the instances of a Kubernetes node group their node's CPU and memory", () => {
    const member = inv.cloudInstances.find((i) => cloud.nodeOf.has(i.id))!;
    const node = source.nodeSamples(cloud.nodeOf.get(member.id)!, NOW - DAY, NOW);
    const mine = source.cloudSamples(member.id, NOW - DAY, NOW);
    expect(mine.map((s) => [s.t, s.cpuPct, s.memPct])).toEqual(node.map((s) => [s.t, s.cpu, s.mem]));
    const groupMean: CloudSample[] = source.cloudSamples(member.group_id!, NOW - DAY, NOW);
    expect(groupMean).toHaveLength(288);
  });
});

describe("cloud samples: type changes", () => {
  it("shows a relearning service's utilisation on its previous type before the change", () => {
    const ids = [...cloud.stories].filter(([id, s]) => s === "relearning" && !cloud.shapes.has(id)).map(([id]) => id);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) {
      const i = standalone.find((x) => x.id === id)!;
      const at = Date.parse(i.instance_type_changed_at!);
      const before = source.cloudSamples(id, at - 7 * DAY, at, HOUR);
      const after = source.cloudSamples(id, at + HOUR, NOW, HOUR);
      const load = (s: CloudSample[]) => mean(s.map((x) => x.cpuPct));
      // The same work, measured against another type: CPU % scaled by the ratio of vCPUs.
      const cloudI = cloud.models.get(id)!;
      const ratio = cloudI.change!.cpuScale;
      expect(ratio).not.toBe(1);
      expect(load(before) / load(after)).toBeGreaterThan(ratio * 0.6);
      expect(load(before) / load(after)).toBeLessThan(ratio * 1.6);
    }
  });
});

describe("cloud samples of a large estate", () => {
  // Their speed is measured by bench/cloud.bench.ts, never by a timed unit test.
  it("gives 30 days of hourly samples for every instance of a 1,000-instance estate", () => {
    const big = createDemoSource({ seed: 8, size: 2000, now: NOW, cloudSize: 1000 });
    const ids = big.inventory().cloudInstances.map((i) => i.id);
    let points = 0;
    for (const id of ids) points += big.cloudSamples(id, NOW - 30 * DAY, NOW, HOUR).length;
    expect(points).toBeGreaterThan(500 * 720);
  });
});
