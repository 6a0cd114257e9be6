/**
 * Manage Views and Manage Filters as server-driven forms (decision 002): the loader opens the dialog on the item
 * named in the address, the action applies one button (intent) to the posted draft and either renders the dialog
 * again or saves or deletes through the GraphQL API and redirects. What a kind adds is its DialogKind.
 */
import type { SessionUser } from "~/lib/auth-types";
import { FORGED_POST_MESSAGE, verifyCsrf } from "~/features/auth/session.server";
import { EMPTY_ID, TEXT, USER_CTX } from "~/lib/constants";
import type { AvailableProperty } from "~/domain/views-filters/properties";
import { runGraphQL } from "~/graphql/client.server";
import type { TypedDocument } from "~/graphql/operations/typed-document";
import type { Alert, DialogState, ListedItem } from "./dialog-state";
import type { SavedItemDraft } from "./drafts";
import type { AnsweredItem, DialogAnswer, DialogVariables } from "./dialog-query.server";
import { dialogContext, dialogHref, errorText, isLocked, redirect, returnTarget, withParam } from "./dialog-common.server";
import { readFormPost } from "~/lib/form-post.server";

/** An item of the selector, with what the dialog needs to open it. */
interface DialogItem<Draft> extends ListedItem {
  readOnly: boolean;
  draft: Draft;
}

/** What a dialog shows besides its draft, read in one call. */
interface DialogData<Draft> {
  items: DialogItem<Draft>[];
  properties: AvailableProperty[];
  max: number;
}

// Methods, not function properties: a kind answering a wider Item must still pass where DialogKind<Draft> is asked.
export interface DialogKind<Draft extends SavedItemDraft, Item extends AnsweredItem = AnsweredItem> {
  noun: "View" | "Filter";
  /** The address parameter naming the open item (`mv`, `mf`); the tree's own one is the fallback. */
  param: "mv" | "mf";
  /** The tree's parameter for the applied item, in the return address. */
  appliedParam: "viewId" | "filterId";
  /** The dialog's one read (see dialogQuery); `filters` picks the properties and limit of the kind. */
  query: TypedDocument<DialogAnswer<Item>, DialogVariables>;
  forFilters: boolean;
  draftOf(item: Item): Draft;
  /** The draft of a new item. */
  blank(): Draft;
  fromForm(form: FormData): Draft;
  /** What a copy starts from: the posted draft, or the stored item when the form could not post it whole. */
  copySource(posted: Draft, lockedItem: Draft | undefined): Draft;
  /** The kind's own buttons (levels, lines); undefined for any other intent. */
  edit(intent: string, draft: Draft, form: FormData, max: number): { draft: Draft; alert?: Alert } | undefined;
  /** Why the draft cannot be saved yet, checked before asking the server. */
  missing(draft: Draft): string | undefined;
  save(user: SessionUser, draft: Draft, ctx: string): Promise<{ id: string; defaultItem: boolean }>;
  /** Deletes the item; answers the refusal to show, if any. */
  remove(user: SessionUser, draft: Draft, ctx: string): Promise<string | undefined>;
}

type Extra = Pick<DialogState<unknown>, "alert" | "confirmDelete" | "notice">;

async function load<Draft extends SavedItemDraft, Item extends AnsweredItem>(user: SessionUser, kind: DialogKind<Draft, Item>, ctx: string): Promise<DialogData<Draft>> {
  const answer = await runGraphQL(user, kind.query, { ctx, filters: kind.forFilters });
  return {
    items: [...answer.items.publicList, ...answer.items.privateList].map((i) => ({
      id: i.id,
      name: i.originalName,
      publicItem: i.publicItem,
      createdBy: i.createdBy,
      defaultItem: i.defaultItem,
      systemDefined: i.systemDefined,
      readOnly: i.readOnly,
      draft: kind.draftOf(i),
    })),
    properties: answer.getAllAvailableProperties.propertyList,
    max: answer.getMaxFilterLines,
  };
}

/** One request's dialog: its data is read once, whatever the intent. */
async function openDialog<Draft extends SavedItemDraft, Item extends AnsweredItem>(request: Request, user: SessionUser, kind: DialogKind<Draft, Item>) {
  const url = new URL(request.url);
  const ctx = USER_CTX;
  const [{ sandbox, csrf }, data] = await Promise.all([dialogContext(request), load(user, kind, ctx)]);
  const find = (id: string) => data.items.find((i) => i.id === id);
  const state = (draft: Draft, extra: Extra = {}): DialogState<Draft> => {
    const existing = find(draft.id);
    return {
      draft,
      items: data.items.map(({ readOnly: _readOnly, draft: _draft, ...listed }) => listed),
      properties: data.properties,
      max: data.max,
      sandbox,
      csrf,
      locked: isLocked(existing, user),
      isExisting: Boolean(existing),
      closeHref: returnTarget(url),
      ...extra,
    };
  };
  return { url, ctx, data, find, state };
}

