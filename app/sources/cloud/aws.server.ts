/**
 * AWS through its own SDK: STS AssumeRole with the connection's External ID (the installation's own credentials
 * come from the SDK's default chain), then EC2 DescribeRegions / DescribeInstances (paged by NextToken) and
 * CloudWatch GetMetricData (paged by NextToken) with the role's temporary credentials; collection adds Auto Scaling
 * DescribeAutoScalingGroups / DescribePolicies and RDS DescribeDBInstances (paged), the CloudWatch agent's memory
 * (CWAgent mem_used_percent, found through ListMetrics), the groups' size metrics and the databases' metrics. Every client takes the
 * configured endpoint (KUBEX_AWS_ENDPOINT) so the same code runs against the stand-in in tests.
 */
import { AssumeRoleCommand, GetCallerIdentityCommand, STSClient } from "@aws-sdk/client-sts";
import { DescribeInstancesCommand, DescribeRegionsCommand, EC2Client, type Instance } from "@aws-sdk/client-ec2";
import { CloudWatchClient, type Dimension } from "@aws-sdk/client-cloudwatch";
import {
  AutoScalingClient,
  DescribeAutoScalingGroupsCommand,
  DescribePoliciesCommand,
  DescribeScheduledActionsCommand,
  type AutoScalingGroup,
  type ScalingPolicy,
  type ScheduledUpdateGroupAction,
} from "@aws-sdk/client-auto-scaling";
import { DescribeDBInstancesCommand, RDSClient, type DBInstance } from "@aws-sdk/client-rds";
import type { AwsInstanceFound, VerificationResult } from "~/engine/cloud-connection-kinds";
import type { CloudSample, GroupSizeSample } from "~/engine/cloud/types";
import type { CloudScaleGroupTable } from "~/db/schema";
import { SAMPLE_STEP_MS } from "~/lib/time";
import { type CloudConfig, type Harvest, instanceRow, mergeSamples, typeFacts } from "./config.server";
import { agentMemorySeries, metricSeries, type MetricQuery } from "./aws-metrics.server";

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

type Field = keyof Omit<CloudSample, "t">;

/** One sample field from one CloudWatch metric: namespace, metric, statistic, and how a value becomes the field. */
interface FieldMetric {
  key: Field;
  namespace: string;
  metric: string;
  stat: string;
  /** Sums of a 5-minute period → per second. */
  perPeriod?: boolean;
}

/** EC2 (per instance, or per Auto Scaling group with the AutoScalingGroupName dimension). */
const EC2_METRICS: FieldMetric[] = [
  { key: "cpuPct", namespace: "AWS/EC2", metric: "CPUUtilization", stat: "Average" },
  { key: "cpuPeakPct", namespace: "AWS/EC2", metric: "CPUUtilization", stat: "Maximum" },
  { key: "netInBytes", namespace: "AWS/EC2", metric: "NetworkIn", stat: "Sum", perPeriod: true },
  { key: "netOutBytes", namespace: "AWS/EC2", metric: "NetworkOut", stat: "Sum", perPeriod: true },
  { key: "netPackets", namespace: "AWS/EC2", metric: "NetworkPacketsIn", stat: "Sum", perPeriod: true },
  { key: "diskReadBytes", namespace: "AWS/EC2", metric: "EBSReadBytes", stat: "Sum", perPeriod: true },
  { key: "diskWriteBytes", namespace: "AWS/EC2", metric: "EBSWriteBytes", stat: "Sum", perPeriod: true },
  { key: "diskReadOps", namespace: "AWS/EC2", metric: "EBSReadOps", stat: "Sum", perPeriod: true },
  { key: "diskWriteOps", namespace: "AWS/EC2", metric: "EBSWriteOps", stat: "Sum", perPeriod: true },
];

