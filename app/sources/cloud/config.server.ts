/**
 * Where the providers' APIs are and how long a call may take (decision 016). Unset endpoints are the real clouds';
 * tests point every SDK at loopback stand-ins (tests/integration/stand-ins/).
 */
import fs from "node:fs";
import { env } from "~/lib/env.server";
import { CLOUD_SERVICES, type CloudProvider } from "~/engine/cloud-kinds";
import { cloudCandidates } from "~/engine/cloud/shipped-catalog.server";
import { loadShippedCatalogs } from "~/engine/catalog/load.server";
import type { CloudCandidate, CloudSample, GroupSizeSample } from "~/engine/cloud/types";
import type { CloudInstanceTable, CloudScaleGroupTable } from "~/db/schema";

export interface CloudConfig {
  awsEndpoint?: string;
  awsAccountId?: string;
  azureAuthorityHost?: string;
  azureArmEndpoint: string;
  gcpTokenUrl?: string;
  gcpComputeEndpoint: string;
  gcpMonitoringEndpoint: string;
  /** Extra trusted CA certificate (PEM) for endpoints behind a private CA (a TLS proxy, the Azure stand-in). */
  ca?: string;
  timeoutMs: number;
  historyDays: number;
}

export function cloudConfig(): CloudConfig {
  const e = env();
  return {
    awsEndpoint: e.KUBEX_AWS_ENDPOINT,
    awsAccountId: e.KUBEX_AWS_ACCOUNT_ID,
    azureAuthorityHost: e.KUBEX_AZURE_AUTHORITY_HOST,
    azureArmEndpoint: (e.KUBEX_AZURE_ARM_ENDPOINT ?? "https://management.azure.com").replace(/\/$/, ""),
    gcpTokenUrl: e.KUBEX_GCP_TOKEN_URL,
    gcpComputeEndpoint: (e.KUBEX_GCP_COMPUTE_ENDPOINT ?? "https://compute.googleapis.com").replace(/\/$/, ""),
    gcpMonitoringEndpoint: (e.KUBEX_GCP_MONITORING_ENDPOINT ?? "https://monitoring.googleapis.com").replace(/\/$/, ""),
    ca: e.KUBEX_CLOUD_CA_FILE ? fs.readFileSync(e.KUBEX_CLOUD_CA_FILE, "utf8") : undefined,
    timeoutMs: e.KUBEX_CLOUD_TIMEOUT_MS ?? 20_000,
    historyDays: e.KUBEX_CLOUD_HISTORY_DAYS ?? 7,
  };
}

/** What a provider's collection yields: rows for cloud_instance / cloud_scale_group and each instance's samples. */
export interface Harvest {
  instances: CloudInstanceTable[];
  groups: CloudScaleGroupTable[];
  /** By service id: an instance's own samples, or a scale group's members' average (one series per group). */
  samples: Map<string, CloudSample[]>;
  /** A scale group's size history by group id. */
  groupSizes: Map<string, GroupSizeSample[]>;
}

/** A provider call that took too long or failed, with a sentence for the person who set the connection up. */
export class CloudCallError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CloudCallError";
  }
}

let candidates: CloudCandidate[] | undefined;

/** vCPUs, memory and the list price of an instance type, from the shipped catalogs (zeros when unknown). */
export function typeFacts(provider: CloudProvider, region: string, type: string, windows = false): { vcpus: number; memoryMb: number; hourlyPrice: number } {
  candidates ??= cloudCandidates(loadShippedCatalogs());
  const same = candidates.filter((c) => c.provider === provider && c.name.toLowerCase() === type.toLowerCase());
  const c = same.find((x) => x.region === region && x.hourlyPrice !== null) ?? same.find((x) => x.hourlyPrice !== null) ?? same[0];
  if (!c) return { vcpus: 0, memoryMb: 0, hourlyPrice: 0 };
  const price = (windows ? c.windowsHourlyPrice : null) ?? c.hourlyPrice ?? 0;
  return { vcpus: c.vcpus, memoryMb: Math.round(c.memoryGiB * 1024), hourlyPrice: price };
}

/** A blank instance row with the facts every provider fills. */
export function instanceRow(r: Pick<CloudInstanceTable, "id" | "provider" | "region" | "account_id" | "account_name" | "service" | "name" | "instance_type"> & Partial<CloudInstanceTable>): CloudInstanceTable {
  const facts = typeFacts(r.provider as CloudProvider, r.region, r.instance_type, r.os === "Windows");
  return {
    vcpus: facts.vcpus,
    memory_mb: facts.memoryMb,
    hourly_price: facts.hourlyPrice,
    group_name: null,
    group_id: null,
    os: "Linux",
    created_at: null,
    power_state: "running",
    life_cycle: "on-demand",
    ri_coverage: null,
    ri_expiry: null,
    availability_zone: null,
    private_ip: null,
    previous_instance_type: null,
    instance_type_changed_at: null,
    memory_metrics: 0,
    ...r,
  };
}

/** Merges per-metric points (t → value) into samples on the 5-minute grid; points missing a CPU value are dropped. */
export function mergeSamples(series: Partial<Record<keyof Omit<CloudSample, "t">, Map<number, number>>>): CloudSample[] {
  const cpu = series.cpuPct;
  if (!cpu) return [];
  const at = (k: keyof Omit<CloudSample, "t">, t: number) => series[k]?.get(t);
  return [...cpu.keys()]
    .sort((a, b) => a - b)
    .map((t) => ({
      t,
      cpuPct: cpu.get(t) ?? 0,
      cpuPeakPct: at("cpuPeakPct", t) ?? cpu.get(t) ?? 0,
      memPct: at("memPct", t) ?? null,
      netInBytes: at("netInBytes", t) ?? 0,
      netOutBytes: at("netOutBytes", t) ?? 0,
      netPackets: at("netPackets", t) ?? 0,
      diskReadBytes: at("diskReadBytes", t) ?? 0,
      diskWriteBytes: at("diskWriteBytes", t) ?? 0,
      diskReadOps: at("diskReadOps", t) ?? 0,
      diskWriteOps: at("diskWriteOps", t) ?? 0,
    }));
}

export const KNOWN_SERVICES = CLOUD_SERVICES;

/** The error's message as one sentence for the dialog or the connection's failure reason. */
export function reasonOf(error: unknown): string {
  if (error instanceof Error) {
    const name = error.name && error.name !== "Error" ? `${error.name}: ` : "";
    return `${name}${error.message}`.trim();
  }
  return String(error);
}
