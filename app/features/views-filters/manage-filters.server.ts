/** Manage Filters as a server-driven form (see manage-views.server.ts for the pattern). */
import type { SessionUser } from "~/lib/auth-types";
import { FORGED_POST_MESSAGE, verifyCsrf } from "~/features/auth/session.server";
import { EMPTY_ID, TEXT } from "~/lib/constants";
import * as ops from "~/graphql/operations/treeview";
import type { View, ViewFilter } from "~/graphql/operations/types";
import { blankRow, filterDraftFromForm, lineInput, type FilterDraft, type FilterRowDraft } from "./drafts";
import { operatorTakesValue } from "~/domain/views-filters/filter-logic";
import { addRow, deleteRow, moveRow } from "~/domain/views-filters/view-levels";
import { dialogContext, dialogHref, errorText, isLocked, isNewId, redirect, returnTarget, runGraphQL, withParam } from "./dialog-common.server";

const NOTICES: Record<string, string> = { saved: "Filter saved.", deleted: "Filter deleted." };
type Extra = { alert?: { title: string; message: string }; confirmDelete?: boolean; notice?: string };

async function lists(user: SessionUser, ctx: string) {
  const [defs, props, max] = await Promise.all([
    runGraphQL(user, ops.GET_FILTER_DEFINITIONS, { ctx }),
    runGraphQL(user, ops.GET_ALL_AVAILABLE_PROPERTIES, { ctx, filters: true }),
    runGraphQL(user, ops.GET_MAX_FILTER_LINES, { filters: true }),
  ]);
  const filters = [...defs.getFilterDefinitions.publicList, ...defs.getFilterDefinitions.privateList];
  return { filters, properties: props.getAllAvailableProperties.propertyList, maxLines: max.getMaxFilterLines };
}

function draftOf(filter: ViewFilter | undefined): FilterDraft {
  if (!filter) {
    return { viewFilterId: EMPTY_ID, name: "", rows: [], selectedRow: -1, defaultFilter: false, publicFilter: false, readOnly: false, entry: blankRow() };
  }
  const rows = [...filter.filterDetails]
    .sort((a, b) => a.orderIndex - b.orderIndex)
    .map((d) => ({
      propertyKey: d.attrKey || d.datasourceId,
      operand: d.operand,
      filterValue: d.filterValue,
      preOperand1: d.preOperand1,
      preOperand2: d.preOperand2,
      postOperand1: d.postOperand1,
      postOperand2: d.postOperand2,
    }));
  return {
    viewFilterId: filter.viewFilterId,
    name: filter.name,
    rows,
    selectedRow: rows.length - 1,
    defaultFilter: filter.defaultFilter,
    publicFilter: filter.publicFilter,
    readOnly: filter.readOnly,
    entry: blankRow(),
  };
}

async function state(request: Request, user: SessionUser, draft: FilterDraft, extra: Extra = {}) {
  const { sandbox, csrf, ctx } = await dialogContext(request);
  const { filters, properties, maxLines } = await lists(user, ctx);
  const existing = filters.find((f) => f.viewFilterId === draft.viewFilterId);
  return {
    draft,
    items: filters.map((f) => ({ id: f.viewFilterId, name: f.originalName, publicItem: f.publicFilter, createdBy: f.createdBy, defaultItem: f.defaultFilter, systemDefined: f.systemDefined })),
    properties,
    maxLines,
    sandbox,
    csrf,
    locked: isLocked(existing, user),
    isExisting: Boolean(existing),
    closeHref: returnTarget(new URL(request.url)),
    ...extra,
  };
}

export type ManageFiltersState = Awaited<ReturnType<typeof state>>;

export async function loadManageFilters(request: Request, user: SessionUser) {
  const url = new URL(request.url);
  const { ctx } = await dialogContext(request);
  const { filters } = await lists(user, ctx);
  const wanted = url.searchParams.get("mf") ?? url.searchParams.get("filterId") ?? "";
  const filter = url.searchParams.get("mode") === "new" ? undefined : filters.find((f) => f.viewFilterId === wanted);
  return state(request, user, draftOf(filter), { notice: NOTICES[url.searchParams.get("notice") ?? ""] });
}

function rowIntent(intent: string): [string, number] | undefined {
  const m = /^(rowUp|rowDown|rowDelete):(\d{1,3})$/.exec(intent);
  return m ? [m[1], Number(m[2])] : undefined;
}