function notice(noun: string, value: string | null) {
  if (value === "saved") return `${noun} saved.`;
  if (value === "deleted") return `${noun} deleted.`;
  return undefined;
}

export async function loadDialog<Draft extends SavedItemDraft, Item extends AnsweredItem>(request: Request, user: SessionUser, kind: DialogKind<Draft, Item>) {
  const { url, find, state } = await openDialog(request, user, kind);
  const wanted = url.searchParams.get(kind.param) ?? url.searchParams.get(kind.appliedParam) ?? "";
  const item = url.searchParams.get("mode") === "new" ? undefined : find(wanted);
  return state(item?.draft ?? kind.blank(), { notice: notice(kind.noun, url.searchParams.get("notice")) });
}

type Dialog<Draft extends SavedItemDraft> = Awaited<ReturnType<typeof openDialog<Draft, AnsweredItem>>>;

export async function actDialog<Draft extends SavedItemDraft, Item extends AnsweredItem>(request: Request, user: SessionUser, kind: DialogKind<Draft, Item>) {
  const form = await readFormPost(request);
  const draft = kind.fromForm(form);
  const intent = String(form.get("intent") ?? "");
  const trusted = await verifyCsrf(request, form);
  // Opening another item or a new one only changes the address: nothing to read.
  if (trusted && (intent === "select" || intent === "new")) {
    const pick = intent === "select" ? String(form.get("pick") ?? "") : "";
    throw redirect(dialogHref(new URL(request.url), { [kind.param]: pick || null, mode: pick ? null : "new", notice: null }));
  }
  const dialog = await openDialog(request, user, kind);
  const { find, state } = dialog;
  if (!trusted) return state(draft, { alert: { title: TEXT.saveError, message: FORGED_POST_MESSAGE } });

  const edited = kind.edit(intent, draft, form, dialog.data.max);
  if (edited) return state(edited.draft, edited.alert ? { alert: edited.alert } : {});

  switch (intent) {
    case "copy": {
      const stored = find(draft.id);
      const source = kind.copySource(draft, stored && isLocked(stored, user) ? stored.draft : undefined);
      return state({ ...source, id: EMPTY_ID, name: `${TEXT.copyPrefix}${source.name}`, defaultItem: false });
    }
    case "apply":
    case "ok":
      return save(user, kind, dialog, draft, intent);
    case "delete":
      return state(draft, { confirmDelete: true });
    case "confirmDelete":
      return remove(user, kind, dialog, draft);
    default:
      return state(draft);
  }
}

async function save<Draft extends SavedItemDraft>(user: SessionUser, kind: DialogKind<Draft>, dialog: Dialog<Draft>, draft: Draft, intent: string) {
  const { url, state } = dialog;
  const missing = kind.missing(draft);
  if (missing) return state(draft, { alert: { title: TEXT.saveError, message: missing } });
  let saved: { id: string; defaultItem: boolean };
  try {
    saved = await kind.save(user, draft, dialog.ctx);
  } catch (e) {
    return state(draft, { alert: { title: TEXT.saveError, message: errorText(e) } });
  }
  // The applied item reloads when it was the one saved or it became the default.
  let ret = returnTarget(url);
  const applied = new URL(ret, "http://x").searchParams.get(kind.appliedParam);
  if (applied === saved.id || saved.defaultItem) ret = withParam(ret, kind.appliedParam, saved.id);
  if (intent === "ok") throw redirect(withParam(ret, "saved", kind.noun.toLowerCase()));
  const next = new URL(url);
  next.searchParams.set("returnTo", ret);
  throw redirect(dialogHref(next, { [kind.param]: saved.id, mode: null, notice: "saved" }));
}

async function remove<Draft extends SavedItemDraft>(user: SessionUser, kind: DialogKind<Draft>, dialog: Dialog<Draft>, posted: Draft) {
  const { url, state } = dialog;
  // The confirmation posts only the id and name: on failure the dialog shows the stored item again.
  const draft = dialog.find(posted.id)?.draft ?? posted;
  try {
    const refused = await kind.remove(user, draft, dialog.ctx);
    if (refused !== undefined) return state(draft, { alert: { title: TEXT.deleteError, message: refused } });
  } catch (e) {
    return state(draft, { alert: { title: TEXT.deleteError, message: errorText(e) } });
  }
  // A deleted item that was applied is dropped from the return address, so the tree falls back to the default.
  const ret = returnTarget(url);
  const next = new URL(url);
  const wasApplied = new URL(ret, "http://x").searchParams.get(kind.appliedParam) === draft.id;
  next.searchParams.set("returnTo", wasApplied ? withParam(ret, kind.appliedParam, null) : ret);
  throw redirect(dialogHref(next, { [kind.param]: null, mode: "new", notice: "deleted" }));
}
