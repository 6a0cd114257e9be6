/**
 * AWS through its own SDK: STS AssumeRole with the connection's External ID (the installation's own credentials
 * come from the SDK's default chain), then EC2 DescribeRegions / DescribeInstances (paged by NextToken) and
 * CloudWatch GetMetricData (paged by NextToken) with the role's temporary credentials. Every client takes the
 * configured endpoint (KUBEX_AWS_ENDPOINT) so the same code runs against the stand-in in tests.
 */
import { AssumeRoleCommand, GetCallerIdentityCommand, STSClient } from "@aws-sdk/client-sts";
import { DescribeInstancesCommand, DescribeRegionsCommand, EC2Client, type Instance } from "@aws-sdk/client-ec2";
import { CloudWatchClient, GetMetricDataCommand, type MetricDataQuery } from "@aws-sdk/client-cloudwatch";
import type { AwsInstanceFound, VerificationResult } from "~/engine/cloud-connection-kinds";
import type { CloudSample } from "~/engine/cloud/types";
import { SAMPLE_STEP_MS } from "~/lib/time";
import { type CloudConfig, type Harvest, instanceRow, mergeSamples } from "./config.server";

export interface AwsCredentials {
  roleArn: string;
  externalId: string;
}

interface TempCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
}

const HOME_REGION = "us-east-1";

function clientOptions(config: CloudConfig, region: string, credentials?: TempCredentials) {
  return {
    region,
    maxAttempts: 2,
    requestHandler: { requestTimeout: config.timeoutMs, connectionTimeout: config.timeoutMs },
    ...(config.awsEndpoint ? { endpoint: config.awsEndpoint } : {}),
    ...(credentials ? { credentials } : {}),
  };
}

/** The account id in a role ARN (arn:aws:iam::123456789012:role/name), or null. */
export function accountOfRoleArn(arn: string): string | null {
  return /^arn:aws[a-z-]*:iam::(\d{12}):role\/.+$/.exec(arn.trim())?.[1] ?? null;
}

/** The installation's own AWS account (the one a customer's role trusts): the setting, else STS GetCallerIdentity. */
export async function awsProviderAccountId(config: CloudConfig): Promise<string | null> {
  if (config.awsAccountId) return config.awsAccountId;
  const sts = new STSClient(clientOptions(config, HOME_REGION));
  try {
    const me = await sts.send(new GetCallerIdentityCommand({}), { abortSignal: AbortSignal.timeout(config.timeoutMs) });
    return me.Account ?? null;
  } catch {
    return null;
  } finally {
    sts.destroy();
  }
}

async function assumeRole(config: CloudConfig, creds: AwsCredentials): Promise<TempCredentials> {
  const sts = new STSClient(clientOptions(config, HOME_REGION));
  try {
    const out = await sts.send(
      new AssumeRoleCommand({ RoleArn: creds.roleArn.trim(), ExternalId: creds.externalId.trim(), RoleSessionName: "kubex-cloud-connection", DurationSeconds: 3600 }),
      { abortSignal: AbortSignal.timeout(config.timeoutMs) },
    );
    const c = out.Credentials;
    if (!c?.AccessKeyId || !c.SecretAccessKey || !c.SessionToken) throw new Error("AssumeRole answered without credentials.");
    return { accessKeyId: c.AccessKeyId, secretAccessKey: c.SecretAccessKey, sessionToken: c.SessionToken };
  } finally {
    sts.destroy();
  }
}

async function regions(config: CloudConfig, temp: TempCredentials): Promise<string[]> {
  const ec2 = new EC2Client(clientOptions(config, HOME_REGION, temp));
  try {
    const out = await ec2.send(new DescribeRegionsCommand({}), { abortSignal: AbortSignal.timeout(config.timeoutMs) });
    return (out.Regions ?? []).map((r) => r.RegionName ?? "").filter(Boolean).sort();
  } finally {
    ec2.destroy();
  }
}

