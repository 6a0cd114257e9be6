/**
 * A loopback stand-in for the AWS APIs a connection uses, in their wire formats: STS (query protocol, XML:
 * AssumeRole, GetCallerIdentity), EC2 (EC2 query protocol, XML: DescribeRegions, DescribeInstances paged by
 * NextToken), Auto Scaling (query protocol, XML: DescribeAutoScalingGroups, DescribePolicies and
 * DescribeScheduledActions paged by NextToken),
 * RDS (query protocol, XML: DescribeDBInstances paged by Marker) and CloudWatch (JSON 1.0: GetMetricData paged by
 * NextToken, ListMetrics). The region of a call is read from its SigV4 credential scope, as the real endpoints are
 * per region.
 */
import { send, serve, series, sleep, type Served } from "./http";

export interface AwsInstance {
  id: string;
  type: string;
  region: string;
  zone: string;
  name: string;
  state?: "running" | "stopped";
  launched?: string;
}

export interface AwsGroup {
  name: string;
  region: string;
  /** Member instance ids (instances of the scenario), all InService. */
  members: string[];
  min: number;
  max: number;
  desired: number;
  zones: string[];
  created: string;
  /** A target tracking policy on average CPU at this value; none: a manual group. */
  cpuTarget?: number;
  /** The group publishes its AWS/AutoScaling size metrics (metrics collection enabled). */
  sizeMetrics: boolean;
  /** Scheduled actions: a cron recurrence and the desired capacity it sets. */
  scheduled?: { name: string; recurrence: string; desired: number }[];
}

export interface AwsDatabase {
  identifier: string;
  resourceId: string;
  dbClass: string;
  region: string;
  zone: string;
  engine: string;
  created: string;
  status?: string;
}

/** A CloudWatch query as the stand-in sees it. */
export interface AwsMetricAsked {
  namespace: string;
  metric: string;
  stat: string;
  dimensions: Record<string, string>;
}

export interface AwsScenario {
  groups: AwsGroup[];
  databases: AwsDatabase[];
  /** Groups per DescribeAutoScalingGroups page, databases per DescribeDBInstances page. */
  groupPageSize: number;
  dbPageSize: number;
  /** DescribeDBInstances answers AccessDenied (the role lacks rds:Describe*). */
  refuseDatabases: boolean;
  /** CloudWatch agent memory (mem_used_percent) published for these instance ids / group names. */
  agentInstances: string[];
  agentGroups: string[];
  /** A flat value for a query (null: no data); undefined: the stand-in's default daily shape. */
  metricValue?: (q: AwsMetricAsked) => number | null | undefined;
  accountId: string;
  roleArn: string;
  externalId: string;
  instances: AwsInstance[];
  /** Instances per DescribeInstances page. */
  pageSize: number;
  /** Metric results per GetMetricData page. */
  metricPageSize: number;
  /** AssumeRole answers AccessDenied. */
  refuseRole: boolean;
  /** Every answer waits this long first. */
  delayMs: number;
  /** Only these actions (query Action or CloudWatch operation) wait delayMs; empty: every call does. */
  slowActions: string[];
  /** Every call, by action, for the tests to look at. */
  calls: string[];
  /** EC2 DescribeInstances fails with UnauthorizedOperation (collection fails after the role was assumed). */
  failInstances: boolean;
  historyHours: number;
}

export function awsScenario(over: Partial<AwsScenario> = {}): AwsScenario {
  return {
    accountId: "123456789012",
    roleArn: "arn:aws:iam::123456789012:role/kubex-read",
    externalId: "ext-0042",
    instances: [
      { id: "i-0aaa000000000001", type: "m5.large", region: "us-east-1", zone: "us-east-1a", name: "web-1" },
      { id: "i-0aaa000000000002", type: "m5.xlarge", region: "us-east-1", zone: "us-east-1b", name: "web-2" },
      { id: "i-0aaa000000000003", type: "t3.medium", region: "us-east-1", zone: "us-east-1a", name: "batch-1", state: "stopped" },
      { id: "i-0bbb000000000004", type: "c5.large", region: "eu-west-1", zone: "eu-west-1a", name: "api-eu-1" },
      { id: "i-0bbb000000000005", type: "m5.large", region: "eu-west-1", zone: "eu-west-1b", name: "api-eu-2" },
    ],
    pageSize: 2,
    metricPageSize: 7,
    refuseRole: false,
    delayMs: 0,
    slowActions: [],
    calls: [],
    failInstances: false,
    historyHours: 24,
    groups: [],
    databases: [],
    groupPageSize: 1,
    dbPageSize: 1,
    refuseDatabases: false,
    agentInstances: [],
    agentGroups: [],
    ...over,
  };
}

