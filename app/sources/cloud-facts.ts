/**
 * The analysed cloud services of an inventory (or of the stored rows, which have the same fields) as the cloud
 * engine reads them: every standalone instance, and every scale group as one service; a group's members are not
 * services of their own.
 */
import type { CloudOs, CloudServiceFacts, TypeChange } from "~/engine/cloud/types";
import type { CloudProvider, CloudService, InventoryCloudGroup, InventoryCloudInstance } from "~/engine/source-contract";

type Row = Pick<
  InventoryCloudInstance,
  "id" | "provider" | "service" | "region" | "instance_type" | "os" | "created_at" | "previous_instance_type" | "instance_type_changed_at"
>;

function typeChangeOf(row: Row): TypeChange | null {
  if (!row.previous_instance_type || !row.instance_type_changed_at) return null;
  return { atMs: Date.parse(row.instance_type_changed_at), fromType: row.previous_instance_type, toType: row.instance_type };
}

/** One service's facts from its inventory or stored row (instance or scale group). */
export function cloudServiceFactsOf(row: Row): CloudServiceFacts {
  return {
    id: row.id,
    provider: row.provider as CloudProvider,
    service: row.service as CloudService,
    region: row.region,
    instanceType: row.instance_type,
    os: (row.os ?? "Linux") as CloudOs,
    // Rows collected before creation dates were known (migration 008) count as created long ago.
    createdMs: row.created_at ? Date.parse(row.created_at) : 0,
    typeChange: typeChangeOf(row),
  };
}

export function cloudServiceFacts(instances: readonly InventoryCloudInstance[], groups: readonly InventoryCloudGroup[]): CloudServiceFacts[] {
  const out: CloudServiceFacts[] = [];
  for (const i of instances) if (i.group_id === null && i.group_name === null) out.push(cloudServiceFactsOf(i));
  for (const g of groups) out.push(cloudServiceFactsOf(g));
  return out;
}
