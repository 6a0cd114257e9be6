/**
 * The shipped instance catalogs as the cloud engine scores them: every type of every provider and service, once
 * per region its catalog prices (the engine picks a service's own region, or says whose prices it used).
 */
import { catalogInRegion, pricedRegions, type InstanceType } from "~/engine/catalog";
import { loadShippedCatalogs } from "~/engine/catalog/load.server";
import { prepareCloudCatalog, type CloudCatalog } from "./catalog";
import type { CloudCandidate } from "./types";

export function cloudCandidates(types: readonly InstanceType[]): CloudCandidate[] {
  const scopes = new Map<string, { provider: InstanceType["provider"]; service: InstanceType["service"]; types: InstanceType[] }>();
  for (const t of types) {
    const key = `${t.provider}|${t.service}`;
    (scopes.get(key) ?? scopes.set(key, { provider: t.provider, service: t.service, types: [] }).get(key)!).types.push(t);
  }
  const out: CloudCandidate[] = [];
  for (const scope of scopes.values()) {
    for (const region of pricedRegions(scope.types)) out.push(...catalogInRegion(scope.types, { provider: scope.provider, service: scope.service, region }));
  }
  return out;
}

export function cloudCatalogOf(types: readonly InstanceType[]): CloudCatalog {
  return prepareCloudCatalog(cloudCandidates(types));
}

let shipped: CloudCatalog | undefined;
/** The shipped catalogs prepared once per process (every run and every on-demand read score against them). */
export function shippedCloudCatalog(): CloudCatalog {
  return (shipped ??= cloudCatalogOf(loadShippedCatalogs()));
}