async function instancesIn(config: CloudConfig, temp: TempCredentials, region: string): Promise<Instance[]> {
  const ec2 = new EC2Client(clientOptions(config, region, temp));
  const all: Instance[] = [];
  try {
    let token: string | undefined;
    do {
      const page = await ec2.send(new DescribeInstancesCommand({ MaxResults: 1000, NextToken: token }), { abortSignal: AbortSignal.timeout(config.timeoutMs) });
      for (const r of page.Reservations ?? []) all.push(...(r.Instances ?? []));
      token = page.NextToken || undefined;
    } while (token);
    return all;
  } finally {
    ec2.destroy();
  }
}

async function inventory(config: CloudConfig, creds: AwsCredentials) {
  const temp = await assumeRole(config, creds);
  const byRegion: { region: string; instances: Instance[] }[] = [];
  for (const region of await regions(config, temp)) byRegion.push({ region, instances: await instancesIn(config, temp, region) });
  return { temp, byRegion };
}

/** Verification: the role is assumed with the External ID and the instances it can see are counted per zone. */
export async function verifyAws(config: CloudConfig, creds: AwsCredentials): Promise<VerificationResult> {
  const accountId = accountOfRoleArn(creds.roleArn);
  if (!accountId) return invalid(["The Role ARN must look like arn:aws:iam::123456789012:role/name"]);
  const { byRegion } = await inventory(config, creds);
  const found: AwsInstanceFound[] = [];
  for (const { region, instances } of byRegion) {
    const zones = new Map<string, Instance[]>();
    for (const i of instances) {
      const z = i.Placement?.AvailabilityZone ?? region;
      zones.set(z, [...(zones.get(z) ?? []), i]);
    }
    for (const [zone, list] of [...zones].sort(([a], [b]) => a.localeCompare(b))) {
      const launched = list.map((i) => i.LaunchTime?.toISOString()).filter((t): t is string => !!t).sort();
      const active = list.filter((i) => i.State?.Name === "running").length;
      found.push({
        regionName: region,
        availableZone: zone,
        activeInstance: active,
        inactiveInstance: list.length - active,
        oldestWorkLoad: launched[0] ?? null,
        newestWorkLoad: launched[launched.length - 1] ?? null,
        totalAvailableWorkLoad: list.length,
      });
    }
  }
  return { platform: "AWS", status: "COMPLETE", statusDetails: "[]", accountId, awsInstanceFound: found, azureSubscriptionsFound: [], gcpInstanceCount: 0 };
}

function invalid(messages: string[]): VerificationResult {
  return { platform: "AWS", status: "INVALID", statusDetails: JSON.stringify(messages), accountId: null, awsInstanceFound: [], azureSubscriptionsFound: [], gcpInstanceCount: 0 };
}

/** CloudWatch EC2 metrics per sample field: metric name, statistic, and the factor to per-second figures. */
const METRICS: { key: keyof Omit<CloudSample, "t">; metric: string; stat: string; perSecond: boolean }[] = [
  { key: "cpuPct", metric: "CPUUtilization", stat: "Average", perSecond: false },
  { key: "cpuPeakPct", metric: "CPUUtilization", stat: "Maximum", perSecond: false },
  { key: "netInBytes", metric: "NetworkIn", stat: "Sum", perSecond: true },
  { key: "netOutBytes", metric: "NetworkOut", stat: "Sum", perSecond: true },
  { key: "netPackets", metric: "NetworkPacketsIn", stat: "Sum", perSecond: true },
  { key: "diskReadBytes", metric: "EBSReadBytes", stat: "Sum", perSecond: true },
  { key: "diskWriteBytes", metric: "EBSWriteBytes", stat: "Sum", perSecond: true },
  { key: "diskReadOps", metric: "EBSReadOps", stat: "Sum", perSecond: true },
  { key: "diskWriteOps", metric: "EBSWriteOps", stat: "Sum", perSecond: true },
];
/** GetMetricData takes up to 500 queries per call. */
const INSTANCES_PER_CALL = Math.floor(500 / METRICS.length);