const AS_NS = "http://autoscaling.amazonaws.com/doc/2011-01-01/";
const RDS_NS = "http://rds.amazonaws.com/doc/2014-10-31/";
const groupArn = (s: AwsScenario, g: AwsGroup) => `arn:aws:autoscaling:${g.region}:${s.accountId}:autoScalingGroup:0000-${g.name}:autoScalingGroupName/${g.name}`;

/** The default answer of a query when the scenario does not fix it: a daily shape, or no data where AWS has none. */
function defaultValue(s: AwsScenario, q: AwsMetricAsked): number | null {
  if (q.namespace === "AWS/AutoScaling") {
    const g = s.groups.find((x) => x.name === q.dimensions.AutoScalingGroupName);
    if (!g?.sizeMetrics) return null;
    return q.metric === "GroupMinSize" ? g.min : q.metric === "GroupMaxSize" ? g.max : q.metric === "GroupDesiredCapacity" ? g.desired : g.members.length;
  }
  if (q.namespace === "CWAgent") return 40;
  if (q.metric === "FreeableMemory") return 4 * 1024 ** 3;
  return -1;
}

const xml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const EC2_NS = "http://ec2.amazonaws.com/doc/2016-11-15/";

function regionOf(auth: string | undefined): string {
  return /Credential=[^/]+\/\d{8}\/([^/]+)\//.exec(auth ?? "")?.[1] ?? "us-east-1";
}

