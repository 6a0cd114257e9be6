/**
 * The Catalog Map's analysis domain (spec section 3 "Analysis domain"; section 2.7): instance families on the x
 * axis and sizes on the y axis, each with its orderIndex, label, exotic flag, processor feature, and the map of
 * the types at its cells (instanceSizes: size → type for a family, family → type for a size).
 *
 * Order: families by series (m, c, r…), then generation, then name, so a series' generations sit side by side;
 * sizes by the median vCPUs of their types (nano … metal), then median memory, then name.
 */
import type { CatalogService, CloudCandidate } from "./types";

export interface AnalysisDomainEntry {
  serviceType: CatalogService;
  orderIndex: number;
  label: string;
  /** A family is exotic when all its types are; a size when all its types are. */
  exotic: boolean;
  axis: "x" | "y";
  /** The family's processor supplier (Intel, AMD, ARM, Other); null for sizes. */
  processorFeature: string | null;
  axisKey: string;
  /** Family entry: size → type name; size entry: family → type name. */
  instanceSizes: Record<string, string>;
  instanceTypes: string[];
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * The domain of a catalog service (EC2, RDS, VM, GCE) from the candidates of any regions (a type is one cell
 * however many regions offer it; availability in a region comes from that region's scores).
 */
export function catalogMapDomain(candidates: readonly CloudCandidate[], serviceType: CatalogService): AnalysisDomainEntry[] {
  const byName = new Map<string, CloudCandidate>();
  for (const c of candidates) if (c.service === serviceType && !byName.has(c.name)) byName.set(c.name, c);
  const families = new Map<string, CloudCandidate[]>();
  const sizes = new Map<string, CloudCandidate[]>();
  for (const c of byName.values()) {
    (families.get(c.family) ?? families.set(c.family, []).get(c.family)!).push(c);
    (sizes.get(c.size) ?? sizes.set(c.size, []).get(c.size)!).push(c);
  }
  const familyKeys = [...families.keys()].sort((a, b) => {
    const fa = families.get(a)![0];
    const fb = families.get(b)![0];
    if (fa.series !== fb.series) return fa.series < fb.series ? -1 : 1;
    const ga = fa.generation ?? -1;
    const gb = fb.generation ?? -1;
    if (ga !== gb) return ga - gb;
    return a < b ? -1 : a > b ? 1 : 0;
  });
  const sizeFacts = new Map([...sizes].map(([k, list]) => [k, { v: median(list.map((c) => c.vcpus)), m: median(list.map((c) => c.memoryGiB)) }]));
  const sizeKeys = [...sizes.keys()].sort((a, b) => {
    const sa = sizeFacts.get(a)!;
    const sb = sizeFacts.get(b)!;
    return sa.v - sb.v || sa.m - sb.m || (a < b ? -1 : a > b ? 1 : 0);
  });
  const byVcpus = (x: CloudCandidate, y: CloudCandidate) => x.vcpus - y.vcpus || x.memoryGiB - y.memoryGiB || (x.name < y.name ? -1 : 1);
  const x: AnalysisDomainEntry[] = familyKeys.map((family, orderIndex) => {
    const list = [...families.get(family)!].sort(byVcpus);
    return {
      serviceType,
      orderIndex,
      label: family,
      exotic: list.every((c) => c.exotic),
      axis: "x",
      processorFeature: list[0].processorSupplier,
      axisKey: family,
      instanceSizes: Object.fromEntries(list.map((c) => [c.size, c.name])),
      instanceTypes: list.map((c) => c.name),
    };
  });
  const y: AnalysisDomainEntry[] = sizeKeys.map((size, orderIndex) => {
    const list = [...sizes.get(size)!].sort((a, b) => familyKeys.indexOf(a.family) - familyKeys.indexOf(b.family));
    return {
      serviceType,
      orderIndex,
      label: size,
      exotic: list.every((c) => c.exotic),
      axis: "y",
      processorFeature: null,
      axisKey: size,
      instanceSizes: Object.fromEntries(list.map((c) => [c.family, c.name])),
      instanceTypes: list.map((c) => c.name),
    };
  });
  return [...x, ...y];
}
