/**
 * The learned 24-hour pattern of a cloud service (ANALYSIS.md "Learned 24-hour pattern"): CPU % and memory % per
 * hour of day, by the containers' learnedPattern (recency-weighted box-plot statistics, half-life from the
 * policy), plus the figures sizing reads from it:
 *
 * - sustained = the busiest hour's sustained value (the highest hourly p75): the level the instance must carry
 *   through its busiest hour of a predicted day. A whole-window p75 would undersize anything with a daily cycle.
 * - peak = the highest 5-minute (step) average of the window (Min and Peak are never weighted).
 * - average = the mean of the window's samples.
 * - active memory % = the memory metric of the policy: Peak (highest average in use) or Sustained (busiest hour's p75).
 *
 * Memory statistics exist only when the samples carry memory (an agent is installed); otherwise they are null.
 */
import type { CloudPolicyValues } from "../policy/cloud";
import { learnedPattern, type PatternRow } from "../containers/pattern";
import type { CloudWindow } from "./window";

export interface CloudPattern {
  cpu: PatternRow[];
  /** null without memory samples. */
  mem: PatternRow[] | null;
  sustainedCpuPct: number;
  peakCpuPct: number;
  avgCpuPct: number;
  minCpuPct: number;
  sustainedMemPct: number | null;
  peakMemPct: number | null;
  avgMemPct: number | null;
  /** The memory % sizing uses (policy memoryMetric); null without memory samples. */
  activeMemoryPct: number | null;
  /** Share of the window's days each hour of day ran (0–1): the rows' weight. */
  weightByHour: number[];
}

let ZEROS = new Float64Array(4096);
/**
 * A column of zeros for learnedPattern's second column when only one is wanted: sorting equal values is nearly
 * free, where passing the same column twice would sort it twice. Read-only, shared.
 */
export function zeros(n: number): Float64Array {
  if (ZEROS.length < n) ZEROS = new Float64Array(n * 2);
  return ZEROS;
}

function maxOf(rows: PatternRow[], key: "sustained" | "peak"): number {
  let m = -Infinity;
  for (const r of rows) if (r.stats && r.stats[key] > m) m = r.stats[key];
  return m;
}

/** The pattern of a window with samples; null when it has none. */
export function cloudPattern(w: CloudWindow, policy: Pick<CloudPolicyValues, "halfLifeDays" | "memoryMetric">): CloudPattern | null {
  if (w.count === 0) return null;
  const now = w.toMs;
  let cpu: PatternRow[];
  let mem: PatternRow[] | null = null;
  if (w.memCount === w.count) {
    const p = learnedPattern({ t: w.t, cpu: w.cpu, mem: w.mem }, now, policy.halfLifeDays, w.fromMs);
    cpu = p.cpu;
    mem = p.mem;
  } else {
    // Memory missing from some or all samples (no agent, or installed during the window): its own pass.
    cpu = learnedPattern({ t: w.t, cpu: w.cpu, mem: zeros(w.count) }, now, policy.halfLifeDays, w.fromMs).cpu;
    if (w.memCount > 0) mem = learnedPattern({ t: w.memT, cpu: w.mem, mem: zeros(w.memCount) }, now, policy.halfLifeDays, w.fromMs).cpu;
  }
  let peakMem: number | null = null;
  let sustainedMem: number | null = null;
  if (mem) {
    peakMem = maxOf(mem, "peak");
    sustainedMem = maxOf(mem, "sustained");
  }
  return {
    cpu,
    mem,
    sustainedCpuPct: maxOf(cpu, "sustained"),
    peakCpuPct: w.peakCpuPct!,
    avgCpuPct: w.avgCpuPct!,
    minCpuPct: w.minCpuPct!,
    sustainedMemPct: sustainedMem,
    peakMemPct: peakMem,
    avgMemPct: w.avgMemPct,
    activeMemoryPct: mem ? (policy.memoryMetric === "Peak" ? peakMem : sustainedMem) : null,
    weightByHour: Array.from(w.coverageByHour),
  };
}
