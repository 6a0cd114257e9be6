/**
 * The catalog as the cloud engine scores it, prepared once per analysis run: per (catalog service, region), the
 * types sorted by Linux price (unpriced last) with every figure scoring reads in typed arrays, and the order by
 * Windows price. Scoring a service then walks numbers in price order, stops at the first fit, and allocates
 * nothing per candidate.
 */
import type { CatalogService, CloudCandidate } from "./types";

/** Architecture groups: a type of another group means a rebuild (High effort); Windows runs on x86 only. */
export const ARCH_X86 = 0;
export const ARCH_ARM = 1;
export const ARCH_MAC_X86 = 2;
export const ARCH_MAC_ARM = 3;
export const ARCH_OTHER = 4;

export function archGroupOf(architecture: string): number {
  const a = architecture.toLowerCase();
  if (a.endsWith("_mac")) return a.startsWith("arm") ? ARCH_MAC_ARM : ARCH_MAC_X86;
  if (a === "x86_64" || a === "i386" || a === "x64" || a === "amd64" || a === "x86") return ARCH_X86;
  if (a === "arm64" || a === "aarch64" || a === "arm") return ARCH_ARM;
  return ARCH_OTHER;
}
export const ARCH_LABELS = ["x86", "Arm", "Mac (x86)", "Mac (Arm)", "other"] as const;

/** Kinds a workload may move to only if its current type is of that kind. */
export const FLAG_BURSTABLE = 1;
export const FLAG_ACCELERATED = 2;
export const FLAG_METAL = 4;
export const FLAG_SPECIALISED = 8;
export const FLAG_EXOTIC = 16;

export function flagsOf(c: Pick<CloudCandidate, "burstable" | "accelerated" | "metal" | "specialised" | "exotic">): number {
  return (
    (c.burstable ? FLAG_BURSTABLE : 0) |
    (c.accelerated ? FLAG_ACCELERATED : 0) |
    (c.metal ? FLAG_METAL : 0) |
    (c.specialised ? FLAG_SPECIALISED : 0) |
    (c.exotic ? FLAG_EXOTIC : 0)
  );
}

export interface RegionCatalog {
  service: CatalogService;
  region: string;
  /** Sorted by Linux price ascending, unpriced last, then by name. */
  types: CloudCandidate[];
  byName: ReadonlyMap<string, number>;
  /** $ per hour; NaN when not offered. */
  linux: Float64Array;
  windows: Float64Array;
  /** vcpus × perfFactor: CPU capacity in reference vCPUs. */
  work: Float64Array;
  memory: Float64Array;
  gpus: Float64Array;
  gpuMemory: Float64Array;
  localStorage: Float64Array;
  /** Gbps; NaN when not published. */
  network: Float64Array;
  flags: Uint8Array;
  arch: Uint8Array;
  /** Family as an index into `families`. */
  family: Int32Array;
  families: string[];
  /** Indices of the types priced for Linux / Windows, cheapest first. */
  linuxOrder: Int32Array;
  windowsOrder: Int32Array;
}

export interface CloudCatalog {
  regions: ReadonlyMap<string, RegionCatalog>;
  /** Per catalog service, the region used when a service's own region has no prices (the one with most types). */
  fallbackRegion: ReadonlyMap<CatalogService, string>;
}

const keyOf = (service: CatalogService, region: string) => `${service}|${region}`;

function prepareRegion(service: CatalogService, region: string, list: CloudCandidate[]): RegionCatalog {
  const types = [...list].sort((a, b) => {
    const pa = a.hourlyPrice ?? Infinity;
    const pb = b.hourlyPrice ?? Infinity;
    return pa !== pb ? pa - pb : a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
  });
  const n = types.length;
  const rc: RegionCatalog = {
    service,
    region,
    types,
    byName: new Map(types.map((t, i) => [t.name, i])),
    linux: new Float64Array(n),
    windows: new Float64Array(n),
    work: new Float64Array(n),
    memory: new Float64Array(n),
    gpus: new Float64Array(n),
    gpuMemory: new Float64Array(n),
    localStorage: new Float64Array(n),
    network: new Float64Array(n),
    flags: new Uint8Array(n),
    arch: new Uint8Array(n),
    family: new Int32Array(n),
    families: [],
    linuxOrder: new Int32Array(0),
    windowsOrder: new Int32Array(0),
  };
  const familyIndex = new Map<string, number>();
  const linux: number[] = [];
  const windows: number[] = [];
  types.forEach((t, i) => {
    rc.linux[i] = t.hourlyPrice ?? NaN;
    rc.windows[i] = t.windowsHourlyPrice ?? NaN;
    rc.work[i] = t.vcpus * t.perfFactor;
    rc.memory[i] = t.memoryGiB;
    rc.gpus[i] = t.gpus;
    rc.gpuMemory[i] = t.gpuMemoryGiB;
    rc.localStorage[i] = t.localStorageGb;
    rc.network[i] = t.networkGbps ?? NaN;
    rc.flags[i] = flagsOf(t);
    rc.arch[i] = archGroupOf(t.architecture);
    let f = familyIndex.get(t.family);
    if (f === undefined) {
      f = rc.families.length;
      familyIndex.set(t.family, f);
      rc.families.push(t.family);
    }
    rc.family[i] = f;
    if (t.hourlyPrice !== null) linux.push(i);
    if (t.windowsHourlyPrice !== null) windows.push(i);
  });
  windows.sort((a, b) => rc.windows[a] - rc.windows[b] || a - b);
  rc.linuxOrder = Int32Array.from(linux);
  rc.windowsOrder = Int32Array.from(windows);
  return rc;
}

/** Groups the catalog by service and region and prepares each group (once per run: ~1 ms per 700 types). */
export function prepareCloudCatalog(candidates: readonly CloudCandidate[]): CloudCatalog {
  const groups = new Map<string, { service: CatalogService; region: string; list: CloudCandidate[] }>();
  for (const c of candidates) {
    const key = keyOf(c.service, c.region);
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { service: c.service, region: c.region, list: [] }));
    g.list.push(c);
  }
  const regions = new Map<string, RegionCatalog>();
  const fallback = new Map<CatalogService, { region: string; size: number }>();
  for (const [key, g] of groups) {
    regions.set(key, prepareRegion(g.service, g.region, g.list));
    const best = fallback.get(g.service);
    if (!best || g.list.length > best.size || (g.list.length === best.size && g.region < best.region)) {
      fallback.set(g.service, { region: g.region, size: g.list.length });
    }
  }
  return { regions, fallbackRegion: new Map([...fallback].map(([s, v]) => [s, v.region])) };
}

/**
 * The prepared types a service in `region` is scored against; when the catalog has no prices for that region,
 * the service's fallback region, flagged, so the result can say its prices are another region's.
 */
export function regionCatalogFor(catalog: CloudCatalog, service: CatalogService, region: string): { rc: RegionCatalog; fallback: boolean } | null {
  const own = catalog.regions.get(keyOf(service, region));
  if (own) return { rc: own, fallback: false };
  const other = catalog.fallbackRegion.get(service);
  const rc = other === undefined ? undefined : catalog.regions.get(keyOf(service, other));
  return rc ? { rc, fallback: true } : null;
}
