import type { UtilisationSample } from "~/engine/source-contract";

/** A node's utilisation over a window, % of capacity (spec node fields), and the hours it has samples for. */
export interface NodeUtilisation {
  cpuUtilizationAvgPct: number;
  cpuUtilizationPeakPct: number;
  memUtilizationAvgPct: number;
  memUtilizationPeakPct: number;
  nodeHours: number;
}

/**
 * Average and peak of a node's samples. Peak is the highest sample, so pass raw 5-minute samples for the
 * spec's "highest 5-minute average". nodeHours = samples × stepMs. Null without samples: no made-up numbers.
 */
export function nodeUtilisation(samples: readonly UtilisationSample[], stepMs: number): NodeUtilisation | null {
  if (samples.length === 0) return null;
  let cpuSum = 0;
  let memSum = 0;
  let cpuPeak = -Infinity;
  let memPeak = -Infinity;
  for (const s of samples) {
    cpuSum += s.cpu;
    memSum += s.mem;
    cpuPeak = Math.max(cpuPeak, s.cpu);
    memPeak = Math.max(memPeak, s.mem);
  }
  return {
    cpuUtilizationAvgPct: cpuSum / samples.length,
    cpuUtilizationPeakPct: cpuPeak,
    memUtilizationAvgPct: memSum / samples.length,
    memUtilizationPeakPct: memPeak,
    nodeHours: (samples.length * stepMs) / 3_600_000,
  };
}
