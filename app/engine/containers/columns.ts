/** Turns the source contract's sample objects into the columns the engine reads (one pass, typed arrays). */
import type { SampleColumns } from "./types";

export interface SampleObject {
  t: number;
  cpu: number;
  mem: number;
}

export function toColumns(samples: readonly SampleObject[]): SampleColumns & { t: Float64Array; cpu: Float64Array; mem: Float64Array } {
  const n = samples.length;
  const t = new Float64Array(n);
  const cpu = new Float64Array(n);
  const mem = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const s = samples[i];
    t[i] = s.t;
    cpu[i] = s.cpu;
    mem[i] = s.mem;
  }
  return { t, cpu, mem };
}
