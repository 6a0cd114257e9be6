/**
 * Builds catalog/azure-vm.tsv: Azure VM sizes with their facts and pay-as-you-go prices per region.
 * Run: npx tsx scripts/catalog/build-azure-vm.ts (after fetching the repositories; common.ts).
 *
 * - Sizes and facts: flexera-public/policy_templates data/azure/azure_compute_instance_types.json (MIT; generated
 *   from the Azure Resource SKUs API): vCPUs, memory, CPU architecture, ACU, GPU count, temporary and NVMe disk.
 * - Linux pay-as-you-go $/hour per region: Azure/karpenter-provider-azure pkg/providers/pricing/zz_generated.pricing.go
 *   (Apache-2.0; generated from the Azure Retail Prices API at 2026-06-18T03:43:41Z).
 *   That file sometimes records a size's Windows meter as its Linux price (it differs between generations of the
 *   file: Standard_D2as_v5 in eastus is 0.086 in one and 0.178, the Windows price, in the next). In the D, E, F and L
 *   series, whose Linux price is linear in vCPUs within a family, a price whose $/vCPU exceeds the family's cheapest
 *   $/vCPU in the region by 25 % or more is taken for such a Windows meter: it is replaced by the price of the same
 *   size in the newest earlier generation of the file that agrees with the family's rate (within 2 %), or dropped.
 * - Windows pay-as-you-go $/hour: only the 15 A-series v2 sizes of LeanerCloud/ec2-instances-info
 *   generated_azure_instances_data.txt (2025-04-24, East US); no reachable public source lists the rest.
 * - Processor supplier: Azure's size naming (an "a" among the feature letters is AMD, "p" is Arm; HB and HX are AMD
 *   EPYC HPC series; otherwise Intel); Arm64 sizes are ARM whatever the name says.
 * - GPU model and memory: from the size name (Azure's N-series pages name the GPU of each series) and the GPU
 *   vendors' published memory per device (GPU_MODELS below).
 */
import { CATALOG_OUT, gitShow, num, writeCatalog, type CatalogRow } from "./common";

const FLEXERA = { repo: "flexera-public/policy_templates", commit: "5bb88c4b80bf81a7d1bdb263c6365327d2d59cae" };
const KARPENTER = { repo: "Azure/karpenter-provider-azure", commit: "2b431da153a6a92b705c18046512c60b1631b682" };
/** Earlier generations of the same price file, newest first, used only to repair mislabelled prices (below). */
const KARPENTER_EARLIER = ["4185d876b47195a9d280511d021d721160f8dbd3", "30a2a7dc5ef0af29dea780fe9f2ac27a9100b950", "fe55ae4b918250afb0fcf9f149a813358190fae4"];
const PRICE_FILE = "pkg/providers/pricing/zz_generated.pricing.go";
const LEANER = { repo: "LeanerCloud/ec2-instances-info", commit: "efc2d84132a9c2b9f98484985dd532b75dc89764" };
/** The regions of the demo's AKS clusters, which are also the regions the brief asks for. */
const REGIONS = ["eastus", "westeurope", "northeurope", "westus2"];

interface FlexeraSize {
  name: string;
  specs: Record<string, string | boolean | undefined>;
}

/** Name pattern → GPU model and memory per device (GiB), first match wins. */
const GPU_MODELS: [RegExp, string, number][] = [
  [/_T4_/, "NVIDIA Tesla T4", 16],
  [/A100_v4$|ND96asr_v4$/, "NVIDIA A100", 40],
  [/ND96amsr_A100_v4$/, "NVIDIA A100 80GB", 80],
  [/A10_v[45]$/, "NVIDIA A10", 24],
  [/H100_v5$/, "NVIDIA H100", 94],
  [/H200_v5$/, "NVIDIA H200", 141],
  [/MI300X_v5$/, "AMD Instinct MI300X", 192],
  [/RTXPRO6000BSE_v6$/, "NVIDIA RTX PRO 6000 Blackwell Server", 96],
  [/^Standard_NC\d+r?s_v3$/, "NVIDIA Tesla V100", 16],
  [/^Standard_ND40rs_v2$/, "NVIDIA Tesla V100", 32],
  [/^Standard_NV\d+s_v3$/, "NVIDIA Tesla M60", 8],
  [/^Standard_NV\d+s_v2$/, "NVIDIA Tesla M60", 8],
  [/^Standard_NV\d+as_v4$/, "AMD Radeon Instinct MI25", 16],
  [/^Standard_NP\d+s$/, "Xilinx Alveo U250 (FPGA)", 64],
];

function supplierOf(name: string, arch: string): CatalogRow["supplier"] {
  if (arch === "arm64") return "ARM";
  const m = /^(?:Standard|Basic)_([A-Z]+)\d+(?:-\d+)?([a-z]*)/.exec(name);
  if (!m) return "Other";
  const [, series, features] = m;
  if (features.includes("p")) return "ARM";
  if (features.includes("a") || series.startsWith("HB") || series.startsWith("HX")) return "AMD";
  return "Intel";
}

