/**
 * How a node group's series sums (GroupSeriesSums) are kept with a snapshot, small: the used CPU and memory per
 * time as float32 (a chart's precision; 69 kB for 30 days at 5 minutes), and the rest (capacity, allocatable and
 * node count) as runs, since they change only when a node joins or leaves: one run for a group whose nodes all
 * ran the whole window. 602 groups at 500,000 containers keep ~42 MB, not the ~290 MB of the sums themselves.
 */
import { GroupSeriesSums } from "./series";

export interface PackedGroupSeries {
  startMs: number;
  stepMs: number;
  slots: number;
  /** cpuUsed then memUsed, `slots` each. */
  used: Float32Array;
  /** Runs of six: the first slot, then cpuCap, memCap, cpuAlloc, memAlloc and nodes from that slot on. */
  runs: Float64Array;
}

const RUN = 6;

export function packGroupSeries(sums: GroupSeriesSums): PackedGroupSeries {
  const { slots, cpuUsed, memUsed, cpuCap, memCap, cpuAlloc, memAlloc, nodes } = sums;
  const used = new Float32Array(2 * slots);
  used.set(cpuUsed, 0);
  used.set(memUsed, slots);
  const runs: number[] = [];
  for (let i = 0; i < slots; i++) {
    const r = runs.length - RUN;
    if (i > 0 && runs[r + 1] === cpuCap[i] && runs[r + 2] === memCap[i] && runs[r + 3] === cpuAlloc[i] && runs[r + 4] === memAlloc[i] && runs[r + 5] === nodes[i]) continue;
    runs.push(i, cpuCap[i], memCap[i], cpuAlloc[i], memAlloc[i], nodes[i]);
  }
  return { startMs: sums.startMs, stepMs: sums.stepMs, slots, used, runs: Float64Array.from(runs) };
}

/** The sums back; a RangeError for a packing that does not hold together (a damaged row). */
export function unpackGroupSeries(p: PackedGroupSeries): GroupSeriesSums {
  const { slots, used, runs } = p;
  if (!Number.isInteger(slots) || slots < 0 || used.length !== 2 * slots || runs.length % RUN !== 0 || (slots > 0 && (runs.length === 0 || runs[0] !== 0))) {
    throw new RangeError("A stored node group series does not hold together.");
  }
  const parts = {
    cpuUsed: Float64Array.from(used.subarray(0, slots)),
    memUsed: Float64Array.from(used.subarray(slots)),
    cpuCap: new Float64Array(slots),
    memCap: new Float64Array(slots),
    cpuAlloc: new Float64Array(slots),
    memAlloc: new Float64Array(slots),
    nodes: new Float64Array(slots),
  };
  for (let r = 0; r < runs.length; r += RUN) {
    const from = runs[r];
    const to = r + RUN < runs.length ? runs[r + RUN] : slots;
    if (!(Number.isInteger(from) && from < to && to <= slots)) throw new RangeError("A stored node group series does not hold together.");
    parts.cpuCap.fill(runs[r + 1], from, to);
    parts.memCap.fill(runs[r + 2], from, to);
    parts.cpuAlloc.fill(runs[r + 3], from, to);
    parts.memAlloc.fill(runs[r + 4], from, to);
    parts.nodes.fill(runs[r + 5], from, to);
  }
  return new GroupSeriesSums(p.startMs, p.stepMs, slots, parts);
}
