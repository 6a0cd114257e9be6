/**
 * Why a cloud service's recommendation is what it is (issue 15): its stored figures and the hourly prices of its
 * current and recommended types in the region the analysis priced it in (the shipped catalog, as the analysis
 * scored it), told step by step (app/engine/cloud/why.ts). No engine run: the drawer, the Overview page and the
 * GraphQL field read it at the cost of a lookup.
 */
import { CLOUD_DEFAULT_POLICY } from "~/engine/cloud";
import { CATALOG_SERVICE } from "~/engine/cloud/constants";
import { shippedCloudCatalog } from "~/engine/cloud/shipped-catalog.server";
import { explainCloudService, type CloudWhyStep, type StoredCloudService } from "~/engine/cloud/why";
import { isOwnKey } from "~/lib/own-key";
import { catalogSourceOf } from "~/engine/catalog/sources";
import type { CloudProvider } from "~/engine/source-contract";
import { cloudAnalysisRow } from "~/models/cloud-analysis.server";
import type { Db } from "~/models/treeview-common.server";

type Service = StoredCloudService & { cloudProvider: string };

function hourlyPrice(s: Service, typeName: string | null): number | null {
  if (!typeName || !s.pricedRegion || !isOwnKey(CATALOG_SERVICE, s.serviceType)) return null;
  const rc = shippedCloudCatalog().regions.get(`${CATALOG_SERVICE[s.serviceType]}|${s.pricedRegion}`);
  const i = rc?.byName.get(typeName);
  if (!rc || i === undefined) return null;
  const p = s.os === "Windows" ? rc.windows[i] : rc.linux[i];
  return Number.isFinite(p) ? p : null;
}

/** The why of a service of the current snapshot; [] when the snapshot does not hold it. */
export async function cloudServiceWhy(db: Db, entityId: string): Promise<CloudWhyStep[]> {
  const s = await cloudAnalysisRow(db, entityId);
  return s ? cloudWhyOf(s) : [];
}

function priceSource(s: Service) {
  if (!["AWS", "Azure", "GCP"].includes(s.cloudProvider) || !isOwnKey(CATALOG_SERVICE, s.serviceType)) return null;
  const c = catalogSourceOf(s.cloudProvider as CloudProvider, CATALOG_SERVICE[s.serviceType]);
  return c ? { label: `${c.provider} ${c.service}`, dataset: c.dataset, asOf: c.asOf } : null;
}

export function cloudWhyOf(s: Service): CloudWhyStep[] {
  return explainCloudService(
    s,
    CLOUD_DEFAULT_POLICY.values,
    { current: hourlyPrice(s, s.existingInstanceType), recommended: hourlyPrice(s, s.recommendedInstanceType) },
    priceSource(s),
  );
}
