import { createTable, getCoreRowModel, type ColumnDef, type TableState } from "@tanstack/react-table";
import { createElement as h } from "react";
import { describe, expect, it } from "vitest";
import { tags, withAttr } from "~/components/charts/test-utils";
import { DataTable, shownColumns } from "./DataTable";
import { DataTableColumnHeader } from "./DataTableColumnHeader";
import { DataTableFilterRow } from "./DataTableFilterRow";
import { DataTablePagination, rowRange } from "./DataTablePagination";
import { DataTableViewOptions } from "./DataTableViewOptions";
import { cellContext, visibleColumns } from "./DataTableRow";
import type { GridLook } from "./look";
import { renderAt } from "./render-at";

interface Row {
  id: string;
  name: string;
  cost: number;
  note: string;
}

const ROWS: Row[] = [
  { id: "a", name: "alpha", cost: 3, note: "x" },
  { id: "b", name: "beta", cost: 1, note: "y" },
];

const COLUMNS: ColumnDef<Row>[] = [
  {
    id: "name",
    accessorFn: (r) => r.name,
    header: ({ column, table }) => h(DataTableColumnHeader<Row, unknown>, { column, table, title: "Name" }),
    enableHiding: false,
    meta: { label: "Name", filterHint: ["Filter…", "Text the value contains"] },
  },
  {
    id: "cost",
    accessorFn: (r) => r.cost,
    header: ({ column, table }) => h(DataTableColumnHeader<Row, unknown>, { column, table, title: "Cost", unit: "$/month" }),
    sortDescFirst: true,
    meta: { numeric: true, label: "Cost" },
  },
  { id: "note", accessorFn: (r) => r.note, header: "Note", enableSorting: false, enableColumnFilter: false, meta: { label: "Note" } },
  { id: "pick", header: "Pick", cell: ({ row }) => (row.getIsSelected() ? "◉" : "○") },
];

const LOOK: GridLook<Row> = {
  card: "card",
  thead: "head",
  th: "th",
  td: "td",
  pinnedTh: "pinned-th",
  pinnedTd: () => "pinned-td",
  row: (row) => ({ "aria-selected": row.getIsSelected(), className: "tr" }),
};

const address = {
  sort: (id: string, dir: string) => `/g?sort=${id}&dir=${dir}`,
  page: (page: number) => `/g?page=${page}`,
  size: (size: number) => `/g?size=${size}`,
};

function grid(state: Partial<TableState>, data = ROWS) {
  return () =>
    h(DataTable<Row>, {
      columns: COLUMNS,
      data,
      state: { pagination: { pageIndex: 1, pageSize: 10 }, ...state },
      rowCount: 12,
      pageCount: 2,
      getRowId: (r) => r.id,
      address,
      look: LOOK,
      testId: "grid",
      emptyTestId: "empty",
      toolbar: (table) => h(DataTableViewOptions<Row>, { table, resetHref: "/g" }),
      headerRows: (table) => h(DataTableFilterRow<Row>, { table, pinnedClassName: "pinned-filter" }),
      footer: (table) => h(DataTablePagination<Row>, { table, sizes: [10, 20] }, h("span", { "data-testid": "range" }, rowRange(table))),
    });
}

const headers = (html: string) => [...html.matchAll(/<th [^>]*>(.*?)<\/th>/g)].map((m) => m[1].replace(/<[^>]+>/g, ""));
const links = (html: string) => tags(html, "a").map((t) => t.attrs.href);

