/**
 * Nodes and node groups: the tree, the node and node group lists with their summaries and thresholds, one node,
 * one group, and their metric series. Each resolver hands off to a read model (node-analysis.server.ts) or the
 * series (app/features/nodes/metrics.server.ts).
 */
import { getStore } from "~/db/db.server";
import { nodeGroupMetricSeries, nodeMetricSeries, type SeriesArgs } from "~/models/node-metrics.server";
import {
  nodeById,
  nodeGroupByIdentifier,
  nodeGroupRows,
  nodeGroupSummary,
  nodeRows,
  nodeSummary,
  nodeThresholds,
  type NodeListArgs,
  type NodeScope,
} from "~/models/node-analysis.server";
import { getNodeTreeJson } from "~/models/node-tree.server";
import type { SeriesRow } from "~/domain/nodes/series";
import type { Resolver, ResolverMap } from "./types";

/** A series row as the schema shows it: the bucket and each metric's statistics as a field. */
const flat = (rows: SeriesRow[] | undefined) => rows?.map((r) => ({ auditUtcTimeBucket: r.auditUtcTimeBucket, ...r.metrics })) ?? null;

export const nodeResolvers: ResolverMap = {
  Query: {
    nodeTreeJson: (_parent, _args, { db }) => getNodeTreeJson(db),
    nodeDetailIgnoreGuestFilter: (async (_p, args, { db }) => (await nodeRows(db, args)).rows) as Resolver<NodeListArgs>,
    summaryAddonsIgnoreGuestFilter: ((_p, args, { db }) => nodeSummary(db, args)) as Resolver<NodeListArgs>,
    nodeGroupDetailsByViewAndFilter: (async (_p, args, { db }) => (await nodeGroupRows(db, args)).rows) as Resolver<NodeScope>,
    summaryAddonsByViewAndFilter: ((_p, args, { db }) => nodeGroupSummary(db, args)) as Resolver<NodeScope>,
    capacitythreshold: () => nodeThresholds().capacity,
    healththreshold: () => nodeThresholds().health,
    nodeDetailById: (async (_p, { nodeId }, { db }) => (await nodeById(db, nodeId)) ?? null) as Resolver<{ nodeId: string }>,
    nodeGroupDetailByIdentifier: (async (_p, { nodeGroupName, clusterName }, { db }) =>
      (await nodeGroupByIdentifier(db, nodeGroupName, clusterName)) ?? null) as Resolver<{ nodeGroupName: string; clusterName: string }>,
    metricsViewerNodes: (async (_p, { nodeId, ...args }) => flat(await nodeMetricSeries(await getStore(), nodeId, args))) as Resolver<SeriesArgs & { nodeId: string }>,
    metricsViewerNodeGroup: (async (_p, { nodeGroupId, ...args }) => flat(await nodeGroupMetricSeries(await getStore(), nodeGroupId, args))) as Resolver<
      SeriesArgs & { nodeGroupId: string }
    >,
  },
};
