/**
 * The estate's designed mix (cloud-stories.ts), checked with what an engine following ANALYSIS.md ("Cloud
 * instances") can compute from the samples alone: idle (peak CPU under 5 %, network under 2 KB/s), saturated,
 * over-provisioned and sized services, and scale groups held at min or pinned at max.
 */
import { describe, expect, it } from "vitest";
import type { CloudSample } from "~/engine/cloud/types";
import { TYPE_POOLS } from "./cloud-types";
import { STANDALONE_STORIES, type CloudStory } from "./cloud-stories";
import { generateDemoFleet, type DemoFleet } from "./inventory";
import { createDemoSource, type DemoSource } from "./source";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const FROM = NOW - 30 * DAY;

const p95 = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(0.95 * s.length))];
};

type Seen = "idle" | "saturated" | "over" | "sized" | "other";

/** What hourly samples say about a standalone service (after its latest type change, if any). */
function seen(s: CloudSample[]): Seen {
  const peak = Math.max(...s.map((x) => x.cpuPeakPct));
  const net = Math.max(...s.map((x) => x.netInBytes + x.netOutBytes));
  const cpu = p95(s.map((x) => x.cpuPct));
  const memory = s.filter((x) => x.memPct !== null).map((x) => x.memPct!);
  const mem = memory.length ? p95(memory) : null;
  if (peak < 5 && net < 2048) return "idle";
  if (cpu >= 85 || (mem !== null && mem >= 90)) return "saturated";
  if (cpu < 30 && (mem === null || mem < 40)) return "over";
  if (cpu >= 40 && cpu < 80 && (mem === null || (mem >= 40 && mem < 85))) return "sized";
  return "other";
}

const EXPECTED: Partial<Record<CloudStory, Seen>> = { terminate: "idle", upsize: "saturated", downsize: "over", keep: "sized", modernize: "sized", relearning: "sized" };

type GroupSeen = "idle" | "pinned at max" | "held at min" | "scaling" | "other";

function groupSeen(source: DemoSource, id: string, since: number): GroupSeen {
  const sizes = source.groupSizeSamples(id, Math.max(since, NOW - 7 * DAY), NOW);
  const open = sizes.filter((x) => x.max > 0);
  const atMax = open.filter((x) => x.inService === x.max).length / open.length;
  const atMin = open.filter((x) => x.inService === x.min).length / open.length;
  const s = source.cloudSamples(id, since, NOW, HOUR);
  const cpu = p95(s.map((x) => x.cpuPct));
  if (Math.max(...s.map((x) => x.cpuPeakPct)) < 5 && Math.max(...s.map((x) => x.netInBytes + x.netOutBytes)) < 2048) return "idle";
  if (atMax >= 0.25 && cpu >= 80) return "pinned at max";
  if (atMin >= 0.95 && cpu < 25 && open[0].min >= 3) return "held at min";
  if (atMax <= 0.02 && cpu >= 35 && cpu < 75) return "scaling";
  return "other";
}

const GROUP_EXPECTED: Partial<Record<CloudStory, GroupSeen>> = {
  terminate: "idle",
  upscale: "pinned at max",
  downscale: "held at min",
  keep: "scaling",
  modernize: "scaling",
  relearning: "scaling",
};

function check(fleet: DemoFleet, source: DemoSource) {
  const counts: Record<string, number> = {};
  const wrong: string[] = [];
  const byId = new Map(fleet.inventory.cloudInstances.map((i) => [i.id, i]));
  const groups = new Map(fleet.inventory.cloudGroups.map((g) => [g.id, g]));
  for (const [id, story] of fleet.cloud.stories) {
    const group = groups.get(id);
    counts[`${group ? "group" : "single"}:${story}`] = (counts[`${group ? "group" : "single"}:${story}`] ?? 0) + 1;
    if (story === "k8s") continue;
    const row = group ?? byId.get(id)!;
    const since = row.instance_type_changed_at && story === "relearning" ? Date.parse(row.instance_type_changed_at) + HOUR : FROM;
    const got = group ? groupSeen(source, id, since) : seen(source.cloudSamples(id, since, NOW, HOUR));
    const want = group ? GROUP_EXPECTED[story] : EXPECTED[story];
    if (got !== want) wrong.push(`${story} ${row.service} ${row.instance_type} ${id}: seen ${got}`);
    if (story === "modernize") expect(TYPE_POOLS[row.service as keyof typeof TYPE_POOLS].old).toContain(row.instance_type);
  }
  expect(wrong).toEqual([]);
  return counts;
}

describe("the demo cloud estate shows every recommendation", () => {
  it("at the default size: each designed story is what the samples say, in the designed proportions", () => {
    const fleet = generateDemoFleet({ seed: 42, size: 2000, now: NOW });
    const counts = check(fleet, createDemoSource({ seed: 42, size: 2000, now: NOW }));
    for (const kind of ["single:terminate", "single:modernize", "single:downsize", "single:upsize", "single:keep", "single:relearning", "group:downscale", "group:upscale", "group:keep", "group:k8s"]) {
      expect(counts[kind], kind).toBeGreaterThan(0);
    }
    const singles = Object.entries(counts).filter(([k]) => k.startsWith("single:"));
    const total = singles.reduce((s, [, n]) => s + n, 0);
    const weights = STANDALONE_STORIES.reduce((s, [, w]) => s + w, 0);
    for (const [story, w] of STANDALONE_STORIES) {
      // A binomial share of ~140 services: within 4 standard deviations of the designed one.
      const share = (counts[`single:${story}`] ?? 0) / total;
      const expected = w / weights;
      expect(Math.abs(share - expected), story).toBeLessThan(4 * Math.sqrt((expected * (1 - expected)) / total) + 0.01);
    }
  });

  it("at the smallest size too (40 instances)", () => {
    const fleet = generateDemoFleet({ seed: 9, size: 200, now: NOW });
    const counts = check(fleet, createDemoSource({ seed: 9, size: 200, now: NOW }));
    for (const kind of ["terminate", "modernize", "downsize", "upsize", "keep", "relearning"]) expect(counts[`single:${kind}`], kind).toBeGreaterThan(0);
    for (const kind of ["downscale", "upscale", "keep"]) expect(counts[`group:${kind}`], kind).toBeGreaterThan(0);
  });

  it("for other seeds and a larger estate, every group story included", () => {
    const fleet = generateDemoFleet({ seed: 5, size: 2000, now: NOW, cloudSize: 1500 });
    const counts = check(fleet, createDemoSource({ seed: 5, size: 2000, now: NOW, cloudSize: 1500 }));
    for (const kind of ["terminate", "modernize", "relearning", "keep", "downscale", "upscale"]) expect(counts[`group:${kind}`], kind).toBeGreaterThan(0);
  }, 30_000);
});
