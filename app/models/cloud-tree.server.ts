/**
 * The cloud tree (spec document 1, section 3): provider > region > account folders with the analysed services as
 * leaves (machines, databases and scale groups: a group is one leaf, its members are not), and the shell's data
 * checks for cloud data.
 */
import type { TreeNode } from "~/domain/tree/types";
import { buildFolderTree, buildLeafNodes, type FolderRow } from "~/domain/tree/build-tree";
import type { ViewLevel } from "~/domain/views-filters/view-levels";
import { TEXT } from "~/lib/constants";
import { validationError } from "~/lib/errors";
import type { TreeFilter } from "./filters.server";
import type { BuiltTree, FolderScope } from "./tree-scope.server";
import type { Db } from "./treeview-common.server";

/** Cloud folder and leaf node types (spec document 1, section 3: cloud icon kinds). */
export const CLOUD_ACCOUNT_TYPE: Record<string, string> = { AWS: "Account Name", AZURE: "Subscription Name", GCP: "Project Name" };

export function cloudServiceType(service: string): string {
  const s = service.trim().toLowerCase();
  if (s === "ec2") return "EC2";
  if (s === "rds") return "RDS";
  if (s === "asg") return "ASG";
  if (["vm", "virtual machine", "azure vm", "azure_vm"].includes(s)) return "Virtual Machine";
  if (["vmss", "vm scale set", "azure vmss"].includes(s)) return "VM Scale Set";
  if (["gce", "gce instance", "compute engine"].includes(s)) return "Compute Engine";
  return "cloudLeaf";
}

function providerName(provider: string) {
  return provider.trim().toUpperCase();
}

/** Account folder names: the account name, with the id added only where two accounts in a region share a name. */
function accountLabels(rows: { provider: string; region: string; account_id: string; account_name: string }[]) {
  const seen = new Map<string, Set<string>>();
  for (const r of rows) {
    const k = `${providerName(r.provider)}\u0000${r.region}\u0000${r.account_name}`;
    (seen.get(k) ?? seen.set(k, new Set()).get(k)!).add(r.account_id);
  }
  return (r: { provider: string; region: string; account_id: string; account_name: string }) => {
    const name = r.account_name || r.account_id;
    const ids = seen.get(`${providerName(r.provider)}\u0000${r.region}\u0000${r.account_name}`);
    return ids && ids.size > 1 ? `${name} (${r.account_id})` : name;
  };
}

/** The folder tree of the cloud inventory; Filters with lines do not apply to it. */
export async function buildCloudTree(db: Db, filter: TreeFilter): Promise<BuiltTree> {
  if (filter.ast) throw validationError("Filters with lines do not apply to the cloud tree.");
  const rows = await db
    .selectFrom("cloud_service")
    .select(["provider", "region", "account_id", "account_name", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy(["provider", "region", "account_id", "account_name"])
    .execute();
  const label = accountLabels(rows);
  const folderRows: FolderRow[] = rows.map((r) => ({ path: [providerName(r.provider), r.region, label(r)], count: Number(r.n) }));
  const tree = buildFolderTree({ rootName: TEXT.rootName, rows: folderRows, levelTypes: ["cloudProvider", "Region", "Account"], rootType: "root" });
  tree.children ??= [];
  const idByPath = new Map(rows.map((r) => [`${providerName(r.provider)}/${r.region}/${label(r)}`, r.account_id]));
  const accountIds = new Map<string, string>();
  for (const provider of tree.children) {
    provider.type = ["AWS", "AZURE", "GCP"].includes(provider.name) ? provider.name : "locationType";
    for (const region of provider.children ?? []) {
      for (const account of region.children ?? []) {
        account.type = CLOUD_ACCOUNT_TYPE[provider.name] ?? "Account Name";
        const id = idByPath.get(`${provider.name}/${region.name}/${account.name}`);
        if (id !== undefined) accountIds.set(account.id, id);
      }
    }
  }
  return { tree, levels: [] as ViewLevel[], accountIds };
}

/** The instances under a folder as leaf nodes, each typed by its service (at most `limit`). */
export async function cloudLeaves(db: Db, scope: FolderScope, limit: number): Promise<TreeNode[]> {
  const { folder: node, names } = scope;
  let q = db.selectFrom("cloud_service").select(["id", "name", "service"]);
  if (names[0] !== undefined) q = q.where((eb) => eb(eb.fn("upper", ["provider"]), "=", names[0]));
  if (names[1] !== undefined) q = q.where("region", "=", names[1]);
  if (names[2] !== undefined) q = q.where("account_id", "=", scope.tree.cached.accountIds.get(node.id) ?? "");
  const rows = await q.limit(limit).execute();
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.name, (counts.get(r.name) ?? 0) + 1);
  const leaves = rows.map((r) => ({ name: counts.get(r.name)! > 1 || !r.name ? `${r.name || r.id} (${r.id})` : r.name, entityId: r.id, type: cloudServiceType(r.service) }));
  // Leaves of one folder may be of several services: build them once, then set each one's own type.
  const typeById = new Map(leaves.map((l) => [l.entityId, l.type]));
  return buildLeafNodes(node, leaves, "cloudLeaf").map((n) => ({ ...n, type: typeById.get(n.entityId!) ?? "cloudLeaf" }));
}

export async function hasCloudAsgData(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("cloud_instance")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["service"]), "=", "asg"))
    .limit(1)
    .executeTakeFirst();
  return !!row;
}
