import { Form } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { AlertBox, Modal } from "~/components/ui/Modal";
import { TEXT } from "~/lib/constants";
import type { AvailableProperty } from "~/domain/views-filters/properties";
import { propertyIdentity } from "~/domain/views-filters/properties";
import type { FilterDraft } from "~/features/views-filters/drafts";
import { operatorTakesValue } from "~/domain/views-filters/filter-logic";
import { Check, ConfirmDelete, DialogButtons, ItemSelector, Notice, type ListedItem } from "./DialogParts";
import { FilterRow, OperandSelect, PropertySelect, ValueInput } from "./FilterRowFields";

export interface FiltersDialogProps {
  draft: FilterDraft;
  items: ListedItem[];
  properties: AvailableProperty[];
  locked: boolean;
  isExisting: boolean;
  sandbox: boolean;
  maxLines: number;
  alert?: { title: string; message: string };
  confirmDelete?: boolean;
  notice?: string;
  csrf: string;
  closeHref: string;
}

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

/** Manage Filters (spec document 1, sections 2, 4 and 5), a plain form that works without JavaScript. */
export function FiltersDialog(p: FiltersDialogProps) {
  const { draft } = p;
  return (
    <Modal title="Manage Filters" closeHref={p.closeHref} maxWidth={1080} testId="manage-filters">
      <Notice text={p.notice} />
      {p.confirmDelete ? <ConfirmDelete message={TEXT.deleteFilterConfirm} csrf={p.csrf} hidden={{ viewFilterId: draft.viewFilterId, pick: draft.viewFilterId, name: draft.name }} /> : null}
      <Form method="post" replace>
        <input type="hidden" name="csrf" value={p.csrf} />
        <input type="hidden" name="viewFilterId" value={draft.viewFilterId} />
        {p.alert ? <AlertBox title={p.alert.title} message={p.alert.message} /> : null}
        <ItemSelector label="Filter" items={p.items} selectedId={p.isExisting ? draft.viewFilterId : ""} kind="Filter" />
        {p.locked ? (
          <p className="mt-3 text-sm font-medium text-amber-600 dark:text-amber-400" data-testid="locked-note">
            {TEXT.filterLocked}
          </p>
        ) : null}
        <div className="mt-4">
          <label className="label" htmlFor="filter-name">
            Filter Name
          </label>
          <input id="filter-name" name="name" className="input" defaultValue={draft.name} readOnly={p.locked} />
        </div>
        <div className="mt-4">
          <EntryRow draft={draft} properties={p.properties} locked={p.locked} full={draft.rows.length >= p.maxLines} />
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
          <p className="muted mt-1 text-xs">At most {p.maxLines} lines. AND binds before OR; use parentheses to group.</p>
        </div>
        <div className="mt-4 flex flex-wrap gap-4">
          <Check name="defaultFilter" label="Set as my default filter" checked={draft.defaultFilter} disabled={p.locked} />
          <Check
            name="publicFilter"
            label="Set as public filter"
            checked={p.sandbox ? false : draft.publicFilter}
            disabled={p.locked || p.sandbox}
            title={p.sandbox ? TEXT.sandboxPublicFilter : undefined}
          />
          <Check
            name="readOnly"
            label="Read-only for other users"
            checked={p.sandbox ? false : draft.readOnly}
            disabled={p.locked || p.sandbox}
            title={p.sandbox ? TEXT.sandboxReadOnlyFilter : undefined}
          />
        </div>
        <DialogButtons locked={p.locked} canDelete={p.isExisting} closeHref={p.closeHref} />
      </Form>
    </Modal>
  );
}