describe("DataTable: a server-side grid whose state is the address", () => {
  it("marks the sorted column and links each sortable header to its next sort; an unsortable one has no link", async () => {
    const html = await renderAt("/g", grid({ sorting: [{ id: "name", desc: false }] }));
    expect(withAttr(html, "aria-sort").map((t) => t.attrs["aria-sort"])).toEqual(["ascending"]);
    expect(headers(html)).toEqual(["Name ▲", "Cost($/month)", "Note", "Pick"]);
    expect(links(html)).toContain("/g?sort=name&dir=desc");
    // A number column sorts descending first, as the server's default for figures.
    expect(links(html)).toContain("/g?sort=cost&dir=desc");
    expect(links(html).some((l) => l?.includes("sort=note"))).toBe(false);
  });

  it("draws the shown columns in the address's order, the first pinned, and leaves hidden ones out", async () => {
    const html = await renderAt("/g", grid({ columnOrder: ["cost", "name"], columnVisibility: { note: false }, columnPinning: { left: ["cost"] } }));
    expect(headers(html)).toEqual(["Cost($/month)", "Name", "Pick"]);
    expect(tags(html, "th")[0].attrs.class).toBe("th text-right pinned-th");
    expect(tags(html, "td").filter((t) => t.attrs.class?.includes("pinned-td"))).toHaveLength(2);
  });

  it("offers every data column in the chooser, in its own order: shown ones ticked, the required one fixed and sent", async () => {
    const html = await renderAt("/g?cols=cost&page=2&q=x", grid({ columnOrder: ["cost", "name"], columnVisibility: { note: false } }));
    const boxes = tags(html, "input").filter((t) => t.attrs.type === "checkbox");
    expect(boxes.map((t) => t.attrs.value)).toEqual(["name", "cost", "note"]);
    expect(boxes.map((t) => "checked" in t.attrs)).toEqual([true, true, false]);
    expect(boxes.map((t) => "disabled" in t.attrs)).toEqual([true, false, false]);
    const hidden = tags(html, "input").filter((t) => t.attrs.type === "hidden");
    // The chooser's form carries the rest of the address, not the columns or the page it replaces.
    expect(hidden.map((t) => `${t.attrs.name}=${t.attrs.value}`)).toEqual(expect.arrayContaining(["q=x", "cols=name"]));
    expect(hidden.some((t) => t.attrs.name === "page" || t.attrs.value === "cost")).toBe(false);
    expect(html).toContain("Columns (2)");
  });

  it("gives the table the shown columns only and the chooser every data column (hidden ones cost a render nothing)", async () => {
    const { shown, choices } = shownColumns(COLUMNS, { note: false, cost: true });
    expect(shown.map((c) => c.id)).toEqual(["name", "cost", "pick"]);
    expect(choices).toEqual([
      { id: "name", label: "Name", shown: true, canHide: false },
      { id: "cost", label: "Cost", shown: true, canHide: true },
      { id: "note", label: "Note", shown: false, canHide: true },
    ]);
    // TanStack never makes the hidden column's object; the chooser still lists it, unticked.
    let modelled: string[] = [];
    const counted: ColumnDef<Row>[] = [...COLUMNS, { id: "spy", accessorFn: (r) => r.note, header: "Spy" }];
    const html = await renderAt(
      "/g",
      () =>
        h(DataTable<Row>, {
          columns: counted,
          data: ROWS,
          state: { columnVisibility: { spy: false } },
          rowCount: 2,
          pageCount: 1,
          getRowId: (r) => r.id,
          address,
          look: LOOK,
          testId: "grid",
          toolbar: (table) => ((modelled = table.getAllFlatColumns().map((c) => c.id)), h(DataTableViewOptions<Row>, { table, resetHref: "/g" })),
        }),
    );
    expect(modelled).toEqual(["name", "cost", "note", "pick"]);
    expect(tags(html, "input").filter((t) => t.attrs.value === "spy").map((t) => "checked" in t.attrs)).toEqual([false]);
  });

  it("fills the floating filters from the address and puts the apply button in the display column", async () => {
    const html = await renderAt("/g", grid({ columnFilters: [{ id: "name", value: "=alpha" }] }));
    const filters = tags(html, "input").filter((t) => t.attrs.form === "grid-filters");
    expect(filters.map((t) => [t.attrs.name, t.attrs.value ?? "", t.attrs["aria-label"]])).toEqual([
      ["f.name", "=alpha", "Filter Name"],
      ["f.cost", "", "Filter Cost"],
    ]);
    expect(tags(html, "button").filter((t) => t.attrs["aria-label"] === "Apply filters")).toHaveLength(1);
  });

  it("marks the selected row (TanStack's row selection)", async () => {
    const html = await renderAt("/g", grid({ rowSelection: { b: true } }));
    expect(tags(html, "tr").filter((t) => t.attrs.class === "tr").map((t) => t.attrs["aria-selected"])).toEqual(["false", "true"]);
    expect(html).toContain("◉");
  });

  it("pages by links: the neighbouring pages, the sizes with the current one marked, and the range", async () => {
    const html = await renderAt("/g", grid({}));
    expect(html).toContain("Page 2 of 2");
    expect(links(html)).toContain("/g?page=1");
    expect(links(html)).not.toContain("/g?page=3");
    expect(withAttr(html, "aria-current").map((t) => t.attrs.href)).toEqual(["/g?size=10"]);
    expect(html).toContain(">11–12 of 12<");
  });

  it("draws a Total row from the columns' footers only when a column defines one (the cloud services grid)", async () => {
    expect(await renderAt("/g", grid({}))).not.toContain("<tfoot");
    const withTotal = COLUMNS.map((c) => (c.id === "name" ? { ...c, footer: () => "Total" } : c.id === "cost" ? { ...c, footer: () => "$4.00" } : c));
    const html = await renderAt("/g", () =>
      h(DataTable<Row>, { columns: withTotal, data: ROWS, state: { columnPinning: { left: ["name"] } }, rowCount: 2, pageCount: 1, getRowId: (r) => r.id, address, look: { ...LOOK, tf: "tf", pinnedTf: "pinned-tf" }, testId: "grid" }),
    );
    const foot = html.slice(html.indexOf("<tfoot"), html.indexOf("</tfoot>"));
    expect(tags(foot, "td").map((t) => t.attrs.class)).toEqual(["tf pinned-tf", "tf text-right tabular-nums", "tf", "tf"]);
    expect(foot.replace(/<[^>]+>/g, "|").split("|").filter(Boolean)).toEqual(["Total", "$4.00"]);
  });

  it("says so when there is nothing to show, across every column", async () => {
    const html = await renderAt("/g", grid({}, []));
    expect(withAttr(html, "data-testid", "empty")[0].attrs.colSpan).toBe("4");
    expect(html).toContain("No data to display");
    expect(html).toContain(">0 rows<");
  });

  it("gives each visible column's cell renderer what TanStack's own cell would, in getVisibleCells' order", () => {
    const keys = ["id", "name", "cost", "note"] as const;
    const columns: ColumnDef<Row>[] = keys.map((k) => ({ id: k, accessorFn: (r: Row) => r[k] }));
    const table = createTable<Row>({ columns, data: ROWS, getCoreRowModel: getCoreRowModel(), state: {}, onStateChange: () => {}, renderFallbackValue: null });
    const state = { columnOrder: ["note", "cost", "name", "id"], columnVisibility: { id: false }, columnPinning: { left: ["name"], right: ["note"] } };
    table.setOptions((prev) => ({ ...prev, state: { ...table.initialState, ...state } }));
    for (const row of table.getRowModel().rows) {
      const theirs = row.getVisibleCells();
      const shown = visibleColumns(table);
      expect(shown.map((c) => c.id)).toEqual(["name", "cost", "note"]);
      expect(shown).toEqual(theirs.map((c) => c.column));
      const ours = shown.map((column) => cellContext(table, row, column));
      const expected = theirs.map((c) => c.getContext());
      expect(ours.map((c) => c.getValue())).toEqual(expected.map((c) => c.getValue()));
      expect(ours.map((c) => c.renderValue())).toEqual(expected.map((c) => c.renderValue()));
      expect(Object.keys(ours[1]).sort()).toEqual(Object.keys(expected[1]).sort());
      expect([ours[1].row, ours[1].column, ours[1].table]).toEqual([expected[1].row, expected[1].column, expected[1].table]);
      // The cell, made only when asked for, is TanStack's.
      expect(ours[1].cell.id).toBe(theirs[1].id);
      expect(ours[1].cell.getValue()).toBe(theirs[1].getValue());
    }
  });

});
