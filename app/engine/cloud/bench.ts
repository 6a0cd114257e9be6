/**
 * Micro-benchmark of the cloud engine (not a test; timings flake on shared machines). Run by hand:
 *
 *   npx tsx app/engine/cloud/bench.ts [--services 1000] [--rounds 3] [--days 14] [--stream]
 *
 * Builds a synthetic EC2 catalog of ~700 types (families × generations × variants × sizes, x86 and Arm, Windows
 * prices, burstable, accelerated, metal and exotic kinds) and N services with `days` of 5-minute samples each (a
 * daily cycle, noise, spikes; a fifth without memory agent, a fifth on Windows, a tenth scale groups with group
 * size samples, a twentieth idle), then times analyseCloudService over all of them, and separately the full
 * scoring of every catalog type (the Catalog Map's scores) and the folder summary. Prints services per second
 * (best round) of wall time and of this process's CPU time (steadier on a shared machine; CPU time includes the
 * garbage collector's helper threads), and the time 20,000 services would take. Generation is not timed.
 * --stream builds, analyses and drops one service at a time, as the analysis run does (a small heap, less GC).
 */
import { DAY_MS, STEP_MS } from "../containers/types";
import { CLOUD_DEFAULT_POLICY } from "../policy/cloud";
import { analyseCloudService, type CloudServiceAnalysis } from "./analyse";
import { prepareCloudCatalog } from "./catalog";
import { scoreCandidates } from "./score";
import { cloudFolderSummary } from "./summary";
import { candidate } from "./testing";
import type { CloudCandidate, CloudSample, CloudServiceInput, GroupSizeSample } from "./types";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const N = arg("services", 1000);
const ROUNDS = arg("rounds", 3);
const DAYS = arg("days", 14);
const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const SAMPLES = (DAYS * DAY_MS) / STEP_MS;

let seed = 42;
const rnd = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296);

function buildCatalog(): CloudCandidate[] {
  const out: CloudCandidate[] = [];
  const sizes: [string, number][] = [["large", 2], ["xlarge", 4], ["2xlarge", 8], ["4xlarge", 16], ["8xlarge", 32], ["12xlarge", 48], ["16xlarge", 64], ["24xlarge", 96]];
  const series: [string, number, number][] = [["m", 4, 0.048], ["c", 2, 0.0425], ["r", 8, 0.063], ["x", 16, 0.083], ["i", 8, 0.078], ["z", 8, 0.093]];
  for (const [s, gibPerVcpu, pricePerVcpu] of series) {
    for (let gen = 4; gen <= 8; gen++) {
      for (const variant of ["", "a", "i", "g", "d", "n"]) {
        if (out.length >= 660) break;
        const family = `${s}${gen}${variant}`;
        const arm = variant === "g";
        const genFactor = 1 - (gen - 4) * 0.04;
        for (const [size, vcpus] of sizes) {
          const price = Math.round(pricePerVcpu * vcpus * genFactor * (arm ? 0.8 : variant === "a" ? 0.9 : 1) * 10_000) / 10_000;
          out.push(
            candidate(`${family}.${size}`, vcpus, vcpus * gibPerVcpu, rnd() < 0.03 ? null : price, {
              architecture: arm ? "arm64" : "x86_64",
              processorSupplier: arm ? "ARM" : variant === "a" ? "AMD" : "Intel",
              windowsHourlyPrice: arm ? null : Math.round((price + 0.046 * vcpus) * 10_000) / 10_000,
              perfFactor: 1 + (gen - 5) * 0.08,
              networkGbps: vcpus >= 48 ? 25 : 10 + (variant === "n" ? 15 : 0),
              localStorageGb: variant === "d" ? vcpus * 37.5 : 0,
              exotic: s === "z" || s === "x",
            }),
          );
        }
      }
    }
  }
  for (const [size, vcpus] of [["medium", 2], ["large", 2], ["xlarge", 4], ["2xlarge", 8]] as const) {
    out.push(candidate(`t3.${size}`, vcpus, vcpus * 4, 0.0416 * (vcpus / 2) * (size === "medium" ? 0.5 : 1), { burstable: true }));
    out.push(candidate(`g5.${size}`, vcpus * 2, vcpus * 8, 1.006 * (vcpus / 2), { accelerated: true, gpus: 1, gpuModel: "NVIDIA A10G", gpuMemoryGiB: 24 }));
  }
  out.push(candidate("m5.metal", 96, 384, 4.608, { metal: true }));
  return out;
}

