import { parseAwsCatalog } from "./aws";
import { parseAzureCatalog } from "./azure";
import type { InstanceType } from "./types";

export type CatalogFormat = "aws-ec2" | "azure-vm";

/** Which of the shipped formats a text is in, from its first non-blank line; null when neither. */
export function detectCatalogFormat(text: string): CatalogFormat | null {
  const first = text.split(/\r?\n/).find((l) => l.trim() !== "")?.trim() ?? "";
  if (first.startsWith("Instance type:")) return "aws-ec2";
  if (first.startsWith("Azure VM Instance Information") || first.startsWith("Instance Type:")) return "azure-vm";
  return null;
}

/** Parses either shipped catalog format; throws when the format is not recognised. */
export function parseCatalog(text: string): InstanceType[] {
  const format = detectCatalogFormat(text);
  if (format === "aws-ec2") return parseAwsCatalog(text);
  if (format === "azure-vm") return parseAzureCatalog(text);
  throw new Error("Unrecognised catalog format: expected the ec2instances.info AWS or Azure text");
}
