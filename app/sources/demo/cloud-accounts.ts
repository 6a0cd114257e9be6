/**
 * Where the demo's cloud estate lives: AWS accounts, Azure subscriptions and GCP projects with their regions, and
 * the provider-shaped names that go with them (ids, availability zones, private addresses).
 */
import type { CloudProvider } from "~/engine/source-contract";
import { REGION_PEAK_HOUR_UTC } from "./names";
import { Rng } from "./random";

export interface Account {
  provider: CloudProvider;
  id: string;
  name: string;
  regions: string[];
  env: "prod" | "stage" | "dev";
  /** Position among the provider's accounts: picks the account's private network. */
  index: number;
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

export const CLOUD_REGIONS: Record<CloudProvider, string[]> = {
  AWS: ["us-east-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-southeast-1"],
  Azure: ["eastus", "westeurope", "northeurope", "westus2"],
  GCP: ["us-central1", "europe-west1", "us-east1", "asia-southeast1"],
};

export function digits(r: Rng, n: number): string {
  let s = String(r.int(1, 9));
  while (s.length < n) s += String(r.int(0, 9));
  return s;
}

export function guid(r: Rng): string {
  const h = () => Math.floor(r.next() * 65536).toString(16).padStart(4, "0");
  return `${h()}${h()}-${h()}-4${h().slice(1)}-${"89ab"[r.int(0, 3)]}${h().slice(1)}-${h()}${h()}${h()}`;
}

function envOf(name: string): Account["env"] {
  return /prod/i.test(name) && !/non/i.test(name) ? "prod" : /dev|sandbox|test|research/i.test(name) ? "dev" : /stag|nonprod/i.test(name) ? "stage" : "prod";
}

/** `n` accounts of a provider (names repeat with a suffix past the pool), each in one to three regions. */
export function accounts(r: Rng, provider: CloudProvider, n: number): Account[] {
  const pool = provider === "AWS" ? AWS_ACCOUNTS : provider === "Azure" ? AZURE_SUBSCRIPTIONS : GCP_PROJECTS;
  const names = r.shuffle(pool);
  // Every estate has a development account (where instances stop at night) once it has two accounts.
  const dev = names.findIndex((name) => envOf(name) === "dev");
  if (n >= 2 && dev >= Math.min(n, names.length)) [names[1], names[dev]] = [names[dev], names[1]];
  const out: Account[] = [];
  for (let i = 0; i < n; i++) {
    const name = i < names.length ? names[i] : `${names[i % names.length]}-${Math.floor(i / names.length) + 1}`;
    const id =
      provider === "AWS"
        ? digits(r, 12)
        : provider === "Azure"
          ? guid(r)
          : `${name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${digits(r, 6)}`;
    const regions = r.shuffle(CLOUD_REGIONS[provider]).slice(0, r.int(1, 3));
    out.push({ provider, id, name, regions, env: envOf(name), index: i });
  }
  return out;
}

/**
 * An availability zone as the provider reports it: us-east-1b (AWS), us-central1-c (GCP), "2" (Azure; null for
 * a regional, non-zonal VM).
 */
export function availabilityZone(provider: CloudProvider, region: string, zone: number): string | null {
  if (provider === "AWS") return `${region}${"abc"[zone % 3]}`;
  if (provider === "GCP") return `${region}-${"abc"[zone % 3]}`;
  return zone < 0 ? null : String((zone % 3) + 1);
}

// GCP's default network gives each region a /20 of 10.128.0.0/9.
const GCP_SUBNET: Record<string, [number, number]> = {
  "us-central1": [128, 0],
  "europe-west1": [132, 0],
  "us-east1": [142, 0],
  "asia-southeast1": [148, 0],
};

/**
 * The n-th private address handed out in an account's network of a region: AWS accounts use the default VPC
 * (172.31.0.0/16), Azure subscriptions a VNet of their own (10.<index + 1>.0.0/16), GCP projects the default
 * network's regional subnet. Distinct for distinct n below 4,000 (GCP /20) or 65,000.
 */
export function privateIp(acct: Account, region: string, n: number): string {
  const host = n + 4; // the first addresses of a subnet are the provider's
  if (acct.provider === "AWS") return `172.31.${(host >> 8) & 255}.${host & 255}`;
  if (acct.provider === "Azure") return `10.${(acct.index % 200) + 1}.${(host >> 8) & 255}.${host & 255}`;
  const [a, b] = GCP_SUBNET[region] ?? [128, 0];
  return `10.${a + ((host >> 8) >> 4)}.${b + ((host >> 8) & 15)}.${host & 255}`;
}

/** The region's UTC offset in hours, from its business-day peak (REGION_PEAK_HOUR_UTC is about 14:00 local). */
export function utcOffsetHours(region: string): number {
  const offset = 14 - (REGION_PEAK_HOUR_UTC[region] ?? 14);
  return offset < -12 ? offset + 24 : offset;
}