export async function startAwsStandIn(scenario: AwsScenario): Promise<Served> {
  return serve(async (req, body, res) => {
    const target = req.headers["x-amz-target"];
    // Every call is recorded when it arrives (before a slow answer's wait), so a late one never lands in a later test.
    const calls = scenario.calls;
    const called = typeof target === "string" ? `cloudwatch:${target.split(".").pop() ?? ""}` : (new URLSearchParams(body).get("Action") ?? "");
    calls.push(called);
    if (scenario.delayMs && (scenario.slowActions.length === 0 || scenario.slowActions.includes(called))) await sleep(scenario.delayMs);
    if (typeof target === "string") {
      // CloudWatch, JSON 1.0
      const action = target.split(".").pop() ?? "";
      if (action === "ListMetrics") {
        const input = JSON.parse(body) as { Namespace?: string; MetricName?: string; NextToken?: string };
        const all = [
          ...scenario.agentInstances.map((id) => {
            const i = scenario.instances.find((x) => x.id === id);
            // the agent's default dimensions: InstanceId, ImageId and InstanceType (GetMetricData must name them all)
            return { region: i?.region ?? "us-east-1", dims: [{ Name: "InstanceId", Value: id }, { Name: "ImageId", Value: "ami-0standin" }, { Name: "InstanceType", Value: i?.type ?? "m5.large" }] };
          }),
          ...scenario.agentGroups.map((name) => ({ region: scenario.groups.find((g) => g.name === name)?.region ?? "us-east-1", dims: [{ Name: "AutoScalingGroupName", Value: name }] })),
        ].filter((m) => m.region === regionOf(req.headers.authorization));
        const metrics = input.Namespace === "CWAgent" && input.MetricName === "mem_used_percent" ? all : [];
        const start = Number(input.NextToken ?? 0);
        const next = start + 1 < metrics.length ? String(start + 1) : undefined;
        return send(res, 200, "application/x-amz-json-1.0", JSON.stringify({ Metrics: metrics.slice(start, start + 1).map((m) => ({ Namespace: "CWAgent", MetricName: "mem_used_percent", Dimensions: m.dims })), ...(next ? { NextToken: next } : {}) }));
      }
      if (action !== "GetMetricData") return send(res, 400, "application/x-amz-json-1.0", JSON.stringify({ __type: "InvalidAction", message: action }));
      const input = JSON.parse(body) as {
        MetricDataQueries: { Id: string; MetricStat: { Metric: { Namespace: string; MetricName: string; Dimensions: { Name: string; Value: string }[] }; Stat: string } }[];
        NextToken?: string;
        EndTime: number;
      };
      const start = Number(input.NextToken ?? 0);
      const page = input.MetricDataQueries.slice(start, start + scenario.metricPageSize);
      const results = page.map((q) => {
        const name = q.MetricStat.Metric.MetricName;
        const asked: AwsMetricAsked = {
          namespace: q.MetricStat.Metric.Namespace,
          metric: name,
          stat: q.MetricStat.Stat,
          dimensions: Object.fromEntries((q.MetricStat.Metric.Dimensions ?? []).map((d) => [d.Name, d.Value])),
        };
        // the agent's series exist only under the exact dimensions it published
        const agentOk = asked.namespace !== "CWAgent" || (asked.dimensions.InstanceId ? scenario.agentInstances.includes(asked.dimensions.InstanceId) && !!asked.dimensions.ImageId : scenario.agentGroups.includes(asked.dimensions.AutoScalingGroupName ?? ""));
        const fixed = agentOk ? scenario.metricValue?.(asked) : null;
        const fallback = fixed === undefined ? defaultValue(scenario, asked) : fixed;
        const base = name.startsWith("CPU") ? (q.MetricStat.Stat === "Maximum" ? 55 : 30) : name.includes("Ops") || name.includes("IOPS") ? 3000 : 3_000_000;
        const points =
          fallback === null || !agentOk
            ? []
            : fixed === undefined && fallback === -1
              ? series(Number(input.EndTime) * 1000, scenario.historyHours, base)
              : series(Number(input.EndTime) * 1000, scenario.historyHours, 1).map((p) => ({ t: p.t, v: fallback }));
        return { Id: q.Id, Label: name, StatusCode: "Complete", Timestamps: points.map((p) => p.t / 1000), Values: points.map((p) => p.v) };
      });
      const next = start + scenario.metricPageSize < input.MetricDataQueries.length ? String(start + scenario.metricPageSize) : undefined;
      return send(res, 200, "application/x-amz-json-1.0", JSON.stringify({ MetricDataResults: results, ...(next ? { NextToken: next } : {}), Messages: [] }));
    }
    const form = new URLSearchParams(body);
    const action = form.get("Action") ?? "";
    if (action === "GetCallerIdentity") {
      return send(
        res,
        200,
        "text/xml",
        `<GetCallerIdentityResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><GetCallerIdentityResult><Arn>arn:aws:iam::999999999999:user/kubex</Arn><UserId>AIDA</UserId><Account>999999999999</Account></GetCallerIdentityResult><ResponseMetadata><RequestId>1</RequestId></ResponseMetadata></GetCallerIdentityResponse>`,
      );
    }
    if (action === "AssumeRole") {
      if (scenario.refuseRole || form.get("RoleArn") !== scenario.roleArn || form.get("ExternalId") !== scenario.externalId) {
        return send(
          res,
          403,
          "text/xml",
          `<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type>Sender</Type><Code>AccessDenied</Code><Message>User: arn:aws:iam::999999999999:user/kubex is not authorized to perform: sts:AssumeRole on resource: ${xml(form.get("RoleArn") ?? "")}</Message></Error><RequestId>1</RequestId></ErrorResponse>`,
        );
      }
      const exp = new Date(Date.now() + 3_600_000).toISOString();
      return send(
        res,
        200,
        "text/xml",
        `<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><AssumeRoleResult><Credentials><AccessKeyId>ASIASTANDIN</AccessKeyId><SecretAccessKey>standin-secret</SecretAccessKey><SessionToken>standin-token</SessionToken><Expiration>${exp}</Expiration></Credentials><AssumedRoleUser><AssumedRoleId>AROA:kubex</AssumedRoleId><Arn>arn:aws:sts::${scenario.accountId}:assumed-role/kubex-read/kubex</Arn></AssumedRoleUser></AssumeRoleResult><ResponseMetadata><RequestId>1</RequestId></ResponseMetadata></AssumeRoleResponse>`,
      );
    }
    if (action === "DescribeAutoScalingGroups") {
      const region = regionOf(req.headers.authorization);
      const all = scenario.groups.filter((g) => g.region === region);
      const start = Number(form.get("NextToken") ?? 0);
      const page = all.slice(start, start + scenario.groupPageSize);
      const next = start + scenario.groupPageSize < all.length ? `<NextToken>${start + scenario.groupPageSize}</NextToken>` : "";
      const members = page
        .map((g) => {
          const instances = g.members
            .map((id) => scenario.instances.find((i) => i.id === id)!)
            .map((i) => `<member><InstanceId>${i.id}</InstanceId><InstanceType>${i.type}</InstanceType><AvailabilityZone>${i.zone}</AvailabilityZone><LifecycleState>InService</LifecycleState><HealthStatus>Healthy</HealthStatus><ProtectedFromScaleIn>false</ProtectedFromScaleIn></member>`)
            .join("");
          const enabled = g.sizeMetrics ? "<EnabledMetrics><member><Metric>GroupInServiceInstances</Metric><Granularity>1Minute</Granularity></member></EnabledMetrics>" : "<EnabledMetrics/>";
          return `<member><AutoScalingGroupName>${xml(g.name)}</AutoScalingGroupName><AutoScalingGroupARN>${groupArn(scenario, g)}</AutoScalingGroupARN><MinSize>${g.min}</MinSize><MaxSize>${g.max}</MaxSize><DesiredCapacity>${g.desired}</DesiredCapacity><DefaultCooldown>300</DefaultCooldown><AvailabilityZones>${g.zones.map((z) => `<member>${z}</member>`).join("")}</AvailabilityZones><HealthCheckType>EC2</HealthCheckType><CreatedTime>${g.created}</CreatedTime><Instances>${instances}</Instances><Tags><member><ResourceId>${xml(g.name)}</ResourceId><ResourceType>auto-scaling-group</ResourceType><Key>team</Key><Value>web</Value><PropagateAtLaunch>true</PropagateAtLaunch></member></Tags>${enabled}</member>`;
        })
        .join("");
      return send(res, 200, "text/xml", `<DescribeAutoScalingGroupsResponse xmlns="${AS_NS}"><DescribeAutoScalingGroupsResult><AutoScalingGroups>${members}</AutoScalingGroups>${next}</DescribeAutoScalingGroupsResult><ResponseMetadata><RequestId>1</RequestId></ResponseMetadata></DescribeAutoScalingGroupsResponse>`);
    }
    if (action === "DescribePolicies") {
      const region = regionOf(req.headers.authorization);
      const all = scenario.groups.filter((g) => g.region === region && g.cpuTarget !== undefined);
      const start = Number(form.get("NextToken") ?? 0);
      const page = all.slice(start, start + 1);
      const next = start + 1 < all.length ? `<NextToken>${start + 1}</NextToken>` : "";
      const members = page
        .map(
          (g) =>
            `<member><AutoScalingGroupName>${xml(g.name)}</AutoScalingGroupName><PolicyName>cpu-target</PolicyName><PolicyARN>arn:aws:autoscaling:${g.region}:${scenario.accountId}:scalingPolicy:1:autoScalingGroupName/${g.name}:policyName/cpu-target</PolicyARN><PolicyType>TargetTrackingScaling</PolicyType><TargetTrackingConfiguration><PredefinedMetricSpecification><PredefinedMetricType>ASGAverageCPUUtilization</PredefinedMetricType></PredefinedMetricSpecification><TargetValue>${g.cpuTarget}.0</TargetValue><DisableScaleIn>false</DisableScaleIn></TargetTrackingConfiguration><Enabled>true</Enabled></member>`,
        )
        .join("");
      return send(res, 200, "text/xml", `<DescribePoliciesResponse xmlns="${AS_NS}"><DescribePoliciesResult><ScalingPolicies>${members}</ScalingPolicies>${next}</DescribePoliciesResult><ResponseMetadata><RequestId>1</RequestId></ResponseMetadata></DescribePoliciesResponse>`);
    }
    if (action === "DescribeScheduledActions") {
      const region = regionOf(req.headers.authorization);
      const all = scenario.groups.filter((g) => g.region === region).flatMap((g) => (g.scheduled ?? []).map((a) => ({ g, a })));
      const start = Number(form.get("NextToken") ?? 0);
      const page = all.slice(start, start + 1);
      const next = start + 1 < all.length ? `<NextToken>${start + 1}</NextToken>` : "";
      const members = page
        .map(
          ({ g, a }) =>
            `<member><AutoScalingGroupName>${xml(g.name)}</AutoScalingGroupName><ScheduledActionName>${xml(a.name)}</ScheduledActionName><ScheduledActionARN>arn:aws:autoscaling:${g.region}:${scenario.accountId}:scheduledUpdateGroupAction:1:autoScalingGroupName/${g.name}:scheduledActionName/${a.name}</ScheduledActionARN><Recurrence>${xml(a.recurrence)}</Recurrence><DesiredCapacity>${a.desired}</DesiredCapacity><TimeZone>Etc/UTC</TimeZone></member>`,
        )
        .join("");
      return send(res, 200, "text/xml", `<DescribeScheduledActionsResponse xmlns="${AS_NS}"><DescribeScheduledActionsResult><ScheduledUpdateGroupActions>${members}</ScheduledUpdateGroupActions>${next}</DescribeScheduledActionsResult><ResponseMetadata><RequestId>1</RequestId></ResponseMetadata></DescribeScheduledActionsResponse>`);
    }
    if (action === "DescribeDBInstances") {
      if (scenario.refuseDatabases) {
        return send(
          res,
          403,
          "text/xml",
          `<ErrorResponse xmlns="${RDS_NS}"><Error><Type>Sender</Type><Code>AccessDenied</Code><Message>User: arn:aws:sts::${scenario.accountId}:assumed-role/kubex-read/kubex is not authorized to perform: rds:DescribeDBInstances</Message></Error><RequestId>1</RequestId></ErrorResponse>`,
        );
      }
      const region = regionOf(req.headers.authorization);
      const all = scenario.databases.filter((d) => d.region === region);
      const start = Number(form.get("Marker") ?? 0);
      const page = all.slice(start, start + scenario.dbPageSize);
      const next = start + scenario.dbPageSize < all.length ? `<Marker>${start + scenario.dbPageSize}</Marker>` : "";
      const items = page
        .map(
          (d) =>
            `<DBInstance><DBInstanceIdentifier>${xml(d.identifier)}</DBInstanceIdentifier><DBInstanceClass>${d.dbClass}</DBInstanceClass><Engine>${d.engine}</Engine><DBInstanceStatus>${d.status ?? "available"}</DBInstanceStatus><AvailabilityZone>${d.zone}</AvailabilityZone><InstanceCreateTime>${d.created}</InstanceCreateTime><DbiResourceId>${d.resourceId}</DbiResourceId><MultiAZ>false</MultiAZ><AllocatedStorage>100</AllocatedStorage></DBInstance>`,
        )
        .join("");
      return send(res, 200, "text/xml", `<DescribeDBInstancesResponse xmlns="${RDS_NS}"><DescribeDBInstancesResult><DBInstances>${items}</DBInstances>${next}</DescribeDBInstancesResult><ResponseMetadata><RequestId>1</RequestId></ResponseMetadata></DescribeDBInstancesResponse>`);
    }
    if (action === "DescribeRegions") {
      const regions = [...new Set([...scenario.instances.map((i) => i.region), ...scenario.databases.map((d) => d.region), ...scenario.groups.map((g) => g.region)])].sort();
      const items = regions.map((r) => `<item><regionName>${r}</regionName><regionEndpoint>ec2.${r}.amazonaws.com</regionEndpoint><optInStatus>opt-in-not-required</optInStatus></item>`).join("");
      return send(res, 200, "text/xml", `<DescribeRegionsResponse xmlns="${EC2_NS}"><requestId>1</requestId><regionInfo>${items}</regionInfo></DescribeRegionsResponse>`);
    }
    if (action === "DescribeInstances") {
      if (scenario.failInstances) {
        return send(res, 403, "text/xml", `<Response><Errors><Error><Code>UnauthorizedOperation</Code><Message>You are not authorized to perform this operation.</Message></Error></Errors><RequestID>1</RequestID></Response>`);
      }
      const region = regionOf(req.headers.authorization);
      const all = scenario.instances.filter((i) => i.region === region);
      const start = Number(form.get("NextToken") ?? 0);
      const page = all.slice(start, start + scenario.pageSize);
      const next = start + scenario.pageSize < all.length ? `<nextToken>${start + scenario.pageSize}</nextToken>` : "";
      const items = page
        .map(
          (i) =>
            `<item><reservationId>r-${i.id}</reservationId><ownerId>${scenario.accountId}</ownerId><instancesSet><item><instanceId>${i.id}</instanceId><instanceType>${i.type}</instanceType><launchTime>${i.launched ?? "2026-01-15T10:00:00.000Z"}</launchTime><placement><availabilityZone>${i.zone}</availabilityZone></placement><instanceState><code>${i.state === "stopped" ? 80 : 16}</code><name>${i.state ?? "running"}</name></instanceState><privateIpAddress>10.0.0.${start + 1}</privateIpAddress><tagSet><item><key>Name</key><value>${xml(i.name)}</value></item></tagSet></item></instancesSet></item>`,
        )
        .join("");
      return send(res, 200, "text/xml", `<DescribeInstancesResponse xmlns="${EC2_NS}"><requestId>1</requestId><reservationSet>${items}</reservationSet>${next}</DescribeInstancesResponse>`);
    }
    send(res, 400, "text/xml", `<ErrorResponse><Error><Code>InvalidAction</Code><Message>${xml(action)}</Message></Error></ErrorResponse>`);
  });
}
