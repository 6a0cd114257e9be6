import type { InstanceTypeBasics } from "./types";

/**
 * "Exotic" families (hidden by the Catalog Map's "Commonly used" filter): accelerated, metal, HPC and Mac
 * (`specialised`), very-high-memory, and previous-previous generations. The lists below are the providers' own:
 * AWS's "previous generation" families that have been superseded twice (m1 → m3 → m4 → m5 …), Azure's
 * version-less A, D, DS, G and GS sizes (A0–A11, D1–D14, …) and the Basic tier, GCP's legacy shared-core f1 and g1.
 */
const AWS_PREVIOUS_PREVIOUS = new Set(["m1", "m2", "m3", "c1", "c3", "cc2", "cr1", "g2", "hi1", "hs1", "i2", "r3", "t1"]);
/** AWS u-* (High Memory) and x* (x1, x1e, x2*, x8*); Azure M; GCP m1–m4 and x4. */
const VERY_HIGH_MEMORY = { AWS: /^(u|x)$/, Azure: /^M$/, GCP: /^(m|x)$/ } as const;

type ExoticInput = Pick<InstanceTypeBasics, "provider" | "name" | "family" | "series" | "generation" | "accelerated" | "metal" | "specialised">;

export function isExotic(t: ExoticInput): boolean {
  if (t.accelerated || t.metal || t.specialised) return true;
  if (VERY_HIGH_MEMORY[t.provider].test(t.series)) return true;
  if (t.provider === "AWS") return AWS_PREVIOUS_PREVIOUS.has(t.family.replace(/^db\./, ""));
  if (t.provider === "Azure") return /^Basic_/.test(t.name) || /^Standard_(A|D|DS|G|GS)\d+[a-z]*$/.test(t.name);
  return /^(f1|g1)-/.test(t.name);
}
