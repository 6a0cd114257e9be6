import type { TableState } from "@tanstack/react-table";
import { createElement as h } from "react";
import { describe, expect, it } from "vitest";
import { tags } from "~/components/charts/test-utils";
import { DataTable } from "~/components/grid/DataTable";
import { renderAt } from "~/components/grid/render-at";
import { TEXT_NODES } from "~/features/nodes/constants";
import { nodeColumn } from "./column";

interface Group {
  id: string;
  name: string;
  waste: number;
}

const COLUMNS = [nodeColumn<Group>("name", "Node Group", (r) => r.name, { select: true }), nodeColumn<Group>("waste", "Waste", (r) => `$${r.waste}`, { numeric: true, className: (r) => (r.waste > 5 ? "warn" : undefined) })];
const ROWS: Group[] = [
  { id: "g1", name: "prod-default", waste: 9 },
  { id: "g2", name: "prod-web", waste: 1 },
];

function grid(state: Partial<TableState>) {
  return () =>
    h(DataTable<Group>, {
      columns: COLUMNS,
      data: ROWS,
      state,
      rowCount: 2,
      pageCount: 1,
      getRowId: (r) => r.id,
      enableRowSelection: (row) => !row.original.name.endsWith("-default"),
      address: { sort: (id, dir) => `/n?sort=${id}&dir=${dir}`, page: String, size: String, select: (id) => `/n?selected=${id}`, keepScroll: true },
      look: { card: "", thead: "", th: "th", td: "td", row: () => ({}) },
      testId: "nodes",
    });
}

describe("node grid columns", () => {
  it("select the row by the first cell's link, except rows that cannot be selected (dimmed, with the reason)", async () => {
    const html = await renderAt("/n", grid({ rowSelection: { g2: true } }));
    const a = tags(html, "a").filter((t) => t.attrs.href.startsWith("/n?selected="));
    expect(a.map((t) => [t.attrs.href, t.attrs["aria-current"]])).toEqual([["/n?selected=g2", "true"]]);
    expect(tags(html, "span").find((t) => t.attrs.title === TEXT_NODES.notSelectable)).toBeTruthy();
    expect(html).toContain(">prod-default<");
  });

  it("mark a cell above its threshold and right-align figures", async () => {
    const html = await renderAt("/n", grid({}));
    expect(tags(html, "td").map((t) => t.attrs.class)).toEqual(["td", "td text-right tabular-nums warn", "td", "td text-right tabular-nums"]);
  });

  it("sort by their own key: figures descending first, names ascending", async () => {
    const html = await renderAt("/n", grid({ sorting: [{ id: "name", desc: false }] }));
    expect(tags(html, "a").map((t) => t.attrs.href)).toEqual(expect.arrayContaining(["/n?sort=name&dir=desc", "/n?sort=waste&dir=desc"]));
  });
});
