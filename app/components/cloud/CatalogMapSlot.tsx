import { Spinner } from "~/components/ui/Spinner";

/** The loading text of the Catalog Map (spec document 3, section 2.7). */
export const CATALOG_LOADING_TEXT = "Loading catalog data...";

/**
 * SLOT: the Catalog Map tab of one service (spec document 3, section 2.7). Another engineer builds the map
 * (branch cloud-catalog-map); until it lands this marks its place with the spec's loading text. The routing, the
 * tab's visibility by service type and the fallback to the Overview are real (features/cloud/tabs.ts).
 */
export function CatalogMapSlot({ entityId, serviceType }: { entityId: string; serviceType: string }) {
  return (
    <section aria-label="Catalog Map" className="card flex min-h-[16rem] flex-col items-center justify-center gap-3 border-dashed text-center" data-testid="catalog-map-slot" data-slot="catalog-map" data-entity-id={entityId} data-service-type={serviceType}>
      <Spinner />
      <p className="text-sm">{CATALOG_LOADING_TEXT}</p>
      <p className="muted text-xs">The Catalog Map of this service will be shown here.</p>
    </section>
  );
}
