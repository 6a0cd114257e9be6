/**
 * Why a node group of the current snapshot has its optimised type, count and cost (issue 15): the chain told from
 * the group's stored figures and the catalog its cluster's region priced it with (app/engine/nodes/why.ts).
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { indexByName } from "~/engine/catalog/lookup";
import { catalogSourceOf } from "~/engine/catalog/sources";
import { explainNodeGroup, type NodeWhyStep } from "~/engine/nodes/why";
import { clusterRegions } from "~/models/containers.server";
import { nodeGroupById, nodeThresholds } from "~/models/node-analysis.server";
import { currentSnapshot } from "~/models/snapshot.server";
import { WINDOW_HOURS } from "./node-groups";
import { shippedNodeCatalog } from "./node-write";

export interface NodeGroupWhy {
  nodeGroupId: string;
  clusterName: string;
  nodeGroupName: string;
  steps: NodeWhyStep[];
}

export async function explainNodeGroupById(db: Kysely<Database>, nodeGroupId: string): Promise<NodeGroupWhy | null> {
  const [group, snapshot] = await Promise.all([nodeGroupById(db, nodeGroupId), currentSnapshot(db)]);
  if (!group || !snapshot) return null;
  const regions = await clusterRegions(db);
  const index = indexByName(shippedNodeCatalog(regions[group.clusterName] ?? null));
  const steps = explainNodeGroup(
    group,
    nodeThresholds().capacity,
    {
      current: group.primaryNodeType ? (index.get(group.primaryNodeType) ?? null) : null,
      optimised: group.optimizedNodeType ? (index.get(group.optimizedNodeType) ?? null) : null,
    },
    (type) => catalogSourceOf(type.provider, type.service),
    WINDOW_HOURS,
    snapshot.window_end,
  );
  return { nodeGroupId, clusterName: group.clusterName, nodeGroupName: group.nodeGroupName, steps };
}
