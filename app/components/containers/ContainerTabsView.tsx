import type { ContainerTabsData } from "~/features/containers/summary.server";
import type { ViewTreePage } from "~/features/tree/view-tree-page.server";
import { FolderOverview } from "~/components/tree/FolderOverview";
import { ContainerTabsNav } from "./ContainerTabsNav";
import { SummaryTab } from "./SummaryTab";
import { HistogramsTab } from "./HistogramsTab";
import { DetailsGrid } from "./DetailsGrid";
import { PoliciesTab } from "./PoliciesTab";
import { SummaryCards } from "./SummaryCards";
import { LoadError } from "./LoadError";
import { formatContainerCount, formatFixed } from "~/lib/format";

/** The container tabs of a tree page (spec document 2, section 2.1). */
export function ContainerTabsView({ page, data }: { page: ViewTreePage; data: ContainerTabsData }) {
  return (
    <div>
      <header className="mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 className="text-xl font-semibold" data-testid="selected-name">
          {page.selected.label}
        </h2>
        <span className="muted text-sm">{page.selected.level === 0 ? "All containers" : page.selected.type}</span>
        <span className="muted text-sm">
          · <span data-testid="selected-count" title={formatFixed(page.selected.count)}>{formatContainerCount(page.selected.count)}</span> containers · {page.view.name} · {page.filter.name}
        </span>
      </header>
      {data.summaryCards ? <SummaryCards cards={data.summaryCards} unitPrices={data.unitPrices} /> : null}
      <ContainerTabsNav tabs={data.tabs} selected={data.tab} />
      {data.tab === "summary" && data.overview === "error" ? <LoadError /> : null}
      {data.tab === "summary" && data.overview && data.overview !== "error" ? <SummaryTab overview={data.overview} unitPrices={data.unitPrices} /> : null}
      {data.tab === "breakdown" && data.children === "error" ? <LoadError /> : null}
      {data.tab === "breakdown" && data.children !== "error" ? <FolderOverview page={page} unit="Containers" savings={data.children} embedded /> : null}
      {data.tab === "histograms" && data.histograms ? <HistogramsTab histograms={data.histograms} /> : null}
      {data.tab === "analysis-details" && data.grid ? <DetailsGrid grid={data.grid} /> : null}
      {data.tab === "policies" && data.policies ? <PoliciesTab page={data.policies} folder={data.folderPolicy} /> : null}
    </div>
  );
}
