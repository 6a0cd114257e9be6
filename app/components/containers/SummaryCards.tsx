import { Link, useLocation } from "@remix-run/react";
import type { SummaryCardFigures } from "~/features/containers/summary-cards";
import { formatContainerCount, formatCurrency, formatDecimal, formatRating, round } from "~/lib/format";
import { LoadError } from "./LoadError";

/** Efficiency rating colour (spec document 2, section 4): green at exactly 1, yellow below, red above. */
export function ratingClass(r: number) {
  if (round(r, 2) === 1) return "text-green-700 dark:text-green-400";
  return r < 1 ? "text-yellow-700 dark:text-yellow-300" : "text-red-700 dark:text-red-400";
}

function Card({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <div className="card min-w-0 px-3 py-2" data-testid={testId}>
      <p className="muted text-xs font-semibold uppercase">{label}</p>
      <p className="mt-0.5 text-lg font-semibold tabular-nums">{children}</p>
    </div>
  );
}

/**
 * The container summary cards, shown when the container-summary feature is off (spec document 2, section 2.2);
 * the generic error indicator replaces them when the summary could not be read.
 */
export function SummaryCards({ cards, unitPrices }: { cards: SummaryCardFigures | "error"; unitPrices: { cpuCoreMonth: number; memoryGbMonth: number } }) {
  const { pathname, search } = useLocation();
  if (cards === "error") return <LoadError testId="summary-cards-error" />;
  const grid = new URLSearchParams(search);
  grid.set("tabGroup1", "analysis-details");
  grid.delete("gridViewId");
  const costNote = `Costs are estimated from a default price of ${formatCurrency(unitPrices.cpuCoreMonth)} per CPU core and ${formatCurrency(unitPrices.memoryGbMonth)} per GB of memory, per month.`;
  return (
    <section aria-label="Container summary" className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-3 2xl:grid-cols-6" data-testid="summary-cards">
      <Card label="Containers" testId="card-containers">
        <Link to={`${pathname}?${grid}`} title={cards.containers.toLocaleString("en-US")} className="text-sky-700 underline dark:text-sky-300">
          {formatContainerCount(cards.containers)}
        </Link>
      </Card>
      <Card label="Container Manifests" testId="card-manifests">
        <span title={cards.containerManifests.toLocaleString("en-US")}>{formatContainerCount(cards.containerManifests)}</span>
      </Card>
      <Card label="CPU Request Surplus" testId="card-cpu-surplus">
        {formatDecimal(cards.cpuRequestSurplusCores)} <span className="muted text-sm font-normal">cores</span>
      </Card>
      <Card label="Memory Request Surplus" testId="card-memory-surplus">
        {formatDecimal(cards.memoryRequestSurplusGb)} <span className="muted text-sm font-normal">GB</span>
      </Card>
      <Card label="Monthly Savings" testId="card-monthly-savings">
        {formatCurrency(cards.monthlySavings)}
        <span className="muted text-sm font-normal"> /month</span>
        <span tabIndex={0} title={costNote} aria-label={costNote} className="muted ml-1 cursor-help text-sm font-normal" data-testid="cost-tooltip">
          ⓘ
        </span>
      </Card>
      <Card label="Efficiency Rating" testId="card-efficiency">
        <span className={ratingClass(cards.efficiencyRating)}>{formatRating(cards.efficiencyRating)}</span>
      </Card>
    </section>
  );
}
