/**
 * Where the cloud screens link (spec document 3, sections 2.4 and 2.5): the instance drawer addressed by the URL
 * (drawer=cloud:<entityId>, so it renders on the server and works without JavaScript), "View cloud details" (the
 * service's tree item, tabGroup2=overview), the export's deep link and the impact analysis report. Pure.
 */
export const CLOUD_DRAWER_PREFIX = "cloud:";
/** Azure resource ids run to about 200 characters; anything longer is not an id. */
const MAX_ID = 400;

export function parseCloudDrawer(value: string | null): string | null {
  if (!value?.startsWith(CLOUD_DRAWER_PREFIX)) return null;
  const id = value.slice(CLOUD_DRAWER_PREFIX.length);
  return id && id.length <= MAX_ID ? id : null;
}

/** The page with this service's drawer open (null: closed), everything else kept. */
export function cloudDrawerHref(pathname: string, search: string, entityId: string | null): string {
  const p = new URLSearchParams(search);
  if (entityId) p.set("drawer", `${CLOUD_DRAWER_PREFIX}${entityId}`);
  else p.delete("drawer");
  return `${pathname}?${p}`;
}

export interface ServiceRef {
  entityId: string;
  system: string;
  /** The account folder's path (the service's parent in the tree). */
  fullPath: string;
}

/** The tree item of a service: a leaf under its account folder, named by the service (level 4: provider, region, account, service). */
export function serviceTreeParams(ref: ServiceRef, context: { viewId?: string | null; filterId?: string | null }): URLSearchParams {
  const p = new URLSearchParams();
  if (context.viewId) p.set("viewId", context.viewId);
  if (context.filterId) p.set("filterId", context.filterId);
  p.set("level", "4");
  p.set("fullPath", `${ref.fullPath}/${ref.system}`);
  p.set("entityId", ref.entityId);
  p.set("tabGroup2", "overview");
  return p;
}

export const CLOUD_TREE_ITEM = "/kubex/cloud-tree/tree-item";

/** "View cloud details": the service's own page (its Overview), in the page's View and Filter. */
export function cloudDetailsHref(search: string, ref: ServiceRef): string {
  const from = new URLSearchParams(search);
  return `${CLOUD_TREE_ITEM}?${serviceTreeParams(ref, { viewId: from.get("viewId"), filterId: from.get("filterId") })}`;
}

/** The absolute deep link of the export's URL column. */
export function cloudDetailsUrl(origin: string, ref: ServiceRef, context: { viewId: string; filterId: string }): string {
  return `${origin}${CLOUD_TREE_ITEM}?${serviceTreeParams(ref, context)}`;
}

/** The impact analysis report of a service (section 7: GET, a PDF). */
export function reportHref(entityId: string): string {
  return `/CIRBA/api/v2/systems/${encodeURIComponent(entityId)}/analysis-report`;
}

/** The report's file name: provider_system_objectId.pdf, with nothing a file system refuses. */
export function reportFileName(provider: string, system: string, objectId: string): string {
  const clean = (s: string) => s.replace(/[\\/:*?"<>|\s]+/g, "-").replace(/^-+|-+$/g, "");
  return `${clean(provider)}_${clean(system)}_${clean(objectId)}.pdf`;
}
