/**
 * The stories the demo's cloud services tell: each analysed service (a standalone instance, or a scale group as a
 * whole) is drawn with the recommendation a cloud engine following ANALYSIS.md ("Cloud instances") should reach,
 * and its load is shaped so that the samples say so.
 *
 * The designed mix, per analysed service (weights; the first services of every estate are forced so that even
 * the smallest one has each kind, FORCED_SERVICES in cloud.ts):
 *
 *   standalone (EC2, RDS, Azure VM, Compute Engine)        scale groups (ASG, VMSS)
 *   keep        34  sustained CPU 45–75 %, memory 45–75 %    keep        34  autoscaled between min and max, never at max
 *   downsize    24  CPU p95 under 25 %, memory under 35 %     downscale   20  held at min (= desired, max 2x), 5–12 % CPU
 *   modernize   12  keep's load on m4, c4, t2, r4, db.m4,     upscale     16  at max the busy half of the day, 90–100 % CPU
 *                   Standard_D*s_v3 or n1 (the newer same     modernize   10  keep's pattern on m4, c4 or Standard_D*s_v3
 *                   size is cheaper)                          terminate    8  a fixed one or two idle instances
 *   terminate    9  peak CPU under 5 %, network under 2 KB/s  relearning   7  keep's pattern, type changed 1–3 days ago
 *   upsize       8  CPU pinned near 100 % (or memory over
 *                   90 % where an agent reports it)
 *   relearning   6  keep's load, type changed 1–3 days ago
 *                   (before: a larger or older type)
 *
 * Besides: a few groups are the ASGs and scale sets behind small EKS and AKS node groups ("k8s": their CPU and
 * memory are their nodes', cloud-k8s.ts); about 10 % of the others changed type long ago (45–400 days); dev
 * accounts stop most standalone instances outside office hours and scale half their scale groups to zero.
 */
import type { CloudService } from "~/engine/source-contract";
import { cloudLoad, type CloudLoad } from "./cloud-samples";
import type { GroupShape } from "./cloud-groups";
import type { TypePool } from "./cloud-types";
import { dailyPhase, type DailyPhase, type OfficeHours } from "./cloud-rhythm";
import { REGION_PEAK_HOUR_UTC } from "./names";
import type { Rng } from "./random";

export type CloudStory = "keep" | "downsize" | "modernize" | "terminate" | "upsize" | "relearning" | "downscale" | "upscale" | "k8s";

export const STANDALONE_STORIES: readonly (readonly [CloudStory, number])[] = [
  ["keep", 34],
  ["downsize", 24],
  ["modernize", 12],
  ["terminate", 9],
  ["upsize", 8],
  ["relearning", 6],
];

export const GROUP_STORIES: readonly (readonly [CloudStory, number])[] = [
  ["keep", 34],
  ["downscale", 20],
  ["upscale", 16],
  ["modernize", 10],
  ["terminate", 8],
  ["relearning", 7],
];

/** The recommendation a story should end in once learned (k8s groups follow their nodes: not designed). */
export const STORY_RECOMMENDATION: Record<CloudStory, string | null> = {
  keep: "Keep",
  downsize: "Downsize",
  modernize: "Modernize",
  terminate: "Terminate",
  upsize: "Upsize",
  relearning: "Keep",
  downscale: "Downscale",
  upscale: "Upscale",
  k8s: null,
};

export function typePoolOf(story: CloudStory): TypePool {
  return story === "downsize" ? "large" : story === "upsize" ? "small" : story === "modernize" ? "old" : "current";
}

/** Of every 100 instances (members counted), about how many each service has. */
export const SERVICE_WEIGHTS: readonly (readonly [CloudService, number])[] = [
  // Per choice; a scale group brings several instances at once, so its weight is its share divided by about 6.
  ["EC2", 30],
  ["RDS", 12],
  ["ASG", 3.3],
  ["VM", 18],
  ["VMSS", 1.7],
  ["GCE", 10],
];

/** Shares of standalone instances running Windows, by service (x86 types with a Windows price only). */
export const WINDOWS_SHARE: Record<CloudService, number> = { EC2: 0.15, RDS: 0, ASG: 0.05, VM: 0.45, VMSS: 0.2, GCE: 0.08 };
/**
 * Shares with memory in their monitor: EC2 and Compute Engine report it only with an agent installed (the CloudWatch
 * agent, the Ops Agent); Azure reports Available Memory Bytes and RDS Freeable Memory for every instance.
 */
