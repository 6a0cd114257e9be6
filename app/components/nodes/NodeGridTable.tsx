import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { PAGE_SIZES } from "~/features/containers/page-sizes";
import { TEXT_NODES } from "~/features/nodes/constants";
import { formatCount } from "~/lib/format";
import { useHref } from "./useHref";
import { EmptyGridRow } from "~/components/ui/EmptyGridRow";

export interface GridColumn<T> {
  key: string;
  label: string;
  numeric?: boolean;
  sortable?: boolean;
  render: (row: T) => ReactNode;
  className?: (row: T) => string | undefined;
}

export interface GridTableProps<T> {
  label: string;
  testId: string;
  columns: GridColumn<T>[];
  rows: T[];
  rowId: (row: T) => string;
  selectedId: string | null;
  /** False: the row is shown but cannot be selected (no link, dimmed). */
  selectable?: (row: T) => boolean;
  state: { sort: string; dir: "asc" | "desc"; page: number; pageSize: number; total: number; lastPage: number };
  exportHref: string;
  exportLabel: string;
  footnote?: string;
}

/**
 * A server-sorted, server-paged grid whose first column selects the row (selected=<id> in the address) and whose
 * headers sort (sort, dir). Links only, so it works without JavaScript.
 */
export function NodeGridTable<T>(props: GridTableProps<T>) {
  const href = useHref();
  const { state, columns } = props;
  const first = (state.page - 1) * state.pageSize + 1;
  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <span className="muted text-sm" data-testid="grid-range">
          {state.total ? `${formatCount(first)}–${formatCount(first + props.rows.length - 1)} of ${formatCount(state.total)}` : "0 rows"}
        </span>
        <span className="flex-1" />
        {/* A plain download link: the server streams the whole grid (every page) as a workbook. */}
        <a className="btn" href={props.exportHref} download data-testid="export-excel">
          {props.exportLabel}
        </a>
      </div>
      <div className="card overflow-x-auto p-0">
        <table className="w-full text-sm" data-testid={props.testId} aria-label={props.label}>
          <thead className="bg-slate-50 text-left text-xs uppercase text-slate-500 dark:bg-slate-800/60 dark:text-slate-400">
            <tr>
              {columns.map((c, i) => {
                const active = state.sort === c.key;
                const nextDir = active ? (state.dir === "desc" ? "asc" : "desc") : c.numeric ? "desc" : "asc";
                return (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={active ? (state.dir === "asc" ? "ascending" : "descending") : undefined}
                    className={`whitespace-nowrap px-3 py-2 ${c.numeric ? "text-right" : ""} ${i === 0 ? "sticky left-0 z-10 bg-slate-50 dark:bg-slate-800" : ""}`}
                  >
                    {c.sortable === false ? (
                      c.label
                    ) : (
                      <Link to={href({ sort: c.key, dir: nextDir, page: null, selected: null })} preventScrollReset className="hover:underline">
                        {c.label}
                        {active ? (state.dir === "asc" ? " ▲" : " ▼") : ""}
                      </Link>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {props.rows.length === 0 ? (
              <EmptyGridRow colSpan={columns.length} />
            ) : null}
            {props.rows.map((r) => {
              const id = props.rowId(r);
              const selected = id === props.selectedId;
              const selectable = props.selectable?.(r) ?? true;
              return (
                <tr
                  key={id}
                  aria-selected={selected}
                  data-selectable={selectable ? "true" : "false"}
                  className={`border-t border-slate-100 dark:border-slate-800 ${selected ? "bg-sky-50 dark:bg-sky-950/60" : ""} ${selectable ? "" : "text-slate-400 dark:text-slate-500"}`}
                >
                  {columns.map((c, i) => (
                    <td
                      key={c.key}
                      className={`whitespace-nowrap px-3 py-1.5 ${c.numeric ? "text-right tabular-nums" : ""} ${
                        i === 0 ? `sticky left-0 ${selected ? "bg-sky-50 dark:bg-sky-950" : "bg-white dark:bg-slate-900"}` : ""
                      } ${c.className?.(r) ?? ""}`}
                    >
                      {i === 0 && selectable ? (
                        <Link to={href({ selected: id })} preventScrollReset className="font-medium text-sky-700 hover:underline dark:text-sky-300" aria-current={selected ? "true" : undefined}>
                          {c.render(r)}
                        </Link>
                      ) : i === 0 ? (
                        <span className="cursor-not-allowed italic" title={TEXT_NODES.notSelectable}>
                          {c.render(r)}
                        </span>
                      ) : (
                        c.render(r)
                      )}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pages" className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="flex-1" />
        {state.page > 1 ? (
          <Link className="btn" to={href({ page: String(state.page - 1), selected: null })} preventScrollReset>
            ‹ Previous
          </Link>
        ) : null}
        <span>
          Page {state.page} of {state.lastPage}
        </span>
        {state.page < state.lastPage ? (
          <Link className="btn" to={href({ page: String(state.page + 1), selected: null })} preventScrollReset>
            Next ›
          </Link>
        ) : null}
        <span className="muted ml-2">Rows per page:</span>
        {PAGE_SIZES.map((s) => (
          <Link
            key={s}
            to={href({ size: String(s), page: null, selected: null })}
            preventScrollReset
            aria-current={s === state.pageSize ? "true" : undefined}
            className={s === state.pageSize ? "font-semibold underline" : "hover:underline"}
          >
            {s}
          </Link>
        ))}
      </nav>
      <p className="muted mt-2 text-xs">{props.footnote ?? TEXT_NODES.footnote}</p>
    </div>
  );
}
