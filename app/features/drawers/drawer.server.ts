/**
 * What an open drawer of the AI Analysis Details grid shows (spec document 2, section 2.3), read on the server so
 * the drawer renders without JavaScript: a container's row, inventory attributes, policy and hour-of-day charts,
 * or a policy's settings and the containers it drives in the grid's scope.
 */
import type { FolderScope } from "~/models/tree-scope.server";
import type { Db } from "~/models/treeview-common.server";
import { containerById } from "~/models/container-grid.server";
import { NODE_NAMES_SHOWN } from "~/models/container-rows.server";
import { getContainerInventory } from "~/models/containers.server";
import { policyClusterCounts } from "~/models/policy-instances.server";
import { policyForContainer } from "~/engine/policy";
import { listPolicies } from "~/models/policies.server";
import { policyById, policyInstance } from "~/domain/containers/policy-instances";
import { containerHourCharts } from "./hour-charts.server";
import { getStore } from "~/db/db.server";
import { explainContainer } from "~/analysis/explain.server";
import type { DrawerRef } from "./drawer";

/** The policy drawer's groups (spec 2.3: windowing, allocation ranges and resource adjustment thresholds). */
export const POLICY_DRAWER_GROUPS = ["windowing", "allocation", "thresholds"] as const;

export async function loadDrawer(db: Db, scope: FolderScope, ref: DrawerRef | null) {
  if (!ref) return null;
  if (ref.kind === "container") {
    const [row, inventory] = await Promise.all([containerById(db, ref.id, NODE_NAMES_SHOWN), getContainerInventory(db, ref.id)]);
    if (!row || !inventory) return { kind: "missing" as const, ref };
    const stored = await listPolicies(db);
    const policy = stored.find((p) => p.name === row.policyName) ?? policyForContainer(row.policyName);
    // Why: the engine again on this container's samples (one container, tens of ms); a failure hides the panel only.
    const [charts, why] = await Promise.all([
      containerHourCharts(db, ref.id).catch(() => null),
      getStore()
        .then((store) => explainContainer(store, ref.id))
        .catch((e: unknown) => {
          console.warn(`Why of ${ref.id} could not be worked out`, e);
          return null;
        }),
    ]);
    return {
      kind: "container" as const,
      ref,
      row,
      policyId: policy.id,
      attributes: inventory.attributes.map((a) => ({ key: a.attr_key, value: a.value })),
      replicas: inventory.replicas,
      firstSeen: inventory.first_seen,
      lastSeen: inventory.last_seen,
      charts,
      why,
    };
  }
  const policy = policyById(ref.id, await listPolicies(db));
  if (!policy) return { kind: "missing" as const, ref };
  const instance = policyInstance(policy, await policyClusterCounts(db, scope));
  return {
    kind: "policy" as const,
    ref,
    instance: { ...instance, parameterGroups: instance.parameterGroups.filter((g) => (POLICY_DRAWER_GROUPS as readonly string[]).includes(g.id)) },
  };
}

export type { ContainerWhy } from "~/analysis/explain.server";

export type DrawerData = NonNullable<Awaited<ReturnType<typeof loadDrawer>>>;
