import { Form } from "@remix-run/react";
import { AlertBox, Modal } from "~/components/ui/Modal";
import type { DialogState } from "~/features/views-filters/dialog-state";
import type { DraftFields, SavedItemDraft } from "~/features/views-filters/drafts";
import { HELP_BASE } from "~/features/help/context";
import { Check, ConfirmDelete, DialogButtons, ItemSelector, Notice } from "./DialogParts";

/** What tells Manage Views and Manage Filters apart around their form bodies. */
export interface ShellKind {
  title: string;
  testId: string;
  maxWidth: number;
  noun: "View" | "Filter";
  fields: DraftFields;
  deleteConfirm: string;
  lockedNote: string;
  sandboxPublic: string;
  sandboxReadOnly: string;
}

/**
 * The frame both dialogs share (spec document 1, sections 2 and 4): the item selector, the locked note, the default
 * and sharing boxes, the buttons and the delete confirmation, around the kind's own fields. It is a plain form, so
 * it works without JavaScript.
 */
export function DialogShell({ kind, state, children }: { kind: ShellKind; state: DialogState<SavedItemDraft>; children: React.ReactNode }) {
  const { draft, locked, sandbox } = state;
  const noun = kind.noun.toLowerCase();
  return (
    <Modal title={kind.title} closeHref={state.closeHref} maxWidth={kind.maxWidth} testId={kind.testId}>
      <Notice text={state.notice} />
      {state.confirmDelete ? (
        <ConfirmDelete message={kind.deleteConfirm} csrf={state.csrf} hidden={{ [kind.fields.id]: draft.id, pick: draft.id, name: draft.name }} />
      ) : null}
      <Form method="post" replace>
        <input type="hidden" name="csrf" value={state.csrf} />
        <input type="hidden" name={kind.fields.id} value={draft.id} />
        {state.alert ? <AlertBox title={state.alert.title} message={state.alert.message} /> : null}
        <ItemSelector label={kind.noun} items={state.items} selectedId={state.isExisting ? draft.id : ""} kind={kind.noun} />
        {locked ? (
          <p className="mt-3 text-sm font-medium text-amber-700 dark:text-amber-400" data-testid="locked-note">
            {kind.lockedNote}
          </p>
        ) : null}
        {children}
        <div className="mt-4 flex flex-wrap gap-4">
          <Check name={kind.fields.defaultItem} label={`Set as my default ${noun}`} checked={draft.defaultItem} disabled={locked} />
          <Check
            name={kind.fields.publicItem}
            label={`Set as public ${noun}`}
            checked={sandbox ? false : draft.publicItem}
            disabled={locked || sandbox}
            title={sandbox ? kind.sandboxPublic : undefined}
          />
          <Check
            name="readOnly"
            label="Read-only for other users"
            checked={sandbox ? false : draft.readOnly}
            disabled={locked || sandbox}
            title={sandbox ? kind.sandboxReadOnly : undefined}
          />
        </div>
        <DialogButtons locked={locked} canDelete={state.isExisting} closeHref={state.closeHref} />
      </Form>
      {/* The dialog covers the header's Help menu: its own Help page is linked here (decision 026). */}
      <p className="mt-3 text-sm">
        <a href={`${HELP_BASE}/views-filters`} className="text-sky-700 hover:underline dark:text-sky-300" data-testid="dialog-help">
          Help: how Views and Filters work
        </a>
      </p>
    </Modal>
  );
}
