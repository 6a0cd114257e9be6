import { useLocation, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import type { DetailsGridData } from "~/features/containers/details.server";
import { PAGE_SIZES } from "~/features/containers/page-sizes";
import { drawerHref } from "~/features/drawers/drawer";
import { ContainerDrawer } from "~/components/drawers/ContainerDrawer";
import { FailedDrawer, MissingDrawer, PolicyDrawer } from "~/components/drawers/PolicyDrawer";
import { GridViewsBar } from "~/components/grid-views/GridViewsBar";
import { AddressGrid, type AddressGridPage } from "~/components/grid/AddressGrid";
import { formatContainerCount, formatCurrency, formatFixed } from "~/lib/format";
import { detailsColumns } from "./details-columns";
import { DetailsToolbar } from "./DetailsToolbar";
import { fmtNumber, type GridRow } from "./GridCells";
import { UtilizationPanel } from "./UtilizationPanel";

type Group = DetailsGridData["groups"][number];

const groupSummary = (g: Group) => (
  <>
    <span title={formatFixed(g.count)}>{formatContainerCount(g.count)}</span> containers · Current Cost {formatCurrency(g.currentCost)} · Net Savings{" "}
    {formatCurrency(g.netSavings)} · CPU surplus {fmtNumber(g.totalCpuSurplus)} mCores · Memory surplus {fmtNumber(g.totalMemSurplus)} MB
  </>
);

/**
 * AI Analysis Details (spec document 2, section 2.3): the server-side grid of containers with its views bar, toolbar,
 * floating filters, grouping and pager, the Utilization Charts panel of the selected row, and the drawers.
 */
export function DetailsGrid({ grid }: { grid: DetailsGridData }) {
  const { pathname, search } = useLocation();
  const navigation = useNavigation();
  const columns = useMemo(() => detailsColumns(grid.available), [grid.available]);
  const closeHref = drawerHref(pathname, search, null);
  // The cells read a row as a record keyed by column key (the columns are chosen at run time, GPU ones included).
  const page = grid as unknown as AddressGridPage<GridRow, Group>;

  return (
    <div className={navigation.state === "loading" ? "opacity-70 transition-opacity" : ""}>
      {grid.gridViews ? <GridViewsBar bar={grid.gridViews} /> : null}
      <AddressGrid
        grid={page}
        columns={columns}
        selectedId={grid.utilization.selected?.entityId}
        testId="details-grid"
        rowNoun="rows"
        pageSizes={PAGE_SIZES}
        toolbar={(table) => <DetailsToolbar table={table} grid={grid} />}
        groupSummary={groupSummary}
      />
      <p className="muted mt-2 text-xs">Data is derived from past 7 days</p>
      <UtilizationPanel data={grid.utilization} />
      {grid.drawer?.kind === "container" ? <ContainerDrawer data={grid.drawer} closeHref={closeHref} /> : null}
      {grid.drawer?.kind === "policy" ? <PolicyDrawer data={grid.drawer} closeHref={closeHref} /> : null}
      {grid.drawer?.kind === "missing" ? <MissingDrawer closeHref={closeHref} /> : null}
      {grid.drawer?.kind === "error" ? <FailedDrawer closeHref={closeHref} /> : null}
    </div>
  );
}
