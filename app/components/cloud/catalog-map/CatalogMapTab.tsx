import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { CATALOG_MAP_TEXT, catalogMapSearch, toleranceLabel } from "~/features/cloud/catalog-map";
import type { CatalogMapData, CatalogMapOk } from "~/features/cloud/catalog-map.server";
import { round } from "~/lib/format";
import { ComparisonGrid } from "./ComparisonGrid";
import { FilterBar } from "./FilterBar";
import { Heatmap } from "./Heatmap";
import { MAX_LABELLED_FAMILIES } from "./heatmap-rules";
import { MapLegend } from "./MapLegend";
import { usePendingCatalogMap } from "./usePending";

function Message({ children, role = "status", testId }: { children: ReactNode; role?: "status" | "alert"; testId: string }) {
  return (
    <p role={role} className={`py-8 text-center text-sm ${role === "alert" ? "text-red-700 dark:text-red-300" : "muted"}`} data-testid={testId}>
      {children}
    </p>
  );
}

function ScoresToggle({ data }: { data: CatalogMapOk }) {
  const map = data.map;
  if (!map) return null;
  const tooMany = map.families.length > MAX_LABELLED_FAMILIES;
  const why = tooMany ? `Score labels are off with more than ${MAX_LABELLED_FAMILIES} families; the tooltips still give each score.` : map.scoresHidden ? "Scores are not shown for Terminate." : undefined;
  if (why) {
    return (
      <span className="btn cursor-not-allowed py-1 text-xs opacity-50" aria-disabled="true" title={why} data-testid="scores-toggle">
        {CATALOG_MAP_TEXT.showScores}
      </span>
    );
  }
  const on = data.url.showScores;
  return (
    <Link
      to={catalogMapSearch(data.search, { showScores: !on })}
      replace
      preventScrollReset
      role="button"
      aria-pressed={on}
      className="btn py-1 text-xs"
      data-testid="scores-toggle"
    >
      {on ? CATALOG_MAP_TEXT.hideScores : CATALOG_MAP_TEXT.showScores}
    </Link>
  );
}

function Prices({ data }: { data: CatalogMapOk }) {
  const p = data.prices;
  if (!p) return null;
  return (
    <p className="muted text-xs" data-testid="catalog-prices">
      Prices: {p.dataset}, as of {p.asOf}; {p.pricedRegion} on-demand {data.service.os} prices
      {p.fallback ? ` (the catalog has none for ${data.service.region})` : ""}. Costs are per month at the service&apos;s {round(data.service.predictedUptimePct, 1)}% predicted
      uptime.
    </p>
  );
}

function MapCard({ data, loading }: { data: CatalogMapOk; loading: boolean }) {
  let body: ReactNode;
  if (data.mapError) body = <Message role="alert" testId="catalog-error">{CATALOG_MAP_TEXT.catalogError}</Message>;
  else if (!data.map) body = <Message testId="catalog-empty">No Data Available. {data.unscored}</Message>;
  else if (data.map.cells.length === 0) body = <Message testId="catalog-empty">No instance types match these filters.</Message>;
  else body = <Heatmap view={data.map} selected={data.url.selected} showScores={data.url.showScores} search={data.search} uptimePct={data.service.predictedUptimePct} />;
  return (
    <section className="card flex min-w-0 flex-col gap-3 p-3" aria-labelledby="catalog-map-title" data-testid="catalog-map">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id="catalog-map-title" className="text-sm font-semibold">
            {CATALOG_MAP_TEXT.title}
          </h3>
          <p className="muted text-xs" data-testid="catalog-guide">
            {CATALOG_MAP_TEXT.guide} Colours at {toleranceLabel(data.url.tolerance)} spend tolerance; choose a cell to compare it below.
          </p>
        </div>
        <ScoresToggle data={data} />
      </div>
      <div className="relative min-w-0" aria-busy={loading || undefined}>
        {loading ? (
          <div className="absolute inset-0 z-10 flex items-start justify-center bg-white/60 pt-8 dark:bg-slate-900/60">
            <p role="status" className="rounded bg-white px-3 py-1 text-sm shadow dark:bg-slate-800" data-testid="catalog-loading">
              {CATALOG_MAP_TEXT.loadingCatalog}
            </p>
          </div>
        ) : null}
        {body}
      </div>
      {data.map ? <MapLegend /> : null}
      <Prices data={data} />
    </section>
  );
}

/**
 * The Catalog Map tab (spec 2.7): filter bar, heatmap and comparison grid, from the loader's data
 * (features/cloud/catalog-map.server loadCatalogMap). Everything it changes is an address, so it works without
 * JavaScript; with it, the loading texts show while the next address loads.
 */
export function CatalogMapTab({ data }: { data: CatalogMapData }) {
  const pending = usePendingCatalogMap(data.url);
  if (data.status === "notFound") {
    return (
      <div className="card" data-testid="catalog-map-tab">
        <Message testId="catalog-not-found">This cloud service is not in the current analysis. {CATALOG_MAP_TEXT.noComparison}</Message>
      </div>
    );
  }
  if (data.status === "notOffered") {
    return (
      <div className="card" data-testid="catalog-map-tab">
        <Message testId="catalog-not-offered">The Catalog Map is not offered for {data.service.serviceType} services: a scale group keeps its instance type.</Message>
      </div>
    );
  }
  if (data.status === "error") {
    return (
      <div className="flex flex-col gap-4" data-testid="catalog-map-tab">
        <div className="card">
          <Message role="alert" testId="catalog-error">
            {CATALOG_MAP_TEXT.catalogError}
          </Message>
        </div>
        <ComparisonGrid rows={null} error loading={false} tolerance={data.url.comparisonTolerance} search={data.search} />
      </div>
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="catalog-map-tab">
      <FilterBar url={pending.url} search={data.search} features={data.features} loadingFeatures={pending.entityChanging} />
      <MapCard data={data} loading={pending.part === "map"} />
      <ComparisonGrid rows={data.comparison} error={data.comparisonError} loading={pending.part === "comparison"} tolerance={pending.url.comparisonTolerance} search={data.search} />
    </div>
  );
}
