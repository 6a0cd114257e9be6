/**
 * The Catalog Map's state in the address and its fixed choices (spec document 3, sections 2.2, 2.7 and 9): what
 * the filter bar shows and which type is selected live in the URL, so a shared link, Back, and a page without
 * JavaScript all show the same map. Pure: the server function and the components both read it.
 */
import { DEFAULT_COMPARISON_SPEND_TOLERANCE, DEFAULT_MAP_SPEND_TOLERANCE, SPEND_TOLERANCE_OPTIONS } from "~/engine/cloud/constants";
import type { CloudCandidate } from "~/engine/cloud/types";

/** The spec's texts of the Catalog Map (2.7), word for word. */
export const CATALOG_MAP_TEXT = {
  title: "Instance Type Analysis",
  xAxis: "Instance Family",
  yAxis: "Instance Size",
  showLabel: "Show instance types that are...",
  supplierLabel: "Processor Supplier",
  toleranceLabel: "Spend Tolerance",
  featuresLabel: "Highlight Instance Features",
  loadingFeatures: "Loading features...",
  loadingCatalog: "Loading catalog data...",
  catalogError: "Error loading catalog data",
  loadingComparison: "Loading comparison data...",
  comparisonError: "Error loading instance comparison data. Please try again.",
  noComparison: "No instance data available for comparison.",
  notAvailable: "Not available in region",
  showScores: "Show Scores",
  hideScores: "Hide Scores",
  guide: "Red means insufficient resources, orange technically incompatible with the workload, yellow too expensive, green meets all requirements.",
} as const;

/** "Show instance types that are..." choices, in the spec's order; Commonly used alone by default. */
export const SHOW_OPTIONS = [
  { id: "common", label: "Commonly used" },
  { id: "region", label: "Available in current region" },
  { id: "policies", label: "Meeting all policies" },
] as const;
export type ShowOption = (typeof SHOW_OPTIONS)[number]["id"];
export const DEFAULT_SHOW: readonly ShowOption[] = ["common"];

/** Processor Supplier choices; all on by default. */
export const SUPPLIERS = ["Intel", "AMD", "ARM"] as const;
export type Supplier = (typeof SUPPLIERS)[number];

/**
 * Features a user can highlight, each a test on a catalog type; a service type offers the ones some of its types
 * have (RDS has no GPUs, so it offers none).
 */
export const INSTANCE_FEATURES = [
  { id: "gpu", label: "GPU", has: (c: CloudCandidate) => c.gpus > 0 },
  { id: "local-nvme", label: "Local NVMe / SSD storage", has: (c: CloudCandidate) => c.localStorageGb > 0 },
  { id: "arm", label: "Arm processor", has: (c: CloudCandidate) => /^(arm64|aarch64|arm)$/i.test(c.architecture) },
  { id: "burstable", label: "Burstable CPU", has: (c: CloudCandidate) => c.burstable },
  { id: "high-network", label: "High network (25 Gbps or more)", has: (c: CloudCandidate) => (c.networkGbps ?? 0) >= 25 },
  { id: "metal", label: "Bare metal", has: (c: CloudCandidate) => c.metal },
] as const;
export type InstanceFeatureId = (typeof INSTANCE_FEATURES)[number]["id"];
export interface FeatureOption {
  id: InstanceFeatureId;
  label: string;
}

/** The features of one type, by id. */
export function featuresOf(c: CloudCandidate): InstanceFeatureId[] {
  return INSTANCE_FEATURES.filter((f) => f.has(c)).map((f) => f.id);
}

/** Spec 2.2: the Catalog Map tab is not shown for these service types (scale groups and GCE). */
export const CATALOG_MAP_HIDDEN_SERVICE_TYPES: ReadonlySet<string> = new Set(["VMSS", "VM Scale Set", "VMSS_SINGLE", "ASG", "ASG_SINGLE", "GCE", "GCE Instance"]);
export const catalogMapOffered = (serviceType: string) => !CATALOG_MAP_HIDDEN_SERVICE_TYPES.has(serviceType);

export interface CatalogMapUrlState {
  show: ShowOption[];
  suppliers: Supplier[];
  /** The filter bar's spend tolerance: colours the map (default 5x). */
  tolerance: number;
  features: InstanceFeatureId[];
  /** The type picked on the map (the comparison's Selected row); null until one is picked. */
  selected: string | null;
  showScores: boolean;
  /** The comparison's own spend tolerance (default 1.1, spec section 9). */
  comparisonTolerance: number;
}

