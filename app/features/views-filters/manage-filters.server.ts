/** Manage Filters: the lines a Filter matches (the dialog's flow is the controller's, dialog-controller.server.ts). */
import type { SessionUser } from "~/lib/auth-types";
import { EMPTY_ID, TEXT } from "~/lib/constants";
import { runGraphQL } from "~/graphql/client.server";
import * as ops from "~/graphql/operations/treeview";
import type { FilterDetail } from "~/graphql/operations/types";
import { operatorTakesValue } from "~/domain/views-filters/filter-logic";
import { addRow, deleteRow, moveRow } from "~/domain/views-filters/view-levels";
import { blankRow, FILTER_FIELDS, filterDraftFromForm, lineInput, type FilterDraft, type FilterRowDraft } from "./drafts";
import { actDialog, loadDialog, type DialogKind } from "./dialog-controller.server";
import { dialogQuery, type AnsweredItem } from "./dialog-query.server";
import { isNewId } from "./dialog-common.server";

type DialogFilter = AnsweredItem & {
  filterDetails: Pick<FilterDetail, "attrKey" | "datasourceId" | "operand" | "filterValue" | "orderIndex" | "preOperand1" | "preOperand2" | "postOperand1" | "postOperand2">[];
};

const MANAGE_FILTERS = dialogQuery<DialogFilter>({
  name: "manageFilters",
  listField: "getFilterDefinitions",
  type: "ViewFilter",
  fields: FILTER_FIELDS,
  own: "filterDetails { attrKey datasourceId operand filterValue orderIndex preOperand1 preOperand2 postOperand1 postOperand2 }",
});

const blank = (): FilterDraft => ({ id: EMPTY_ID, name: "", rows: [], selectedRow: -1, defaultItem: false, publicItem: false, readOnly: false, entry: blankRow() });

function draftOf(filter: DialogFilter): FilterDraft {
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
    id: filter.id,
    name: filter.name,
    rows,
    selectedRow: rows.length - 1,
    defaultItem: filter.defaultItem,
    publicItem: filter.publicItem,
    readOnly: filter.readOnly,
    entry: blankRow(),
  };
}

const withOrder = (rows: FilterRowDraft[]) => rows.map((r, orderIndex) => ({ ...r, orderIndex }));
const strip = (rows: (FilterRowDraft & { orderIndex: number })[]) => rows.map(({ orderIndex: _o, ...r }) => r);

function edit(intent: string, draft: FilterDraft, _form: FormData, maxLines: number) {
  const row = /^(rowUp|rowDown|rowDelete):(\d{1,3})$/.exec(intent);
  if (row) {
    const index = Number(row[2]);
    if (row[1] === "rowDelete") {
      const res = deleteRow(withOrder(draft.rows), index);
      return { draft: { ...draft, rows: strip(res.items), selectedRow: res.selectedIndex } };
    }
    return { draft: { ...draft, rows: strip(moveRow(withOrder(draft.rows), index, row[1] === "rowUp" ? "up" : "down")) } };
  }
  if (intent !== "addRow") return undefined;
  const { entry } = draft;
  if (!entry.propertyKey || !entry.operand || (operatorTakesValue(entry.operand) && !entry.filterValue.trim())) {
    return { draft, alert: { title: TEXT.addRowError, message: "Choose Filter On, Condition and Value before adding the row." } };
  }
  const res = addRow(withOrder(draft.rows), { ...entry, orderIndex: 0 }, maxLines);
  if (!res.ok) return { draft, alert: { title: res.title, message: res.error } };
  return { draft: { ...draft, rows: strip(res.items), selectedRow: res.selectedIndex, entry: blankRow() } };
}

const FILTERS: DialogKind<FilterDraft, DialogFilter> = {
  noun: "Filter",
  param: "mf",
  appliedParam: "filterId",
  query: MANAGE_FILTERS,
  forFilters: true,
  draftOf,
  blank,
  fromForm: filterDraftFromForm,
  // A locked filter's fields are read-only in the form, so copy from the stored lines instead.
  copySource: (posted, lockedItem) => ({ ...(lockedItem ?? posted), entry: blankRow() }),
  edit,
  missing(draft) {
    if (!draft.name.trim()) return TEXT.filterNameRequired;
    if (draft.rows.length === 0) return TEXT.filterLineRequired;
    return undefined;
  },
  async save(user, draft, ctx) {
    const res = await runGraphQL(user, ops.SAVE_OR_UPDATE_VIEW_FILTER, {
      ctx,
      viewFilter: {
        viewFilterId: isNewId(draft.id) ? EMPTY_ID : draft.id,
        name: draft.name,
        defaultFilter: draft.defaultItem,
        publicFilter: draft.publicItem,
        readOnly: draft.readOnly,
        representative: false,
        filterDetails: draft.rows.map((r, i) => lineInput(r, i)),
      },
    });
    return { id: res.saveOrUpdateViewFilter.viewFilterId, defaultItem: res.saveOrUpdateViewFilter.defaultFilter };
  },
  async remove(user, draft, ctx) {
    const res = await runGraphQL(user, ops.DELETE_VIEW_FILTER, { filterId: draft.id, filterName: draft.name, ctx });
    return res.deleteViewFilter.status !== "ok" ? res.deleteViewFilter.message || res.deleteViewFilter.status : undefined;
  },
};

export const loadManageFilters = (request: Request, user: SessionUser) => loadDialog(request, user, FILTERS);
export const actManageFilters = (request: Request, user: SessionUser) => actDialog(request, user, FILTERS);
