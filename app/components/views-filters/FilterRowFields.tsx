import { useState } from "react";
import { RiArrowDownLine, RiArrowUpLine, RiCloseLine } from "@remixicon/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { operatorChoices, operatorTakesValue, POST_OPERAND_CHOICES, PRE_OPERAND_CHOICES } from "~/domain/views-filters/filter-logic";
import type { AvailableProperty, DataType } from "~/domain/views-filters/properties";
import { propertyIdentity } from "~/domain/views-filters/properties";
import type { FilterRowDraft } from "~/features/views-filters/drafts";

const isList = (op: string) => op === "in" || op === "!in";

export function PropertySelect({ name, value, properties, disabled, onChange, label }: { name: string; value: string; properties: AvailableProperty[]; disabled?: boolean; onChange?: (v: string) => void; label: string }) {
  return (
    <select name={name} aria-label={label} className="input" defaultValue={value} disabled={disabled} onChange={(e) => onChange?.(e.currentTarget.value)}>
      <option value="">Select…</option>
      {properties.map((p) => (
        <option key={propertyIdentity(p)} value={propertyIdentity(p)}>
          {p.displayColumn}
        </option>
      ))}
    </select>
  );
}

const TYPE_GROUPS: [DataType, string][] = [
  ["STR", "Text"],
  ["INT", "Number"],
  ["DAT", "Date"],
];

/**
 * The Condition menu. With JavaScript it offers the chosen property's operators only; without it (the property
 * can change after the page was drawn) it offers every operator grouped by data type, and the server refuses
 * one that does not fit the property.
 */
export function OperandSelect({ name, value, dataType, disabled, onChange, label }: { name: string; value: string; dataType: DataType | undefined; disabled?: boolean; onChange?: (v: string) => void; label: string }) {
  const hydrated = useHydrated();
  const groups = hydrated && dataType ? TYPE_GROUPS.filter(([t]) => t === dataType) : TYPE_GROUPS;
  const offered = new Set(groups.flatMap(([t]) => operatorChoices(t).map((c) => c.value)));
  return (
    <select name={name} aria-label={label} className="input" value={value} disabled={disabled} onChange={(e) => onChange?.(e.currentTarget.value)}>
      <option value="">Select…</option>
      {groups.length === 1
        ? operatorChoices(groups[0][0]).map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))
        : groups.map(([t, title]) => (
            <optgroup key={t} label={title}>
              {operatorChoices(t).map((c) => (
                <option key={`${t}-${c.value}`} value={c.value}>
                  {c.label}
                </option>
              ))}
            </optgroup>
          ))}
      {value && !offered.has(value as never) ? <option value={value}>{value}</option> : null}
    </select>
  );
}

/**
 * The value box: one line, or five lines for Include/Exclude List; read-only (never disabled, so it is still
 * posted and the row fields stay aligned) for the null conditions.
 */
export function ValueInput({ name, value, operand, locked, label }: { name: string; value: string; operand: string; locked?: boolean; label: string }) {
  const takesValue = operatorTakesValue(operand);
  const hydrated = useHydrated();
  // Without JavaScript the condition may still change to a list after the page was drawn: a one-line text area
  // accepts one value per line either way.
  if (!hydrated && !isList(operand) && takesValue) {
    return <textarea name={name} aria-label={label} rows={1} className="input resize-y" defaultValue={value} readOnly={locked} />;
  }
  if (isList(operand)) {
    return <textarea name={name} aria-label={label} rows={5} className="input" defaultValue={value} readOnly={locked} placeholder="One value per line" />;
  }
  return (
    <input
      name={name}
      aria-label={label}
      className="input"
      defaultValue={takesValue ? value : ""}
      readOnly={locked || !takesValue}
      aria-disabled={!takesValue}
      placeholder={takesValue ? "" : "No value needed"}
    />
  );
}

export function OperandChoice({ name, value, pre, locked, label }: { name: string; value: string; pre: boolean; locked?: boolean; label: string }) {
  const choices = pre ? PRE_OPERAND_CHOICES : POST_OPERAND_CHOICES;
  return (
    <select name={name} aria-label={label} className="input w-20" defaultValue={value} disabled={locked}>
      {choices.map((c) => (
        <option key={c} value={c}>
          {c || "—"}
        </option>
      ))}
    </select>
  );
}

/** One saved row, editable in place. */
export function FilterRow({ row, index, count, selected, properties, locked }: { row: FilterRowDraft; index: number; count: number; selected: boolean; properties: AvailableProperty[]; locked: boolean }) {
  const [operand, setOperand] = useState(row.operand);
  const [prop, setProp] = useState(row.propertyKey);
  const dataType = properties.find((p) => propertyIdentity(p) === prop)?.dataType;
  const n = index + 1;
  return (
    <tr className={selected ? "bg-sky-50 dark:bg-sky-950/40" : ""} data-testid="filter-row">
      <td className="p-1">
        <input type="radio" name="selectedRow" value={index} defaultChecked={selected} aria-label={`Select row ${n}`} disabled={locked} />
      </td>
      <td className="p-1">
        <div className="flex gap-1">
          <OperandChoice name="rowPre1" value={row.preOperand1} pre locked={locked} label={`Row ${n} pre operand 1`} />
          <OperandChoice name="rowPre2" value={row.preOperand2} pre locked={locked} label={`Row ${n} pre operand 2`} />
        </div>
      </td>
      <td className="p-1">
        <PropertySelect name="rowProperty" value={row.propertyKey} properties={properties} disabled={locked} onChange={setProp} label={`Row ${n} filter on`} />
      </td>
      <td className="p-1">
        <OperandSelect name="rowOperand" value={operand} dataType={dataType} disabled={locked} onChange={setOperand} label={`Row ${n} condition`} />
      </td>
      <td className="p-1">
        <ValueInput name="rowValue" value={row.filterValue} operand={operand} locked={locked} label={`Row ${n} value`} />
      </td>
      <td className="p-1">
        <div className="flex gap-1">
          <OperandChoice name="rowPost1" value={row.postOperand1} pre={false} locked={locked} label={`Row ${n} post operand 1`} />
          <OperandChoice name="rowPost2" value={row.postOperand2} pre={false} locked={locked} label={`Row ${n} post operand 2`} />
        </div>
      </td>
      <td className="whitespace-nowrap p-1">
        {index > 0 ? (
          <button type="submit" name="intent" value={`rowUp:${index}`} className="btn px-2" disabled={locked} aria-label={`Move row ${n} up`} formNoValidate>
            <RiArrowUpLine aria-hidden="true" className="h-5 w-5" />
          </button>
        ) : null}
        {index < count - 1 ? (
          <button type="submit" name="intent" value={`rowDown:${index}`} className="btn px-2" disabled={locked} aria-label={`Move row ${n} down`} formNoValidate>
            <RiArrowDownLine aria-hidden="true" className="h-5 w-5" />
          </button>
        ) : null}
        {count > 1 ? (
          <button type="submit" name="intent" value={`rowDelete:${index}`} className="btn px-2" disabled={locked} aria-label={`Delete row ${n}`} formNoValidate>
            <RiCloseLine aria-hidden="true" className="h-5 w-5" />
          </button>
        ) : null}
      </td>
    </tr>
  );
}
