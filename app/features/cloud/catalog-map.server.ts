/**
 * The Catalog Map tab of one cloud service (spec document 3, section 2.7): the heatmap's families, sizes and
 * cells at the filter bar's settings, and the comparison grid's Current, Recommended and Selected rows, all from
 * the address. The service is analysed on demand exactly as the analysis run did (models/cloud-entity), so the
 * map agrees with the stored row.
 */
import { getStore } from "~/db/db.server";
import { requireUser } from "~/features/auth/session.server";
import { catalogSourceOf } from "~/engine/catalog";
import { CATALOG_SERVICE, catalogMapCells, catalogMapDomain, instanceInfo, regionCatalogFor, type AnalysisDomainEntry, type CatalogMapCell, type CloudServiceAnalysis, type HeatmapBand, type InstanceInfo, type RegionCatalog } from "~/engine/cloud";
import { shippedCloudCatalog } from "~/engine/cloud/shipped-catalog.server";
import type { CloudCandidate } from "~/engine/cloud/types";
import { cloudEntityAnalysis } from "~/models/cloud-entity.server";
import { catalogMapOffered, featuresOf, INSTANCE_FEATURES, parseCatalogMapUrl, SUPPLIERS, type CatalogMapUrlState, type FeatureOption, type InstanceFeatureId } from "./catalog-map";

export interface MapFamily {
  key: string;
  /** The family's processor supplier (Intel, AMD, ARM, Other). */
  supplier: string;
}

/** One heatmap cell, compact (a map can hold a thousand): flags are left out when false. */
export interface MapCell {
  type: string;
  /** Index into families / sizes. */
  f: number;
  s: number;
  /** null: not available in region, or hidden (Terminate). */
  score: number | null;
  band: HeatmapBand["band"];
  /** Place on the light-to-dark green gradient (band "meets"). */
  t?: number;
  /** $ per month at the predicted uptime; null when not offered. */
  cost: number | null;
  cpu: number;
  mem: number;
  current?: true;
  recommended?: true;
  highlighted?: true;
}

export interface CatalogMapView {
  families: MapFamily[];
  sizes: string[];
  cells: MapCell[];
  /** Types of the service's catalog, and how many the filters show. */
  totalTypes: number;
  /** Terminate: scores are not shown (spec section 4); the colours still are. */
  scoresHidden: boolean;
}

export interface ComparisonRow {
  role: "Current" | "Recommended" | "Selected";
  instanceType: string | null;
  /** null: no such type in the region (Not available in region), or no type (Terminate, nothing selected). */
  info: InstanceInfo | null;
  /** The type's features in words (architecture, GPUs, local storage, network…), for Technically Compatible. */
  features: string[];
}

export interface PriceSource {
  dataset: string;
  asOf: string;
  /** The region whose prices the map uses, and whether it is another region's (the service's has none). */
  pricedRegion: string;
  fallback: boolean;
}

interface Derived {
  domain: AnalysisDomainEntry[];
  byName: Map<string, CloudCandidate>;
  features: FeatureOption[];
}
/** The domain and features of a region's catalog, once per process (the shipped catalog never changes while it runs). */
const derived = new WeakMap<RegionCatalog, Derived>();
function derive(rc: RegionCatalog): Derived {
  let d = derived.get(rc);
  if (!d) {
    const features = INSTANCE_FEATURES.filter((f) => rc.types.some((c) => f.has(c))).map(({ id, label }) => ({ id, label }));
    d = { domain: catalogMapDomain(rc.types, rc.service), byName: new Map(rc.types.map((c) => [c.name, c])), features };
    derived.set(rc, d);
  }
  return d;
}

