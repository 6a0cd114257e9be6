import type { InstanceTypeBasics, ProcessorSupplier } from "./types";
import { isOwnKey } from "~/lib/own-key";

/**
 * perfFactor: a relative per-vCPU performance ESTIMATE, 1.0 = one vCPU of a Skylake/Cascade Lake Xeon (AWS m5,
 * Azure Dv4, GCP n2's first platform). Not a benchmark result and never shown as a SPEC rate (README.md). Where a
 * vCPU is a whole core (AWS Graviton, AMD 7th generation, GCP T2D/T2A) the figure is higher than the chip's
 * hyperthreaded siblings. The steps are coarse on purpose: one value per processor generation.
 */

/** AWS: by supplier and family generation (m5 → 5). Intel 5 = Skylake/Cascade Lake = 1.0. */
const AWS: Record<ProcessorSupplier, Record<number, number>> = {
  Intel: { 1: 0.5, 2: 0.6, 3: 0.7, 4: 0.85, 5: 1.0, 6: 1.15, 7: 1.3, 8: 1.45 },
  // 5: Naples/Rome (m5a), 6: Milan, 7: Genoa with one core per vCPU, 8: Turin.
  AMD: { 4: 0.85, 5: 0.9, 6: 1.1, 7: 1.5, 8: 1.65 },
  // 1: Graviton (a1), 6: Graviton2, 7: Graviton3, 8: Graviton4; each vCPU a whole core.
  ARM: { 1: 0.6, 6: 0.95, 7: 1.15, 8: 1.3 },
  Other: {},
};

/** AWS families whose digit is not the processor generation of the m/c/r/t line (x2gd is Graviton2, z1d Skylake). */
const AWS_FAMILY: Record<string, number> = {
  x1: 0.85, x1e: 0.85, x2gd: 0.95, x2idn: 1.15, x2iedn: 1.15, x2iezn: 1.2, z1d: 1.2, u7i: 1.3, u7in: 1.3, u7inh: 1.3,
  d2: 0.8, d3: 1.0, d3en: 1.0, h1: 0.85, i3: 0.85, i3en: 1.0, i4i: 1.15, i4g: 0.95, im4gn: 0.95, is4gen: 0.95,
};

/** Azure without a published ACU: by supplier and size version (v5 → 5); version-less sizes are 1. */
const AZURE: Record<ProcessorSupplier, Record<number, number>> = {
  Intel: { 1: 0.5, 2: 0.9, 3: 0.85, 4: 1.0, 5: 1.1, 6: 1.3 },
  AMD: { 3: 0.9, 4: 1.0, 5: 1.15, 6: 1.45 },
  ARM: { 5: 0.9, 6: 1.1 },
  Other: {},
};

/** GCP: by the machine series before the first dash (n2d-standard-8 → n2d), from Google's platform per series. */
const GCP: Record<string, number> = {
  f1: 0.5, g1: 0.5, e2: 0.9, n1: 0.85, n2: 1.1, n2d: 1.1, n4: 1.3, n4d: 1.45, n4a: 1.2,
  c2: 1.25, c2d: 1.3, c3: 1.3, c3d: 1.45, c4: 1.45, c4n: 1.45, c4d: 1.6, c4a: 1.3,
  t2d: 1.3, t2a: 1.0, m1: 0.85, m2: 1.0, m3: 1.15, m4: 1.4, m4n: 1.4, x4: 1.3, h3: 1.3, h4d: 1.6, z3: 1.3,
  a2: 1.1, a3: 1.3, a4: 1.4, a4x: 1.3, g2: 1.1, g4: 1.6,
};

/** ACU of a reference vCPU: Azure lists 195–210 for the Cascade Lake Dv4/Dsv4, whose vCPU is our 1.0. */
export const AZURE_REFERENCE_ACU = 200;

type PerfInput = Pick<InstanceTypeBasics, "provider" | "name" | "family" | "series" | "generation" | "acu"> & { processorSupplier: ProcessorSupplier };

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The estimate for one type (module comment); 1.0 when nothing is known of its processor. */
export function perfFactorOf(t: PerfInput): number {
  if (t.provider === "Azure") {
    if (t.acu !== null) return round2(t.acu / AZURE_REFERENCE_ACU);
    // Version-less sizes outside the first A, D and G series (B, F, L, H …) came with Broadwell–Cascade Lake hosts.
    const generation = t.generation === 1 && !/^(Basic_|Standard_(A|D|DS|G|GS)\d)/.test(t.name) ? 3 : (t.generation ?? 1);
    return AZURE[t.processorSupplier][generation] ?? 1;
  }
  if (t.provider === "GCP") return GCP[t.name.split("-")[0]] ?? 1;
  const family = t.family.replace(/^db\./, "");
  if (isOwnKey(AWS_FAMILY, family)) return AWS_FAMILY[family];
  // AWS: t2 is Haswell/Broadwell, t3 Skylake/Cascade Lake, t3a Naples, t4g Graviton2, whatever their digit says.
  if (t.series === "t") return { 1: 0.5, 2: 0.85, 3: t.processorSupplier === "AMD" ? 0.9 : 1.0, 4: 0.95 }[t.generation ?? 3] ?? 1;
  return AWS[t.processorSupplier][t.generation ?? 5] ?? 1;
}
