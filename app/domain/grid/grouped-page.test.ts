import { describe, expect, it } from "vitest";
import { BLANK_GROUP, GROUP_ROWS, groupFilter, loadGroupedPage, selectedRow, type GroupFilter } from "./grouped-page";

interface Row {
  entityId: string;
  team: string | null;
}

// 23 rows: team a (12 rows), b (6), and 5 without a team.
const ROWS: Row[] = [
  ...Array.from({ length: 12 }, (_, i) => ({ entityId: `a${i}`, team: "a" })),
  ...Array.from({ length: 6 }, (_, i) => ({ entityId: `b${i}`, team: "b" })),
  ...Array.from({ length: 5 }, (_, i) => ({ entityId: `n${i}`, team: null })),
];

function fakeStore() {
  const calls: string[] = [];
  const keep = (group?: GroupFilter) => (r: Row) => !group || (group.op === "blank" ? r.team === null : r.team === group.value);
  return {
    calls,
    fetchRows: async (page: number, pageSize: number, group?: GroupFilter) => {
      calls.push(`rows ${page}/${pageSize}${group ? ` ${JSON.stringify(group)}` : ""}`);
      const all = ROWS.filter(keep(group));
      return { rows: all.slice((page - 1) * pageSize, page * pageSize), total: all.length, page };
    },
    fetchGroups: async (field: string, page: number, pageSize: number) => {
      calls.push(`groups ${field} ${page}/${pageSize}`);
      const groups = [{ value: "a" as string | null }, { value: "b" }, { value: null }];
      return { groups: groups.slice((page - 1) * pageSize, page * pageSize), total: ROWS.length, totalGroups: groups.length, page };
    },
  };
}

describe("one page of a server-side grid", () => {
  it("reads a flat page once and shows its rows", async () => {
    const s = fakeStore();
    const page = await loadGroupedPage({ groupBy: null, page: 2, pageSize: 10, open: new Set(), ...s });
    expect(s.calls).toEqual(["rows 2/10"]);
    expect(page.total).toBe(23);
    expect(page.lastPage).toBe(3);
    expect(page.shownRows.map((r) => r.entityId)).toEqual(["a10", "a11", "b0", "b1", "b2", "b3", "b4", "b5", "n0", "n1"]);
    expect(page.groupRows).toEqual([]);
  });

  it("clamps a page past the end to the last page (a link kept after the data shrank)", async () => {
    const s = fakeStore();
    const page = await loadGroupedPage({ groupBy: null, page: 9, pageSize: 10, open: new Set(), ...s });
    expect(s.calls).toEqual(["rows 9/10", "rows 3/10"]);
    expect(page.page).toBe(3);
    expect(page.shownRows.map((r) => r.entityId)).toEqual(["n2", "n3", "n4"]);
  });

  it("lists the first rows of the open groups only, the blank group by its address name", async () => {
    const s = fakeStore();
    const page = await loadGroupedPage({ groupBy: "team", page: 1, pageSize: 20, open: new Set(["a", BLANK_GROUP]), ...s });
    expect(page.rowsPage).toBeNull();
    expect(page.total).toBe(23);
    expect(page.lastPage).toBe(1);
    expect(page.groupRows.map((g) => [g.value, g.rows.length])).toEqual([
      ["a", GROUP_ROWS],
      [null, 5],
    ]);
    expect(s.calls).toContain(`rows 1/${GROUP_ROWS} {"field":"team","op":"blank"}`);
    expect(page.shownRows[0].entityId).toBe("a0");
    expect(page.shownRows.at(-1)!.entityId).toBe("n4");
  });

  it("clamps the groups' page by the number of groups, not rows", async () => {
    const s = fakeStore();
    const page = await loadGroupedPage({ groupBy: "team", page: 5, pageSize: 2, open: new Set(), ...s });
    expect(page.lastPage).toBe(2);
    expect(page.page).toBe(2);
    expect(page.groupsPage!.groups).toEqual([{ value: null }]);
  });
});

describe("the row the charts panel shows", () => {
  it("is the selected row when on screen, else the first, else none", () => {
    const rows = ROWS.slice(0, 3);
    expect(selectedRow(rows, "a2")?.entityId).toBe("a2");
    expect(selectedRow(rows, "b5")?.entityId).toBe("a0");
    expect(selectedRow(rows, null)?.entityId).toBe("a0");
    expect(selectedRow([], "a0")).toBeNull();
  });

  it("a group's filter is blank for the group without a value", () => {
    expect(groupFilter("team", null)).toEqual({ field: "team", op: "blank" });
    expect(groupFilter("team", "")).toEqual({ field: "team", op: "eq", value: "" });
  });
});