const words = (c: CloudCandidate): string[] => [
  `Architecture ${c.architecture}`,
  c.gpus > 0 ? `${c.gpus} GPU${c.gpus === 1 ? "" : "s"}${c.gpuModel ? ` (${c.gpuModel})` : ""}, ${c.gpuMemoryGiB} GB GPU memory` : "No GPU",
  c.localStorageGb > 0 ? `Local storage ${c.localStorageGb} GB` : "Network storage only",
  c.networkGbps === null ? "Network not published" : `Network ${c.networkGbps} Gbps`,
  ...(c.burstable ? ["Burstable CPU"] : []),
  ...(c.metal ? ["Bare metal"] : []),
  ...(c.accelerated ? ["Accelerated"] : []),
  ...(c.specialised ? ["Specialised host"] : []),
  ...(c.exotic ? ["Not commonly used"] : []),
];

/**
 * The heatmap at the address's filters: the types each filter keeps (Commonly used: not exotic; Available in
 * current region: offered there; Meeting all policies: within the filter bar's tolerance and compatible and
 * sufficient; suppliers of the family), plus the current, recommended and selected types whatever the filters, so
 * the cells the comparison talks about are always on the map. Families and sizes with nothing shown are dropped.
 */
export function buildMapView(analysis: CloudServiceAnalysis, rc: RegionCatalog, url: CatalogMapUrlState): CatalogMapView {
  const { domain, byName } = derive(rc);
  const cells = new Map<string, CatalogMapCell>(catalogMapCells(analysis, url.tolerance).map((c) => [c.instanceType, c]));
  const r = analysis.result;
  const pinned = new Set([r.existingInstanceType, r.recommendedInstanceType, url.selected].filter((t): t is string => !!t));
  // "Other" suppliers (Apple, mixed hosts) are neither Intel, AMD nor ARM: shown while no supplier is filtered out.
  const allSuppliers = SUPPLIERS.every((s) => url.suppliers.includes(s));
  const suppliers = new Set<string>(url.suppliers);
  const highlight = new Set<InstanceFeatureId>(url.features);
  const keep = (name: string): boolean => {
    if (pinned.has(name)) return true;
    const c = byName.get(name);
    const cell = cells.get(name);
    if (!c || !cell) return false;
    if (!(allSuppliers || suppliers.has(c.processorSupplier))) return false;
    if (url.show.includes("common") && c.exotic) return false;
    if (url.show.includes("region") && cell.band.band === "unavailable") return false;
    if (url.show.includes("policies") && cell.band.band !== "meets") return false;
    return true;
  };
  const xs = domain.filter((e) => e.axis === "x");
  const ys = domain.filter((e) => e.axis === "y");
  const shown = new Set<string>();
  for (const e of xs) for (const t of e.instanceTypes) if (keep(t)) shown.add(t);
  const families = xs.filter((e) => e.instanceTypes.some((t) => shown.has(t)));
  const sizes = ys.filter((e) => e.instanceTypes.some((t) => shown.has(t)));
  const familyIndex = new Map(families.map((e, i) => [e.axisKey, i]));
  const sizeIndex = new Map(sizes.map((e, i) => [e.axisKey, i]));
  const out: MapCell[] = [];
  for (const name of shown) {
    const c = byName.get(name)!;
    const cell = cells.get(name);
    const band = cell?.band ?? { band: "unavailable" as const };
    const m: MapCell = {
      type: name,
      f: familyIndex.get(c.family)!,
      s: sizeIndex.get(c.size)!,
      score: cell?.score ?? null,
      band: band.band,
      cost: cell?.cost ?? null,
      cpu: c.vcpus,
      mem: c.memoryGiB,
    };
    if (band.band === "meets") m.t = Math.round(band.t * 1000) / 1000;
    if (name === r.existingInstanceType) m.current = true;
    if (name === r.recommendedInstanceType) m.recommended = true;
    if (highlight.size && featuresOf(c).some((f) => highlight.has(f))) m.highlighted = true;
    out.push(m);
  }
  out.sort((a, b) => a.f - b.f || a.s - b.s);
  return {
    families: families.map((e) => ({ key: e.axisKey, supplier: e.processorFeature ?? "Other" })),
    sizes: sizes.map((e) => e.axisKey),
    cells: out,
    totalTypes: rc.types.length,
    scoresHidden: r.recommendation === "Terminate",
  };
}

