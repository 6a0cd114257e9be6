import { Form, Link } from "@remix-run/react";
import type { Table } from "@tanstack/react-table";
import { HiddenParams } from "./HiddenParams";
import { useDisclosureMenu } from "~/components/ui/useDisclosureMenu";

/**
 * The columns chooser: a disclosure with one checkbox per data column (TanStack's column visibility), applied by a
 * GET form (cols in the address). A column that cannot be hidden is checked, disabled and sent as a hidden input.
 */
export function DataTableViewOptions<TData>({ table, resetHref }: { table: Table<TData>; resetHref: string }) {
  const menu = useDisclosureMenu();
  // In the columns' own order (leaf columns come in the shown order, hidden ones last).
  const columns = table.getAllFlatColumns().filter((c) => c.accessorFn);
  return (
    <details ref={menu} className="relative">
      <summary className="btn cursor-pointer list-none" data-testid="columns-button">
        Columns ({columns.filter((c) => c.getIsVisible()).length})
      </summary>
      <Form method="get" className="absolute left-0 z-30 mt-1 w-72 rounded-md border border-slate-200 bg-white p-3 shadow-xl dark:border-slate-700 dark:bg-slate-900">
        <HiddenParams except={(k) => k === "cols" || k === "page"} />
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">Columns shown</legend>
          <div className="max-h-72 space-y-0.5 overflow-y-auto pr-1 text-sm">
            {columns.map((c) => (
              <label key={c.id} className="flex items-center gap-2">
                <input type="checkbox" name="cols" value={c.id} defaultChecked={c.getIsVisible()} disabled={!c.getCanHide()} />
                {c.columnDef.meta?.label ?? c.id}
              </label>
            ))}
          </div>
        </fieldset>
        {columns
          .filter((c) => !c.getCanHide())
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
