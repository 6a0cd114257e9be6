/**
 * Manage Views as a server-driven form: the loader opens the dialog on the View named in the address, the action
 * applies one button (intent) to the posted draft and either renders the dialog again or saves and redirects.
 */
import type { SessionUser } from "~/lib/auth-types";
import { verifyCsrf, FORGED_POST_MESSAGE } from "~/features/auth/session.server";
import { EMPTY_ID, TEXT } from "~/lib/constants";
import * as ops from "~/graphql/operations/treeview";
import type { View, ViewFilter } from "~/graphql/operations/types";
import { viewDraftFromForm, levelInput, type ViewDraft } from "./drafts";
import { addLevel, moveLevel, removeLevel, type ViewLevel } from "~/domain/views-filters/view-levels";
import {
  dialogContext,
  dialogHref,
  errorText,
  isLocked,
  isNewId,
  redirect,
  returnTarget,
  runGraphQL,
  withParam,
} from "./dialog-common.server";

const NOTICES: Record<string, string> = { saved: "View saved.", deleted: "View deleted." };

async function lists(user: SessionUser, ctx: string) {
  const [defs, props, max] = await Promise.all([
    runGraphQL(user, ops.GET_VIEW_DEFINITIONS, { ctx }),
    runGraphQL(user, ops.GET_ALL_AVAILABLE_PROPERTIES, { ctx, filters: false }),
    runGraphQL(user, ops.GET_MAX_FILTER_LINES, { filters: false }),
  ]);
  const views = [...defs.getViewDefinitions.publicList, ...defs.getViewDefinitions.privateList];
  return { views, properties: props.getAllAvailableProperties.propertyList, maxLevels: max.getMaxFilterLines };
}

function draftOf(view: View | undefined): ViewDraft {
  if (!view) {
    return { viewId: EMPTY_ID, name: "", description: "", levels: [], selectedLevel: -1, defaultView: false, publicView: false, readOnly: false };
  }
  const levels = [...view.viewDetails].sort((a, b) => a.orderIndex - b.orderIndex);
  return {
    viewId: view.viewId,
    name: view.name,
    description: view.description,
    levels: levels.map((l) => (l.staticSource ? l.datasourceId : l.attrKey)),
    selectedLevel: levels.length - 1,
    defaultView: view.defaultView,
    publicView: view.publicView,
    readOnly: view.readOnly,
  };
}

async function state(request: Request, user: SessionUser, draft: ViewDraft, extra: { alert?: { title: string; message: string }; confirmDelete?: boolean; notice?: string } = {}) {
  const { sandbox, csrf, ctx } = await dialogContext(request);
  const { views, properties, maxLevels } = await lists(user, ctx);
  const existing = views.find((v) => v.viewId === draft.viewId);
  return {
    draft,
    items: views.map((v) => ({ id: v.viewId, name: v.originalName, publicItem: v.publicView, createdBy: v.createdBy, defaultItem: v.defaultView, systemDefined: v.systemDefined })),
    properties,
    maxLevels,
    sandbox,
    csrf,
    locked: isLocked(existing, user),
    isExisting: Boolean(existing),
    closeHref: returnTarget(new URL(request.url)),
    ...extra,
  };
}

export type ManageViewsState = Awaited<ReturnType<typeof state>>;

export async function loadManageViews(request: Request, user: SessionUser) {
  const url = new URL(request.url);
  const { ctx } = await dialogContext(request);
  const { views } = await lists(user, ctx);
  const wanted = url.searchParams.get("mv") ?? url.searchParams.get("viewId") ?? "";
  const view = url.searchParams.get("mode") === "new" ? undefined : views.find((v) => v.viewId === wanted);
  return state(request, user, draftOf(view), { notice: NOTICES[url.searchParams.get("notice") ?? ""] });
}

const asLevels = (keys: string[]): ViewLevel[] => keys.map((propertyKey, orderIndex) => ({ propertyKey, orderIndex }));

