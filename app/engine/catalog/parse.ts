import { parseAwsCatalog } from "./aws";
import { parseAzureCatalog } from "./azure";
import { completeInstanceType } from "./complete";
import { parseTsvCatalog, TSV_MAGIC } from "./tsv";
import type { InstanceType } from "./types";

export type CatalogFormat = "aws-ec2" | "azure-vm" | "tsv";

/** Which of the shipped formats a text is in, from its first non-blank line; null when none. */
export function detectCatalogFormat(text: string): CatalogFormat | null {
  const first = text.split(/\r?\n/).find((l) => l.trim() !== "")?.trim() ?? "";
  if (first.startsWith("Instance type:")) return "aws-ec2";
  if (first.startsWith("Azure VM Instance Information") || first.startsWith("Instance Type:")) return "azure-vm";
  if (first === TSV_MAGIC) return "tsv";
  return null;
}

/** Parses any shipped catalog format (the legacy texts completed by completeInstanceType); throws when unknown. */
export function parseCatalog(text: string): InstanceType[] {
  const format = detectCatalogFormat(text);
  if (format === "tsv") return parseTsvCatalog(text);
  if (format === "aws-ec2") return parseAwsCatalog(text).map((t) => completeInstanceType(t));
  if (format === "azure-vm") return parseAzureCatalog(text).map((t) => completeInstanceType(t));
  throw new Error("Unrecognised catalog format: expected the ec2instances.info AWS or Azure text, or a kubex-catalog TSV");
}
