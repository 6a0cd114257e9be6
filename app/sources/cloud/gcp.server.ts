/**
 * Google Cloud through google-auth-library (a service account key signs a JWT, exchanged at the token endpoint
 * for an access token) and the Compute Engine and Cloud Monitoring REST APIs it authorises: aggregated instances
 * paged by pageToken, and timeSeries per metric for the whole project, paged by pageToken. The REST API rather than
 * @google-cloud/compute's gRPC client: one small dependency, and a stand-in that speaks JSON (decision 016).
 */
import { JWT } from "google-auth-library";
import { parseGcpKey, type VerificationResult } from "~/engine/cloud-connection-kinds";
import type { CloudSample } from "~/engine/cloud/types";
import { SAMPLE_STEP_MS } from "~/lib/time";
import { CloudCallError, type CloudConfig, type Harvest, instanceRow, mergeSamples } from "./config.server";

const SCOPES = ["https://www.googleapis.com/auth/compute.readonly", "https://www.googleapis.com/auth/monitoring.read"];

interface GceInstance {
  id?: string;
  name?: string;
  machineType?: string;
  status?: string;
  zone?: string;
  creationTimestamp?: string;
  scheduling?: { preemptible?: boolean; provisioningModel?: string };
  networkInterfaces?: { networkIP?: string }[];
  disks?: { licenses?: string[] }[];
}

function client(config: CloudConfig, keyJson: string) {
  const key = parseGcpKey(keyJson);
  if ("error" in key) throw new CloudCallError(key.error);
  const jwt = new JWT({ email: key.clientEmail, key: key.privateKey, scopes: SCOPES });
  const tokenUrl = config.gcpTokenUrl ?? key.tokenUri;
  if (tokenUrl) setTokenUrl(jwt, tokenUrl, config.timeoutMs);
  return { jwt, projectId: key.projectId };
}

/**
 * google-auth-library posts the signed assertion to Google's token endpoint (fixed in the library); a request
 * interceptor on the client's own transporter sends it to the configured one instead (tests, private endpoints).
 */
function setTokenUrl(jwt: JWT, url: string, timeoutMs: number) {
  const GOOGLE = "https://oauth2.googleapis.com/token";
  jwt.transporter.interceptors.request.add({
    resolved: async (options) => {
      if (String(options.url) === GOOGLE) {
        options.url = new URL(url);
        options.timeout = timeoutMs;
        options.retry = false;
      }
      return options;
    },
  });
}

async function get<T>(config: CloudConfig, jwt: JWT, url: string): Promise<T> {
  const res = await jwt.request<T>({ url, timeout: config.timeoutMs, retry: false });
  return res.data;
}

async function instances(config: CloudConfig, jwt: JWT, projectId: string): Promise<GceInstance[]> {
  const all: GceInstance[] = [];
  let token: string | undefined;
  do {
    const url = `${config.gcpComputeEndpoint}/compute/v1/projects/${encodeURIComponent(projectId)}/aggregated/instances?maxResults=500${token ? `&pageToken=${encodeURIComponent(token)}` : ""}`;
    const page = await get<{ items?: Record<string, { instances?: GceInstance[] }>; nextPageToken?: string }>(config, jwt, url);
    for (const scope of Object.values(page.items ?? {})) all.push(...(scope.instances ?? []));
    token = page.nextPageToken || undefined;
  } while (token);
  return all;
}

export async function verifyGcp(config: CloudConfig, keyJson: string): Promise<VerificationResult> {
  const key = parseGcpKey(keyJson);
  if ("error" in key) return { platform: "GCP", status: "INVALID", statusDetails: JSON.stringify([key.error]), accountId: null, awsInstanceFound: [], azureSubscriptionsFound: [], gcpInstanceCount: 0 };
  const { jwt, projectId } = client(config, keyJson);
  const list = await instances(config, jwt, projectId);
  return { platform: "GCP", status: "COMPLETE", statusDetails: "[]", accountId: projectId, awsInstanceFound: [], azureSubscriptionsFound: [], gcpInstanceCount: list.length };
}

