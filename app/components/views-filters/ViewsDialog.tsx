import { RiArrowDownLine, RiArrowLeftSLine, RiArrowRightSLine, RiArrowUpLine } from "@remixicon/react";
import { TEXT } from "~/lib/constants";
import { propertyIdentity } from "~/domain/views-filters/properties";
import type { DialogState } from "~/features/views-filters/dialog-state";
import { VIEW_FIELDS, type ViewDraft } from "~/features/views-filters/drafts";
import { DialogShell, type ShellKind } from "./DialogShell";

const VIEWS: ShellKind = {
  title: "Manage Views",
  testId: "manage-views",
  maxWidth: 780,
  noun: "View",
  fields: VIEW_FIELDS,
  deleteConfirm: TEXT.deleteViewConfirm,
  lockedNote: TEXT.viewLocked,
  sandboxPublic: TEXT.sandboxPublicView,
  sandboxReadOnly: TEXT.sandboxReadOnlyView,
};

/** Manage Views (spec document 1, sections 2 and 4): the name, description and the levels the tree groups by. */
export function ViewsDialog(p: DialogState<ViewDraft>) {
  const { draft } = p;
  const byKey = new Map(p.properties.map((prop) => [propertyIdentity(prop), prop]));
  const unused = p.properties.filter((prop) => !draft.levels.includes(propertyIdentity(prop)));
  return (
    <DialogShell kind={VIEWS} state={p}>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <div>
          <label className="label" htmlFor="view-name">
            Name
          </label>
          <input id="view-name" name="name" className="input" defaultValue={draft.name} readOnly={p.locked} key={`${draft.id}-name-${draft.name}`} />
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
            key={`${draft.id}-desc-${draft.description}`}
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
          <p className="muted mt-1 text-xs">At most {p.max} levels.</p>
        </fieldset>
      </div>
    </DialogShell>
  );
}
