import { Form, useSubmit } from "@remix-run/react";
import type { Table } from "@tanstack/react-table";
import { HiddenParams } from "./HiddenParams";

/** The grouping (TanStack's grouping state, done on the server): a GET form that submits on change with JavaScript. */
export function DataTableGroupBy<TData>({ table, options }: { table: Table<TData>; options: readonly { key: string; label: string }[] }) {
  const submit = useSubmit();
  return (
    <Form method="get" className="flex items-center gap-1">
      <HiddenParams except={(k) => ["group", "open", "page"].includes(k)} />
      <label htmlFor="grid-group" className="muted whitespace-nowrap text-sm">
        Group by
      </label>
      <select id="grid-group" name="group" defaultValue={table.getState().grouping[0] ?? ""} className="input py-1" onChange={(e) => submit(e.currentTarget.form, { replace: true, preventScrollReset: true })}>
        <option value="">None</option>
        {options.map((g) => (
          <option key={g.key} value={g.key}>
            {g.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="btn">
          Group
        </button>
      </noscript>
    </Form>
  );
}