/** RDS (dimension DBInstanceIdentifier): throughputs and IOPS are per second already; memory from FreeableMemory. */
const RDS_METRICS: FieldMetric[] = [
  { key: "cpuPct", namespace: "AWS/RDS", metric: "CPUUtilization", stat: "Average" },
  { key: "cpuPeakPct", namespace: "AWS/RDS", metric: "CPUUtilization", stat: "Maximum" },
  { key: "memPct", namespace: "AWS/RDS", metric: "FreeableMemory", stat: "Average" },
  { key: "netInBytes", namespace: "AWS/RDS", metric: "NetworkReceiveThroughput", stat: "Average" },
  { key: "netOutBytes", namespace: "AWS/RDS", metric: "NetworkTransmitThroughput", stat: "Average" },
  { key: "diskReadBytes", namespace: "AWS/RDS", metric: "ReadThroughput", stat: "Average" },
  { key: "diskWriteBytes", namespace: "AWS/RDS", metric: "WriteThroughput", stat: "Average" },
  { key: "diskReadOps", namespace: "AWS/RDS", metric: "ReadIOPS", stat: "Average" },
  { key: "diskWriteOps", namespace: "AWS/RDS", metric: "WriteIOPS", stat: "Average" },
];

/** An Auto Scaling group's size metrics (published when the group's metrics collection is enabled). */
const GROUP_SIZE_METRICS = ["GroupInServiceInstances", "GroupDesiredCapacity", "GroupMinSize", "GroupMaxSize"] as const;

interface SeriesTarget {
  key: string;
  fields: { metric: FieldMetric; dimensions: Dimension[]; value?: (v: number) => number }[];
}

/** Every target's fields through GetMetricData, merged into samples on the 5-minute grid. */
async function samplesOf(cw: CloudWatchClient, config: CloudConfig, targets: SeriesTarget[], fromMs: number, toMs: number): Promise<Map<string, CloudSample[]>> {
  const queries: MetricQuery[] = [];
  for (const t of targets) for (const f of t.fields) queries.push({ namespace: f.metric.namespace, metric: f.metric.metric, dimensions: f.dimensions, stat: f.metric.stat });
  const answers = await metricSeries(cw, config.timeoutMs, queries, fromMs, toMs);
  const out = new Map<string, CloudSample[]>();
  let q = 0;
  for (const t of targets) {
    const series: Partial<Record<Field, Map<number, number>>> = {};
    for (const f of t.fields) {
      const map = new Map<number, number>();
      for (const [ts, v] of answers[q++]!) map.set(ts, f.value ? f.value(v) : f.metric.perPeriod ? v / 300 : v);
      if (map.size > 0) series[f.metric.key] = map;
    }
    out.set(t.key, mergeSamples(series));
  }
  return out;
}

const dim = (name: string, value: string): Dimension[] => [{ Name: name, Value: value }];

async function paged<T>(fetchPage: (token: string | undefined) => Promise<{ items: T[]; next: string | undefined }>): Promise<T[]> {
  const all: T[] = [];
  let token: string | undefined;
  do {
    const page = await fetchPage(token);
    all.push(...page.items);
    token = page.next || undefined;
  } while (token);
  return all;
}

async function autoScalingIn(
  config: CloudConfig,
  temp: TempCredentials,
  region: string,
): Promise<{ groups: AutoScalingGroup[]; policies: ScalingPolicy[]; scheduled: ScheduledUpdateGroupAction[] }> {
  const client = new AutoScalingClient(clientOptions(config, region, temp));
  const signal = () => ({ abortSignal: AbortSignal.timeout(config.timeoutMs) });
  try {
    const groups = await paged(async (token) => {
      const page = await client.send(new DescribeAutoScalingGroupsCommand({ MaxRecords: 100, NextToken: token }), signal());
      return { items: page.AutoScalingGroups ?? [], next: page.NextToken };
    });
    const policies = groups.length
      ? await paged(async (token) => {
          const page = await client.send(new DescribePoliciesCommand({ MaxRecords: 100, NextToken: token }), signal());
          return { items: page.ScalingPolicies ?? [], next: page.NextToken };
        })
      : [];
    const scheduled = groups.length
      ? await paged(async (token) => {
          const page = await client.send(new DescribeScheduledActionsCommand({ MaxRecords: 100, NextToken: token }), signal());
          return { items: page.ScheduledUpdateGroupActions ?? [], next: page.NextToken };
        })
      : [];
    return { groups, policies, scheduled };
  } finally {
    client.destroy();
  }
}

