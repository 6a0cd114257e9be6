import type { Table } from "@tanstack/react-table";
import type { CloudGridData } from "~/features/cloud/grid.server";
import { GridToolbar } from "~/components/grid/GridToolbar";
import type { CloudRow } from "./cloud-columns";

/** The address parameters of the page, the layout or what is open, which the export leaves out. */
const NOT_EXPORTED = ["page", "size", "cloudTabGroup", "cloud-analysis", "bar", "drawer", "sel", "charts", "group", "open", "gvAction", "gvError", "gvTitle"];

/** Above the services grid. */
export function CloudGridToolbar({ table, grid }: { table: Table<CloudRow>; grid: CloudGridData }) {
  return (
    <GridToolbar
      table={table}
      grid={grid}
      exportPath="/kubex/cloud-tree/export"
      notExported={NOT_EXPORTED}
      searchLabel="Search cloud services"
      searchPlaceholder="Search services…"
    />
  );
}
