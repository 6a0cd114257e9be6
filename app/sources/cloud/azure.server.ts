/**
 * Azure through its own SDK: @azure/identity's ClientSecretCredential (the service principal's secret against the
 * tenant's authority), @azure/arm-resources-subscriptions to list what it sees, @azure/arm-compute for the virtual machines
 * (paged by nextLink) and @azure/arm-monitor for their five-minute metrics. The authority and Resource Manager
 * addresses are configurable (KUBEX_AZURE_AUTHORITY_HOST, KUBEX_AZURE_ARM_ENDPOINT), with an extra CA for a TLS
 * stand-in or proxy (KUBEX_CLOUD_CA_FILE).
 */
import https from "node:https";
import { ClientSecretCredential } from "@azure/identity";
import { SubscriptionClient } from "@azure/arm-resources-subscriptions";
import { ComputeManagementClient, type VirtualMachine } from "@azure/arm-compute";
import { MonitorClient } from "@azure/arm-monitor";
import type { AzureSubscriptionFound, VerificationResult } from "~/engine/cloud-connection-kinds";
import type { CloudSample } from "~/engine/cloud/types";
import { SAMPLE_STEP_MS } from "~/lib/time";
import { type CloudConfig, type Harvest, instanceRow, mergeSamples } from "./config.server";

export interface AzureCredentials {
  tenantId: string;
  applicationId: string;
  secretKey: string;
}

/** The pipeline options every Azure client gets: the timeout per request and the extra CA, as a policy. */
function pipelineOptions(config: CloudConfig) {
  const agent = config.ca ? new https.Agent({ ca: config.ca, keepAlive: true }) : undefined;
  return {
    retryOptions: { maxRetries: 1 },
    additionalPolicies: [
      {
        position: "perCall" as const,
        policy: {
          name: "kubexCloudEndpoint",
          sendRequest: (request: { timeout: number; agent?: unknown }, next: (r: typeof request) => Promise<unknown>) => {
            request.timeout = config.timeoutMs;
            if (agent) request.agent = agent;
            return next(request);
          },
        },
      },
    ],
  };
}

function credential(config: CloudConfig, c: AzureCredentials) {
  return new ClientSecretCredential(c.tenantId.trim(), c.applicationId.trim(), c.secretKey, {
    ...(config.azureAuthorityHost ? { authorityHost: config.azureAuthorityHost, disableInstanceDiscovery: true } : {}),
    ...(pipelineOptions(config) as any),
  });
}

function armOptions(config: CloudConfig) {
  return { endpoint: config.azureArmEndpoint, credentialScopes: [`${config.azureArmEndpoint}/.default`], ...(pipelineOptions(config) as any) };
}

/** Verification: the secret gets a token and the subscriptions the principal sees are listed. */
export async function verifyAzure(config: CloudConfig, c: AzureCredentials): Promise<VerificationResult> {
  const client = new SubscriptionClient(credential(config, c), armOptions(config));
  const subs: AzureSubscriptionFound[] = [];
  for await (const s of client.subscriptions.list()) {
    if (!s.subscriptionId) continue;
    subs.push({ id: s.subscriptionId, displayName: s.displayName ?? s.subscriptionId, usedByAccount: false, status: s.state ?? "Enabled", mostRecentCollection: null, auditAzureConnectionName: null });
  }
  if (subs.length === 0) {
    return { platform: "AZURE", status: "INVALID", statusDetails: JSON.stringify(["The service principal can see no subscription: give it the Reader role on the subscriptions to collect"]), accountId: null, awsInstanceFound: [], azureSubscriptionsFound: [], gcpInstanceCount: 0 };
  }
  subs.sort((a, b) => a.displayName.localeCompare(b.displayName));
  return { platform: "AZURE", status: "COMPLETE", statusDetails: "[]", accountId: c.tenantId, awsInstanceFound: [], azureSubscriptionsFound: subs, gcpInstanceCount: 0 };
}

