import type { RowData } from "@tanstack/react-table";
import type { TdHTMLAttributes } from "react";

/** Where a grid's links go. The address is the table's state, so every change of state is a link or a GET form. */
export interface GridAddress {
  /** Needed by a grid with sortable headers (DataTableColumnHeader). */
  sort?: (columnId: string, dir: "asc" | "desc") => string;
  /** 1-based, as the address and the pager show it. */
  page: (page: number) => string;
  size: (size: number) => string;
  select?: (rowId: string) => string;
  /** The node screens keep the scroll position on the grid's links; the details grid scrolls to the top. */
  keepScroll?: boolean;
}

/** A data column of a grid as the columns chooser lists it, shown or not (DataTable makes the list). */
export interface ColumnChoice {
  id: string;
  label: string;
  shown: boolean;
  canHide: boolean;
}

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Right-aligned tabular figures. */
    numeric?: boolean;
    /** The column's name where its header cannot be used: the columns chooser, the filter's label. */
    label?: string;
    /** The header cell's classes instead of the grid's (a narrow display column). */
    th?: string;
    /** The body cells' classes instead of the grid's. */
    td?: string;
    /** More attributes of a body cell from its row: warning classes, shading, a title. */
    cellProps?: (row: TData) => TdHTMLAttributes<HTMLTableCellElement>;
    /** The floating filter's placeholder and hint. */
    filterHint?: readonly [placeholder: string, title: string];
  }
  interface TableMeta<TData extends RowData> {
    address: GridAddress;
    /** Every data column, hidden ones too: the table itself models only the shown ones. */
    columnChoices?: ColumnChoice[];
  }
}
