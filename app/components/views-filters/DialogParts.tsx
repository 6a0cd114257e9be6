import { Form } from "@remix-run/react";
import { Banner } from "~/components/ui/Banner";
import { BANNER_MS, TEXT } from "~/lib/constants";

import type { ListedItem } from "~/features/views-filters/dialog-state";
export type { ListedItem };

/** The selector at the top of both dialogs: public and private groups, each sorted by name by the server. */
export function ItemSelector({ label, items, selectedId, kind }: { label: string; items: ListedItem[]; selectedId: string; kind: "View" | "Filter" }) {
  const pub = items.filter((i) => i.publicItem);
  const priv = items.filter((i) => !i.publicItem);
  const option = (i: ListedItem) => (
    <option key={i.id} value={i.id} title={kind === "Filter" && i.publicItem ? TEXT.filterSharedBy(i.createdBy) : undefined}>
      {i.name}
      {i.defaultItem ? " (default)" : ""}
    </option>
  );
  return (
    <div className="flex items-end gap-2">
      <div className="flex-1">
        <label className="label" htmlFor="pick">
          {label}
        </label>
        <select
          id="pick"
          name="pick"
          className="input"
          defaultValue={selectedId}
          onChange={(e) => e.currentTarget.form?.requestSubmit(e.currentTarget.form.querySelector<HTMLButtonElement>("[value=select]") ?? undefined)}
        >
          <option value="">{`(new ${kind.toLowerCase()})`}</option>
          <optgroup label={`Public ${kind}s`}>{pub.map(option)}</optgroup>
          <optgroup label={`Private ${kind}s`}>{priv.map(option)}</optgroup>
        </select>
      </div>
      <button type="submit" name="intent" value="select" className="btn" formNoValidate>
        Open
      </button>
    </div>
  );
}

export function Check({
  name,
  label,
  checked,
  disabled,
  title,
}: {
  name: string;
  label: string;
  checked: boolean;
  disabled?: boolean;
  title?: string;
}) {
  return (
    <label className={`flex items-center gap-2 text-sm ${disabled ? "opacity-60" : ""}`} title={title}>
      {/* A disabled box is not posted, so the value travels in a hidden field instead. */}
      {disabled && checked ? <input type="hidden" name={name} value="on" /> : null}
      <input type="checkbox" name={name} defaultChecked={checked} disabled={disabled} className="h-4 w-4" />
      {label}
    </label>
  );
}

export function DialogButtons({ locked, canDelete, closeHref }: { locked: boolean; canDelete: boolean; closeHref: string }) {
  return (
    <div className="mt-5 flex flex-wrap items-center gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
      <button type="submit" name="intent" value="new" className="btn" formNoValidate>
        New
      </button>
      <button type="submit" name="intent" value="copy" className="btn" formNoValidate>
        Copy
      </button>
      <button type="submit" name="intent" value="delete" className="btn-danger" disabled={locked || !canDelete} formNoValidate>
        Delete
      </button>
      <span className="flex-1" />
      <button type="submit" name="intent" value="apply" className="btn" disabled={locked}>
        Apply
      </button>
      <button type="submit" name="intent" value="ok" className="btn-primary" disabled={locked}>
        Ok
      </button>
      <a href={closeHref} className="btn">
        Cancel
      </a>
    </div>
  );
}

export function ConfirmDelete({ message, csrf, hidden }: { message: string; csrf: string; hidden: Record<string, string> }) {
  return (
    <Form method="post" role="alertdialog" aria-labelledby="confirm-title" className="mb-4 rounded-md border border-amber-400 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950/50">
      <h3 id="confirm-title" className="font-semibold">
        Confirm
      </h3>
      <p className="mt-1 whitespace-pre-line text-sm">{message}</p>
      <input type="hidden" name="csrf" value={csrf} />
      {Object.entries(hidden).map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <div className="mt-2 flex gap-2">
        <button type="submit" name="intent" value="confirmDelete" className="btn-danger">
          Delete
        </button>
        <button type="submit" name="intent" value="select" className="btn" data-autofocus>
          Cancel
        </button>
      </div>
    </Form>
  );
}

export function Notice({ text }: { text?: string }) {
  return text ? <Banner text={text} kind="success" durationMs={BANNER_MS.saveDelete} /> : null;
}
