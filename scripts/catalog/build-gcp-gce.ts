/**
 * Builds catalog/gcp-gce.tsv: Compute Engine machine types with their facts and on-demand prices per region.
 * Run: npx tsx scripts/catalog/build-gcp-gce.ts (after fetching the repositories; common.ts).
 *
 * - Machine types and facts: flexera-public/policy_templates data/google/google_compute_instance_types.json (MIT;
 *   generated from the Compute Engine machineTypes.aggregatedList API): vCPUs, memory, architecture, GPUs, shared
 *   core, local SSD count (from the type's description); Cyclenerd/google-cloud-pricing-cost-calculator
 *   tools/machinetypes.csv (Apache-2.0, from the same API) for types the flexera file lacks.
 * - On-demand $/hour per region (Linux, i.e. no OS licence): Cyclenerd/google-cloud-pricing-cost-calculator
 *   pricing.yml generated 2026-07-30 from the Cloud Billing Catalog API (compute.instance.<type>.cost.<region>.hour).
 *   Windows = that hour + the type's Windows Server licence (compute.license.<type>.cost.windows.hour), which does
 *   not depend on the region.
 * - GPU memory per device: the GPU vendors' published specifications (GPU_MEMORY_GIB below).
 * - Local SSD: 375 GiB per disk (Google's local SSD size), 3,000 GiB per disk for Z3 (Titanium SSD).
 * - Processor supplier: Google's machine family pages (SUPPLIER below); E2 runs on Intel or AMD at Google's choice,
 *   so it is "Other".
 */
import { CATALOG_OUT, gitShow, writeCatalog, type CatalogRow } from "./common";

const FLEXERA = { repo: "flexera-public/policy_templates", commit: "b38c48df79bd253757fb7f0031080f9d7eefc3b7" };
const CYCLENERD = { repo: "Cyclenerd/google-cloud-pricing-cost-calculator", commit: "fd66b26ff84fee5cdd94f341ea89206e76c06b99" };
const CYCLENERD_TYPES_COMMIT = "8c32d22df47862c1e729bee12cd763f25cbfdec9";
/** The brief's regions, which are also the regions of the demo's GKE clusters. */
const REGIONS = ["us-central1", "europe-west1", "us-east1", "asia-southeast1"];

const GPU_MEMORY_GIB: Record<string, [model: string, gib: number]> = {
  "nvidia-tesla-k80": ["NVIDIA Tesla K80", 12],
  "nvidia-tesla-p4": ["NVIDIA Tesla P4", 8],
  "nvidia-tesla-t4": ["NVIDIA Tesla T4", 16],
  "nvidia-tesla-p100": ["NVIDIA Tesla P100", 16],
  "nvidia-tesla-v100": ["NVIDIA Tesla V100", 16],
  "nvidia-tesla-a100": ["NVIDIA A100", 40],
  "nvidia-a100-80gb": ["NVIDIA A100 80GB", 80],
  "nvidia-l4": ["NVIDIA L4", 24],
  "nvidia-h100-80gb": ["NVIDIA H100", 80],
  "nvidia-h100-mega-80gb": ["NVIDIA H100 Mega", 80],
  "nvidia-h200-141gb": ["NVIDIA H200", 141],
  "nvidia-b200": ["NVIDIA B200", 180],
  "nvidia-gb200": ["NVIDIA GB200", 186],
  "nvidia-gb300": ["NVIDIA GB300", 279],
  "nvidia-rtx-pro-6000": ["NVIDIA RTX PRO 6000", 96],
};

/** Family prefix → processor supplier, longest prefix first. */
const SUPPLIER: [RegExp, CatalogRow["supplier"]][] = [
  [/^(t2a|c4a|n4a|a4x)-/, "ARM"],
  [/^(n2d|c2d|c3d|c4d|t2d|n4d|h4d|g4)-/, "AMD"],
  [/^(n1|n2|c2|c3|c4|c4n|n4|m1|m2|m3|m4|m4n|x4|h3|z3|a2|a3|a4|g2|f1|g1)-/, "Intel"],
];

interface FlexeraMachine {
  name: string;
  description: string;
  specs: { guestCpus: number; memoryMb: number; isSharedCpu: boolean; architecture: string | null; accelerators: { guestAcceleratorType: string; guestAcceleratorCount: number }[] | null };
}

/**
 * The two sections of pricing.yml this needs, read line by line: `compute: instance: <type>: cost: <region>: hour:`
 * and `compute: license: <type>: cost: windows: hour:`. The file is plain two-space-indented YAML.
 */