async function samplesIn(config: CloudConfig, temp: TempCredentials, region: string, instanceIds: string[], fromMs: number, toMs: number): Promise<Map<string, CloudSample[]>> {
  const cw = new CloudWatchClient(clientOptions(config, region, temp));
  const out = new Map<string, CloudSample[]>();
  try {
    for (let i = 0; i < instanceIds.length; i += INSTANCES_PER_CALL) {
      const batch = instanceIds.slice(i, i + INSTANCES_PER_CALL);
      const queries: MetricDataQuery[] = [];
      batch.forEach((id, b) =>
        METRICS.forEach((m, k) =>
          queries.push({
            Id: `m${b}_${k}`,
            MetricStat: { Metric: { Namespace: "AWS/EC2", MetricName: m.metric, Dimensions: [{ Name: "InstanceId", Value: id }] }, Period: 300, Stat: m.stat },
            ReturnData: true,
          }),
        ),
      );
      const series = batch.map(() => ({}) as Partial<Record<keyof Omit<CloudSample, "t">, Map<number, number>>>);
      let token: string | undefined;
      do {
        const page = await cw.send(
          new GetMetricDataCommand({ MetricDataQueries: queries, StartTime: new Date(fromMs), EndTime: new Date(toMs), NextToken: token, ScanBy: "TimestampAscending" }),
          { abortSignal: AbortSignal.timeout(config.timeoutMs) },
        );
        for (const r of page.MetricDataResults ?? []) {
          const m = /^m(\d+)_(\d+)$/.exec(r.Id ?? "");
          if (!m) continue;
          const metric = METRICS[Number(m[2])];
          const target = series[Number(m[1])];
          if (!metric || !target) continue;
          const map = (target[metric.key] ??= new Map());
          (r.Timestamps ?? []).forEach((ts, j) => {
            const v = r.Values?.[j];
            if (v === undefined) return;
            const t = Math.floor(ts.getTime() / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
            map.set(t, metric.perSecond ? v / 300 : v);
          });
        }
        token = page.NextToken || undefined;
      } while (token);
      batch.forEach((id, b) => out.set(id, mergeSamples(series[b]!)));
    }
    return out;
  } finally {
    cw.destroy();
  }
}

/** Collection: every instance of every region the role sees, with its CloudWatch history, as cloud_instance rows. */
export async function collectAws(config: CloudConfig, creds: AwsCredentials, target: { prefix: string; accountName: string }, nowMs: number): Promise<Harvest> {
  const accountId = accountOfRoleArn(creds.roleArn) ?? "unknown";
  const { temp, byRegion } = await inventory(config, creds);
  const harvest: Harvest = { instances: [], groups: [], samples: new Map() };
  const toMs = Math.floor(nowMs / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
  const fromMs = toMs - config.historyDays * 86_400_000;
  for (const { region, instances } of byRegion) {
    const live = instances.filter((i) => i.InstanceId && i.State?.Name !== "terminated");
    for (const i of live) {
      const tag = (k: string) => i.Tags?.find((t) => t.Key === k)?.Value ?? null;
      harvest.instances.push(
        instanceRow({
          id: `${target.prefix}${i.InstanceId}`,
          provider: "AWS",
          region,
          account_id: accountId,
          account_name: target.accountName,
          service: "EC2",
          name: tag("Name") ?? i.InstanceId!,
          instance_type: i.InstanceType ?? "unknown",
          os: i.Platform === "Windows" ? "Windows" : "Linux",
          created_at: i.LaunchTime?.toISOString() ?? null,
          power_state: i.State?.Name === "running" ? "running" : "stopped",
          life_cycle: i.InstanceLifecycle === "spot" ? "spot" : "on-demand",
          availability_zone: i.Placement?.AvailabilityZone ?? null,
          private_ip: i.PrivateIpAddress ?? null,
        }),
      );
    }
    const samples = await samplesIn(config, temp, region, live.map((i) => i.InstanceId!), fromMs, toMs);
    for (const [id, s] of samples) harvest.samples.set(`${target.prefix}${id}`, s);
  }
  return harvest;
}
