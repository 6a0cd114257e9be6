/**
 * The grid's drawers are addressed by the URL (drawer=container:<entityId> or drawer=policy:<policyInstanceId>) so
 * they render on the server and work without JavaScript; closing removes the parameter. Pure (client and server).
 */
export type DrawerRef = { kind: "container"; id: string } | { kind: "policy"; id: string; entityId?: string | null };

export const DRAWER_PARAM = "drawer";

/** A policy drawer opened from a grid row remembers the row (policy:<policyInstanceId>:<entityId>) for its footer link. */
export function parseDrawer(value: string | null): DrawerRef | null {
  const container = /^container:(.{1,200})$/.exec(value ?? "");
  if (container) return { kind: "container", id: container[1] };
  const policy = /^policy:([\w-]{1,100})(?::(.{1,200}))?$/.exec(value ?? "");
  return policy ? { kind: "policy", id: policy[1], entityId: policy[2] ?? null } : null;
}

export function drawerValue(ref: DrawerRef): string {
  return ref.kind === "policy" && ref.entityId ? `policy:${ref.id}:${ref.entityId}` : `${ref.kind}:${ref.id}`;
}

/** The address of the page with this drawer open (null: closed), keeping everything else. */
export function drawerHref(pathname: string, search: string, ref: DrawerRef | null): string {
  const p = new URLSearchParams(search);
  if (ref) p.set(DRAWER_PARAM, drawerValue(ref));
  else p.delete(DRAWER_PARAM);
  return `${pathname}?${p}`;
}

/**
 * "View container details": the tree-item page of that container (its Overview tab), in the same View and Filter.
 * "View policy details": the same page's Policies tab (a folder's Policies tab when no container is known).
 */
export function containerDetailsHref(search: string, entityId: string, tabGroup2: "overview" | "policies"): string {
  const from = new URLSearchParams(search);
  const p = new URLSearchParams();
  for (const k of ["viewId", "filterId", "fullPath"]) {
    const v = from.get(k);
    if (v) p.set(k, v);
  }
  p.set("entityId", entityId);
  p.set("tabGroup2", tabGroup2);
  return `/kubex/containers-tree/tree-item?${p}`;
}

export function policyDetailsHref(search: string, entityId: string | null | undefined): string {
  if (entityId) return containerDetailsHref(search, entityId, "policies");
  const p = new URLSearchParams(search);
  for (const k of [...p.keys()]) if (!["viewId", "filterId", "fullPath", "level", "type"].includes(k)) p.delete(k);
  p.set("tabGroup1", "policies");
  return `/kubex/containers-tree/tree-item?${p}`;
}