function cyclenerdPrices(yml: string) {
  const hour = new Map<string, Map<string, number>>();
  const windowsLicence = new Map<string, number>();
  const path: string[] = [];
  for (const line of yml.split("\n")) {
    const m = /^( *)([A-Za-z0-9_.-]+):\s*(.*)$/.exec(line);
    if (!m) continue;
    const depth = m[1].length / 2;
    path.length = depth;
    path[depth] = m[2];
    const [top, section, type, cost, key, field] = path;
    if (top !== "compute" || cost !== "cost" || field !== "hour" || depth !== 5) continue;
    const value = Number(m[3]);
    if (section === "instance") (hour.get(type) ?? hour.set(type, new Map()).get(type)!).set(key, value);
    if (section === "license" && key === "windows") windowsLicence.set(type, value);
  }
  return { hour, windowsLicence };
}

function main() {
  const flexera: FlexeraMachine[] = JSON.parse(gitShow(FLEXERA.repo, FLEXERA.commit, "data/google/google_compute_instance_types.json"));
  const csv = gitShow(CYCLENERD.repo, CYCLENERD_TYPES_COMMIT, "tools/machinetypes.csv").split("\n").slice(1).map((l) => l.split(";"));
  const { hour, windowsLicence } = cyclenerdPrices(gitShow(CYCLENERD.repo, CYCLENERD.commit, "pricing.yml"));

  const facts = new Map<string, { vcpus: number; memoryGiB: number; shared: boolean; arch: string | null; acc: FlexeraMachine["specs"]["accelerators"]; description: string }>();
  for (const [name, cpus, shared, mem] of csv) {
    if (name && Number(cpus) > 0) facts.set(name, { vcpus: Number(cpus), memoryGiB: Number(mem), shared: shared === "True", arch: null, acc: null, description: "" });
  }
  for (const m of flexera) {
    facts.set(m.name, { vcpus: m.specs.guestCpus, memoryGiB: m.specs.memoryMb / 1024, shared: m.specs.isSharedCpu, arch: m.specs.architecture, acc: m.specs.accelerators, description: m.description });
  }
  const rows: CatalogRow[] = [];
  for (const [name, f] of facts) {
    if (name.includes("custom")) continue;
    const arch = f.arch === "ARM64" || /^(t2a|c4a|n4a|a4x)-/.test(name) ? "arm64" : "x86_64";
    const gpu = (f.acc ?? []).find((a) => GPU_MEMORY_GIB[a.guestAcceleratorType]);
    const gpus = gpu?.guestAcceleratorCount ?? 0;
    const ssds = Number(/(\d+) local SSDs?/i.exec(f.description)?.[1] ?? 0);
    const prices = new Map<string, number>();
    for (const r of REGIONS) {
      const p = hour.get(name)?.get(r);
      if (!p) continue;
      prices.set(`linux:${r}`, Math.round(p * 1e6) / 1e6);
      const licence = windowsLicence.get(name);
      // Windows Server does not run on Arm machine types, whatever licence line the source carries for them.
      if (licence !== undefined && arch === "x86_64") prices.set(`windows:${r}`, Math.round((p + licence) * 1e6) / 1e6);
    }
    rows.push({
      name,
      vcpus: f.vcpus,
      memoryGiB: Math.round(f.memoryGiB * 100) / 100,
      arch,
      supplier: SUPPLIER.find(([re]) => re.test(name))?.[1] ?? (arch === "arm64" ? "ARM" : "Other"),
      processor: null,
      gpus,
      gpuModel: gpu ? GPU_MEMORY_GIB[gpu.guestAcceleratorType][0] : null,
      gpuMemoryGiB: gpu ? GPU_MEMORY_GIB[gpu.guestAcceleratorType][1] * gpus : 0,
      localStorageGb: Math.round(ssds * (name.startsWith("z3-") ? 3000 : 375) * 1.073741824),
      networkGbps: null,
      acu: null,
      burstable: f.shared,
      prices,
    });
  }
  writeCatalog(`${CATALOG_OUT}/gcp-gce.tsv`, {
    provider: "GCP",
    service: "GCE",
    dataset:
      "Cyclenerd/google-cloud-pricing-cost-calculator pricing.yml (on-demand and Windows licence prices, from the Cloud Billing Catalog API) and tools/machinetypes.csv; flexera-public/policy_templates data/google/google_compute_instance_types.json (machine types)",
    asOf: "2026-07-30",
    priceColumns: REGIONS.flatMap((r) => [`linux:${r}`, `windows:${r}`]),
    notes: ["windows = on-demand hour + the type's Windows Server licence hour; local_storage_gb = local SSD count × 375 GiB (Z3: 3,000 GiB), in GB."],
  }, rows);
}

main();
