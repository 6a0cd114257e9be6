/**
 * Builders for the cloud engine's tests and micro-benchmark: catalog types with round prices and synthetic
 * monitor samples (constant or a daily cycle), so the expected numbers can be worked out by hand.
 */
import { DAY_MS, STEP_MS } from "../containers/types";
import type { CloudCandidate, CloudSample, CloudServiceFacts, GroupSizeSample } from "./types";

export const NOW = Date.UTC(2025, 0, 15, 0, 0, 0);

/** A catalog type; family, series, generation and size come from the AWS-style name (m5.large). */
export function candidate(name: string, vcpus: number, memoryGiB: number, hourlyPrice: number | null, extra: Partial<CloudCandidate> = {}): CloudCandidate {
  const [family, size = ""] = name.split(".", 2);
  const m = /^([a-z]+)(\d+)/.exec(family);
  return {
    name,
    provider: "AWS",
    region: "us-east-1",
    service: "EC2",
    family,
    series: m ? m[1] : family,
    generation: m ? Number(m[2]) : null,
    size,
    vcpus,
    memoryGiB,
    hourlyPrice,
    windowsHourlyPrice: hourlyPrice === null ? null : Math.round((hourlyPrice + 0.046 * vcpus) * 10_000) / 10_000,
    architecture: "x86_64",
    processor: null,
    processorSupplier: "Intel",
    perfFactor: 1,
    acu: null,
    gpus: 0,
    gpuModel: null,
    gpuMemoryGiB: 0,
    localStorageGb: 0,
    networkGbps: 10,
    burstable: false,
    accelerated: false,
    metal: false,
    specialised: false,
    exotic: false,
    ...extra,
  };
}

const arm = { architecture: "arm64", processorSupplier: "ARM" as const, windowsHourlyPrice: null };

/** A small EC2 catalog with round prices ($ per hour, Linux; Windows adds $0.046 per vCPU; none on Arm). */
export function smallCatalog(): CloudCandidate[] {
  return [
    candidate("m5.large", 2, 8, 0.1),
    candidate("m5.xlarge", 4, 16, 0.2),
    candidate("m5.2xlarge", 8, 32, 0.4),
    candidate("m6i.large", 2, 8, 0.09, { perfFactor: 1.1 }),
    candidate("m6i.xlarge", 4, 16, 0.18, { perfFactor: 1.1 }),
    candidate("c5.large", 2, 4, 0.085),
    candidate("c5.xlarge", 4, 8, 0.17),
    candidate("r5.large", 2, 16, 0.126),
    candidate("m6g.large", 2, 8, 0.08, arm),
    candidate("m6g.xlarge", 4, 16, 0.16, arm),
    candidate("t3.large", 2, 8, 0.0832, { burstable: true }),
    candidate("p3.2xlarge", 8, 61, 3.06, { accelerated: true, gpus: 1, gpuModel: "NVIDIA V100", gpuMemoryGiB: 16 }),
    candidate("u-6tb1.metal", 448, 6144, 54.6, { metal: true, exotic: true }),
    candidate("m5.24xlarge", 96, 384, null),
  ];
}

export function facts(instanceType: string, extra: Partial<CloudServiceFacts> = {}): CloudServiceFacts {
  return {
    id: `i-${instanceType}`,
    provider: "AWS",
    service: "EC2",
    region: "us-east-1",
    instanceType,
    os: "Linux",
    createdMs: NOW - 365 * DAY_MS,
    typeChange: null,
    ...extra,
  };
}

export interface SampleShape {
  days?: number;
  stepMs?: number;
  /** CPU % at time t (default constant 10). */
  cpu?: (t: number) => number;
  cpuPeak?: (t: number, cpu: number) => number;
  /** Memory %, null for no agent (default constant 50). */
  mem?: ((t: number) => number) | null;
  /** Network bytes per second in and out each (default 1 MB/s). */
  net?: number;
  /** Skip samples for which this is true (the instance was off). */
  off?: (t: number) => boolean;
  endMs?: number;
}

/** Samples ending at NOW (or endMs), one per step. */
export function samples(shape: SampleShape = {}): CloudSample[] {
  const step = shape.stepMs ?? STEP_MS;
  const end = shape.endMs ?? NOW;
  const start = end - (shape.days ?? 14) * DAY_MS;
  const out: CloudSample[] = [];
  const cpuOf = shape.cpu ?? (() => 10);
  const memOf = shape.mem === undefined ? () => 50 : shape.mem;
  const net = shape.net ?? 1_000_000;
  for (let t = start; t < end; t += step) {
    if (shape.off?.(t)) continue;
    const cpu = cpuOf(t);
    out.push({
      t,
      cpuPct: cpu,
      cpuPeakPct: shape.cpuPeak ? shape.cpuPeak(t, cpu) : cpu,
      memPct: memOf ? memOf(t) : null,
      netInBytes: net,
      netOutBytes: net,
      netPackets: 100,
      diskReadBytes: 0,
      diskWriteBytes: 0,
      diskReadOps: 0,
      diskWriteOps: 0,
    });
  }
  return out;
}

/** Group size samples ending at NOW, one per step. */
export function groupSizes(inService: (t: number) => number, min: number, max: number, days = 14, stepMs = STEP_MS): GroupSizeSample[] {
  const out: GroupSizeSample[] = [];
  for (let t = NOW - days * DAY_MS; t < NOW; t += stepMs) {
    const n = inService(t);
    out.push({ t, inService: n, desired: n, min, max });
  }
  return out;
}