/** The comparison grid: Current, Recommended (none for Terminate) and Selected (once a cell is picked), at the comparison's tolerance. */
export function buildComparison(analysis: CloudServiceAnalysis, rc: RegionCatalog, url: CatalogMapUrlState): ComparisonRow[] {
  const { byName } = derive(rc);
  const r = analysis.result;
  const row = (role: ComparisonRow["role"], type: string | null): ComparisonRow => {
    const c = type ? byName.get(type) : undefined;
    return { role, instanceType: type, info: type ? instanceInfo(analysis, type, url.comparisonTolerance) : null, features: c ? words(c) : [] };
  };
  return [
    row("Current", r.existingInstanceType),
    row("Recommended", r.recommendedInstanceType),
    row("Selected", url.selected && byName.has(url.selected) ? url.selected : null),
  ];
}

const plain = (html: string) => html.replace(/<[^>]*>/g, "");

export async function loadCatalogMap(request: Request, entityId: string) {
  await requireUser(request);
  const address = new URL(request.url);
  const url = parseCatalogMapUrl(address.searchParams);
  const base = { kind: "catalogMap" as const, entityId, url, search: address.search };
  let found: Awaited<ReturnType<typeof cloudEntityAnalysis>>;
  try {
    found = await cloudEntityAnalysis(await getStore(), entityId);
  } catch (error) {
    // The spec's error texts replace the map and the comparison; the reason goes to the server log.
    console.warn(`Catalog Map of ${entityId} could not be loaded:`, error);
    return { ...base, status: "error" as const };
  }
  if (!found) return { ...base, status: "notFound" as const };
  const { analysis, service } = found;
  const r = analysis.result;
  const serviceInfo = {
    name: service.name,
    provider: r.cloudProvider,
    serviceType: r.serviceType,
    region: r.region,
    os: r.os,
    instanceType: r.existingInstanceType,
    recommendation: r.recommendation,
    recommendedInstanceType: r.recommendedInstanceType,
    predictedUptimePct: r.predictedUptimePct,
  };
  if (!catalogMapOffered(r.serviceType)) return { ...base, status: "notOffered" as const, service: serviceInfo };

  const catalogService = CATALOG_SERVICE[r.serviceType];
  const rc = analysis.scoring?.rc ?? regionCatalogFor(shippedCloudCatalog(), catalogService, r.region)?.rc ?? null;
  const source = catalogSourceOf(r.cloudProvider, catalogService);
  const prices: PriceSource | null = source && rc ? { dataset: source.dataset, asOf: source.asOf, pricedRegion: rc.region, fallback: rc.region !== r.region } : null;
  const features: FeatureOption[] = rc ? derive(rc).features : [];
  // Not scored (too little data, relearning, not in the catalog): no map and nothing to compare, with the reason.
  const unscored = !analysis.scoring || !rc ? plain(r.reasonHtml) || "This service has not been analysed yet." : null;

  let map: CatalogMapView | null = null;
  let mapError = false;
  let comparison: ComparisonRow[] | null = null;
  let comparisonError = false;
  if (!unscored && rc) {
    try {
      map = buildMapView(analysis, rc, url);
    } catch (error) {
      console.warn(`Catalog Map cells of ${entityId} failed:`, error);
      mapError = true;
    }
    try {
      comparison = buildComparison(analysis, rc, url);
    } catch (error) {
      console.warn(`Catalog Map comparison of ${entityId} failed:`, error);
      comparisonError = true;
    }
  }
  return { ...base, status: "ok" as const, service: serviceInfo, features, prices, unscored, map, mapError, comparison, comparisonError };
}

export type CatalogMapData = Awaited<ReturnType<typeof loadCatalogMap>>;
export type CatalogMapOk = Extract<CatalogMapData, { status: "ok" }>;
