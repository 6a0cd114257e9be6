import { CatalogParseError } from "./errors";
import { architectureOf, positiveNumber, priceOrNull } from "./fields";
import { parseInstanceName } from "./names";
import type { InstanceTypeBasics } from "./types";

/**
 * The ec2instances.info text format (generated_instances_data.txt): one type per line, fields separated by a comma
 * and a tab ("Key: value,\tKey: value"), prices keyed by region ("Linux OD cost in us-east-1: 0.384"). A comma
 * without a tab belongs to a value (the Apple M1 processor text has some).
 */
function fieldsOf(line: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const part of line.split(/,\t/)) {
    const colon = part.indexOf(":");
    if (colon < 0) continue;
    fields.set(part.slice(0, colon).trim(), part.slice(colon + 1).trim());
  }
  return fields;
}

function parseLine(line: string, lineNo: number): InstanceTypeBasics {
  const f = fieldsOf(line);
  const name = f.get("Instance type");
  if (!name) throw new CatalogParseError("no 'Instance type'", lineNo);
  const priceKey = [...f.keys()].find((k) => k.startsWith("Linux OD cost in "));
  const region = priceKey?.slice("Linux OD cost in ".length);
  if (!priceKey || !region) throw new CatalogParseError(`${name}: no 'Linux OD cost in <region>'`, lineNo);
  const vcpus = positiveNumber(f.get("CPU cores"));
  const memoryGiB = positiveNumber(f.get("Memory(GB)"));
  const architecture = architectureOf(f.get("Arch"));
  if (Number.isNaN(vcpus) || Number.isNaN(memoryGiB)) throw new CatalogParseError(`${name}: vCPUs or memory missing`, lineNo);
  if (!architecture) throw new CatalogParseError(`${name}: unknown architecture '${f.get("Arch")}'`, lineNo);
  return {
    ...parseInstanceName(name, "AWS")!,
    name,
    region,
    vcpus,
    memoryGiB,
    hourlyPrice: priceOrNull(f.get(priceKey)),
    windowsHourlyPrice: priceOrNull(f.get(`Windows OD cost in ${region}`)),
    spotHourlyPrice: priceOrNull(f.get(`Linux Spot cost in ${region}`)),
    architecture,
    processor: f.get("CPU") || null,
    acu: null,
  };
}

/**
 * Parses the AWS EC2 catalog text; throws CatalogParseError on a line that is not a complete instance type.
 * An incomplete last line with no newline after it is a cut-off write and is skipped: the shipped file ends in
 * one ("I" after t4g.large, at 272 KiB), which is why it holds 647 types and none named after t4g.large.
 */
export function parseAwsCatalog(text: string): InstanceTypeBasics[] {
  const lines = text.split(/\r?\n/);
  const types: InstanceTypeBasics[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    try {
      types.push(parseLine(line, i + 1));
    } catch (e) {
      const cutOffTail = i === lines.length - 1 && e instanceof CatalogParseError;
      if (!cutOffTail) throw e;
    }
  });
  return types;
}
