/**
 * Azure through its own SDK: @azure/identity's ClientSecretCredential (the service principal's secret against the
 * tenant's authority), @azure/arm-resources-subscriptions to list what it sees, @azure/arm-compute for the virtual machines
 * and VM Scale Sets with their instances (paged by nextLink) and @azure/arm-monitor for their five-minute metrics
 * (memory from Available Memory Bytes) and the scale sets' autoscale settings. The authority and Resource Manager
 * addresses are configurable (KUBEX_AZURE_AUTHORITY_HOST, KUBEX_AZURE_ARM_ENDPOINT), with an extra CA for a TLS
 * stand-in or proxy (KUBEX_CLOUD_CA_FILE).
 */
import https from "node:https";
import { ClientSecretCredential } from "@azure/identity";
import { SubscriptionClient } from "@azure/arm-resources-subscriptions";
import { ComputeManagementClient, type VirtualMachine, type VirtualMachineScaleSet } from "@azure/arm-compute";
import { MonitorClient, type AutoscaleSettingResource } from "@azure/arm-monitor";
import type { CloudScaleGroupTable } from "~/db/schema";
import type { AzureSubscriptionFound, VerificationResult } from "~/engine/cloud-connection-kinds";
import type { CloudSample } from "~/engine/cloud/types";
import { SAMPLE_STEP_MS } from "~/lib/time";
import { type CloudConfig, type Harvest, instanceRow, mergeSamples, typeFacts } from "./config.server";

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

/** The latest error Resource Manager answered with, in its words (the SDKs' paging helpers drop them). */
interface ArmErrorSink {
  last: string | null;
}

function armOptions(config: CloudConfig, sink?: ArmErrorSink) {
  const base = pipelineOptions(config);
  const listen = {
    position: "perCall" as const,
    policy: {
      name: "kubexArmErrorBody",
      sendRequest: async (request: unknown, next: (r: unknown) => Promise<{ status: number; bodyAsText?: string | null }>) => {
        const response = await next(request);
        if (sink && response.status >= 400 && response.bodyAsText) {
          try {
            const body = JSON.parse(response.bodyAsText) as { error?: { code?: string; message?: string } };
            if (body.error?.message) sink.last = body.error.code ? `${body.error.code}: ${body.error.message}` : body.error.message;
          } catch {
            // not JSON: the SDK's own message stands
          }
        }
        return response;
      },
    },
  };
  return {
    endpoint: config.azureArmEndpoint,
    credentialScopes: [`${config.azureArmEndpoint}/.default`],
    ...(base as any),
    additionalPolicies: [...base.additionalPolicies, ...(sink ? [listen] : [])],
  };
}

/** Runs `work`, adding Resource Manager's own words to an error whose message leaves them out. */
async function withArmReason<T>(sink: ArmErrorSink, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Error && sink.last && !error.message.includes(sink.last)) error.message = `${error.message}: ${sink.last}`;
    throw error;
  }
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
  { key: "memPct", name: "Available Memory Bytes", agg: "average", perSecond: false },
  { key: "netInBytes", name: "Network In Total", agg: "total", perSecond: true },
  { key: "netOutBytes", name: "Network Out Total", agg: "total", perSecond: true },
  { key: "diskReadBytes", name: "Disk Read Bytes", agg: "total", perSecond: true },
  { key: "diskWriteBytes", name: "Disk Write Bytes", agg: "total", perSecond: true },
  { key: "diskReadOps", name: "Disk Read Operations/Sec", agg: "average", perSecond: false },
  { key: "diskWriteOps", name: "Disk Write Operations/Sec", agg: "average", perSecond: false },
];

/**
 * A VM's (or, unsplit, a scale set's per-instance average) five-minute metrics. Memory in use is
 * 100 × (1 − Available Memory Bytes / the size's memory); without that metric the samples have no memory.
 */
