/**
 * Builds catalog/aws-ec2.tsv: every EC2 instance type that the sources below know, with its facts and on-demand
 * prices. Run: npx tsx scripts/catalog/build-aws-ec2.ts (after fetching the three repositories; common.ts).
 *
 * - Types and facts: flexera-public/policy_templates data/aws/aws_ec2_instance_types.json (MIT; generated from the
 *   EC2 DescribeInstanceTypes API): vCPUs, memory, architecture, CPU manufacturer, baseline network bandwidth,
 *   burst model, GPUs.
 * - Local NVMe storage, GPUs, and the types the flexera file lacks: aws/karpenter-provider-aws
 *   website/content/en/docs/reference/instance-types.md (Apache-2.0; generated from the same API).
 * - Linux on-demand $/hour in us-east-1: aws/karpenter-provider-aws pkg/providers/pricing/zz_generated.pricing_aws.go
 *   (generated from the AWS Price List API at 2026-07-20T13:44:30Z).
 * - Windows on-demand $/hour in us-east-1 and the processor model: LeanerCloud/ec2-instances-info
 *   generated_instances_data.txt of 2023-08-30 (ec2instances.info data, MIT), for the 647 types it holds.
 * No public source reachable here lists the other regions' EC2 prices, so the file has us-east-1 columns only.
 */
import { CATALOG_OUT, gitShow, writeCatalog, type CatalogRow } from "./common";

const FLEXERA = { repo: "flexera-public/policy_templates", commit: "115ee5b768333e080914eea349d890c225060f30" };
const KARPENTER = { repo: "aws/karpenter-provider-aws", commit: "1d927085dd81a9df9301e613f371dac5b4d16bfe" };
const KARPENTER_PRICES_COMMIT = "6fc13b5236fd04fd16ff3f9dc7490d0813994099";
const LEANER = { repo: "LeanerCloud/ec2-instances-info", commit: "ef5638afcaa55044a865f7e8b1379341c4a3f247" };

interface FlexeraType {
  name: string;
  cpu: { vcpus: number; manufacturer: string; architectures: string[] };
  memory: { sizeInMiB: number };
  network: { baselineBandwidthInGbps: number | null } | null;
  properties: { cpuBurstModel: string | null };
  gpu?: { name: string; count: number; totalGpuMemoryInMiB: number };
}

/** Karpenter's per-type label tables: `### \`name\`` then ` |label|value|` rows. */
function karpenterLabels(md: string): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  let current: Map<string, string> | null = null;
  for (const line of md.split("\n")) {
    const heading = /^### `([^`]+)`/.exec(line);
    if (heading) out.set(heading[1], (current = new Map()));
    const row = /^\s*\|([a-z0-9./-]+)\|([^|]*)\|$/.exec(line);
    if (row && current) current.set(row[1], row[2]);
  }
  return out;
}

/** Windows price and processor text per type from the ec2instances.info lines ("Key: value,\t..."). */
function leanerFacts(text: string): Map<string, { windows: number | null; processor: string | null; vcpus: number; memoryGiB: number; arch: string }> {
  const out = new Map<string, { windows: number | null; processor: string | null; vcpus: number; memoryGiB: number; arch: string }>();
  for (const line of text.split("\n")) {
    const f = new Map(line.split(/,\t/).map((p) => [p.slice(0, p.indexOf(":")).trim(), p.slice(p.indexOf(":") + 1).trim()] as const));
    const name = f.get("Instance type");
    if (!name || !f.has("Memory(GB)")) continue;
    const windows = Number(f.get("Windows OD cost in us-east-1"));
    out.set(name, {
      windows: windows > 0 ? windows : null,
      processor: f.get("CPU") || null,
      vcpus: Number(f.get("CPU cores")),
      memoryGiB: Number(f.get("Memory(GB)")),
      arch: f.get("Arch") ?? "x86_64",
    });
  }
  return out;
}

const SUPPLIER: Record<string, CatalogRow["supplier"]> = { intel: "Intel", amd: "AMD", aws: "ARM", apple: "Other" };