export async function actManageViews(request: Request, user: SessionUser) {
  const form = await request.formData();
  const url = new URL(request.url);
  let draft = viewDraftFromForm(form);
  if (!(await verifyCsrf(request, form))) return state(request, user, draft, { alert: { title: TEXT.saveError, message: FORGED_POST_MESSAGE } });
  const intent = String(form.get("intent") ?? "");
  const { ctx } = await dialogContext(request);

  switch (intent) {
    case "select": {
      const pick = String(form.get("pick") ?? "");
      throw redirect(dialogHref(url, { mv: pick || null, mode: pick ? null : "new", notice: null }));
    }
    case "new":
      throw redirect(dialogHref(url, { mv: null, mode: "new", notice: null }));
    case "copy":
      draft = { ...draft, viewId: EMPTY_ID, name: `${TEXT.copyPrefix}${draft.name}`, defaultView: false };
      return state(request, user, draft);
    case "addLevel": {
      const { maxLevels } = await lists(user, ctx);
      const result = addLevel(asLevels(draft.levels), String(form.get("property") ?? ""), maxLevels);
      if (!result.ok) return state(request, user, draft, { alert: { title: result.title, message: result.error } });
      return state(request, user, { ...draft, levels: result.items.map((l) => l.propertyKey), selectedLevel: result.selectedIndex });
    }
    case "removeLevel": {
      const levels = removeLevel(asLevels(draft.levels), draft.selectedLevel).map((l) => l.propertyKey);
      return state(request, user, { ...draft, levels, selectedLevel: levels.length - 1 });
    }
    case "moveUp":
    case "moveDown": {
      const dir = intent === "moveUp" ? "up" : "down";
      const levels = moveLevel(asLevels(draft.levels), draft.selectedLevel, dir).map((l) => l.propertyKey);
      const moved = Math.max(0, Math.min(levels.length - 1, draft.selectedLevel + (dir === "up" ? -1 : 1)));
      return state(request, user, { ...draft, levels, selectedLevel: draft.selectedLevel < 0 ? -1 : moved });
    }
    case "apply":
    case "ok":
      return save(request, user, draft, intent, ctx, url);
    case "delete":
      return state(request, user, draft, { confirmDelete: true });
    case "confirmDelete": {
      // The confirmation posts only the id and name: on failure the dialog shows the stored View again.
      const stored = (await lists(user, ctx)).views.find((v) => v.viewId === draft.viewId);
      if (stored) draft = draftOf(stored);
      try {
        const res = await runGraphQL(user, ops.DELETE_VIEW, { viewId: draft.viewId, viewName: draft.name, ctx });
        if (res.deleteView.status !== "ok") return state(request, user, draft, { alert: { title: TEXT.deleteError, message: res.deleteView.status } });
      } catch (e) {
        return state(request, user, draft, { alert: { title: TEXT.deleteError, message: errorText(e) } });
      }
      // A deleted View that was applied is dropped from the return address, so the tree falls back to the default.
      const ret = returnTarget(url);
      const next = new URL(url);
      next.searchParams.set("returnTo", new URL(ret, "http://x").searchParams.get("viewId") === draft.viewId ? withParam(ret, "viewId", null) : ret);
      throw redirect(dialogHref(next, { mv: null, mode: "new", notice: "deleted" }));
    }
    default:
      return state(request, user, draft);
  }
}

async function save(request: Request, user: SessionUser, draft: ViewDraft, intent: string, ctx: string, url: URL) {
  if (!draft.name.trim()) return state(request, user, draft, { alert: { title: TEXT.saveError, message: TEXT.viewNameRequired } });
  if (draft.levels.length === 0) return state(request, user, draft, { alert: { title: TEXT.saveError, message: TEXT.viewLevelRequired } });
  let saved: View;
  try {
    const res = await runGraphQL(user, ops.SAVE_OR_UPDATE_VIEW, {
      ctx,
      viewDef: {
        viewId: isNewId(draft.viewId) ? EMPTY_ID : draft.viewId,
        name: draft.name,
        description: draft.description,
        defaultView: draft.defaultView,
        publicView: draft.publicView,
        readOnly: draft.readOnly,
        viewDetails: draft.levels.map((k, i) => levelInput(k, i)),
      },
    });
    saved = res.saveOrUpdateView;
  } catch (e) {
    return state(request, user, draft, { alert: { title: TEXT.saveError, message: errorText(e) } });
  }
  // The applied View reloads when it was the one saved or it became the default.
  let ret = returnTarget(url);
  const applied = new URL(ret, "http://x").searchParams.get("viewId");
  if (applied === saved.viewId || saved.defaultView) ret = withParam(ret, "viewId", saved.viewId);
  if (intent === "ok") throw redirect(withParam(ret, "saved", "view"));
  const next = new URL(url);
  next.searchParams.set("returnTo", ret);
  throw redirect(dialogHref(next, { mv: saved.viewId, mode: null, notice: "saved" }));
}