export const MEMORY_METRICS_SHARE: Record<CloudService, number> = { EC2: 0.55, RDS: 1, ASG: 0.5, VM: 1, VMSS: 1, GCE: 0.6 };
/** Share of Linux services on an arm64 type where the pool offers one. */
export const ARM_SHARE = 0.25;
/** Share of dev-account standalone instances stopped outside office hours, and of dev scale groups scaled to zero. */
export const OFFICE_HOURS_SHARE = 0.6;
export const SCHEDULED_GROUP_SHARE = 0.5;
/** Share of services whose type changed long ago (45–400 days). */
export const OLD_CHANGE_SHARE = 0.1;

export function peakHourOf(r: Rng, region: string): number {
  return (REGION_PEAK_HOUR_UTC[region] ?? 15) + r.range(-2, 2);
}

type Traffic = Pick<
  CloudLoad,
  "netFloor" | "netPerPct" | "netOutRatio" | "packetBytes" | "diskFloor" | "diskReadPerPct" | "diskWritePerPct" | "readIoBytes" | "writeIoBytes"
>;
type Pattern = Pick<CloudLoad, "cpuBase" | "dailyAmp" | "weekendDip" | "noise" | "spikeP" | "burst" | "memBase" | "memDailyAmp">;

/**
 * Network and disk traffic of a service: idle ones barely talk (under 50 bytes/s in and out together, so no day
 * moves 5 MB: Compute Optimizer's idle rule, which the engine's policy follows); databases read and write the most.
 */
function traffic(r: Rng, service: CloudService, idle: boolean): Traffic {
  const db = service === "RDS";
  return {
    netFloor: idle ? r.range(3, 12) : r.range(4_000, 40_000),
    netPerPct: idle ? r.range(0.5, 2) : r.range(2_000, db ? 15_000 : 40_000),
    netOutRatio: r.range(0.6, 2.5),
    packetBytes: r.range(400, 1_400),
    diskFloor: idle ? r.range(600, 3_000) : r.range(10_000, 80_000),
    diskReadPerPct: idle ? 0 : r.range(db ? 40_000 : 2_000, db ? 200_000 : 30_000),
    diskWritePerPct: idle ? 2 : r.range(db ? 20_000 : 1_000, db ? 90_000 : 20_000),
    readIoBytes: r.range(16_384, 65_536),
    writeIoBytes: r.range(8_192, 32_768),
  };
}

// One literal, no spreads: thousands of these are made per estate, and spread copies are slow to build.
function loadOf(entity: number, phase: DailyPhase, t: Traffic, p: Pattern): CloudLoad {
  return cloudLoad({
    entity,
    cosPeak: phase.cosPeak,
    sinPeak: phase.sinPeak,
    cpuBase: p.cpuBase,
    dailyAmp: p.dailyAmp,
    weekendDip: p.weekendDip,
    noise: p.noise,
    spikeP: p.spikeP,
    burst: p.burst,
    memBase: p.memBase,
    memDailyAmp: p.memDailyAmp,
    netFloor: t.netFloor,
    netPerPct: t.netPerPct,
    netOutRatio: t.netOutRatio,
    packetBytes: t.packetBytes,
    diskFloor: t.diskFloor,
    diskReadPerPct: t.diskReadPerPct,
    diskWritePerPct: t.diskWritePerPct,
    readIoBytes: t.readIoBytes,
    writeIoBytes: t.writeIoBytes,
  });
}

/** The CPU and memory pattern of a standalone instance telling `story`, in % of its type. */
function pattern(r: Rng, story: CloudStory, memoryMetrics: boolean, dip: number): Pattern {
  const mem = (lo: number, hi: number) => (memoryMetrics ? r.range(lo, hi) : null);
  if (story === "terminate") {
    return { cpuBase: r.range(0.3, 1.1), dailyAmp: r.range(0, 0.1), weekendDip: 0, noise: 0.05, spikeP: 0, burst: 0.3, memBase: mem(8, 25), memDailyAmp: 0.01 };
  }
  if (story === "downsize") {
    return { cpuBase: r.range(4, 10), dailyAmp: r.range(0.2, 0.5), weekendDip: dip, noise: r.range(0.05, 0.15), spikeP: r.range(0.0005, 0.003), burst: r.range(0.5, 1.5), memBase: mem(10, 30), memDailyAmp: r.range(0.01, 0.05) };
  }
  if (story === "upsize") {
    if (memoryMetrics && r.chance(0.35)) {
      return { cpuBase: r.range(36, 46), dailyAmp: r.range(0.2, 0.4), weekendDip: dip, noise: r.range(0.04, 0.1), spikeP: r.range(0, 0.002), burst: r.range(0.3, 1), memBase: r.range(91, 96), memDailyAmp: 0.01 };
    }
    return { cpuBase: r.range(76, 88), dailyAmp: r.range(0.1, 0.25), weekendDip: r.range(0, 0.1), noise: r.range(0.04, 0.1), spikeP: 0, burst: 0.3, memBase: mem(45, 80), memDailyAmp: r.range(0.01, 0.05) };
  }
  // keep, modernize, relearning: used about as sized (the busy hours at 45–70 %).
  return { cpuBase: r.range(36, 46), dailyAmp: r.range(0.2, 0.4), weekendDip: dip, noise: r.range(0.04, 0.12), spikeP: r.range(0, 0.002), burst: r.range(0.3, 1), memBase: mem(45, 72), memDailyAmp: r.range(0.01, 0.05) };
}

