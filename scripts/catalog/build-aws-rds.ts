/**
 * Builds catalog/aws-rds.tsv: RDS DB instance classes with on-demand prices of RDS for MySQL, Single-AZ, per region.
 * Run after build-aws-ec2.ts: npx tsx scripts/catalog/build-aws-rds.ts.
 *
 * - Prices: flexera-public/policy_templates data/aws/aws_rds_pricing.json as of 2023-03-01 (MIT; generated from the
 *   AWS Price List API), engine "MySQL", deployment "Single-AZ". Later versions of that file are over the 4 MiB a
 *   fetched snapshot keeps, so this is the newest one reachable here.
 * - Facts: an RDS class db.<type> runs on the EC2 instance type <type>; vCPUs, memory, architecture, processor,
 *   local NVMe and network come from catalog/aws-ec2.tsv. Classes with no EC2 counterpart there are left out.
 * The price sits in the file's linux:<region> columns (the engine is open source, no licence in the price).
 */
import fs from "node:fs";
import { CATALOG_OUT, gitShow, writeCatalog, type CatalogRow } from "./common";

const FLEXERA = { repo: "flexera-public/policy_templates", commit: "52fd12579630e3975c782f5769ed63c432f43f96" };
const REGIONS = ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-southeast-1"];

type Pricing = Record<string, Record<string, Record<string, Record<string, { pricePerUnit: number }>>>>;

/** The EC2 rows of aws-ec2.tsv by name (the facts columns only). */
function ec2Facts(): Map<string, string[]> {
  const lines = fs.readFileSync(`${CATALOG_OUT}/aws-ec2.tsv`, "utf8").split("\n").filter((l) => l && !l.startsWith("#"));
  const header = lines[0].split("\t");
  return new Map(lines.slice(1).map((l) => {
    const cells = l.split("\t");
    return [cells[0], cells.slice(0, header.indexOf("burstable") + 1)] as const;
  }));
}

function main() {
  const pricing: Pricing = JSON.parse(gitShow(FLEXERA.repo, FLEXERA.commit, "data/aws/aws_rds_pricing.json"));
  const ec2 = ec2Facts();
  const classes = new Set(REGIONS.flatMap((r) => Object.keys(pricing[r] ?? {})));
  const rows: CatalogRow[] = [];
  for (const name of classes) {
    const prices = new Map<string, number>();
    for (const r of REGIONS) {
      const p = pricing[r]?.[name]?.MySQL?.["Single-AZ"]?.pricePerUnit;
      if (p && p > 0) prices.set(`linux:${r}`, p);
    }
    const facts = ec2.get(name.replace(/^db\./, ""));
    if (prices.size === 0 || !facts) continue;
    const [, vcpus, mem, arch, supplier, processor, gpus, gpuModel, gpuMem, local, network, , burstable] = facts;
    rows.push({
      name,
      vcpus: Number(vcpus),
      memoryGiB: Number(mem),
      arch,
      supplier: supplier as CatalogRow["supplier"],
      processor: processor || null,
      gpus: Number(gpus),
      gpuModel: gpuModel || null,
      gpuMemoryGiB: Number(gpuMem),
      localStorageGb: Number(local),
      networkGbps: network === "" ? null : Number(network),
      acu: null,
      burstable: burstable === "1",
      prices,
    });
  }
  writeCatalog(`${CATALOG_OUT}/aws-rds.tsv`, {
    provider: "AWS",
    service: "RDS",
    dataset: "flexera-public/policy_templates data/aws/aws_rds_pricing.json (RDS for MySQL, Single-AZ, on demand); facts of the matching EC2 type from aws-ec2.tsv",
    asOf: "2023-03-01",
    priceColumns: REGIONS.map((r) => `linux:${r}`),
    notes: ["Prices are RDS for MySQL, Single-AZ, on demand, $ per hour; the windows columns are absent (no licence-included engine here)."],
  }, rows);
}

main();