function buildService(i: number, types: CloudCandidate[]): CloudServiceInput {
  const base = 2 + rnd() * 60;
  const memBase = 10 + rnd() * 70;
  const amp = rnd() * 0.8;
  const phase = rnd() * 24;
  const noAgent = rnd() < 0.2;
  const idle = rnd() < 0.05;
  const group = i % 10 === 0;
  const samples: CloudSample[] = new Array(SAMPLES);
  const groupSizes: GroupSizeSample[] = [];
  const start = NOW - DAYS * DAY_MS;
  for (let k = 0; k < SAMPLES; k++) {
    const t = start + k * STEP_MS;
    const hour = (k / 12 + phase) % 24;
    const daily = Math.cos((2 * Math.PI * hour) / 24);
    const cpu = idle ? rnd() * 1.5 : Math.min(100, Math.max(0, base * (1 + amp * daily) * (0.85 + 0.3 * rnd()) * (rnd() < 0.003 ? 2.5 : 1)));
    samples[k] = {
      t,
      cpuPct: cpu,
      cpuPeakPct: Math.min(100, cpu * (1 + rnd() * 0.3)),
      memPct: noAgent ? null : Math.min(100, memBase * (1 + 0.05 * daily)),
      netInBytes: idle ? 10 : 1e5 * rnd(),
      netOutBytes: idle ? 10 : 1e5 * rnd(),
      netPackets: 100,
      diskReadBytes: 0,
      diskWriteBytes: 0,
      diskReadOps: 0,
      diskWriteOps: 0,
    };
    if (group) {
      const n = Math.max(1, Math.round(4 * (1 + amp * daily)));
      groupSizes.push({ t, inService: n, desired: n, min: 1, max: 8 });
    }
  }
  const priced = types.filter((c) => c.hourlyPrice !== null && !c.exotic);
  const type = priced[Math.floor(rnd() * priced.length)];
  return {
    facts: {
      id: `svc-${i}`,
      provider: "AWS",
      service: group ? "ASG" : "EC2",
      region: "us-east-1",
      instanceType: type.name,
      os: type.windowsHourlyPrice !== null && rnd() < 0.2 ? "Windows" : "Linux",
      createdMs: NOW - 365 * DAY_MS,
      typeChange: rnd() < 0.02 ? { atMs: NOW - rnd() * 3 * DAY_MS, fromType: "m5.large", toType: type.name } : null,
    },
    samples,
    groupSizes: group ? groupSizes : null,
    nowMs: NOW,
  };
}

const t0 = performance.now();
const types = buildCatalog();
const catalog = prepareCloudCatalog(types);
const tPrepared = performance.now();
const policy = CLOUD_DEFAULT_POLICY.values;
console.log(`catalog of ${types.length} types prepared in ${(tPrepared - t0).toFixed(1)} ms`);

if (process.argv.includes("--stream")) {
  // As the analysis run works: each service's samples are built, analysed and dropped, so the heap stays small.
  let wall = 0;
  let cpuMs = 0;
  for (let i = 0; i < N; i++) {
    const input = buildService(i, types);
    const s = performance.now();
    const c = process.cpuUsage();
    analyseCloudService(input, catalog, policy);
    const u = process.cpuUsage(c);
    wall += performance.now() - s;
    cpuMs += (u.user + u.system) / 1000;
  }
  console.log(
    `streamed: analyseCloudService ${wall.toFixed(1)} ms wall, ${cpuMs.toFixed(1)} ms CPU for ${N} → ` +
      `${Math.round((N / wall) * 1000).toLocaleString("en-US")} services/s wall, ${Math.round((N / cpuMs) * 1000).toLocaleString("en-US")} per CPU-second`,
  );
  process.exit(0);
}

const inputs = Array.from({ length: N }, (_, i) => buildService(i, types));
console.log(`built ${N} services × ${SAMPLES} samples in ${(performance.now() - tPrepared).toFixed(0)} ms (not timed below)`);
// Wall time and this process's CPU time: on a shared machine the CPU time is the steadier figure.
let best = Infinity;
let bestCpu = Infinity;
let results: CloudServiceAnalysis[] = [];
for (let r = 0; r < ROUNDS; r++) {
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  const out = new Array<CloudServiceAnalysis>(N);
  for (let i = 0; i < N; i++) out[i] = analyseCloudService(inputs[i], catalog, policy);
  const cpu = process.cpuUsage(cpu0);
  best = Math.min(best, performance.now() - start);
  bestCpu = Math.min(bestCpu, (cpu.user + cpu.system) / 1000);
  results = out;
}
const perSec = (N / best) * 1000;
const perCpuSec = (N / bestCpu) * 1000;
console.log(
  `analyseCloudService: best of ${ROUNDS} rounds ${best.toFixed(1)} ms wall, ${bestCpu.toFixed(1)} ms CPU for ${N} → ` +
    `${Math.round(perSec).toLocaleString("en-US")} services/s wall, ${Math.round(perCpuSec).toLocaleString("en-US")} per CPU-second` +
    ` (20,000 services ≈ ${(20_000 / perSec).toFixed(1)} s wall, ${(20_000 / perCpuSec).toFixed(1)} s of one core)`,
);

const counts: Record<string, number> = {};
for (const a of results) counts[a.result.recommendation] = (counts[a.result.recommendation] ?? 0) + 1;
console.log(`recommendations: ${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(", ")}`);

let scoreBest = Infinity;
const scratch = new Int16Array(types.length);
let scored = 0;
for (let r = 0; r < ROUNDS; r++) {
  const start = performance.now();
  scored = 0;
  for (const a of results) {
    if (!a.scoring) continue;
    scoreCandidates(a.scoring, scratch);
    scored++;
  }
  scoreBest = Math.min(scoreBest, performance.now() - start);
}
console.log(
  `scoreCandidates (every type, the Catalog Map): ${scored} services × ${types.length} types in ${scoreBest.toFixed(1)} ms` +
    ` → ${((scoreBest * 1000) / Math.max(1, scored)).toFixed(1)} µs per service`,
);

const s0 = performance.now();
const summary = cloudFolderSummary(results.map((a) => a.result));
console.log(
  `cloudFolderSummary of ${N}: ${(performance.now() - s0).toFixed(1)} ms (current $${summary.currentCost.toFixed(2)}, optimal $${summary.optimalCost.toFixed(2)})`,
);
console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