export async function actManageFilters(request: Request, user: SessionUser) {
  const form = await request.formData();
  const url = new URL(request.url);
  let draft = filterDraftFromForm(form);
  if (!(await verifyCsrf(request, form))) return state(request, user, draft, { alert: { title: TEXT.saveError, message: FORGED_POST_MESSAGE } });
  const intent = String(form.get("intent") ?? "");
  const { ctx } = await dialogContext(request);
  const withOrder = (rows: FilterRowDraft[]) => rows.map((r, orderIndex) => ({ ...r, orderIndex }));
  const strip = (rows: (FilterRowDraft & { orderIndex: number })[]) => rows.map(({ orderIndex: _o, ...r }) => r);

  const row = rowIntent(intent);
  if (row) {
    const [kind, index] = row;
    if (kind === "rowDelete") {
      const res = deleteRow(withOrder(draft.rows), index);
      return state(request, user, { ...draft, rows: strip(res.items), selectedRow: res.selectedIndex });
    }
    const rows = strip(moveRow(withOrder(draft.rows), index, kind === "rowUp" ? "up" : "down"));
    return state(request, user, { ...draft, rows });
  }

  switch (intent) {
    case "select": {
      const pick = String(form.get("pick") ?? "");
      throw redirect(dialogHref(url, { mf: pick || null, mode: pick ? null : "new", notice: null }));
    }
    case "new":
      throw redirect(dialogHref(url, { mf: null, mode: "new", notice: null }));
    case "copy": {
      // A locked filter's fields are read-only in the form, so copy from the stored lines instead.
      const stored = (await lists(user, ctx)).filters.find((f) => f.viewFilterId === draft.viewFilterId);
      const source = stored && isLocked(stored, user) ? draftOf(stored) : draft;
      draft = { ...source, viewFilterId: EMPTY_ID, name: `${TEXT.copyPrefix}${source.name}`, defaultFilter: false, entry: blankRow() };
      return state(request, user, draft);
    }
    case "addRow": {
      const { entry } = draft;
      if (!entry.propertyKey || !entry.operand || (operatorTakesValue(entry.operand) && !entry.filterValue.trim())) {
        return state(request, user, draft, { alert: { title: TEXT.addRowError, message: "Choose Filter On, Condition and Value before adding the row." } });
      }
      const { maxLines } = await lists(user, ctx);
      const res = addRow(withOrder(draft.rows), { ...entry, orderIndex: 0 }, maxLines);
      if (!res.ok) return state(request, user, draft, { alert: { title: res.title, message: res.error } });
      return state(request, user, { ...draft, rows: strip(res.items), selectedRow: res.selectedIndex, entry: blankRow() });
    }
    case "apply":
    case "ok":
      return save(request, user, draft, intent, ctx, url);
    case "delete":
      return state(request, user, draft, { confirmDelete: true });
    case "confirmDelete": {
      const stored = (await lists(user, ctx)).filters.find((f) => f.viewFilterId === draft.viewFilterId);
      if (stored) draft = draftOf(stored);
      try {
        const res = await runGraphQL(user, ops.DELETE_VIEW_FILTER, { filterId: draft.viewFilterId, filterName: draft.name, ctx });
        if (res.deleteViewFilter.status !== "ok") {
          return state(request, user, draft, { alert: { title: TEXT.deleteError, message: res.deleteViewFilter.message || res.deleteViewFilter.status } });
        }
      } catch (e) {
        return state(request, user, draft, { alert: { title: TEXT.deleteError, message: errorText(e) } });
      }
      const ret = returnTarget(url);
      const next = new URL(url);
      next.searchParams.set("returnTo", new URL(ret, "http://x").searchParams.get("filterId") === draft.viewFilterId ? withParam(ret, "filterId", null) : ret);
      throw redirect(dialogHref(next, { mf: null, mode: "new", notice: "deleted" }));
    }
    default:
      return state(request, user, draft);
  }
}

async function save(request: Request, user: SessionUser, draft: FilterDraft, intent: string, ctx: string, url: URL) {
  if (!draft.name.trim()) return state(request, user, draft, { alert: { title: TEXT.saveError, message: TEXT.filterNameRequired } });
  if (draft.rows.length === 0) return state(request, user, draft, { alert: { title: TEXT.saveError, message: TEXT.filterLineRequired } });
  let saved: ViewFilter;
  try {
    const res = await runGraphQL(user, ops.SAVE_OR_UPDATE_VIEW_FILTER, {
      ctx,
      viewFilter: {
        viewFilterId: isNewId(draft.viewFilterId) ? EMPTY_ID : draft.viewFilterId,
        name: draft.name,
        defaultFilter: draft.defaultFilter,
        publicFilter: draft.publicFilter,
        readOnly: draft.readOnly,
        representative: false,
        filterDetails: draft.rows.map((r, i) => lineInput(r, i)),
      },
    });
    saved = res.saveOrUpdateViewFilter;
  } catch (e) {
    return state(request, user, draft, { alert: { title: TEXT.saveError, message: errorText(e) } });
  }
  let ret = returnTarget(url);
  const applied = new URL(ret, "http://x").searchParams.get("filterId");
  if (applied === saved.viewFilterId || saved.defaultFilter) ret = withParam(ret, "filterId", saved.viewFilterId);
  if (intent === "ok") throw redirect(withParam(ret, "saved", "filter"));
  const next = new URL(url);
  next.searchParams.set("returnTo", ret);
  throw redirect(dialogHref(next, { mf: saved.viewFilterId, mode: null, notice: "saved" }));
}
