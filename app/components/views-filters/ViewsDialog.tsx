import { Form } from "@remix-run/react";
import { RiArrowDownLine, RiArrowLeftSLine, RiArrowRightSLine, RiArrowUpLine } from "@remixicon/react";
import { Modal, AlertBox } from "~/components/ui/Modal";
import { TEXT } from "~/lib/constants";
import type { AvailableProperty } from "~/domain/views-filters/properties";
import { propertyIdentity } from "~/domain/views-filters/properties";
import type { ViewDraft } from "~/features/views-filters/drafts";
import { Check, ConfirmDelete, DialogButtons, ItemSelector, Notice, type ListedItem } from "./DialogParts";

export interface ViewsDialogProps {
  draft: ViewDraft;
  items: ListedItem[];
  properties: AvailableProperty[];
  locked: boolean;
  isExisting: boolean;
  sandbox: boolean;
  maxLevels: number;
  alert?: { title: string; message: string };
  confirmDelete?: boolean;
  notice?: string;
  csrf: string;
  closeHref: string;
}

/** Manage Views (spec document 1, sections 2 and 4): every control is a form button, so it works without JavaScript. */
export function ViewsDialog(p: ViewsDialogProps) {
  const { draft } = p;
  const byKey = new Map(p.properties.map((prop) => [propertyIdentity(prop), prop]));
  const unused = p.properties.filter((prop) => !draft.levels.includes(propertyIdentity(prop)));
  const hidden = { viewId: draft.viewId, pick: draft.viewId, name: draft.name };
  return (
    <Modal title="Manage Views" closeHref={p.closeHref} maxWidth={780} testId="manage-views">
      <Notice text={p.notice} />
      {p.confirmDelete ? <ConfirmDelete message={TEXT.deleteViewConfirm} csrf={p.csrf} hidden={hidden} /> : null}
      <Form method="post" replace>
        <input type="hidden" name="csrf" value={p.csrf} />
        <input type="hidden" name="viewId" value={draft.viewId} />
        {p.alert ? <AlertBox title={p.alert.title} message={p.alert.message} /> : null}
        <ItemSelector label="View" items={p.items} selectedId={p.isExisting ? draft.viewId : ""} kind="View" />
        {p.locked ? (
          <p className="mt-3 text-sm font-medium text-amber-600 dark:text-amber-400" data-testid="locked-note">
            {TEXT.viewLocked}
          </p>
        ) : null}
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          <div>
            <label className="label" htmlFor="view-name">
              Name
            </label>
            <input id="view-name" name="name" className="input" defaultValue={draft.name} readOnly={p.locked} key={`${draft.viewId}-name-${draft.name}`} />
          </div>
          <div>
            <label className="label" htmlFor="view-description">
              Description
            </label>
            <input
              id="view-description"
              name="description"
              className="input"
              defaultValue={draft.description}
              readOnly={p.locked}
              key={`${draft.viewId}-desc-${draft.description}`}
            />
          </div>
        </div>
        <div className="mt-4 grid gap-3 sm:grid-cols-[1fr_auto_1fr]">
          <div>
            <label className="label" htmlFor="property">
              Property Selection
            </label>
            <select id="property" name="property" size={8} className="input" disabled={p.locked}>
              {unused.map((prop) => (
                <option key={propertyIdentity(prop)} value={propertyIdentity(prop)}>
                  {prop.displayColumn}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-row items-center justify-center gap-2 sm:flex-col">
            <button type="submit" name="intent" value="addLevel" className="btn" disabled={p.locked} aria-label="Add property" formNoValidate>
              Add <RiArrowRightSLine aria-hidden="true" className="-mr-1 h-4 w-4" />
            </button>
            <button type="submit" name="intent" value="removeLevel" className="btn" disabled={p.locked} aria-label="Remove property" formNoValidate>
              <RiArrowLeftSLine aria-hidden="true" className="-ml-1 h-4 w-4" /> Remove
            </button>
            <button type="submit" name="intent" value="moveUp" className="btn" disabled={p.locked} aria-label="Move up" formNoValidate>
              <RiArrowUpLine aria-hidden="true" className="h-5 w-5" />
            </button>
            <button type="submit" name="intent" value="moveDown" className="btn" disabled={p.locked} aria-label="Move down" formNoValidate>
              <RiArrowDownLine aria-hidden="true" className="h-5 w-5" />
            </button>
          </div>
          <fieldset>
            <legend className="label">Property Breakdown</legend>
            <ol className="min-h-[10rem] rounded-md border border-slate-300 p-2 text-sm dark:border-slate-600" data-testid="breakdown">
              {draft.levels.length === 0 ? <li className="muted">No levels yet</li> : null}
              {draft.levels.map((key, i) => (
                <li key={`${key}-${i}`} style={{ paddingLeft: `${i * 12}px` }}>
                  <input type="hidden" name="level" value={key} />
                  <label className="flex items-center gap-2 py-0.5">
                    <input
                      type="radio"
                      name="selectedLevel"
                      value={i}
                      defaultChecked={i === draft.selectedLevel}
                      disabled={p.locked}
                      key={`${key}-${i}-${draft.selectedLevel}`}
                    />
                    {i > 0 ? <RiArrowRightSLine aria-hidden="true" className="h-4 w-4 text-slate-400" /> : null}
                    {byKey.get(key)?.displayColumn ?? key}
                  </label>
                </li>
              ))}
            </ol>
            <p className="muted mt-1 text-xs">At most {p.maxLevels} levels.</p>
          </fieldset>
        </div>
        <div className="mt-4 flex flex-wrap gap-4">
          <Check name="defaultView" label="Set as my default view" checked={draft.defaultView} disabled={p.locked} />
          <Check
            name="publicView"
            label="Set as public view"
            checked={p.sandbox ? false : draft.publicView}
            disabled={p.locked || p.sandbox}
            title={p.sandbox ? TEXT.sandboxPublicView : undefined}
          />
          <Check
            name="readOnly"
            label="Read-only for other users"
            checked={p.sandbox ? false : draft.readOnly}
            disabled={p.locked || p.sandbox}
            title={p.sandbox ? TEXT.sandboxReadOnlyView : undefined}
          />
        </div>
        <DialogButtons locked={p.locked} canDelete={p.isExisting} closeHref={p.closeHref} />
      </Form>
    </Modal>
  );
}