/** Linux prices per region from the generated Go map: `initialOnDemandPrices["region"] = map...{ "Size": 0.1, }`. */
function karpenterPrices(go: string): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  for (const block of go.split(/initialOnDemandPrices\["/).slice(1)) {
    const region = block.slice(0, block.indexOf('"'));
    const body = block.slice(0, block.indexOf("\n\t}"));
    out.set(region, new Map([...body.matchAll(/"((?:Standard|Basic)_[^"]+)":\s*([0-9.]+)/g)].map((m) => [m[1], Number(m[2])])));
  }
  return out;
}

/** Windows On-Demand prices of the LeanerCloud sample, by API name ("a8v2 (Standard A8 v2)" → Standard_A8_v2). */
function leanerWindows(text: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const block of text.split(/^-+$/m)) {
    const heading = /Instance Type: .*\(([^)]+)\)/.exec(block)?.[1];
    const windows = /Windows:\s*\n\s*On-Demand: \$([\d.]+)/.exec(block)?.[1];
    if (heading && windows && Number(windows) > 0) out.set(heading.trim().replace(/\s+/g, "_"), Number(windows));
  }
  return out;
}

/** Family key for the linearity check: Standard_D8as_v5 → Dasv5; null outside the D, E, F and L series or for
 * constrained-vCPU sizes (E16-4as_v5 is priced as an E16). */
function linearFamily(name: string): string | null {
  const m = /^Standard_([DEFL])(\d+)([a-z]*)(?:_v(\d+))?$/.exec(name);
  return m && Number(m[4] ?? 1) >= 3 ? `${m[1]}${m[3]}v${m[4]}` : null;
}

/**
 * Repairs the Windows meters recorded as Linux prices (module comment). `vcpus` gives each size's vCPUs; returns
 * how many prices were replaced and how many dropped.
 */
function repairMislabelled(latest: Map<string, Map<string, number>>, earlier: Map<string, Map<string, number>>[], vcpus: Map<string, number>) {
  let replaced = 0;
  let dropped = 0;
  for (const [region, prices] of latest) {
    const rates = new Map<string, number>();
    for (const [name, price] of prices) {
      const fam = linearFamily(name);
      const n = vcpus.get(name);
      if (fam && n) rates.set(fam, Math.min(rates.get(fam) ?? Infinity, price / n));
    }
    for (const [name, price] of [...prices]) {
      const fam = linearFamily(name);
      const n = vcpus.get(name);
      if (!fam || !n || price / n < rates.get(fam)! * 1.25) continue;
      const rate = rates.get(fam)!;
      const fix = earlier.map((e) => e.get(region)?.get(name)).find((p) => p !== undefined && Math.abs(p / n / rate - 1) <= 0.02);
      if (fix === undefined) {
        prices.delete(name);
        dropped++;
      } else {
        prices.set(name, fix);
        replaced++;
      }
    }
  }
  return { replaced, dropped };
}

const mibToGb = (mib: number) => Math.round((mib * 1.048576) / 1000);

function main() {
  const sizes: FlexeraSize[] = JSON.parse(gitShow(FLEXERA.repo, FLEXERA.commit, "data/azure/azure_compute_instance_types.json"));
  const all = karpenterPrices(gitShow(KARPENTER.repo, KARPENTER.commit, PRICE_FILE));
  const linux = new Map(REGIONS.map((r) => [r, all.get(r) ?? new Map<string, number>()]));
  const earlier = KARPENTER_EARLIER.map((c) => karpenterPrices(gitShow(KARPENTER.repo, c, PRICE_FILE)));
  const repair = repairMislabelled(linux, earlier, new Map(sizes.map((s) => [s.name, Number(s.specs.vCPUs)])));
  const windows = leanerWindows(gitShow(LEANER.repo, LEANER.commit, "generated_azure_instances_data.txt"));
  const rows: CatalogRow[] = [];
  for (const { name, specs } of sizes) {
    const vcpus = Number(specs.vCPUs);
    const memoryGiB = Number(specs.MemoryGB);
    if (!(vcpus > 0) || !(memoryGiB > 0)) continue;
    const arch = String(specs.CpuArchitectureType).toLowerCase() === "arm64" ? "arm64" : "x86_64";
    const gpus = Number(specs.GPUs ?? 0);
    const gpu = gpus > 0 ? GPU_MODELS.find(([re]) => re.test(name)) : undefined;
    const acu = Number(specs.ACUs);
    const prices = new Map<string, number>();
    for (const r of REGIONS) {
      const p = linux.get(r)?.get(name);
      if (p) prices.set(`linux:${r}`, p);
    }
    if (windows.has(name)) prices.set("windows:eastus", windows.get(name)!);
    rows.push({
      name,
      vcpus,
      memoryGiB,
      arch,
      supplier: supplierOf(name, arch),
      processor: null,
      gpus,
      gpuModel: gpu?.[1] ?? null,
      gpuMemoryGiB: gpu ? gpu[2] * gpus : 0,
      localStorageGb: mibToGb(Number(specs.MaxResourceVolumeMB ?? 0) + Number(specs.NvmeDiskSizeInMiB ?? 0)),
      networkGbps: null,
      acu: Number.isFinite(acu) && acu > 0 ? acu : null,
      burstable: /^Standard_B\d/.test(name),
      prices,
    });
  }
  const priced = rows.filter((r) => r.prices.size > 0).length;
  writeCatalog(`${CATALOG_OUT}/azure-vm.tsv`, {
    provider: "Azure",
    service: "VM",
    dataset:
      "flexera-public/policy_templates data/azure/azure_compute_instance_types.json (sizes); Azure/karpenter-provider-azure zz_generated.pricing.go (Linux prices); LeanerCloud/ec2-instances-info generated_azure_instances_data.txt (Windows, A-series v2 only)",
    asOf: "2026-06-18",
    priceColumns: [...REGIONS.map((r) => `linux:${r}`), "windows:eastus"],
    notes: [
      `Linux pay-as-you-go prices generated 2026-06-18 (${priced} of ${rows.length} sizes priced in at least one of these regions); Windows only for the A-series v2 (2025-04-24).`,
      `Linux prices recorded as Windows meters in the source: ${repair.replaced} replaced from earlier generations of the file, ${repair.dropped} dropped (in these regions).`,
      `local_storage_gb is the temporary disk plus local NVMe; ${num(GPU_MODELS.length)} GPU series are named by rule.`,
    ],
  }, rows);
}

main();
