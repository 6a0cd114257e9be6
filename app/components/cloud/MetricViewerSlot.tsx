import { Spinner } from "~/components/ui/Spinner";
import { TEXT } from "~/lib/constants";

/**
 * SLOT: the Metric Viewer tab of one service (spec document 3, section 2.8). Another engineer builds the viewer on
 * the cloud metric history model; until it lands this marks its place with the spec's loading text. It receives
 * what "View all charts" sends (viewMode and charts, decision 012); the tab's visibility (flag
 * cloudexShowMetricViewer and the service types) and the fallback to the Overview are real.
 */
export function MetricViewerSlot({ entityId, serviceType, viewMode, charts }: { entityId: string; serviceType: string; viewMode: string | null; charts: string | null }) {
  return (
    <section aria-label="Metric Viewer" className="card flex min-h-[16rem] flex-col items-center justify-center gap-3 border-dashed text-center" data-testid="metric-viewer-slot" data-slot="metric-viewer" data-entity-id={entityId} data-service-type={serviceType} data-view-mode={viewMode ?? ""} data-charts={charts ?? ""}>
      <Spinner />
      <p className="text-sm">{TEXT.loading}</p>
      <p className="muted text-xs">The metrics of this service will be shown here.</p>
    </section>
  );
}