async function databasesIn(config: CloudConfig, temp: TempCredentials, region: string): Promise<DBInstance[]> {
  const client = new RDSClient(clientOptions(config, region, temp));
  try {
    return await paged(async (marker) => {
      const page = await client.send(new DescribeDBInstancesCommand({ MaxRecords: 100, Marker: marker }), { abortSignal: AbortSignal.timeout(config.timeoutMs) });
      return { items: page.DBInstances ?? [], next: page.Marker };
    });
  } finally {
    client.destroy();
  }
}

/** A scaling policy in words, as the console puts it ("Target tracking: average CPU 50 %"). */
export function policyText(p: ScalingPolicy): string {
  const tt = p.TargetTrackingConfiguration;
  if (p.PolicyType === "TargetTrackingScaling" && tt) {
    const metric = tt.PredefinedMetricSpecification?.PredefinedMetricType;
    const what =
      metric === "ASGAverageCPUUtilization"
        ? "average CPU"
        : metric === "ASGAverageNetworkIn"
          ? "average network in"
          : metric === "ASGAverageNetworkOut"
            ? "average network out"
            : metric === "ALBRequestCountPerTarget"
              ? "requests per target"
              : (tt.CustomizedMetricSpecification?.MetricName ?? "a custom metric");
    return `Target tracking: ${what} ${tt.TargetValue ?? "?"}${metric === "ASGAverageCPUUtilization" ? " %" : ""}`;
  }
  if (p.PolicyType === "PredictiveScaling") return `Predictive scaling: ${p.PolicyName ?? ""}`.trim();
  if (p.PolicyType === "StepScaling") return `Step scaling: ${p.PolicyName ?? ""}`.trim();
  return `Simple scaling: ${p.PolicyName ?? ""}`.trim();
}

/** A scheduled action in words ("Scheduled: office-hours (0 8 * * 1-5 Europe/Paris) to 4"). */
export function scheduledText(a: ScheduledUpdateGroupAction): string {
  const when = a.Recurrence ? `${a.Recurrence}${a.TimeZone ? ` ${a.TimeZone}` : ""}` : (a.StartTime?.toISOString() ?? "once");
  const size = a.DesiredCapacity ?? a.MinSize ?? a.MaxSize;
  return `Scheduled: ${a.ScheduledActionName ?? "action"} (${when})${size === undefined ? "" : ` to ${size}`}`;
}

const mostCommon = (values: (string | undefined)[]): string | undefined => {
  const n = new Map<string, number>();
  for (const v of values) if (v) n.set(v, (n.get(v) ?? 0) + 1);
  return [...n].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0];
};

/**
 * A group's size history from its AWS/AutoScaling metrics; when the group does not publish them (metrics
 * collection off), its sizes at collection on every step its members reported CPU (decision 021).
 */
export function groupSizesOf(answers: Map<number, number>[], g: AutoScalingGroup, inService: number, cpuSteps: readonly number[]): GroupSizeSample[] {
  const [ins, desired, min, max] = answers;
  const now = { desired: g.DesiredCapacity ?? inService, min: g.MinSize ?? 0, max: g.MaxSize ?? inService };
  if (ins && ins.size > 0) {
    return [...ins.keys()]
      .sort((a, b) => a - b)
      .map((t) => ({ t, inService: ins.get(t)!, desired: desired?.get(t) ?? now.desired, min: min?.get(t) ?? now.min, max: max?.get(t) ?? now.max }));
  }
  return cpuSteps.map((t) => ({ t, inService, ...now }));
}

/**
 * Collection: every region the role sees: EC2 instances (with the agent's memory where it reports), Auto Scaling
 * groups (one analysed service each, their in-service members as its instances, the members' average as its
 * samples, their size history) and RDS instances (memory in use from FreeableMemory and the class's memory).
 */
