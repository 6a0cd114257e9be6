import { CatalogParseError } from "./errors";
import { architectureOf, positiveNumber, priceOrNull } from "./fields";
import { parseInstanceName } from "./names";
import type { InstanceTypeBasics } from "./types";

/**
 * The API name of an Azure size from the file's heading, "a8v2 (Standard A8 v2)" → Standard_A8_v2,
 * "a0 (Basic A0)" → Basic_A0: the words in brackets joined by underscores. Without brackets, the short name.
 */
export function azureApiName(heading: string): string {
  const display = /\(([^)]+)\)/.exec(heading)?.[1];
  return display ? display.trim().replace(/\s+/g, "_") : heading.trim();
}

interface Block {
  line: number;
  fields: Map<string, string>;
  /** "linux/On-Demand" → "$0.3990" */
  prices: Map<string, string>;
  region: string | null;
}

/** Splits the file into blocks of "Key: value" lines; indented lines under "Pricing in <region>:" are prices. */
function blocksOf(text: string): Block[] {
  const blocks: Block[] = [];
  let block: Block | null = null;
  let os: string | null = null;
  let inPricing = false;
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trimEnd();
    if (/^-{5,}$/.test(line.trim())) {
      block = null;
      return;
    }
    const m = /^(\s*)([^:]+):\s*(.*)$/.exec(line);
    if (!m) return;
    const [, indent, key, value] = m;
    if (key === "Instance Type") {
      block = { line: i + 1, fields: new Map(), prices: new Map(), region: null };
      blocks.push(block);
      inPricing = false;
      os = null;
    }
    if (!block) return;
    const b: Block = block;
    if (indent === "") {
      const pricing = /^Pricing in (.+)$/.exec(key);
      inPricing = !!pricing;
      if (pricing) b.region = pricing[1].trim();
      else b.fields.set(key.trim(), value.trim());
    } else if (inPricing && value === "") {
      os = key.trim().toLowerCase();
    } else if (inPricing && os) {
      b.prices.set(`${os}/${key.trim()}`, value.trim());
    }
  });
  return blocks;
}

/** Parses the Azure VM text (generated_azure_instances_data.txt); throws CatalogParseError on an incomplete block. */
export function parseAzureCatalog(text: string): InstanceTypeBasics[] {
  return blocksOf(text).map((b) => {
    const heading = b.fields.get("Instance Type") ?? "";
    const name = azureApiName(heading);
    const vcpus = positiveNumber(/^\d+/.exec(b.fields.get("vCPUs") ?? "")?.[0]);
    const memoryGiB = positiveNumber(/^[\d.]+/.exec(b.fields.get("Memory") ?? "")?.[0]);
    const architecture = architectureOf(b.fields.get("Architecture"));
    if (Number.isNaN(vcpus) || Number.isNaN(memoryGiB)) throw new CatalogParseError(`${name}: vCPUs or memory missing`, b.line);
    if (!architecture) throw new CatalogParseError(`${name}: unknown architecture '${b.fields.get("Architecture")}'`, b.line);
    if (!b.region) throw new CatalogParseError(`${name}: no 'Pricing in <region>'`, b.line);
    const acu = Number(b.fields.get("ACU"));
    return {
      ...parseInstanceName(name, "Azure")!,
      name,
      region: b.region,
      vcpus,
      memoryGiB,
      hourlyPrice: priceOrNull(b.prices.get("linux/On-Demand")),
      windowsHourlyPrice: priceOrNull(b.prices.get("windows/On-Demand")),
      spotHourlyPrice: priceOrNull(b.prices.get("linux/Spot Min")),
      architecture,
      processor: null,
      acu: Number.isFinite(acu) && acu > 0 ? acu : null,
    } satisfies InstanceTypeBasics;
  });
}
