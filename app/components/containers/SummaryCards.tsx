import { Link, useLocation } from "@remix-run/react";
import { RiInformationLine } from "@remixicon/react";
import { Card, Metric, Text } from "~/components/ui/tremor";
import type { SummaryCardFigures } from "~/domain/containers/summary-cards";
import { formatContainerCount, formatCurrency, formatDecimal, formatRating, round, formatFixed } from "~/lib/format";
import { LoadError } from "./LoadError";

/** Efficiency rating colour (spec document 2, section 4): green at exactly 1, yellow below, red above. */
export function ratingClass(r: number) {
  if (round(r, 2) === 1) return "text-green-700 dark:text-green-400";
  return r < 1 ? "text-yellow-700 dark:text-yellow-300" : "text-red-700 dark:text-red-400";
}

/** A Tremor card with its label (Text) and one figure (Metric), at the density of the summary strip. */
function FigureCard({ label, testId, children }: { label: string; testId: string; children: React.ReactNode }) {
  return (
    <Card className="min-w-0 px-3 py-2" data-testid={testId}>
      <Text className="text-xs font-semibold uppercase">{label}</Text>
      <Metric className="mt-0.5 text-lg tabular-nums">{children}</Metric>
    </Card>
  );
}

/** An info mark whose note shows on hover and keyboard focus (CSS only, so it also works without JavaScript). */
function CostTooltip({ text }: { text: string }) {
  return (
    <span className="group relative ml-1 inline-block align-middle">
      <span tabIndex={0} title={text} aria-describedby="cost-tooltip-text" className="muted inline-flex cursor-help rounded-full focus:outline-none focus-visible:ring-2 focus-visible:ring-sky-500" data-testid="cost-tooltip">
        <RiInformationLine aria-hidden="true" className="h-4 w-4" />
        <span className="sr-only">About costs</span>
      </span>
      <span
        id="cost-tooltip-text"
        role="tooltip"
        className="invisible absolute right-0 top-full z-20 mt-1 w-64 whitespace-normal rounded-md border border-slate-200 bg-white p-2 text-xs font-normal text-slate-700 shadow-lg group-focus-within:visible group-hover:visible dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
      >
        {text}
      </span>
    </span>
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
      <FigureCard label="Containers" testId="card-containers">
        <Link to={`${pathname}?${grid}`} title={formatFixed(cards.containers)} className="text-sky-700 underline dark:text-sky-300">
          {formatContainerCount(cards.containers)}
        </Link>
      </FigureCard>
      <FigureCard label="Container Manifests" testId="card-manifests">
        <span title={formatFixed(cards.containerManifests)}>{formatContainerCount(cards.containerManifests)}</span>
      </FigureCard>
      <FigureCard label="CPU Request Surplus" testId="card-cpu-surplus">
        {formatDecimal(cards.cpuRequestSurplusCores)} <span className="muted text-sm font-normal">cores</span>
      </FigureCard>
      <FigureCard label="Memory Request Surplus" testId="card-memory-surplus">
        {formatDecimal(cards.memoryRequestSurplusGb)} <span className="muted text-sm font-normal">GB</span>
      </FigureCard>
      <FigureCard label="Monthly Savings" testId="card-monthly-savings">
        {formatCurrency(cards.monthlySavings)}
        <span className="muted text-sm font-normal"> /month</span>
        <CostTooltip text={costNote} />
      </FigureCard>
      <FigureCard label="Efficiency Rating" testId="card-efficiency">
        <span className={ratingClass(cards.efficiencyRating)}>{formatRating(cards.efficiencyRating)}</span>
      </FigureCard>
    </section>
  );
}
