import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import type { Table } from "@tanstack/react-table";
import { FILTER_PREFIX } from "~/domain/containers/grid-columns";
import { HiddenParams } from "./HiddenParams";
import { cx } from "./look";

const FORM_ID = "grid-filters";

/** The floating filters' GET form; its inputs sit in the header row (form attribute), outside the form. */
export function DataTableFilterForm() {
  return (
    <Form id={FORM_ID} method="get" className="hidden">
      <HiddenParams except={(k) => k.startsWith(FILTER_PREFIX) || k === "page"} />
    </Form>
  );
}

/**
 * The floating filters (TanStack's column filters, done on the server: f.<column> in the address): one input under
 * each filterable column, Enter applies; a display column holds the apply button for keyboards and no JavaScript.
 */
export function DataTableFilterRow<TData>({ table, pinnedClassName }: { table: Table<TData>; pinnedClassName: string }) {
  const submit = useSubmit();
  const columns = table.getVisibleLeafColumns();
  if (!columns.some((c) => c.getCanFilter())) return null;
  return (
    <tr data-testid="floating-filters">
      {columns.map((c) => {
        if (!c.accessorFn)
          return (
            <td key={c.id} className="px-2 py-1">
              <button type="submit" form={FORM_ID} className="btn px-2 py-0.5 text-xs" aria-label="Apply filters" title="Apply filters">
                ⏎
              </button>
            </td>
          );
        const [placeholder, title] = c.columnDef.meta?.filterHint ?? [];
        return (
          <td key={c.id} className={cx("px-2 py-1", c.getIsPinned() && pinnedClassName)}>
            {c.getCanFilter() ? (
              <input
                form={FORM_ID}
                name={`${FILTER_PREFIX}${c.id}`}
                defaultValue={String(c.getFilterValue() ?? "")}
                aria-label={`Filter ${c.columnDef.meta?.label ?? c.id}`}
                placeholder={placeholder}
                title={title}
                className="input h-7 w-full min-w-[5rem] px-1.5 py-0 text-xs font-normal normal-case"
                maxLength={120}
                onKeyDown={(e) => {
                  if (e.key === "Enter") {
                    e.preventDefault();
                    submit(e.currentTarget.form, { replace: true, preventScrollReset: true });
                  }
                }}
              />
            ) : null}
          </td>
        );
      })}
    </tr>
  );
}

/** "Clear filters", while any floating filter applies: the address without any f.* (those in error too), page 1. */
export function DataTableClearFilters<TData>({ table }: { table: Table<TData> }) {
  const { pathname, search } = useLocation();
  if (!table.getState().columnFilters.length) return null;
  const p = new URLSearchParams(search);
  for (const k of [...p.keys()]) if (k.startsWith(FILTER_PREFIX) || k === "page") p.delete(k);
  return (
    <Link to={`${pathname}?${p}`} className="text-sky-700 hover:underline dark:text-sky-300">
      Clear filters
    </Link>
  );
}
