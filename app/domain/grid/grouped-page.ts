/**
 * One page of a server-side grid, flat or grouped, with the first rows of every open group: the same steps for the
 * containers and the cloud services grids, with their row queries passed in. A page past the end is clamped to the
 * last one (a link kept after the data shrank); an open group lists its first GROUP_ROWS rows in the grid's sort,
 * and "Show all" filters the grid to it.
 */

/** The address's name for the group of rows without a value (open=…, and the floating filter's value). */
export const BLANK_GROUP = "(blank)";
/** Rows listed under an open group. */
export const GROUP_ROWS = 10;

/** The filter that keeps one group's rows. */
export type GroupFilter = { field: string; op: "blank" } | { field: string; op: "eq"; value: string };

export const groupFilter = (field: string, value: string | null): GroupFilter =>
  value === null ? { field, op: "blank" } : { field, op: "eq", value };

interface RowsPage {
  rows: unknown[];
  total: number;
  page: number;
}

interface GroupsPage<Group> {
  groups: Group[];
  total: number;
  totalGroups: number;
  page: number;
}

export interface GroupedPageArgs<Rows extends RowsPage, Groups extends GroupsPage<{ value: string | null }>> {
  groupBy: string | null;
  page: number;
  pageSize: number;
  /** The open groups' values as the address names them (BLANK_GROUP for the blank one). */
  open: ReadonlySet<string>;
  /** A page of rows; with a group's filter, that group's first rows. */
  fetchRows: (page: number, pageSize: number, group?: GroupFilter) => Promise<Rows>;
  fetchGroups: (groupBy: string, page: number, pageSize: number) => Promise<Groups>;
}

export interface GroupedPage<Rows extends RowsPage, Groups> {
  rowsPage: Rows | null;
  groupsPage: Groups | null;
  /** The row count of the grid (every matching row, grouped or not). */
  total: number;
  page: number;
  lastPage: number;
  groupRows: { value: string | null; rows: Rows["rows"] }[];
  /** The rows on screen: the page's, or the open groups' in order. */
  shownRows: Rows["rows"];
}

export async function loadGroupedPage<Rows extends RowsPage, Groups extends GroupsPage<{ value: string | null }>>(
  args: GroupedPageArgs<Rows, Groups>,
): Promise<GroupedPage<Rows, Groups>> {
  const { groupBy, pageSize, open, fetchRows, fetchGroups } = args;
  let rowsPage = groupBy ? null : await fetchRows(args.page, pageSize);
  let groupsPage = groupBy ? await fetchGroups(groupBy, args.page, pageSize) : null;
  const count = groupsPage ? groupsPage.totalGroups : rowsPage!.total;
  const lastPage = Math.max(1, Math.ceil(count / pageSize));
  if (args.page > lastPage) {
    if (groupBy) groupsPage = await fetchGroups(groupBy, lastPage, pageSize);
    else rowsPage = await fetchRows(lastPage, pageSize);
  }
  const groupRows =
    groupBy && groupsPage
      ? await Promise.all(
          groupsPage.groups
            .filter((g) => open.has(g.value ?? BLANK_GROUP))
            .map(async (g) => ({ value: g.value, rows: (await fetchRows(1, GROUP_ROWS, groupFilter(groupBy, g.value))).rows })),
        )
      : [];
  return {
    rowsPage,
    groupsPage,
    total: groupsPage ? groupsPage.total : rowsPage!.total,
    page: groupsPage ? groupsPage.page : rowsPage!.page,
    lastPage,
    groupRows,
    shownRows: rowsPage?.rows ?? (groupRows.flatMap((g) => g.rows) as Rows["rows"]),
  };
}

/** The row the Utilization Charts panel shows: the one the address selects (sel=<entityId>) if on screen, else the first. */
export function selectedRow<Row extends { entityId: string }>(rows: readonly Row[], sel: string | null): Row | null {
  return rows.find((r) => r.entityId === sel) ?? rows[0] ?? null;
}