export async function collectAws(config: CloudConfig, creds: AwsCredentials, target: { prefix: string; accountName: string }, nowMs: number): Promise<Harvest> {
  const accountId = accountOfRoleArn(creds.roleArn) ?? "unknown";
  const { temp, byRegion } = await inventory(config, creds);
  const harvest: Harvest = { instances: [], groups: [], samples: new Map(), groupSizes: new Map() };
  const toMs = Math.floor(nowMs / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
  const fromMs = toMs - config.historyDays * 86_400_000;
  const base = { provider: "AWS", account_id: accountId, account_name: target.accountName };
  for (const { region, instances } of byRegion) {
    const { groups, policies, scheduled } = await autoScalingIn(config, temp, region);
    const databases = await databasesIn(config, temp, region);
    const cw = new CloudWatchClient(clientOptions(config, region, temp));
    try {
      const memory = await agentMemorySeries(cw, config.timeoutMs);
      const live = instances.filter((i) => i.InstanceId && i.State?.Name !== "terminated");
      const byId = new Map(live.map((i) => [i.InstanceId!, i]));
      const memberOf = new Map<string, { id: string; name: string }>();
      const targets: SeriesTarget[] = [];

      for (const g of groups) {
        if (!g.AutoScalingGroupName) continue;
        const name = g.AutoScalingGroupName;
        const id = `${target.prefix}${g.AutoScalingGroupARN ?? `arn:aws:autoscaling:${region}:${accountId}:autoScalingGroup:${name}`}`;
        const members = g.Instances ?? [];
        for (const m of members) if (m.InstanceId) memberOf.set(m.InstanceId, { id, name });
        const inService = members.filter((m) => m.LifecycleState === "InService").length;
        // the members' type; an empty group's from its mixed-instances overrides (a launch template's own type would
        // need DescribeLaunchTemplateVersions: not read, the group is then "not analysed")
        const type =
          mostCommon(members.map((m) => m.InstanceType ?? byId.get(m.InstanceId ?? "")?.InstanceType)) ??
          g.MixedInstancesPolicy?.LaunchTemplate?.Overrides?.find((o) => o.InstanceType)?.InstanceType ??
          "unknown";
        const windows = members.some((m) => byId.get(m.InstanceId ?? "")?.Platform === "Windows");
        const facts = typeFacts("AWS", region, type, windows);
        const mine = policies.filter((p) => p.AutoScalingGroupName === name && p.Enabled !== false);
        const actions = scheduled.filter((a) => a.AutoScalingGroupName === name);
        const policyWords = [...actions.map(scheduledText), ...mine.map(policyText)];
        const tag = (k: string) => g.Tags?.find((t) => t.Key === k)?.Value ?? null;
        const eks = tag("eks:cluster-name");
        const groupMemory = memory.byGroup.get(name);
        const row: CloudScaleGroupTable = {
          id,
          ...base,
          region,
          service: "ASG",
          name,
          instance_type: type,
          vcpus: facts.vcpus,
          memory_mb: facts.memoryMb,
          hourly_price: facts.hourlyPrice,
          os: windows ? "Windows" : "Linux",
          created_at: (g.CreatedTime ?? new Date(fromMs)).toISOString(),
          life_cycle: members.some((m) => byId.get(m.InstanceId ?? "")?.InstanceLifecycle === "spot") ? "spot" : "on-demand",
          ri_coverage: null,
          ri_expiry: null,
          min_size: g.MinSize ?? 0,
          max_size: g.MaxSize ?? inService,
          desired_size: g.DesiredCapacity ?? inService,
          in_service: inService,
          scaling_mode: actions.length ? "scheduled" : mine.length ? "dynamic" : "manual",
          scaling_policy: policyWords.length ? policyWords.join("; ") : null,
          orchestration_mode: null,
          availability_zones: (g.AvailabilityZones ?? []).join(","),
          k8s_cluster_platform: eks ? "EKS" : null,
          k8s_cluster: eks,
          k8s_node_group: eks ? tag("eks:nodegroup-name") : null,
          previous_instance_type: null,
          instance_type_changed_at: null,
          memory_metrics: groupMemory ? 1 : 0,
        };
        harvest.groups.push(row);
        const groupDim = dim("AutoScalingGroupName", name);
        targets.push({
          key: id,
          fields: [
            ...EC2_METRICS.map((metric) => ({ metric, dimensions: groupDim })),
            ...(groupMemory ? [{ metric: { key: "memPct" as const, namespace: "CWAgent", metric: "mem_used_percent", stat: "Average" }, dimensions: groupMemory }] : []),
          ],
        });
      }

      for (const i of live) {
        const tag = (k: string) => i.Tags?.find((t) => t.Key === k)?.Value ?? null;
        const group = memberOf.get(i.InstanceId!);
        const agent = memory.byInstance.get(i.InstanceId!);
        const id = `${target.prefix}${i.InstanceId}`;
        harvest.instances.push(
          instanceRow({
            id,
            ...base,
            region,
            service: group ? "ASG" : "EC2",
            name: tag("Name") ?? i.InstanceId!,
            instance_type: i.InstanceType ?? "unknown",
            os: i.Platform === "Windows" ? "Windows" : "Linux",
            created_at: i.LaunchTime?.toISOString() ?? null,
            power_state: i.State?.Name === "running" ? "running" : "stopped",
            life_cycle: i.InstanceLifecycle === "spot" ? "spot" : "on-demand",
            availability_zone: i.Placement?.AvailabilityZone ?? null,
            private_ip: i.PrivateIpAddress ?? null,
            group_id: group?.id ?? null,
            group_name: group?.name ?? null,
            memory_metrics: agent ? 1 : 0,
          }),
        );
        targets.push({
          key: id,
          fields: [
            ...EC2_METRICS.map((metric) => ({ metric, dimensions: dim("InstanceId", i.InstanceId!) })),
            ...(agent ? [{ metric: { key: "memPct" as const, namespace: "CWAgent", metric: "mem_used_percent", stat: "Average" }, dimensions: agent }] : []),
          ],
        });
      }

      for (const d of databases) {
        if (!d.DBInstanceIdentifier || d.DBInstanceStatus === "deleting") continue;
        const id = `${target.prefix}${d.DbiResourceId ?? d.DBInstanceIdentifier}`;
        const row = instanceRow({
          id,
          ...base,
          region,
          service: "RDS",
          name: d.DBInstanceIdentifier,
          instance_type: d.DBInstanceClass ?? "unknown",
          os: "Linux",
          created_at: d.InstanceCreateTime?.toISOString() ?? null,
          power_state: d.DBInstanceStatus === "stopped" ? "stopped" : "running",
          availability_zone: d.AvailabilityZone ?? null,
          private_ip: null,
          memory_metrics: 1,
        });
        harvest.instances.push(row);
        const bytes = row.memory_mb * 1024 * 1024;
        targets.push({
          key: id,
          fields: RDS_METRICS.filter((m) => m.key !== "memPct" || bytes > 0).map((metric) => ({
            metric,
            dimensions: dim("DBInstanceIdentifier", d.DBInstanceIdentifier!),
            // memory in use, % of the class's memory: 100 × (1 − freeable / memory)
            ...(metric.key === "memPct" ? { value: (free: number) => Math.min(100, Math.max(0, 100 * (1 - free / bytes))) } : {}),
          })),
        });
      }

      for (const [key, samples] of await samplesOf(cw, config, targets, fromMs, toMs)) harvest.samples.set(key, samples);

      const named = groups.filter((g) => g.AutoScalingGroupName);
      const sizeQueries: MetricQuery[] = named.flatMap((g) => GROUP_SIZE_METRICS.map((metric) => ({ namespace: "AWS/AutoScaling", metric, dimensions: dim("AutoScalingGroupName", g.AutoScalingGroupName!), stat: "Average" })));
      const sizeAnswers = sizeQueries.length ? await metricSeries(cw, config.timeoutMs, sizeQueries, fromMs, toMs) : [];
      named.forEach((g, k) => {
        const row = harvest.groups.find((r) => r.name === g.AutoScalingGroupName && r.region === region)!;
        const cpuSteps = (harvest.samples.get(row.id) ?? []).map((s) => s.t);
        harvest.groupSizes.set(row.id, groupSizesOf(sizeAnswers.slice(k * 4, k * 4 + 4), g, row.in_service, cpuSteps));
      });
    } finally {
      cw.destroy();
    }
  }
  return harvest;
}
