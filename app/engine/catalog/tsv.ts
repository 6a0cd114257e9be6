import type { CloudProvider } from "~/engine/source-contract";
import { completeInstanceType } from "./complete";
import { CatalogParseError } from "./errors";
import { architectureOf, positiveNumber, priceOrNull } from "./fields";
import { parseInstanceName } from "./names";
import { parseSupplier } from "./supplier";
import type { CatalogService, InstanceType, RegionPrice } from "./types";

/**
 * The catalog TSV format (catalog/README.md; written by scripts/catalog/): `# key: value` header lines (provider,
 * service, dataset, as-of, notes), then a tab-separated column header and one type per line. Price columns are
 * `linux:<region>` and `windows:<region>`; an empty cell is "no price". The first region is the reference region,
 * whose price fills `hourlyPrice`.
 */
export interface TsvCatalog {
  provider: CloudProvider;
  service: CatalogService;
  dataset: string;
  asOf: string;
  regions: string[];
  types: InstanceType[];
}

export const TSV_MAGIC = "# kubex-catalog 1";
const PROVIDERS: readonly CloudProvider[] = ["AWS", "Azure", "GCP"];
const SERVICES: readonly CatalogService[] = ["EC2", "RDS", "VM", "GCE"];
const FACTS = ["name", "vcpus", "memory_gib", "arch", "supplier", "processor", "gpus", "gpu_model", "gpu_memory_gib", "local_storage_gb", "network_gbps", "acu", "burstable"] as const;

const optionalNumber = (text: string) => (text === "" ? null : Number(text));

export function readTsvCatalog(text: string): TsvCatalog {
  const lines = text.split(/\r?\n/);
  const meta = new Map<string, string>();
  let at = 0;
  for (; at < lines.length && lines[at].startsWith("#"); at++) {
    const m = /^#\s*([a-z-]+):\s*(.*)$/.exec(lines[at]);
    if (m && !meta.has(m[1])) meta.set(m[1], m[2].trim());
  }
  const provider = PROVIDERS.find((p) => p === meta.get("provider"));
  const service = SERVICES.find((s) => s === meta.get("service"));
  if (!provider || !service) throw new CatalogParseError("no '# provider:' or '# service:' header", 1);
  const columns = (lines[at] ?? "").split("\t");
  if (FACTS.some((c, i) => columns[i] !== c)) throw new CatalogParseError(`columns must start ${FACTS.join(", ")}`, at + 1);
  const priceColumns = columns.slice(FACTS.length).map((c, i) => {
    const m = /^(linux|windows):(.+)$/.exec(c);
    if (!m) throw new CatalogParseError(`unknown price column '${c}'`, at + 1);
    return { index: FACTS.length + i, os: m[1] as keyof RegionPrice, region: m[2] };
  });
  const regions = [...new Set(priceColumns.map((c) => c.region))];
  const reference = regions[0] ?? "";

  const types: InstanceType[] = [];
  for (let i = at + 1; i < lines.length; i++) {
    if (lines[i].trim() === "") continue;
    const cells = lines[i].split("\t");
    const [name, vcpusText, memText, archText, supplierText, processor, gpus, gpuModel, gpuMem, local, network, acu, burstable] = cells;
    const vcpus = positiveNumber(vcpusText);
    const memoryGiB = positiveNumber(memText);
    const architecture = architectureOf(archText);
    const processorSupplier = parseSupplier(supplierText ?? "");
    if (Number.isNaN(vcpus) || Number.isNaN(memoryGiB)) throw new CatalogParseError(`${name}: vCPUs or memory missing`, i + 1);
    if (!architecture || !processorSupplier) throw new CatalogParseError(`${name}: unknown architecture or supplier '${archText}', '${supplierText}'`, i + 1);
    const prices: Record<string, RegionPrice> = Object.fromEntries(regions.map((r) => [r, { linux: null, windows: null }]));
    for (const c of priceColumns) prices[c.region][c.os] = priceOrNull(cells[c.index]);
    types.push(
      completeInstanceType(
        {
          ...parseInstanceName(name, provider)!,
          name,
          region: reference,
          vcpus,
          memoryGiB,
          hourlyPrice: prices[reference]?.linux ?? null,
          windowsHourlyPrice: prices[reference]?.windows ?? null,
          spotHourlyPrice: null,
          architecture,
          processor: processor || null,
          acu: optionalNumber(acu ?? ""),
          burstable: burstable === "1" || (parseInstanceName(name, provider)?.burstable ?? false),
        },
        {
          processorSupplier,
          gpus: Number(gpus || 0),
          gpuModel: gpuModel || null,
          gpuMemoryGiB: Number(gpuMem || 0),
          localStorageGb: Number(local || 0),
          networkGbps: optionalNumber(network ?? ""),
          prices,
        },
      ),
    );
  }
  return { provider, service, dataset: meta.get("dataset") ?? "", asOf: meta.get("as-of") ?? "", regions, types };
}

/** The types of a catalog TSV text (readTsvCatalog without the header). */
export function parseTsvCatalog(text: string): InstanceType[] {
  return readTsvCatalog(text).types;
}