const METRICS: { key: keyof Omit<CloudSample, "t">; type: string; aligner: string; factor: number; filter?: string }[] = [
  { key: "cpuPct", type: "compute.googleapis.com/instance/cpu/utilization", aligner: "ALIGN_MEAN", factor: 100 },
  { key: "cpuPeakPct", type: "compute.googleapis.com/instance/cpu/utilization", aligner: "ALIGN_MAX", factor: 100 },
  // the Ops Agent's (or the legacy agent's) memory in use, % of the machine's memory; absent without an agent
  { key: "memPct", type: "agent.googleapis.com/memory/percent_used", aligner: "ALIGN_MEAN", factor: 1, filter: ' AND metric.labels.state = "used"' },
  { key: "netInBytes", type: "compute.googleapis.com/instance/network/received_bytes_count", aligner: "ALIGN_RATE", factor: 1 },
  { key: "netOutBytes", type: "compute.googleapis.com/instance/network/sent_bytes_count", aligner: "ALIGN_RATE", factor: 1 },
  { key: "netPackets", type: "compute.googleapis.com/instance/network/received_packets_count", aligner: "ALIGN_RATE", factor: 1 },
  { key: "diskReadBytes", type: "compute.googleapis.com/instance/disk/read_bytes_count", aligner: "ALIGN_RATE", factor: 1 },
  { key: "diskWriteBytes", type: "compute.googleapis.com/instance/disk/write_bytes_count", aligner: "ALIGN_RATE", factor: 1 },
  { key: "diskReadOps", type: "compute.googleapis.com/instance/disk/read_ops_count", aligner: "ALIGN_RATE", factor: 1 },
  { key: "diskWriteOps", type: "compute.googleapis.com/instance/disk/write_ops_count", aligner: "ALIGN_RATE", factor: 1 },
];

interface TimeSeries {
  resource?: { labels?: Record<string, string> };
  points?: { interval?: { endTime?: string }; value?: { doubleValue?: number; int64Value?: string } }[];
}

export async function collectGcp(config: CloudConfig, keyJson: string, target: { prefix: string; accountName: string }, nowMs: number): Promise<Harvest> {
  const { jwt, projectId } = client(config, keyJson);
  const harvest: Harvest = { instances: [], groups: [], samples: new Map(), groupSizes: new Map() };
  const toMs = Math.floor(nowMs / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
  const fromMs = toMs - config.historyDays * 86_400_000;
  const list = (await instances(config, jwt, projectId)).filter((i) => i.id && i.name && i.status !== "TERMINATED");
  const series = new Map<string, Partial<Record<keyof Omit<CloudSample, "t">, Map<number, number>>>>();
  for (const i of list) {
    const zone = i.zone?.split("/").pop() ?? "unknown";
    const region = zone.replace(/-[a-z]$/, "");
    const id = `${target.prefix}${i.id}`;
    harvest.instances.push(
      instanceRow({
        id,
        provider: "GCP",
        region,
        account_id: projectId,
        account_name: target.accountName,
        service: "GCE",
        name: i.name!,
        instance_type: i.machineType?.split("/").pop() ?? "unknown",
        os: i.disks?.some((d) => d.licenses?.some((l) => l.includes("windows"))) ? "Windows" : "Linux",
        created_at: i.creationTimestamp ? new Date(i.creationTimestamp).toISOString() : null,
        power_state: i.status === "RUNNING" ? "running" : "stopped",
        life_cycle: i.scheduling?.preemptible || i.scheduling?.provisioningModel === "SPOT" ? "spot" : "on-demand",
        availability_zone: zone,
        private_ip: i.networkInterfaces?.[0]?.networkIP ?? null,
      }),
    );
    series.set(i.id!, {});
  }
  for (const m of METRICS) {
    let token: string | undefined;
    do {
      const q = new URLSearchParams({
        filter: `metric.type = "${m.type}"${m.filter ?? ""}`,
        "interval.startTime": new Date(fromMs).toISOString(),
        "interval.endTime": new Date(toMs).toISOString(),
        "aggregation.alignmentPeriod": "300s",
        "aggregation.perSeriesAligner": m.aligner,
      });
      if (token) q.set("pageToken", token);
      const page = await get<{ timeSeries?: TimeSeries[]; nextPageToken?: string }>(
        config,
        jwt,
        `${config.gcpMonitoringEndpoint}/v3/projects/${encodeURIComponent(projectId)}/timeSeries?${q.toString()}`,
      );
      for (const ts of page.timeSeries ?? []) {
        const target = series.get(ts.resource?.labels?.instance_id ?? "");
        if (!target) continue;
        const map = (target[m.key] ??= new Map());
        for (const p of ts.points ?? []) {
          const v = p.value?.doubleValue ?? (p.value?.int64Value !== undefined ? Number(p.value.int64Value) : undefined);
          if (v === undefined || !p.interval?.endTime) continue;
          const t = Math.floor(new Date(p.interval.endTime).getTime() / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
          map.set(t, v * m.factor);
        }
      }
      token = page.nextPageToken || undefined;
    } while (token);
  }
  for (const [gid, s] of series) harvest.samples.set(`${target.prefix}${gid}`, mergeSamples(s));
  // memory is monitored where the agent reported it
  for (const row of harvest.instances) row.memory_metrics = harvest.samples.get(row.id)?.some((s) => s.memPct !== null) ? 1 : 0;
  return harvest;
}
