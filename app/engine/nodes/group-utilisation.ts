import type { UtilisationSample } from "~/engine/source-contract";

/** One node's samples with its capacity (mCores, MB), to weigh its percent by its size. */
export interface NodeSeries {
  capacityCpu: number;
  capacityMem: number;
  samples: readonly UtilisationSample[];
}

/** A node group's utilisation: % of the capacity running at each moment, and the same in mCores and MB used. */
export interface GroupUtilisation {
  avgCpuUtilization: number;
  peakCpuUtilization: number;
  avgMemUtilization: number;
  peakMemUtilization: number;
  /** mCores in use on average and at the peak moment. */
  avgCpuUsed: number;
  peakCpuUsed: number;
  /** MB in use on average and at the peak moment. */
  avgMemUsed: number;
  peakMemUsed: number;
}

interface Moment {
  cpuUsed: number;
  memUsed: number;
  cpuCap: number;
  memCap: number;
}

/**
 * The group as one machine: at each sample time t, used(t) = Σ pct × capacity over the nodes with a sample at t,
 * utilisation(t) = used(t) / Σ their capacity. Averages are over the times, peaks the highest time. So a group of
 * one busy small node and one idle large node is not "50 % busy", and the peak is of the group, not of its
 * busiest node. Null without samples.
 */
export function groupUtilisation(nodes: readonly NodeSeries[]): GroupUtilisation | null {
  const moments = new Map<number, Moment>();
  for (const node of nodes) {
    for (const s of node.samples) {
      const m = moments.get(s.t) ?? { cpuUsed: 0, memUsed: 0, cpuCap: 0, memCap: 0 };
      m.cpuUsed += (s.cpu / 100) * node.capacityCpu;
      m.memUsed += (s.mem / 100) * node.capacityMem;
      m.cpuCap += node.capacityCpu;
      m.memCap += node.capacityMem;
      moments.set(s.t, m);
    }
  }
  if (moments.size === 0) return null;
  const pct = (used: number, cap: number) => (cap > 0 ? (used / cap) * 100 : 0);
  let sums = { cpuPct: 0, memPct: 0, cpuUsed: 0, memUsed: 0 };
  let peaks = { cpuPct: 0, memPct: 0, cpuUsed: 0, memUsed: 0 };
  for (const m of moments.values()) {
    const cpuPct = pct(m.cpuUsed, m.cpuCap);
    const memPct = pct(m.memUsed, m.memCap);
    sums = { cpuPct: sums.cpuPct + cpuPct, memPct: sums.memPct + memPct, cpuUsed: sums.cpuUsed + m.cpuUsed, memUsed: sums.memUsed + m.memUsed };
    peaks = {
      cpuPct: Math.max(peaks.cpuPct, cpuPct),
      memPct: Math.max(peaks.memPct, memPct),
      cpuUsed: Math.max(peaks.cpuUsed, m.cpuUsed),
      memUsed: Math.max(peaks.memUsed, m.memUsed),
    };
  }
  const n = moments.size;
  return {
    avgCpuUtilization: sums.cpuPct / n,
    peakCpuUtilization: peaks.cpuPct,
    avgMemUtilization: sums.memPct / n,
    peakMemUtilization: peaks.memPct,
    avgCpuUsed: sums.cpuUsed / n,
    peakCpuUsed: peaks.cpuUsed,
    avgMemUsed: sums.memUsed / n,
    peakMemUsed: peaks.memUsed,
  };
}
