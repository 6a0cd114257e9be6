import type { Architecture, ProcessorSupplier } from "./types";

/**
 * The processor supplier from what a source says of the processor and architecture (the TSV catalogs state it;
 * the legacy ec2instances.info files only name the processor): Arm architectures are ARM, Apple's Macs Other.
 */
export function supplierOf(processor: string | null, architecture: Architecture): ProcessorSupplier {
  if (architecture === "arm64") return "ARM";
  if (architecture === "arm64_mac" || architecture === "x86_64_mac") return "Other";
  if (/\bAMD\b|EPYC/i.test(processor ?? "")) return "AMD";
  if (/\bIntel\b|Xeon/i.test(processor ?? "")) return "Intel";
  return "Other";
}

const SUPPLIERS: readonly ProcessorSupplier[] = ["Intel", "AMD", "ARM", "Other"];

/** A supplier word as a catalog file writes it; null when it is none of the four. */
export function parseSupplier(text: string): ProcessorSupplier | null {
  return SUPPLIERS.find((s) => s === text) ?? null;
}
