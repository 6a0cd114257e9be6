/**
 * metricsViewerNodes and metricsViewerNodeGroup (spec document 2 section 7): a node's or node group's series
 * (series.ts) over [startDate, endDate) from the samples of the source that produced the stored inventory: the
 * demo fleet (samples are a pure function of seed, node and time, so nothing raw is stored) or the node series a
 * Prometheus collection stored under its run. Five-minute
 * buckets are limited to the last 7 days (spec section 5); rollupTimezone is UTC, the only one the spec names.
 */
import type { Store } from "~/db/connect.server";
import { validationError } from "~/lib/errors";
import { groupRequests, nodeById, nodeGroupById, nodeCountOfGroup, nodesOfGroup, type NodeRow } from "./node-analysis.server";
import { currentSnapshot } from "./snapshot.server";
import { storedSource } from "./stored-source.server";
import { storedSeriesSource } from "./collected-series.server";
import { latestCollection, storedDemoNodeShares } from "~/sources/collect.server";
import { demoNodeSamples, nodeGroupKey } from "~/sources/demo";
import { SAMPLE_STEP_MS, type UtilisationSample } from "~/engine/source-contract";
import { GroupSeriesSums, nodeSeries, TIME_INTERVALS, type SeriesRow, type TimeInterval } from "~/domain/nodes/series";
import { storedGroupSeries } from "./node-group-series.server";
import { DAY_MS } from "~/lib/time";
import { isOwnKey } from "~/lib/own-key";
import { setImmediate as nextTurn } from "node:timers/promises";

export const FIVE_MINUTE_DAYS = 7;

export interface SeriesArgs {
  startDate: string;
  endDate: string;
  timeInterval?: string | null;
  rollupTimezone?: string | null;
}

type NodeSamplesById = (nodeId: string, fromMs: number, toMs: number) => UtilisationSample[] | Promise<UtilisationSample[]>;
type NodeSamples = (node: Pick<NodeRow, "nodeId" | "clusterName" | "nodeGroupName">, fromMs: number, toMs: number) => UtilisationSample[] | Promise<UtilisationSample[]>;

let override: NodeSamplesById | undefined;

/** Tests: answer node samples from this function instead of the stored source (undefined: back to it). */
export function setNodeSampleSource(fn: NodeSamplesById | undefined) {
  override = fn;
}

/**
 * Where a node's samples come from: a Prometheus collection's stored series; for the demo fleet, its seed, the
 * node and its group's requested share as the collection stored it (no fleet is generated in the web process:
 * issue 13), or, for a demo collection stored before the shares were, the regenerated fleet.
 */
async function samplesOf(store: Store): Promise<NodeSamples | null> {
  const test = override;
  if (test) return (node, from, to) => test(node.nodeId, from, to);
  const latest = await latestCollection(store);
  if (latest?.source === "prometheus") {
    const stored = storedSeriesSource(store.db, latest.runId);
    return (node, from, to) => stored.nodeSamples(node.nodeId, from, to, SAMPLE_STEP_MS);
  }
  if (latest?.source !== "demo") return null;
  const shares = await storedDemoNodeShares(store, latest.runId);
  if (shares) {
    const regions = new Map((await store.db.selectFrom("k8s_cluster").select(["name", "region"]).execute()).map((c) => [c.name, c.region]));
    return (node, from, to) => demoNodeSamples(latest.seed, node.nodeId, regions.get(node.clusterName) ?? "", shares.get(nodeGroupKey(node.clusterName, node.nodeGroupName)), from, to, SAMPLE_STEP_MS);
  }
  const demo = await storedSource(store);
  if (!demo) return null;
  return (node, from, to) => {
    try {
      return demo.nodeSamples(node.nodeId, from, to, SAMPLE_STEP_MS);
    } catch {
      return []; // a node the regenerated fleet does not know: no samples
    }
  };
}

