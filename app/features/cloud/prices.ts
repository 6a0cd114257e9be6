/**
 * Where the prices on the cloud screens come from (decision 007: every shown price names its source and date): the
 * shipped catalog of each provider and service the folder or the service is priced from.
 */
import { catalogSourceOf } from "~/engine/catalog/sources";
import { CATALOG_SERVICE } from "~/engine/cloud/constants";
import type { CloudProvider, CloudService } from "~/engine/source-contract";
import type { CloudSummaryFigures } from "./summary";
import { isOwnKey } from "~/lib/own-key";

export interface PriceSource {
  label: string;
  dataset: string;
  asOf: string;
  region: string;
}

const LABEL: Record<string, string> = { "AWS EC2": "AWS EC2", "AWS RDS": "AWS RDS", "Azure VM": "Azure Virtual Machines", "GCP GCE": "GCP Compute Engine" };

function source(provider: CloudProvider, service: CloudService): PriceSource | null {
  const s = catalogSourceOf(provider, CATALOG_SERVICE[service]);
  return s ? { label: LABEL[`${s.provider} ${s.service}`] ?? `${s.provider} ${s.service}`, dataset: s.dataset, asOf: s.asOf, region: s.region } : null;
}

/** The catalogs behind a folder's figures: one per catalog its services are priced from, in a stable order. */
export function folderPriceSources(s: Pick<CloudSummaryFigures, "ec2Service" | "asgService" | "rdsService" | "azureVmService" | "azureVmssService" | "gceService">): PriceSource[] {
  const wanted: [boolean, CloudProvider, CloudService][] = [
    [s.ec2Service + s.asgService > 0, "AWS", "EC2"],
    [s.rdsService > 0, "AWS", "RDS"],
    [s.azureVmService + s.azureVmssService > 0, "Azure", "VM"],
    [s.gceService > 0, "GCP", "GCE"],
  ];
  return wanted.flatMap(([has, provider, service]) => (has ? (source(provider, service) ?? []) : []));
}

/** The catalog one service is priced from (null for an unknown provider or service). */
export function servicePriceSource(provider: string, serviceType: string): PriceSource | null {
  if (!["AWS", "Azure", "GCP"].includes(provider) || !isOwnKey(CATALOG_SERVICE, serviceType)) return null;
  return source(provider as CloudProvider, serviceType as CloudService);
}
