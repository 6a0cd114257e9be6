/** Manage Views: the levels a View groups by (the dialog's flow is the controller's, dialog-controller.server.ts). */
import type { SessionUser } from "~/lib/auth-types";
import { EMPTY_ID, TEXT } from "~/lib/constants";
import { runGraphQL } from "~/graphql/client.server";
import * as ops from "~/graphql/operations/treeview";
import type { ViewDetail } from "~/graphql/operations/types";
import { addLevel, moveLevel, removeLevel, type ViewLevel } from "~/domain/views-filters/view-levels";
import { viewDraftFromForm, levelInput, VIEW_FIELDS, type ViewDraft } from "./drafts";
import { actDialog, loadDialog, type DialogKind } from "./dialog-controller.server";
import { dialogQuery, type AnsweredItem } from "./dialog-query.server";
import { isNewId } from "./dialog-common.server";

type DialogView = AnsweredItem & {
  description: string;
  viewDetails: Pick<ViewDetail, "attrKey" | "datasourceId" | "staticSource" | "orderIndex">[];
};

const MANAGE_VIEWS = dialogQuery<DialogView>({
  name: "manageViews",
  listField: "getViewDefinitions",
  type: "View",
  fields: VIEW_FIELDS,
  own: "description viewDetails { attrKey datasourceId staticSource orderIndex }",
});

const blank = (): ViewDraft => ({ id: EMPTY_ID, name: "", description: "", levels: [], selectedLevel: -1, defaultItem: false, publicItem: false, readOnly: false });

function draftOf(view: DialogView): ViewDraft {
  const levels = [...view.viewDetails].sort((a, b) => a.orderIndex - b.orderIndex);
  return {
    id: view.id,
    name: view.name,
    description: view.description,
    levels: levels.map((l) => (l.staticSource ? l.datasourceId : l.attrKey)),
    selectedLevel: levels.length - 1,
    defaultItem: view.defaultItem,
    publicItem: view.publicItem,
    readOnly: view.readOnly,
  };
}

const asLevels = (keys: string[]): ViewLevel[] => keys.map((propertyKey, orderIndex) => ({ propertyKey, orderIndex }));

function edit(intent: string, draft: ViewDraft, form: FormData, maxLevels: number) {
  switch (intent) {
    case "addLevel": {
      const result = addLevel(asLevels(draft.levels), String(form.get("property") ?? ""), maxLevels);
      if (!result.ok) return { draft, alert: { title: result.title, message: result.error } };
      return { draft: { ...draft, levels: result.items.map((l) => l.propertyKey), selectedLevel: result.selectedIndex } };
    }
    case "removeLevel": {
      const levels = removeLevel(asLevels(draft.levels), draft.selectedLevel).map((l) => l.propertyKey);
      return { draft: { ...draft, levels, selectedLevel: levels.length - 1 } };
    }
    case "moveUp":
    case "moveDown": {
      const dir = intent === "moveUp" ? "up" : "down";
      const levels = moveLevel(asLevels(draft.levels), draft.selectedLevel, dir).map((l) => l.propertyKey);
      const moved = Math.max(0, Math.min(levels.length - 1, draft.selectedLevel + (dir === "up" ? -1 : 1)));
      return { draft: { ...draft, levels, selectedLevel: draft.selectedLevel < 0 ? -1 : moved } };
    }
    default:
      return undefined;
  }
}

const VIEWS: DialogKind<ViewDraft, DialogView> = {
  noun: "View",
  param: "mv",
  appliedParam: "viewId",
  query: MANAGE_VIEWS,
  forFilters: false,
  draftOf,
  blank,
  fromForm: viewDraftFromForm,
  copySource: (posted) => posted,
  edit,
  missing(draft) {
    if (!draft.name.trim()) return TEXT.viewNameRequired;
    if (draft.levels.length === 0) return TEXT.viewLevelRequired;
    return undefined;
  },
  async save(user, draft, ctx) {
    const res = await runGraphQL(user, ops.SAVE_OR_UPDATE_VIEW, {
      ctx,
      viewDef: {
        viewId: isNewId(draft.id) ? EMPTY_ID : draft.id,
        name: draft.name,
        description: draft.description,
        defaultView: draft.defaultItem,
        publicView: draft.publicItem,
        readOnly: draft.readOnly,
        viewDetails: draft.levels.map((k, i) => levelInput(k, i)),
      },
    });
    return { id: res.saveOrUpdateView.viewId, defaultItem: res.saveOrUpdateView.defaultView };
  },
  async remove(user, draft, ctx) {
    const res = await runGraphQL(user, ops.DELETE_VIEW, { viewId: draft.id, viewName: draft.name, ctx });
    return res.deleteView.status !== "ok" ? res.deleteView.status : undefined;
  },
};

export const loadManageViews = (request: Request, user: SessionUser) => loadDialog(request, user, VIEWS);
export const actManageViews = (request: Request, user: SessionUser) => actDialog(request, user, VIEWS);