/** The window and bucket of a call, checked. `nowMs` is the data's "now" (the snapshot's window end). */
export function seriesWindow(args: SeriesArgs, nowMs: number) {
  const interval = (args.timeInterval ?? "DAY_1") as TimeInterval;
  if (!isOwnKey(TIME_INTERVALS, interval)) throw validationError(`Unknown timeInterval '${args.timeInterval}'; use one of ${Object.keys(TIME_INTERVALS).join(", ")}.`);
  const tz = args.rollupTimezone ?? "UTC";
  if (tz !== "UTC") throw validationError(`Unknown rollupTimezone '${tz}'; use UTC.`);
  const from = Date.parse(args.startDate);
  const to = Date.parse(args.endDate);
  if (!Number.isFinite(from) || !Number.isFinite(to)) throw validationError("startDate and endDate must be ISO-8601 dates.");
  if (to <= from) throw validationError("endDate must be after startDate.");
  if (to - from > 400 * DAY_MS) throw validationError("A series covers at most 400 days.");
  if (interval === "MINUTE_5" && from < nowMs - FIVE_MINUTE_DAYS * DAY_MS) {
    throw validationError(`Five-minute history is limited to the last ${FIVE_MINUTE_DAYS} days.`);
  }
  // Samples sit on 5-minute marks and never after the data's now.
  const fromMs = Math.ceil(from / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
  const toMs = Math.min(to, nowMs);
  return { interval, fromMs, toMs };
}

async function nowOf(store: Store): Promise<number> {
  const snap = await currentSnapshot(store.db);
  return snap ? Date.parse(snap.window_end) : Date.now();
}

/** Requests and limits spread evenly over the group's nodes plus the cluster's DaemonSets; numPodsAvg = min(pod limit, share + DaemonSets). */
function perNode(node: NodeRow, requests: Awaited<ReturnType<typeof groupRequests>>, nodeCount: number, daemonSets: number) {
  const even = (v: number) => (nodeCount > 0 ? v / nodeCount : 0);
  return {
    capacityMem: node.capacityMem,
    allocatableCpu: node.allocatableCpu,
    allocatableMem: node.allocatableMem,
    maxAllowedPods: node.maxAllowedPods,
    cpuUtilizationAvgPct: node.cpuUtilizationAvgPct,
    cpuRequest: even(requests.group.cpuRequest) + requests.perNode.cpuRequest,
    cpuLimit: even(requests.group.cpuLimit) + requests.perNode.cpuLimit,
    memRequest: even(requests.group.memRequest) + requests.perNode.memRequest,
    memLimit: even(requests.group.memLimit) + requests.perNode.memLimit,
    podShare: node.numPodsAvg === null ? 0 : Math.max(0, node.numPodsAvg - daemonSets),
    daemonSets,
  };
}

/** The start of the day a node was first seen (UTC), on a 5-minute mark; 0 when unknown. */
export function firstSeenMs(firstSeen: string | null | undefined): number {
  const t = firstSeen ? Date.parse(firstSeen) : NaN;
  if (!Number.isFinite(t)) return 0;
  return Math.floor(t / DAY_MS) * DAY_MS;
}

/** metricsViewerNodes; undefined for an unknown node. */
export async function nodeMetricSeries(store: Store, nodeId: string, args: SeriesArgs): Promise<SeriesRow[] | undefined> {
  const node = await nodeById(store.db, nodeId);
  if (!node) return undefined;
  const w = seriesWindow(args, await nowOf(store));
  const read = await samplesOf(store);
  // Nothing before the node was first seen: a node that joined 7 days ago has 7 days of chart, not 30 (issue 14).
  const fromMs = Math.max(w.fromMs, firstSeenMs(node.firstSeenDateUtc));
  const samples = read && w.toMs > fromMs ? await read(node, fromMs, w.toMs) : [];
  const [requests, peers, daemonSets] = await Promise.all([
    groupRequests(store.db, node.clusterName, node.nodeGroupName),
    nodesOfGroup(store.db, node.clusterName, node.nodeGroupName),
    daemonSetCount(store, node.clusterName),
  ]);
  return nodeSeries(perNode(node, requests, peers.length, daemonSets), samples, w.interval);
}

async function daemonSetCount(store: Store, cluster: string): Promise<number> {
  const rows = await store.db
    .selectFrom("container")
    .select(["namespace", "pod_owner_name"])
    .distinct()
    .where("cluster", "=", cluster)
    .where("pod_owner_kind", "=", "DaemonSet")
    .execute();
  return rows.length;
}

/**
 * metricsViewerNodeGroup; undefined for an unknown node group. The series the analysis run stored with the
 * snapshot answer every window inside their 30 days (every chart of the screens); an older window, or a snapshot
 * made before they were stored, is summed here from the nodes' samples. So is every window while a test's
 * setNodeSampleSource replaces the source the stored series were made from.
 */
export async function nodeGroupMetricSeries(store: Store, nodeGroupId: string, args: SeriesArgs): Promise<SeriesRow[] | undefined> {
  const group = await nodeGroupById(store.db, nodeGroupId);
  if (!group) return undefined;
  const snap = await currentSnapshot(store.db);
  const w = seriesWindow(args, snap ? Date.parse(snap.window_end) : Date.now());
  const [stored, requests, nodeCount] = await Promise.all([
    snap && !override ? storedGroupSeries(store.db, snap.id, nodeGroupId) : undefined,
    groupRequests(store.db, group.clusterName, group.nodeGroupName),
    nodeCountOfGroup(store.db, group.clusterName, group.nodeGroupName),
  ]);
  const total = {
    cpuRequest: requests.group.cpuRequest + requests.perNode.cpuRequest * nodeCount,
    memRequest: requests.group.memRequest + requests.perNode.memRequest * nodeCount,
  };
  if (stored?.covers(w.fromMs, w.toMs)) return stored.rows(total, w.interval, w.fromMs, w.toMs);
  return (await summedGroupSeries(store, group, w)).rows(total, w.interval);
}

/**
 * A group's series summed from its nodes' samples, one node at a time: a stored series is one row read, and a big
 * group need not hold every read in flight, nor every node's samples. A demo node's samples are made in this
 * thread, so the loop gives the event loop a turn every TURN_MS (the biggest group at 500,000 containers, 1,897
 * nodes over 30 days, held the process for ~7 s, and every other request it had with it: decision 022 §11).
 */
async function summedGroupSeries(store: Store, group: { clusterName: string; nodeGroupName: string }, w: ReturnType<typeof seriesWindow>): Promise<GroupSeriesSums> {
  const read = await samplesOf(store);
  const nodes = await nodesOfGroup(store.db, group.clusterName, group.nodeGroupName);
  const series = GroupSeriesSums.over(w.fromMs, w.toMs, SAMPLE_STEP_MS);
  let turnStarted = performance.now();
  for (const n of nodes) {
    if (read && w.toMs > w.fromMs) series.add(n, await read(n, w.fromMs, w.toMs));
    if (performance.now() - turnStarted >= TURN_MS) {
      await nextTurn();
      turnStarted = performance.now();
    }
  }
  return series;
}

/** The longest a node group's series works before other requests get a turn. */
const TURN_MS = 10;
