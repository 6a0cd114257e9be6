/**
 * The demo fleet's cloud estate: AWS accounts, Azure subscriptions and GCP projects with EC2, RDS and Auto
 * Scaling Group instances, Azure VMs and scale sets, and Compute Engine instances. Count scales with the fleet.
 */
import type { CloudProvider, CloudService, InventoryCloudInstance } from "~/engine/source-contract";
import { hourlyPrice, instanceType } from "./catalog";
import { Rng, hash32, hashHex64 } from "./random";

interface Account {
  provider: CloudProvider;
  id: string;
  name: string;
  regions: string[];
  env: string;
}

const AWS_ACCOUNTS = [
  "acme-prod", "acme-staging", "acme-dev", "shared-services", "data-platform-prod", "security-audit",
  "retail-prod", "finance-prod", "sandbox", "log-archive", "network-hub", "ml-research",
];
const AZURE_SUBSCRIPTIONS = [
  "Contoso-Production", "Contoso-NonProd", "Platform-Shared", "Finance-Apps", "Data-Analytics",
  "Marketing-Sites", "Dev-Test", "Identity-Core",
];
const GCP_PROJECTS = ["Data Prod", "Data Dev", "Web Prod", "ML Research", "Analytics", "Shared VPC", "Marketing", "Sandbox"];

const REGIONS: Record<CloudProvider, string[]> = {
  AWS: ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-southeast-1"],
  Azure: ["eastus", "westeurope", "northeurope", "westus2"],
  GCP: ["us-central1", "europe-west1", "us-east1", "asia-southeast1"],
};

const TYPES: Record<CloudService, readonly string[]> = {
  EC2: ["t3.medium", "t3.large", "m5.large", "m5.xlarge", "m5.2xlarge", "m4.large", "m4.xlarge", "c5.xlarge", "c5.2xlarge", "r5.large", "r5.xlarge", "m6i.xlarge", "c4.xlarge", "t2.medium", "m6g.xlarge", "t3a.large"],
  RDS: ["db.t3.medium", "db.m5.large", "db.m5.xlarge", "db.m5.2xlarge", "db.r5.large", "db.r5.xlarge", "db.r5.2xlarge", "db.m6g.large", "db.r6g.large"],
  ASG: ["m5.large", "m5.xlarge", "c5.xlarge", "c6i.2xlarge", "m6i.large", "t3.large", "m7g.xlarge", "c5.2xlarge"],
  VM: ["Standard_B2s", "Standard_D2s_v5", "Standard_D4s_v5", "Standard_D8s_v5", "Standard_E4s_v5", "Standard_D4s_v3", "Standard_A2_v2", "Standard_A4_v2", "Standard_F4s_v2", "Standard_A4m_v2"],
  VMSS: ["Standard_D2s_v5", "Standard_D4s_v5", "Standard_F8s_v2", "Standard_D4as_v5", "Standard_A8_v2"],
  GCE: ["e2-medium", "e2-standard-2", "e2-standard-4", "n1-standard-4", "n2-standard-4", "n2-standard-8", "n2-highmem-4", "c2-standard-8", "n2d-standard-8"],
};

const SERVICE_PROVIDER: Record<CloudService, CloudProvider> = { EC2: "AWS", RDS: "AWS", ASG: "AWS", VM: "Azure", VMSS: "Azure", GCE: "GCP" };
const SERVICE_WEIGHTS: readonly (readonly [CloudService, number])[] = [
  // Per choice; a scale group brings 2–10 instances at once, so its weight is its share divided by about 6.
  ["EC2", 30],
  ["RDS", 12],
  ["ASG", 3.3],
  ["VM", 18],
  ["VMSS", 1.7],
  ["GCE", 10],
];
const ROLES: Record<CloudService, readonly string[]> = {
  EC2: ["jenkins", "bastion", "legacy-erp", "sftp", "vpn", "build-agent", "kafka-broker", "mongo", "etl", "reporting", "windows-ad", "splunk-fwd", "airflow", "gitlab-runner", "tableau"],
  RDS: ["orders", "customers", "billing", "inventory", "analytics", "auth", "catalog", "cms", "payments", "ledger"],
  ASG: ["web", "api", "worker", "batch", "ingest", "render", "search", "cache"],
  VM: ["sql", "app", "web", "iis", "sap", "jumpbox", "dc", "fileserver", "citrix", "build"],
  VMSS: ["web", "api", "agents", "workers", "render"],
  GCE: ["etl-worker", "spark", "jupyter", "airflow", "redis", "elastic", "build", "proxy", "ftp"],
};

/** Number of cloud instances for a fleet of `size` containers: size / 10, at least 40, at most 8,000. */
export function cloudInstanceCount(size: number): number {
  return Math.min(8000, Math.max(40, Math.round(size / 10)));
}

function digits(r: Rng, n: number): string {
  let s = String(r.int(1, 9));
  while (s.length < n) s += String(r.int(0, 9));
  return s;
}

function guid(r: Rng): string {
  const h = () => Math.floor(r.next() * 65536).toString(16).padStart(4, "0");
  return `${h()}${h()}-${h()}-4${h().slice(1)}-${"89ab"[r.int(0, 3)]}${h().slice(1)}-${h()}${h()}${h()}`;
}

