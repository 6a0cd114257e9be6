/**
 * The learned 24-hour pattern (the "ML Model" charts; ANALYSIS.md): for each hour of day 0-23 (UTC), the box-plot
 * statistics of that hour's samples, weighted towards recent days by exponential decay,
 *   weight = 0.5 ^ (age in days / halfLifeDays),  age = (now − t) / 1 day,
 * so a sample a half-life old counts half as much as one taken now. The weighted quantiles are those of
 * weighted.ts (Min and Peak unweighted, Avg the weighted mean). Only samples in [fromMs, nowMs) count. Hours
 * without samples have null statistics (the chart leaves them out).
 */
import { DAY_MS, HOUR_MS, type BoxStats, type SampleColumns } from "./types";
import { weightedBoxStatsRange } from "./weighted";

export interface PatternRow {
  hour: number;
  stats: BoxStats | null;
}

export interface LearnedPattern {
  cpu: PatternRow[];
  mem: PatternRow[];
}

/** Hour of day (UTC) of t; floor arithmetic instead of a float modulo, which is several times slower. */
const hourOf = (t: number) => Math.floor((t - Math.floor(t / DAY_MS) * DAY_MS) / HOUR_MS);

/** Pattern of the samples in [fromMs, nowMs) (fromMs defaults to all history given). */
export function learnedPattern(samples: SampleColumns, nowMs: number, halfLifeDays = 7, fromMs = -Infinity): LearnedPattern {
  if (!(halfLifeDays > 0)) throw new RangeError(`halfLifeDays must be positive (got ${halfLifeDays})`);
  const { t, cpu, mem } = samples;
  const n = t.length;
  const start = new Int32Array(25);
  const hours = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (t[i] < nowMs && t[i] >= fromMs) {
      const h = hourOf(t[i]);
      hours[i] = h;
      start[h + 1]++;
    }
  }
  for (let h = 0; h < 24; h++) start[h + 1] += start[h];
  const total = start[24];
  const cpuV = new Float64Array(total);
  const memV = new Float64Array(total);
  const weight = new Float64Array(total);
  const fill = start.slice(0, 24);
  const decay = Math.LN2 / (halfLifeDays * DAY_MS);
  for (let i = 0; i < n; i++) {
    const ti = t[i];
    if (ti >= nowMs || ti < fromMs) continue;
    const j = fill[hours[i]]++;
    cpuV[j] = cpu[i];
    memV[j] = mem[i];
    weight[j] = Math.exp(-(nowMs - ti) * decay);
  }
  const rows = (values: Float64Array): PatternRow[] => {
    const out: PatternRow[] = new Array(24);
    for (let hour = 0; hour < 24; hour++) out[hour] = { hour, stats: weightedBoxStatsRange(values, weight, start[hour], start[hour + 1]) };
    return out;
  };
  return { cpu: rows(cpuV), mem: rows(memV) };
}
