import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { TEXT } from "~/lib/constants";
import type { AvailableProperty } from "~/domain/views-filters/properties";
import { propertyIdentity } from "~/domain/views-filters/properties";
import type { DialogState } from "~/features/views-filters/dialog-state";
import { FILTER_FIELDS, type FilterDraft } from "~/features/views-filters/drafts";
import { operatorTakesValue } from "~/domain/views-filters/filter-logic";
import { DialogShell, type ShellKind } from "./DialogShell";
import { FilterRow, OperandSelect, PropertySelect, ValueInput } from "./FilterRowFields";

const FILTERS: ShellKind = {
  title: "Manage Filters",
  testId: "manage-filters",
  maxWidth: 1080,
  noun: "Filter",
  fields: FILTER_FIELDS,
  deleteConfirm: TEXT.deleteFilterConfirm,
  lockedNote: TEXT.filterLocked,
  sandboxPublic: TEXT.sandboxPublicFilter,
  sandboxReadOnly: TEXT.sandboxReadOnlyFilter,
};

function EntryRow({ draft, properties, locked, full }: { draft: FilterDraft; properties: AvailableProperty[]; locked: boolean; full: boolean }) {
  const [prop, setProp] = useState(draft.entry.propertyKey);
  const [operand, setOperand] = useState(draft.entry.operand);
  const [value, setValue] = useState(draft.entry.filterValue);
  const hydrated = useHydrated();
  const dataType = properties.find((p) => propertyIdentity(p) === prop)?.dataType;
  // Add Row needs a condition and, except for the null conditions, a value (checked again on the server).
  const ready = Boolean(prop && operand && (!operatorTakesValue(operand) || value.trim()));
  return (
    <div className="grid gap-2 sm:grid-cols-[1fr_1fr_1.5fr_auto]">
      <div>
        <span className="label">Filter On</span>
        <PropertySelect name="entryProperty" value={prop} properties={properties} disabled={locked} onChange={setProp} label="Filter On" />
      </div>
      <div>
        <span className="label">Condition</span>
        <OperandSelect name="entryOperand" value={operand} dataType={dataType} disabled={locked} onChange={setOperand} label="Condition" />
      </div>
      <div onInput={(e) => setValue((e.target as HTMLInputElement).value)}>
        <span className="label">Value</span>
        <ValueInput name="entryValue" value={value} operand={operand} locked={locked} label="Value" />
      </div>
      <div className="flex items-end">
        <button type="submit" name="intent" value="addRow" className="btn" disabled={locked || full || (hydrated && !ready)} data-ready={ready} formNoValidate>
          Add Row
        </button>
      </div>
    </div>
  );
}

/** Manage Filters (spec document 1, sections 2, 4 and 5): the name and the lines a container must match. */
export function FiltersDialog(p: DialogState<FilterDraft>) {
  const { draft } = p;
  return (
    <DialogShell kind={FILTERS} state={p}>
      <div className="mt-4">
        <label className="label" htmlFor="filter-name">
          Filter Name
        </label>
        <input id="filter-name" name="name" className="input" defaultValue={draft.name} readOnly={p.locked} />
      </div>
      <div className="mt-4">
        <EntryRow draft={draft} properties={p.properties} locked={p.locked} full={draft.rows.length >= p.max} />
      </div>
      <div className="mt-4 overflow-x-auto">
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-xs uppercase text-slate-500">
              <th className="p-1">
                <span className="sr-only">Selected</span>
              </th>
              <th className="p-1">( / And-Or</th>
              <th className="p-1">Filter On</th>
              <th className="p-1">Condition</th>
              <th className="p-1">Value</th>
              <th className="p-1">) / And-Or</th>
              <th className="p-1">
                <span className="sr-only">Row actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {draft.rows.length === 0 ? (
              <tr>
                <td colSpan={7} className="muted p-2">
                  No filter lines yet: choose Filter On, Condition and Value, then Add Row.
                </td>
              </tr>
            ) : null}
            {draft.rows.map((row, i) => (
              <FilterRow key={`${i}-${row.propertyKey}-${row.operand}`} row={row} index={i} count={draft.rows.length} selected={i === draft.selectedRow} properties={p.properties} locked={p.locked} />
            ))}
          </tbody>
        </table>
        <p className="muted mt-1 text-xs">At most {p.max} lines. AND binds before OR; use parentheses to group.</p>
      </div>
    </DialogShell>
  );
}