/** The address parameters the Catalog Map owns; every other parameter (entityId, the tree's) is carried along. */
export const CATALOG_MAP_PARAMS = ["show", "supplier", "tolerance", "features", "selected", "scores", "comparisonTolerance"] as const;

const TOLERANCES = SPEND_TOLERANCE_OPTIONS.map((o) => o.value);

/** A tolerance from the address: one of the nine options, else the default. */
export function parseTolerance(value: string | null, fallback: number): number {
  if (value === null || value.trim() === "") return fallback;
  const n = Number(value);
  return TOLERANCES.includes(n) ? n : fallback;
}

/**
 * A multi-select from the address: "a,b" (links) or repeated fields after an empty marker (the form's checkboxes,
 * so that nothing ticked means none rather than the default). Absent: the default. Unknown values are dropped.
 */
function parseList<T extends string>(params: URLSearchParams, name: string, allowed: readonly T[], fallback: readonly T[]): T[] {
  if (!params.has(name)) return [...fallback];
  const asked = new Set(
    params
      .getAll(name)
      .flatMap((v) => v.split(","))
      .map((v) => v.trim()),
  );
  return allowed.filter((v) => asked.has(v));
}

export function parseCatalogMapUrl(params: URLSearchParams): CatalogMapUrlState {
  const selected = params.get("selected")?.trim() ?? "";
  return {
    show: parseList(
      params,
      "show",
      SHOW_OPTIONS.map((o) => o.id),
      DEFAULT_SHOW,
    ),
    suppliers: parseList(params, "supplier", SUPPLIERS, SUPPLIERS),
    tolerance: parseTolerance(params.get("tolerance"), DEFAULT_MAP_SPEND_TOLERANCE),
    features: parseList(
      params,
      "features",
      INSTANCE_FEATURES.map((f) => f.id),
      [],
    ),
    // Type names are short API names (m5.large, Standard_D8s_v5); anything longer is not one.
    selected: selected && selected.length <= 100 ? selected : null,
    showScores: params.get("scores") !== "hide",
    comparisonTolerance: parseTolerance(params.get("comparisonTolerance"), DEFAULT_COMPARISON_SPEND_TOLERANCE),
  };
}

/** The address of `state` over `base` (its other parameters kept); defaults are left out so links stay short. */
export function catalogMapSearch(base: URLSearchParams | string, state: Partial<CatalogMapUrlState>): string {
  const params = new URLSearchParams(base);
  const set = (name: string, value: string | null) => (value === null ? params.delete(name) : params.set(name, value));
  const list = (values: readonly string[], defaults: readonly string[]) =>
    values.length === defaults.length && values.every((v) => defaults.includes(v)) ? null : values.join(",");
  if (state.show) set("show", list(state.show, DEFAULT_SHOW));
  if (state.suppliers) set("supplier", list(state.suppliers, SUPPLIERS));
  if (state.tolerance !== undefined) set("tolerance", state.tolerance === DEFAULT_MAP_SPEND_TOLERANCE ? null : String(state.tolerance));
  if (state.features) set("features", state.features.length ? state.features.join(",") : null);
  if (state.selected !== undefined) set("selected", state.selected);
  if (state.showScores !== undefined) set("scores", state.showScores ? null : "hide");
  if (state.comparisonTolerance !== undefined) {
    set("comparisonTolerance", state.comparisonTolerance === DEFAULT_COMPARISON_SPEND_TOLERANCE ? null : String(state.comparisonTolerance));
  }
  const s = params.toString();
  return s ? `?${s}` : "?";
}

/** The label of a tolerance value ("5x", "10% more", "Unlimited"). */
export function toleranceLabel(value: number): string {
  return SPEND_TOLERANCE_OPTIONS.find((o) => o.value === value)?.label ?? `${value}x`;
}

/** Which parameters changed between two addresses: the map's (filters) or only the comparison's (selection). */
export function changedPart(from: URLSearchParams, to: URLSearchParams): "none" | "map" | "comparison" {
  const a = parseCatalogMapUrl(from);
  const b = parseCatalogMapUrl(to);
  const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
  if (from.get("entityId") !== to.get("entityId")) return "map";
  if (!same(a.show, b.show) || !same(a.suppliers, b.suppliers) || a.tolerance !== b.tolerance || !same(a.features, b.features) || a.showScores !== b.showScores) {
    return "map";
  }
  return a.selected !== b.selected || a.comparisonTolerance !== b.comparisonTolerance ? "comparison" : "none";
}
