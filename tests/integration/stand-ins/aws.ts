/**
 * A loopback stand-in for the three AWS APIs a connection uses, in their wire formats: STS (query protocol, XML:
 * AssumeRole, GetCallerIdentity), EC2 (EC2 query protocol, XML: DescribeRegions, DescribeInstances paged by
 * NextToken) and CloudWatch (JSON 1.0: GetMetricData paged by NextToken). The region of an EC2 call is read from
 * its SigV4 credential scope, as the real endpoints are per region.
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

export interface AwsScenario {
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
    calls: [],
    failInstances: false,
    historyHours: 24,
    ...over,
  };
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
    calls.push(typeof target === "string" ? `cloudwatch:${target.split(".").pop() ?? ""}` : (new URLSearchParams(body).get("Action") ?? ""));
    if (scenario.delayMs) await sleep(scenario.delayMs);
    if (typeof target === "string") {
      // CloudWatch, JSON 1.0
      const action = target.split(".").pop() ?? "";
      if (action !== "GetMetricData") return send(res, 400, "application/x-amz-json-1.0", JSON.stringify({ __type: "InvalidAction", message: action }));
      const input = JSON.parse(body) as { MetricDataQueries: { Id: string; MetricStat: { Metric: { MetricName: string; Dimensions: { Value: string }[] }; Stat: string } }[]; NextToken?: string; EndTime: number };
      const start = Number(input.NextToken ?? 0);
      const page = input.MetricDataQueries.slice(start, start + scenario.metricPageSize);
      const results = page.map((q) => {
        const name = q.MetricStat.Metric.MetricName;
        const base = name.startsWith("CPU") ? (q.MetricStat.Stat === "Maximum" ? 55 : 30) : name.includes("Ops") ? 3000 : 3_000_000;
        const points = series(Number(input.EndTime) * 1000, scenario.historyHours, base);
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
    if (action === "DescribeRegions") {
      const regions = [...new Set(scenario.instances.map((i) => i.region))].sort();
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