const METRICS: { key: keyof Omit<CloudSample, "t">; name: string; agg: "average" | "maximum" | "total"; perSecond: boolean }[] = [
  { key: "cpuPct", name: "Percentage CPU", agg: "average", perSecond: false },
  { key: "cpuPeakPct", name: "Percentage CPU", agg: "maximum", perSecond: false },
  { key: "netInBytes", name: "Network In Total", agg: "total", perSecond: true },
  { key: "netOutBytes", name: "Network Out Total", agg: "total", perSecond: true },
  { key: "diskReadBytes", name: "Disk Read Bytes", agg: "total", perSecond: true },
  { key: "diskWriteBytes", name: "Disk Write Bytes", agg: "total", perSecond: true },
  { key: "diskReadOps", name: "Disk Read Operations/Sec", agg: "average", perSecond: false },
  { key: "diskWriteOps", name: "Disk Write Operations/Sec", agg: "average", perSecond: false },
];

async function vmSamples(monitor: MonitorClient, vmId: string, fromMs: number, toMs: number): Promise<CloudSample[]> {
  const names = [...new Set(METRICS.map((m) => m.name))].join(",");
  const answer = await monitor.metrics.list(vmId, {
    timespan: `${new Date(fromMs).toISOString()}/${new Date(toMs).toISOString()}`,
    interval: "PT5M",
    metricnames: names,
    aggregation: "Average,Maximum,Total",
  });
  const series: Partial<Record<keyof Omit<CloudSample, "t">, Map<number, number>>> = {};
  for (const metric of answer.value ?? []) {
    for (const m of METRICS.filter((x) => x.name === metric.name?.value)) {
      const map = (series[m.key] ??= new Map());
      for (const ts of metric.timeseries ?? []) {
        for (const point of ts.data ?? []) {
          const v = point[m.agg];
          if (typeof v !== "number") continue;
          const t = Math.floor(new Date(point.timeStamp).getTime() / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
          map.set(t, m.perSecond ? v / 300 : v);
        }
      }
    }
  }
  return mergeSamples(series);
}

/** Collection: the virtual machines of the chosen subscriptions with their Azure Monitor history. */
export async function collectAzure(
  config: CloudConfig,
  c: AzureCredentials,
  subscriptions: { id: string; name: string }[],
  target: { prefix: string; accountName: string },
  nowMs: number,
): Promise<Harvest> {
  const cred = credential(config, c);
  const harvest: Harvest = { instances: [], groups: [], samples: new Map(), groupSizes: new Map() };
  const toMs = Math.floor(nowMs / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
  const fromMs = toMs - config.historyDays * 86_400_000;
  for (const sub of subscriptions) {
    const compute = new ComputeManagementClient(cred, sub.id, armOptions(config));
    const monitor = new MonitorClient(cred, sub.id, armOptions(config));
    const vms: VirtualMachine[] = [];
    for await (const vm of compute.virtualMachines.listAll()) vms.push(vm);
    for (const vm of vms) {
      if (!vm.id || !vm.name) continue;
      const id = `${target.prefix}${vm.id.toLowerCase()}`;
      harvest.instances.push(
        instanceRow({
          id,
          provider: "Azure",
          region: vm.location ?? "unknown",
          account_id: sub.id,
          account_name: sub.name,
          service: "VM",
          name: vm.name,
          instance_type: vm.hardwareProfile?.vmSize ?? "unknown",
          os: vm.storageProfile?.osDisk?.osType === "Windows" ? "Windows" : "Linux",
          created_at: vm.timeCreated ? new Date(vm.timeCreated).toISOString() : null,
          availability_zone: vm.zones?.[0] ?? null,
          life_cycle: vm.priority === "Spot" ? "spot" : "on-demand",
        }),
      );
      harvest.samples.set(id, await vmSamples(monitor, vm.id, fromMs, toMs));
    }
  }
  return harvest;
}
