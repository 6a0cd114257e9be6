/**
 * The Manage Views / Manage Filters dialogs keep their unsaved state in the form itself, so every button works as
 * a plain form post without JavaScript: the server reads the draft, applies the button's intent and renders the
 * dialog again (nothing is saved until Apply or Ok).
 */
import { wholeNumber } from "~/lib/params";
import { EMPTY_ID } from "~/lib/constants";
import { findProperty } from "~/domain/views-filters/properties";

/** What both dialogs keep of an item: its id, name and the default and sharing boxes. */
export interface SavedItemDraft {
  id: string;
  name: string;
  defaultItem: boolean;
  publicItem: boolean;
  readOnly: boolean;
}

/** The form's names for those fields (the API's names of each kind). */
export interface DraftFields {
  id: "viewId" | "viewFilterId";
  defaultItem: "defaultView" | "defaultFilter";
  publicItem: "publicView" | "publicFilter";
}

export const VIEW_FIELDS: DraftFields = { id: "viewId", defaultItem: "defaultView", publicItem: "publicView" };
export const FILTER_FIELDS: DraftFields = { id: "viewFilterId", defaultItem: "defaultFilter", publicItem: "publicFilter" };

export interface ViewDraft extends SavedItemDraft {
  description: string;
  /** Property identities in level order. */
  levels: string[];
  selectedLevel: number;
}

export interface FilterRowDraft {
  propertyKey: string;
  operand: string;
  filterValue: string;
  preOperand1: string;
  preOperand2: string;
  postOperand1: string;
  postOperand2: string;
}

export interface FilterDraft extends SavedItemDraft {
  rows: FilterRowDraft[];
  selectedRow: number;
  /** The entry row above the list ('Filter On / Condition / Value' and 'Add Row'). */
  entry: FilterRowDraft;
}

const str = (form: FormData, key: string, max = 5000) => String(form.get(key) ?? "").slice(0, max);
const all = (form: FormData, key: string, max = 5000) => form.getAll(key).map((v) => String(v).slice(0, max));
const bool = (form: FormData, key: string) => form.get(key) === "on" || form.get(key) === "true";
const int = (form: FormData, key: string) => wholeNumber(str(form, key, 10), { fallback: -1 });

export const blankRow = (): FilterRowDraft => ({
  propertyKey: "",
  operand: "",
  filterValue: "",
  preOperand1: "",
  preOperand2: "",
  postOperand1: "",
  postOperand2: "",
});

function itemDraftFromForm(form: FormData, fields: DraftFields): SavedItemDraft {
  return {
    id: str(form, fields.id, 64) || EMPTY_ID,
    name: str(form, "name", 1000),
    defaultItem: bool(form, fields.defaultItem),
    publicItem: bool(form, fields.publicItem),
    readOnly: bool(form, "readOnly"),
  };
}

export function viewDraftFromForm(form: FormData): ViewDraft {
  return {
    ...itemDraftFromForm(form, VIEW_FIELDS),
    description: str(form, "description", 5000),
    levels: all(form, "level", 200).filter(Boolean),
    selectedLevel: int(form, "selectedLevel"),
  };
}

export function filterDraftFromForm(form: FormData): FilterDraft {
  const props = all(form, "rowProperty", 200);
  const ops = all(form, "rowOperand", 20);
  const values = all(form, "rowValue", 20000);
  const pre1 = all(form, "rowPre1", 10);
  const pre2 = all(form, "rowPre2", 10);
  const post1 = all(form, "rowPost1", 10);
  const post2 = all(form, "rowPost2", 10);
  return {
    ...itemDraftFromForm(form, FILTER_FIELDS),
    rows: props.map((propertyKey, i) => ({
      propertyKey,
      operand: ops[i] ?? "",
      filterValue: values[i] ?? "",
      preOperand1: pre1[i] ?? "",
      preOperand2: pre2[i] ?? "",
      postOperand1: post1[i] ?? "",
      postOperand2: post2[i] ?? "",
    })),
    selectedRow: int(form, "selectedRow"),
    entry: {
      ...blankRow(),
      propertyKey: str(form, "entryProperty", 200),
      operand: str(form, "entryOperand", 20),
      filterValue: str(form, "entryValue", 20000),
    },
  };
}

/** The level identity → the ViewDetailInput fields the API wants. Unknown keys pass through for the server to refuse. */
export function levelInput(key: string, orderIndex: number) {
  const p = findProperty(key);
  if (!p) return { staticSource: true, datasourceId: key, attrKey: "", orderIndex };
  return { staticSource: p.staticSource, datasourceId: p.datasourceId, attrKey: p.attrKey, orderIndex };
}

export function lineInput(row: FilterRowDraft, orderIndex: number) {
  const p = findProperty(row.propertyKey);
  return {
    datasourceId: p?.datasourceId ?? row.propertyKey,
    attrKey: p?.attrKey ?? "",
    columnSource: p?.columnSource ?? "",
    tableSource: p?.tableSource ?? "",
    dataType: p?.dataType ?? "STR",
    operand: row.operand,
    filterValue: row.filterValue,
    preOperand1: row.preOperand1,
    preOperand2: row.preOperand2,
    postOperand1: row.postOperand1,
    postOperand2: row.postOperand2,
    orderIndex,
    folderId: -1,
    compareColumn: false,
    workspaceFilter: false,
  };
}
