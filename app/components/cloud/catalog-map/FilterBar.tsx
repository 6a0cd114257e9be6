import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useRef, useState, type FormEvent, type RefObject } from "react";
import { SPEND_TOLERANCE_OPTIONS } from "~/engine/cloud/constants";
import { CATALOG_MAP_TEXT, parseCatalogMapUrl, SHOW_OPTIONS, SUPPLIERS, type CatalogMapUrlState, type FeatureOption } from "~/features/cloud/catalog-map";

/** The filter bar's own fields; every other parameter of the address rides along as a hidden field. */
const OWN = new Set(["show", "supplier", "tolerance", "features"]);

const PANEL =
  "absolute left-0 z-30 mt-1 w-72 max-w-[calc(100vw-2rem)] rounded-md border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900";
const OPTION = "flex items-center gap-2 rounded px-1 py-1 text-sm hover:bg-slate-100 dark:hover:bg-slate-800";

/** A multi-select as a <details> of checkboxes: opens without JavaScript and stays open while choices apply. */
function MultiSelect({
  label,
  name,
  options,
  chosen,
  summary,
  testId,
  onChange,
}: {
  label: string;
  name: string;
  options: readonly { id: string; label: string }[];
  chosen: readonly string[];
  summary: string;
  testId: string;
  onChange: (e: FormEvent<HTMLInputElement>) => void;
}) {
  return (
    <div className="flex min-w-0 flex-col text-sm">
      <span className="label" id={`${testId}-label`}>
        {label}
      </span>
      <details className="relative" data-testid={testId}>
        <summary className="input flex w-64 max-w-full cursor-pointer list-none items-center justify-between gap-2 [&::-webkit-details-marker]:hidden" aria-describedby={`${testId}-label`}>
          <span className="truncate">{summary}</span>
          <span aria-hidden="true">▾</span>
        </summary>
        <fieldset className={PANEL}>
          <legend className="sr-only">{label}</legend>
          {/* The empty marker: with it, nothing ticked means none rather than the default. */}
          <input type="hidden" name={name} value="" />
          {options.length === 0 ? <p className="muted px-1 py-1 text-sm">None for this service type</p> : null}
          {options.map((o) => (
            <label key={o.id} className={OPTION}>
              <input type="checkbox" name={name} value={o.id} checked={chosen.includes(o.id)} onChange={onChange} />
              {o.label}
            </label>
          ))}
        </fieldset>
      </details>
    </div>
  );
}

/**
 * With JavaScript the multi-selects behave as dropdowns: opening one closes the others, and a click outside or
 * Escape closes them (without it each <details> simply opens and closes). They stay open while their choices
 * apply, so several can be ticked in a row.
 */
function useOnePanelOpen(form: RefObject<HTMLFormElement>) {
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    const panels = () => Array.from(el.querySelectorAll("details"));
    const onToggle = (e: Event) => {
      const opened = e.target as HTMLDetailsElement;
      if (opened.open) for (const d of panels()) if (d !== opened) d.open = false;
    };
    const onPointer = (e: PointerEvent) => {
      for (const d of panels()) if (d.open && !d.contains(e.target as Node)) d.open = false;
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      for (const d of panels()) {
        if (!d.open) continue;
        d.open = false;
        if (d.contains(document.activeElement)) d.querySelector("summary")?.focus();
      }
    };
    // toggle does not bubble: listen in the capture phase.
    el.addEventListener("toggle", onToggle, true);
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      el.removeEventListener("toggle", onToggle, true);
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [form]);
}

const summaryOf = (options: readonly { id: string; label: string }[], chosen: readonly string[], none: string) => {
  const picked = options.filter((o) => chosen.includes(o.id));
  if (picked.length === 0) return none;
  if (picked.length === options.length && options.length > 1) return "All";
  return picked.map((o) => o.label).join(", ");
};

/**
 * The Catalog Map's filter bar as a GET form: without JavaScript the Apply button submits it; with it, every change
 * applies at once (and the controls show the new state while the map loads).
 */
export function FilterBar({ url: given, search, features, loadingFeatures }: { url: CatalogMapUrlState; search: string; features: readonly FeatureOption[]; loadingFeatures: boolean }) {
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  useOnePanelOpen(form);
  // The controls show a change the moment it is made (the form's own state), and follow the address whenever it
  // changes (a load, Back, a link): controlled inputs alone would snap back until the navigation starts.
  const [url, setUrl] = useState(given);
  const givenKey = JSON.stringify(given);
  const [seen, setSeen] = useState(givenKey);
  if (givenKey !== seen) {
    setSeen(givenKey);
    setUrl(given);
  }
  const carried = [...new URLSearchParams(search).entries()].filter(([k]) => !OWN.has(k));
  const apply = (e: FormEvent<HTMLInputElement | HTMLSelectElement>) => {
    const f = e.currentTarget.form;
    if (!f) return;
    const data = new FormData(f);
    setUrl(parseCatalogMapUrl(new URLSearchParams([...data.entries()].map(([k, v]) => [k, String(v)]))));
    submit(f, { replace: true, preventScrollReset: true });
  };
  const suppliers = SUPPLIERS.map((s) => ({ id: s, label: s }));
  return (
    <Form ref={form} method="get" replace preventScrollReset className="card flex flex-wrap items-end gap-3 p-3" aria-label="Catalog Map filters" data-testid="catalog-filters">
      {carried.map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <MultiSelect
        label={CATALOG_MAP_TEXT.showLabel}
        name="show"
        options={SHOW_OPTIONS}
        chosen={url.show}
        summary={summaryOf(SHOW_OPTIONS, url.show, "All instance types")}
        testId="filter-show"
        onChange={apply}
      />
      <MultiSelect
        label={CATALOG_MAP_TEXT.supplierLabel}
        name="supplier"
        options={suppliers}
        chosen={url.suppliers}
        summary={summaryOf(suppliers, url.suppliers, "None")}
        testId="filter-supplier"
        onChange={apply}
      />
      <label className="flex flex-col text-sm">
        <span className="label">{CATALOG_MAP_TEXT.toleranceLabel}</span>
        <select name="tolerance" value={String(url.tolerance)} onChange={apply} className="input w-48" data-testid="filter-tolerance">
          {SPEND_TOLERANCE_OPTIONS.map((o) => (
            <option key={o.value} value={String(o.value)}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <MultiSelect
        label={CATALOG_MAP_TEXT.featuresLabel}
        name="features"
        options={features}
        chosen={url.features}
        summary={loadingFeatures ? CATALOG_MAP_TEXT.loadingFeatures : summaryOf(features, url.features, "None")}
        testId="filter-features"
        onChange={apply}
      />
      <button type="submit" className="btn-primary" data-testid="filter-apply">
        Apply
      </button>
    </Form>
  );
}
