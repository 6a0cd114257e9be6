/**
 * CloudWatch for the AWS collection: GetMetricData in calls of at most 500 queries, each call paged by NextToken,
 * and ListMetrics (paged) to find the CloudWatch agent's memory series with the dimensions it was published with.
 */
import { CloudWatchClient, GetMetricDataCommand, ListMetricsCommand, type Dimension, type MetricDataQuery } from "@aws-sdk/client-cloudwatch";
import { SAMPLE_STEP_MS } from "~/lib/time";

export interface MetricQuery {
  namespace: string;
  metric: string;
  dimensions: Dimension[];
  stat: string;
}

/** GetMetricData takes up to 500 queries per call. */
const QUERIES_PER_CALL = 500;

/** One map t → value per query (same order), on the 5-minute grid; a query without data has an empty map. */
export async function metricSeries(
  cw: CloudWatchClient,
  timeoutMs: number,
  queries: readonly MetricQuery[],
  fromMs: number,
  toMs: number,
): Promise<Map<number, number>[]> {
  const out = queries.map(() => new Map<number, number>());
  for (let i = 0; i < queries.length; i += QUERIES_PER_CALL) {
    const batch: MetricDataQuery[] = queries.slice(i, i + QUERIES_PER_CALL).map((q, b) => ({
      Id: `q${i + b}`,
      MetricStat: { Metric: { Namespace: q.namespace, MetricName: q.metric, Dimensions: q.dimensions }, Period: 300, Stat: q.stat },
      ReturnData: true,
    }));
    let token: string | undefined;
    do {
      const page = await cw.send(
        new GetMetricDataCommand({ MetricDataQueries: batch, StartTime: new Date(fromMs), EndTime: new Date(toMs), NextToken: token, ScanBy: "TimestampAscending" }),
        { abortSignal: AbortSignal.timeout(timeoutMs) },
      );
      for (const r of page.MetricDataResults ?? []) {
        const m = /^q(\d+)$/.exec(r.Id ?? "");
        const map = m ? out[Number(m[1])] : undefined;
        if (!map) continue;
        (r.Timestamps ?? []).forEach((ts, j) => {
          const v = r.Values?.[j];
          if (v === undefined) return;
          map.set(Math.floor(ts.getTime() / SAMPLE_STEP_MS) * SAMPLE_STEP_MS, v);
        });
      }
      token = page.NextToken || undefined;
    } while (token);
  }
  return out;
}

/**
 * The CloudWatch agent's memory series of a region (CWAgent mem_used_percent), by what they describe: an instance
 * (a dimension set with InstanceId; the agent adds ImageId, InstanceType, … as configured, and GetMetricData needs
 * the exact set) or a scale group (aggregated over [AutoScalingGroupName] alone). No series: no agent.
 */
export async function agentMemorySeries(cw: CloudWatchClient, timeoutMs: number): Promise<{ byInstance: Map<string, Dimension[]>; byGroup: Map<string, Dimension[]> }> {
  const byInstance = new Map<string, Dimension[]>();
  const byGroup = new Map<string, Dimension[]>();
  let token: string | undefined;
  do {
    const page = await cw.send(new ListMetricsCommand({ Namespace: "CWAgent", MetricName: "mem_used_percent", NextToken: token }), { abortSignal: AbortSignal.timeout(timeoutMs) });
    for (const m of page.Metrics ?? []) {
      const dims = m.Dimensions ?? [];
      const instance = dims.find((d) => d.Name === "InstanceId")?.Value;
      if (instance) {
        // the fewest dimensions when the agent publishes more than one set for an instance
        const known = byInstance.get(instance);
        if (!known || dims.length < known.length) byInstance.set(instance, dims);
      } else if (dims.length === 1 && dims[0]!.Name === "AutoScalingGroupName" && dims[0]!.Value) {
        byGroup.set(dims[0]!.Value, dims);
      }
    }
    token = page.NextToken || undefined;
  } while (token);
  return { byInstance, byGroup };
}
