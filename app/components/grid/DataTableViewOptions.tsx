import { Form, Link } from "@remix-run/react";
import type { Table } from "@tanstack/react-table";
import { HiddenParams } from "./HiddenParams";
import { useDisclosureMenu } from "~/components/ui/useDisclosureMenu";

/**
 * The columns chooser: a disclosure with one checkbox per data column, applied by a GET form (cols in the address).
 * A column that cannot be hidden is checked, disabled and sent as a hidden input. The list is DataTable's
 * columnChoices (the table models the shown columns only), in the columns' own order.
 */
export function DataTableViewOptions<TData>({ table, resetHref }: { table: Table<TData>; resetHref: string }) {
  const menu = useDisclosureMenu();
  const columns = table.options.meta?.columnChoices ?? [];
  return (
    <details ref={menu} className="relative">
      <summary className="btn cursor-pointer list-none" data-testid="columns-button">
        Columns ({columns.filter((c) => c.shown).length})
      </summary>
      <Form method="get" className="absolute left-0 z-30 mt-1 w-72 rounded-md border border-slate-200 bg-white p-3 shadow-xl dark:border-slate-700 dark:bg-slate-900">
        <HiddenParams except={(k) => k === "cols" || k === "page"} />
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">Columns shown</legend>
          <div className="max-h-72 space-y-0.5 overflow-y-auto pr-1 text-sm">
            {columns.map((c) => (
              <label key={c.id} className="flex items-center gap-2">
                <input type="checkbox" name="cols" value={c.id} defaultChecked={c.shown} disabled={!c.canHide} />
                {c.label}
              </label>
            ))}
          </div>
        </fieldset>
        {columns
          .filter((c) => !c.canHide)
          .map((c) => (
            <input key={c.id} type="hidden" name="cols" value={c.id} />
          ))}
        <div className="mt-3 flex items-center gap-2">
          <button type="submit" className="btn">
            Apply
          </button>
          <Link to={resetHref} className="text-sm text-sky-700 hover:underline dark:text-sky-300">
            Default columns
          </Link>
        </div>
      </Form>
    </details>
  );
}
