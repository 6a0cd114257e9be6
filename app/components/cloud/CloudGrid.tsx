import { useLocation, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import type { CloudGridData } from "~/features/cloud/grid.server";
import { cloudDrawerHref } from "~/features/cloud/links";
import { CLOUD_PAGE_SIZES } from "~/domain/cloud/grid-columns";
import { GridViewsBar } from "~/components/grid-views/GridViewsBar";
import { AddressGrid } from "~/components/grid/AddressGrid";
import { formatCount, formatCurrency } from "~/lib/format";
import { cloudColumns } from "./cloud-columns";
import { CloudDrawer } from "./CloudDrawer";
import { CloudGridToolbar } from "./CloudGridToolbar";
import { CloudUtilizationPanel } from "./CloudUtilizationPanel";

type Group = CloudGridData["groups"][number];

const groupSummary = (g: Group) =>
  `${formatCount(g.count)} services · Current ${formatCurrency(g.currentEstimatedCost)} · Recommended ${formatCurrency(g.recommendedEstimatedCost)} · Waste ${formatCurrency(g.estimatedSavings)} per month`;

/**
 * AI Analysis Details of a cloud folder (spec document 3, section 2.4): the saved views bar, the services grid on
 * the generic DataTable (decision 010) with its Total row, the Utilization Charts panel of the selected row and the
 * instance drawer.
 */
export function CloudGrid({ grid }: { grid: CloudGridData }) {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const columns = useMemo(() => cloudColumns(grid.sortable, grid.totals), [grid.sortable, grid.totals]);
  const closeHref = cloudDrawerHref(pathname, search, null);
  return (
    <div className={navigation.state === "loading" ? "opacity-70 transition-opacity" : ""} data-testid="cloud-grid">
      <GridViewsBar bar={grid.gridViews} />
      <AddressGrid
        grid={grid}
        columns={columns}
        selectedId={grid.utilization.selected?.entityId}
        testId="cloud-services-grid"
        label="Cloud services"
        rowNoun="services"
        pageSizes={CLOUD_PAGE_SIZES}
        toolbar={(table) => <CloudGridToolbar table={table} grid={grid} />}
        groupSummary={groupSummary}
        withTotals
      />
      <CloudUtilizationPanel data={grid.utilization} />
      {grid.drawer ? <CloudDrawer data={grid.drawer} closeHref={closeHref} /> : null}
    </div>
  );
}
