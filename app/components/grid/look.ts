import type { Row } from "@tanstack/react-table";
import type { HTMLAttributes } from "react";

export type RowAttributes = HTMLAttributes<HTMLTableRowElement> & { [data: `data-${string}`]: string | undefined };

/**
 * A grid's classes: each grid keeps its own density and colours (the node grids are denser than the details grid),
 * the table's structure is the same.
 */
export interface GridLook<TData> {
  card: string;
  thead: string;
  th: string;
  td: string;
  /** The first column stays in view when the table scrolls sideways (UX.md); its cells need a background. */
  pinnedTh?: string;
  pinnedTd?: (row: Row<TData>) => string;
  row: (row: Row<TData>) => RowAttributes;
  /** The total row (a grid whose columns define footers). */
  tfoot?: string;
  tf?: string;
  pinnedTf?: string;
}

export const cx = (...names: (string | false | null | undefined)[]) => names.filter(Boolean).join(" ");

/** The pinned first cell is opaque, so the cells scrolling under it stay hidden: the selected row's tint or white. */
export function opaquePinnedTd<TData>(row: Row<TData>) {
  return `sticky left-0 ${row.getIsSelected() ? "bg-sky-50 dark:bg-sky-950" : "bg-white dark:bg-slate-900"}`;
}
