import type { CloudProvider } from "~/engine/source-contract";
import type { CatalogService, InstanceType, RegionPrice } from "./types";

export interface CatalogScope {
  provider: CloudProvider;
  service: CatalogService;
  region: string;
}

const NONE: RegionPrice = { linux: null, windows: null };

/** A type's on-demand prices in a region; both null when its catalog has no price there. */
export function priceIn(type: Pick<InstanceType, "prices">, region: string): RegionPrice {
  return type.prices[region] ?? NONE;
}

/**
 * The Windows Server licence the providers add per vCPU-hour on top of the Linux price (AWS licence-included EC2,
 * Azure pay-as-you-go Windows VMs and Compute Engine premium images all charge $0.046 per vCPU-hour on general
 * types). Used only where a catalog publishes no Windows price for a type and region: an estimate, said so in
 * catalog/README.md, and never applied to databases (a licensed database engine is priced by its own class).
 */
export const WINDOWS_LICENCE_PER_VCPU_HOUR = 0.046;

/** The published Windows price, else the Linux price plus the licence estimate (VMs only); null without either. */
export function windowsPriceOf(type: Pick<InstanceType, "service" | "vcpus">, price: RegionPrice): number | null {
  if (price.windows !== null) return price.windows;
  if (price.linux === null || type.service === "RDS") return null;
  return Math.round((price.linux + WINDOWS_LICENCE_PER_VCPU_HOUR * type.vcpus) * 10_000) / 10_000;
}

/** The type as priced in `region`: `region`, `hourlyPrice` and `windowsHourlyPrice` for that region (null = none). */
export function inRegion(type: InstanceType, region: string): InstanceType {
  const p = priceIn(type, region);
  return { ...type, region, hourlyPrice: p.linux, windowsHourlyPrice: windowsPriceOf(type, p), spotHourlyPrice: type.region === region ? type.spotHourlyPrice : null };
}

/**
 * The catalog of one provider and service in one region: every type of that catalog, with `hourlyPrice` and
 * `windowsHourlyPrice` for the region (null = not offered there, or the source does not price it there).
 */
export function catalogInRegion(types: readonly InstanceType[], scope: CatalogScope): InstanceType[] {
  return types.filter((t) => t.provider === scope.provider && t.service === scope.service).map((t) => inRegion(t, scope.region));
}

/** The regions a list of types has prices for, in first-seen order. */
export function pricedRegions(types: readonly InstanceType[]): string[] {
  return [...new Set(types.flatMap((t) => Object.keys(t.prices)))];
}

/**
 * Every type priced for `region` where its catalog prices that region, the rest as they are (their reference
 * region). Region names do not repeat across providers, so one cluster region picks its provider's catalog; a
 * region no catalog prices leaves every type at its reference region, the behaviour before regional prices.
 */
export function withRegionPrices(types: readonly InstanceType[], region: string | null): InstanceType[] {
  if (region === null) return [...types];
  const catalogs = new Map<string, boolean>();
  const key = (t: InstanceType) => `${t.provider}/${t.service}`;
  for (const t of types) if (region in t.prices) catalogs.set(key(t), true);
  return types.map((t) => (catalogs.get(key(t)) ? inRegion(t, region) : t));
}
