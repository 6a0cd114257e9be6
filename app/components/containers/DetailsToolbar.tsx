import type { Table } from "@tanstack/react-table";
import type { DetailsGridData } from "~/features/containers/details.server";
import { GridToolbar } from "~/components/grid/GridToolbar";
import type { GridRow } from "./GridCells";

/** The address parameters of the page, the layout or what is open, which the export leaves out. */
const NOT_EXPORTED = ["page", "size", "tabGroup1", "bar", "drawer", "sel", "charts", "group", "open"];

/** Above the details grid; an unknown grid view in the address (without a views bar) is said beside it. */
export function DetailsToolbar({ table, grid }: { table: Table<GridRow>; grid: DetailsGridData }) {
  const notice =
    grid.unknownGridView && !grid.gridViews ? <span className="text-sm text-amber-700 dark:text-amber-300">Unknown grid view “{grid.unknownGridView}”: all rows are shown.</span> : null;
  return (
    <GridToolbar
      table={table}
      grid={grid}
      exportPath="/kubex/containers-tree/export"
      notExported={NOT_EXPORTED}
      searchLabel="Search containers"
      searchPlaceholder="Search containers…"
      notice={notice}
    />
  );
}