async function resourceSamples(monitor: MonitorClient, resourceId: string, memoryBytes: number, fromMs: number, toMs: number): Promise<CloudSample[]> {
  const names = [...new Set(METRICS.map((m) => m.name))].join(",");
  const answer = await monitor.metrics.list(resourceId, {
    timespan: `${new Date(fromMs).toISOString()}/${new Date(toMs).toISOString()}`,
    interval: "PT5M",
    metricnames: names,
    aggregation: "Average,Maximum,Total",
  });
  const series: Partial<Record<keyof Omit<CloudSample, "t">, Map<number, number>>> = {};
  for (const metric of answer.value ?? []) {
    for (const m of METRICS.filter((x) => x.name === metric.name?.value)) {
      if (m.key === "memPct" && memoryBytes <= 0) continue;
      const map = new Map<number, number>();
      for (const ts of metric.timeseries ?? []) {
        for (const point of ts.data ?? []) {
          const v = point[m.agg];
          if (typeof v !== "number") continue;
          const t = Math.floor(new Date(point.timeStamp).getTime() / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
          map.set(t, m.key === "memPct" ? Math.min(100, Math.max(0, 100 * (1 - v / memoryBytes))) : m.perSecond ? v / 300 : v);
        }
      }
      if (map.size > 0) series[m.key] = map;
    }
  }
  return mergeSamples(series);
}

const hasMemory = (samples: CloudSample[]) => samples.some((s) => s.memPct !== null);

/** The resource group of a resource id (/subscriptions/…/resourceGroups/<rg>/…). */
const resourceGroupOf = (id: string) => /\/resourceGroups\/([^/]+)/i.exec(id)?.[1] ?? "";

/** An autoscale setting's scaling for one scale set: bounds of its first profile and its rules in words. */
function autoscaleOf(settings: AutoscaleSettingResource[], vmssId: string): { id: string | null; min: number; max: number; policy: string } | null {
  const s = settings.find((x) => x.enabled !== false && x.targetResourceUri?.toLowerCase() === vmssId.toLowerCase());
  const profile = s?.profiles?.[0];
  if (!s || !profile) return null;
  const rules = profile.rules
    .map((r) => `${r.metricTrigger.metricName} ${r.metricTrigger.operator === "GreaterThan" || r.metricTrigger.operator === "GreaterThanOrEqual" ? ">" : "<"} ${r.metricTrigger.threshold} ${r.scaleAction.direction === "Increase" ? "adds" : "removes"} ${r.scaleAction.value ?? "1"}`)
    .join(", ");
  return { id: s.id ?? null, min: Number(profile.capacity.minimum), max: Number(profile.capacity.maximum), policy: `Autoscale: ${rules || profile.name}` };
}

/** An autoscale setting's ObservedCapacity (the instance count it saw), t → count on the 5-minute grid. */
async function observedCapacity(monitor: MonitorClient, settingId: string, fromMs: number, toMs: number): Promise<Map<number, number>> {
  const answer = await monitor.metrics.list(settingId, {
    timespan: `${new Date(fromMs).toISOString()}/${new Date(toMs).toISOString()}`,
    interval: "PT5M",
    metricnames: "ObservedCapacity",
    aggregation: "Average",
  });
  const out = new Map<number, number>();
  for (const metric of answer.value ?? []) {
    for (const ts of metric.timeseries ?? []) {
      for (const point of ts.data ?? []) {
        if (typeof point.average === "number") out.set(Math.floor(new Date(point.timeStamp).getTime() / SAMPLE_STEP_MS) * SAMPLE_STEP_MS, point.average);
      }
    }
  }
  return out;
}

/**
 * Collection: the virtual machines and VM Scale Sets of the chosen subscriptions with their Azure Monitor history.
 * A scale set is one analysed service: its instances (Uniform: the scale set's VM list; Flexible: the VMs that name
 * it) are its members, its unsplit metrics their average, its autoscale setting its bounds and policy.
 */
export async function collectAzure(
  config: CloudConfig,
  c: AzureCredentials,
  subscriptions: { id: string; name: string }[],
  target: { prefix: string; accountName: string },
  nowMs: number,
): Promise<Harvest> {
  const sink: ArmErrorSink = { last: null };
  return withArmReason(sink, () => collectWith(config, c, subscriptions, target, nowMs, sink));
}

async function collectWith(
  config: CloudConfig,
  c: AzureCredentials,
  subscriptions: { id: string; name: string }[],
  target: { prefix: string; accountName: string },
  nowMs: number,
  sink: ArmErrorSink,
): Promise<Harvest> {
  const cred = credential(config, c);
  const harvest: Harvest = { instances: [], groups: [], samples: new Map(), groupSizes: new Map() };
  const toMs = Math.floor(nowMs / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
  const fromMs = toMs - config.historyDays * 86_400_000;
  for (const sub of subscriptions) {
    const compute = new ComputeManagementClient(cred, sub.id, armOptions(config, sink));
    const monitor = new MonitorClient(cred, sub.id, armOptions(config, sink));
    const vms: VirtualMachine[] = [];
    for await (const vm of compute.virtualMachines.listAll()) vms.push(vm);
    const sets: VirtualMachineScaleSet[] = [];
    for await (const set of compute.virtualMachineScaleSets.listAll()) sets.push(set);
    const autoscale: AutoscaleSettingResource[] = [];
    if (sets.length) for await (const a of monitor.autoscaleSettings.listBySubscription()) autoscale.push(a);
    const setIds = new Set(sets.map((x) => x.id?.toLowerCase()));

    for (const set of sets) {
      if (!set.id || !set.name) continue;
      const id = `${target.prefix}${set.id.toLowerCase()}`;
      const region = set.location ?? "unknown";
      const type = set.sku?.name ?? "unknown";
      const windows = set.virtualMachineProfile?.storageProfile?.osDisk?.osType === "Windows" || !!set.virtualMachineProfile?.osProfile?.windowsConfiguration;
      const facts = typeFacts("Azure", region, type, windows);
      const spot = set.virtualMachineProfile?.priority === "Spot";
      const members: { id: string; name: string; zone: string | null; created: string | null }[] = [];
      if (set.orchestrationMode === "Flexible") {
        for (const vm of vms) if (vm.id && vm.name && vm.virtualMachineScaleSet?.id?.toLowerCase() === set.id.toLowerCase()) members.push({ id: vm.id, name: vm.name, zone: vm.zones?.[0] ?? null, created: vm.timeCreated ? new Date(vm.timeCreated).toISOString() : null });
      } else {
        for await (const vm of compute.virtualMachineScaleSetVMs.list(resourceGroupOf(set.id), set.name)) {
          if (vm.id && vm.name) members.push({ id: vm.id, name: vm.name, zone: vm.zones?.[0] ?? null, created: vm.timeCreated ? new Date(vm.timeCreated).toISOString() : null });
        }
      }
      for (const m of members) {
        harvest.instances.push(
          instanceRow({
            id: `${target.prefix}${m.id.toLowerCase()}`,
            provider: "Azure",
            region,
            account_id: sub.id,
            account_name: sub.name,
            service: "VMSS",
            name: m.name,
            instance_type: type,
            os: windows ? "Windows" : "Linux",
            created_at: m.created,
            availability_zone: m.zone,
            life_cycle: spot ? "spot" : "on-demand",
            group_id: id,
            group_name: set.name,
            memory_metrics: 1,
          }),
        );
      }
      const samples = await resourceSamples(monitor, set.id, facts.memoryMb * 1024 * 1024, fromMs, toMs);
      harvest.samples.set(id, samples);
      const capacity = set.sku?.capacity ?? members.length;
      const scaling = autoscaleOf(autoscale, set.id);
      const row: CloudScaleGroupTable = {
        id,
        provider: "Azure",
        region,
        account_id: sub.id,
        account_name: sub.name,
        service: "VMSS",
        name: set.name,
        instance_type: type,
        vcpus: facts.vcpus,
        memory_mb: facts.memoryMb,
        hourly_price: facts.hourlyPrice,
        os: windows ? "Windows" : "Linux",
        created_at: set.timeCreated ? new Date(set.timeCreated).toISOString() : new Date(fromMs).toISOString(),
        life_cycle: spot ? "spot" : "on-demand",
        ri_coverage: null,
        ri_expiry: null,
        min_size: scaling?.min ?? capacity,
        max_size: scaling?.max ?? capacity,
        desired_size: capacity,
        in_service: members.length,
        scaling_mode: scaling ? "dynamic" : "manual",
        scaling_policy: scaling?.policy ?? null,
        orchestration_mode: set.orchestrationMode === "Flexible" ? "Flexible" : "Uniform",
        availability_zones: (set.zones ?? []).join(","),
        k8s_cluster_platform: set.tags?.["aks-managed-poolName"] ? "AKS" : null,
        k8s_cluster: set.tags?.["aks-managed-cluster-name"] ?? null,
        k8s_node_group: set.tags?.["aks-managed-poolName"] ?? null,
        previous_instance_type: null,
        instance_type_changed_at: null,
        memory_metrics: hasMemory(samples) ? 1 : 0,
      };
      harvest.groups.push(row);
      // The size history: the autoscale setting's ObservedCapacity; without one (or without its data) the capacity
      // at collection on every step the scale set reported CPU (decision 021).
      const observed = scaling?.id ? await observedCapacity(monitor, scaling.id, fromMs, toMs) : new Map<number, number>();
      harvest.groupSizes.set(
        id,
        observed.size > 0
          ? [...observed].sort((a, b) => a[0] - b[0]).map(([t, n]) => ({ t, inService: n, desired: n, min: row.min_size, max: row.max_size }))
          : samples.map((s) => ({ t: s.t, inService: members.length, desired: capacity, min: row.min_size, max: row.max_size })),
      );
    }

    for (const vm of vms) {
      if (!vm.id || !vm.name) continue;
      if (vm.virtualMachineScaleSet?.id && setIds.has(vm.virtualMachineScaleSet.id.toLowerCase())) continue;
      const id = `${target.prefix}${vm.id.toLowerCase()}`;
      const row = instanceRow({
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
      });
      const samples = await resourceSamples(monitor, vm.id, row.memory_mb * 1024 * 1024, fromMs, toMs);
      row.memory_metrics = hasMemory(samples) ? 1 : 0;
      harvest.instances.push(row);
      harvest.samples.set(id, samples);
    }
  }
  return harvest;
}