function envOf(name: string): string {
  return /prod/i.test(name) && !/non/i.test(name) ? "prod" : /dev|sandbox|test|research/i.test(name) ? "dev" : /stag|nonprod/i.test(name) ? "stage" : "prod";
}

function accounts(r: Rng, provider: CloudProvider, n: number): Account[] {
  const pool = provider === "AWS" ? AWS_ACCOUNTS : provider === "Azure" ? AZURE_SUBSCRIPTIONS : GCP_PROJECTS;
  const names = r.shuffle(pool);
  const out: Account[] = [];
  for (let i = 0; i < n; i++) {
    const name = i < names.length ? names[i] : `${names[i % names.length]}-${Math.floor(i / names.length) + 1}`;
    const id =
      provider === "AWS"
        ? digits(r, 12)
        : provider === "Azure"
          ? guid(r)
          : `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${digits(r, 6)}`;
    const regions = r.shuffle(REGIONS[provider]).slice(0, r.int(1, 3));
    out.push({ provider, id, name, regions, env: envOf(name) });
  }
  return out;
}

const pad2 = (n: number) => String(n).padStart(2, "0");

export function generateCloudInstances(seed: number, size: number): InventoryCloudInstance[] {
  const r = new Rng(hash32("cloud", seed));
  const count = cloudInstanceCount(size);
  const byProvider: Record<CloudProvider, Account[]> = {
    AWS: accounts(r, "AWS", Math.min(20, Math.max(2, Math.round(count / 250)))),
    Azure: accounts(r, "Azure", Math.min(10, Math.max(1, Math.round(count / 400)))),
    GCP: accounts(r, "GCP", Math.min(8, Math.max(1, Math.round(count / 500)))),
  };
  const out: InventoryCloudInstance[] = [];
  const used = new Map<string, number>();
  // A unique name per account and service: role-env-NN.
  const uniqueName = (acct: Account, service: CloudService, base: string) => {
    const key = `${acct.id}/${service}/${base}`;
    const n = (used.get(key) ?? 0) + 1;
    used.set(key, n);
    return `${base}-${pad2(n)}`;
  };
  const push = (acct: Account, region: string, service: CloudService, name: string, type: string, id: string, group: string | null) => {
    const it = instanceType(type);
    out.push({
      id,
      provider: acct.provider,
      region,
      account_id: acct.id,
      account_name: acct.name,
      service,
      name,
      instance_type: type,
      vcpus: it.vcpus,
      memory_mb: it.memoryGiB * 1024,
      hourly_price: hourlyPrice(type, region),
      group_name: group,
    });
  };
  const forced: CloudService[] = ["EC2", "RDS", "ASG", "VM", "VMSS", "GCE"];
  let i = 0;
  while (out.length < count) {
    const service = i < forced.length ? forced[i] : r.weighted(SERVICE_WEIGHTS);
    i++;
    const acct = r.pick(byProvider[SERVICE_PROVIDER[service]]);
    const region = r.pick(acct.regions);
    const role = r.pick(ROLES[service]);
    const type = r.pick(TYPES[service]);
    const rg = `rg-${role}-${acct.env}-${region}`;
    if (service === "ASG" || service === "VMSS") {
      const group = uniqueName(acct, service, service === "ASG" ? `${role}-asg-${acct.env}` : `vmss-${role}-${acct.env}`);
      const n = Math.min(count - out.length, r.int(2, 10));
      for (let k = 0; k < n; k++) {
        if (service === "ASG") {
          push(acct, region, service, `${group}-${k + 1}`, type, `i-0${hashHex64(`${acct.id}/${region}/${group}/${k}`, seed)}`, group);
        } else {
          const id = `/subscriptions/${acct.id}/resourceGroups/${rg}/providers/Microsoft.Compute/virtualMachineScaleSets/${group}/virtualMachines/${k}`;
          push(acct, region, service, `${group}_${k}`, type, id, group);
        }
      }
      continue;
    }
    if (service === "EC2") {
      const name = uniqueName(acct, service, `${role}-${acct.env}`);
      push(acct, region, service, name, type, `i-0${hashHex64(`${acct.id}/${region}/${name}`, seed)}`, null);
    } else if (service === "RDS") {
      const name = uniqueName(acct, service, `${role}-db-${acct.env}`);
      const key = `${acct.id}/${region}/${name}`;
      push(acct, region, service, name, type, `db-${(hashHex64(key, seed) + hashHex64(key, seed + 1).slice(0, 10)).toUpperCase()}`, null);
    } else if (service === "VM") {
      const name = uniqueName(acct, service, `vm-${role}-${acct.env}`);
      push(acct, region, service, name, type, `/subscriptions/${acct.id}/resourceGroups/${rg}/providers/Microsoft.Compute/virtualMachines/${name}`, null);
    } else {
      const name = uniqueName(acct, service, `${role}-${acct.env}`);
      const numeric = (BigInt(`0x${hashHex64(`${acct.id}/${region}/${name}`, seed)}`) % 9_000_000_000_000_000_000n) + 1_000_000_000_000_000_000n;
      push(acct, region, service, name, type, numeric.toString(), null);
    }
  }
  return out;
}