function main() {
  const flexera: FlexeraType[] = JSON.parse(gitShow(FLEXERA.repo, FLEXERA.commit, "data/aws/aws_ec2_instance_types.json"));
  const labels = karpenterLabels(gitShow(KARPENTER.repo, KARPENTER.commit, "website/content/en/docs/reference/instance-types.md"));
  const pricingGo = gitShow(KARPENTER.repo, KARPENTER_PRICES_COMMIT, "pkg/providers/pricing/zz_generated.pricing_aws.go");
  const linux = new Map([...pricingGo.matchAll(/"([a-z0-9-]+\.[a-z0-9-]+)": ([0-9.]+)/g)].map((m) => [m[1], Number(m[2])]));
  const leaner = leanerFacts(gitShow(LEANER.repo, LEANER.commit, "generated_instances_data.txt"));

  const byName = new Map(flexera.map((t) => [t.name, t]));
  const names = new Set([...byName.keys(), ...labels.keys(), ...linux.keys()]);
  const rows: CatalogRow[] = [];
  for (const name of names) {
    const f = byName.get(name);
    const k = labels.get(name);
    const l = leaner.get(name);
    const vcpus = f?.cpu.vcpus ?? Number(k?.get("karpenter.k8s.aws/instance-cpu") ?? l?.vcpus ?? NaN);
    const memMiB = f?.memory.sizeInMiB ?? Number(k?.get("karpenter.k8s.aws/instance-memory") ?? (l ? l.memoryGiB * 1024 : NaN));
    // A type priced but described by no source (retired families) cannot be sized: left out.
    if (!(vcpus > 0) || !(memMiB > 0)) continue;
    const archs = f?.cpu.architectures ?? [];
    const arch = archs.includes("x86_64_mac") ? "x86_64_mac" : archs.includes("arm64_mac") ? "arm64_mac" : archs.includes("arm64") ? "arm64"
      : archs.length ? "x86_64" : k?.get("kubernetes.io/arch") === "arm64" ? "arm64" : l?.arch ?? "x86_64";
    const manufacturer = (f?.cpu.manufacturer ?? k?.get("karpenter.k8s.aws/instance-cpu-manufacturer") ?? "").toLowerCase();
    const supplier = SUPPLIER[manufacturer] ?? (arch === "arm64" ? "ARM" : /amd/i.test(l?.processor ?? "") ? "AMD" : /intel/i.test(l?.processor ?? "") ? "Intel" : "Other");
    const gpuCount = Number(k?.get("karpenter.k8s.aws/instance-gpu-count") ?? f?.gpu?.count ?? 0);
    const gpuPerDeviceMiB = Number(k?.get("karpenter.k8s.aws/instance-gpu-memory") ?? 0);
    const gpuTotalMiB = gpuPerDeviceMiB > 0 ? gpuPerDeviceMiB * gpuCount : (f?.gpu?.totalGpuMemoryInMiB ?? 0);
    const gpuName = k?.get("karpenter.k8s.aws/instance-gpu-name") ?? f?.gpu?.name ?? null;
    const networkMbps = Number(k?.get("karpenter.k8s.aws/instance-network-bandwidth") ?? NaN);
    const prices = new Map<string, number>();
    if (linux.get(name)) prices.set("linux:us-east-1", linux.get(name)!);
    if (l?.windows) prices.set("windows:us-east-1", l.windows);
    rows.push({
      name,
      vcpus,
      memoryGiB: memMiB / 1024,
      arch,
      supplier,
      processor: l?.processor ?? null,
      gpus: gpuCount,
      gpuModel: gpuCount > 0 && gpuName ? gpuName.toUpperCase() : null,
      gpuMemoryGiB: Math.round((gpuTotalMiB / 1024) * 100) / 100,
      localStorageGb: Number(k?.get("karpenter.k8s.aws/instance-local-nvme") ?? 0),
      networkGbps: f?.network?.baselineBandwidthInGbps ?? (networkMbps > 0 ? networkMbps / 1000 : null),
      acu: null,
      burstable: f ? f.properties.cpuBurstModel !== null : name.startsWith("t"),
      prices,
    });
  }
  writeCatalog(`${CATALOG_OUT}/aws-ec2.tsv`, {
    provider: "AWS",
    service: "EC2",
    dataset:
      "flexera-public/policy_templates data/aws/aws_ec2_instance_types.json (facts); aws/karpenter-provider-aws instance-types.md (local NVMe, GPUs) and zz_generated.pricing_aws.go (Linux prices); LeanerCloud/ec2-instances-info generated_instances_data.txt (Windows prices, processor, 2023-08-30)",
    asOf: "2026-07-20",
    priceColumns: ["linux:us-east-1", "windows:us-east-1"],
    notes: [
      "Linux prices generated 2026-07-20; Windows prices and processor names as of 2023-08-30, for the types that file holds.",
      "network_gbps is the baseline (sustained) bandwidth; local_storage_gb counts NVMe instance store only.",
    ],
  }, rows);
}

main();