/**
 * The load of a standalone instance telling `story`; `memoryMetrics` false gives memBase null. A saturated
 * (upsize) service is CPU-bound, or memory-bound where memory is reported.
 */
export function standaloneLoad(r: Rng, entity: number, service: CloudService, region: string, story: CloudStory, memoryMetrics: boolean, env: string): CloudLoad {
  const phase = dailyPhase(peakHourOf(r, region));
  const dip = env === "prod" ? r.range(0.05, 0.25) : r.range(0.2, 0.5);
  const t = traffic(r, service, story === "terminate");
  return loadOf(entity, phase, t, pattern(r, story, memoryMetrics, dip));
}

/** A scale group's members' load pattern (their CPU comes from the group's load, GroupShape; memory peaks with it). */
export function memberLoad(r: Rng, entity: number, service: CloudService, story: CloudStory, memoryMetrics: boolean, phase: DailyPhase): CloudLoad {
  const idle = story === "terminate";
  const t = traffic(r, service, idle);
  return loadOf(entity, phase, t, {
    cpuBase: 0,
    dailyAmp: 0,
    weekendDip: 0,
    noise: idle ? 0.05 : r.range(0.04, 0.1),
    spikeP: idle ? 0 : r.range(0, 0.002),
    burst: idle ? 0.3 : r.range(0.3, 1),
    memBase: memoryMetrics ? (idle ? r.range(8, 25) : r.range(40, 70)) : null,
    memDailyAmp: r.range(0.01, 0.04),
  });
}

/**
 * A scale group's size settings and load telling `story`. `small` keeps the group within a few instances (the
 * smallest estates).
 */
export function groupShape(r: Rng, entity: number, region: string, story: CloudStory, createdMs: number, hours: OfficeHours | null, small: boolean, env: string): GroupShape {
  const phase = dailyPhase(peakHourOf(r, region));
  const dip = env === "prod" ? r.range(0.05, 0.25) : r.range(0.2, 0.5);
  const common = { entity, ...phase, createdMs, hours: null as OfficeHours | null, weekendDip: dip };
  if (story === "downscale") {
    const min = small ? r.int(3, 4) : r.int(4, 10);
    return { ...common, min, max: min * 2, fixed: r.chance(0.5) ? min : null, target: r.range(45, 60), load: min * r.range(5, 12), dailyAmp: r.range(0.2, 0.4) };
  }
  if (story === "upscale") {
    const max = small ? r.int(3, 4) : r.int(3, 8);
    const target = r.range(62, 70);
    const amp = r.range(0.4, 0.6);
    // The daily peak asks for 1.45–1.8x max instances: for the busy half of the day the group sits at max, its
    // instances at 90–100 %.
    return { ...common, min: Math.min(2, max - 1), max, fixed: null, target, load: (max * target * r.range(1.45, 1.8)) / (1 + amp), dailyAmp: amp, weekendDip: r.range(0, 0.15) };
  }
  if (story === "terminate") {
    const n = r.int(1, 2);
    return { ...common, min: n, max: n, fixed: n, target: 50, load: n * r.range(0.3, 1.1), dailyAmp: r.range(0, 0.1), weekendDip: 0 };
  }
  // keep, modernize, relearning: the daily peak needs 50–75 % of max; nights sit at min.
  const min = small ? 1 : r.int(2, 4);
  const max = small ? 4 : min * r.int(3, 5);
  const target = r.range(45, 60);
  const amp = r.range(0.3, 0.6);
  // Headroom: the busiest hour, drift included, stays a whole instance under max.
  const peak = small ? r.range(0.45, 0.65) : r.range(0.5, 0.75);
  return { ...common, min, max, fixed: null, target, load: (max * target * peak) / (1 + amp), dailyAmp: amp, hours };
}
