import { beforeEach, describe, expect, it, vi } from "vitest";

// The grid loader's collaborators, so the drawer's read can be made to fail (spec document 2, section 8: a drawer
// shows the generic error indicator in place of its content; the grid itself stays).
const drawer = { fail: false };
vi.mock("~/models/feature-flags.server", () => ({ isFlagOn: async () => false }));
vi.mock("~/features/grid-views/bar.server", () => ({
  loadGridViewsBar: async () => ({ rowViewId: null, selected: null }),
  withRowView: (p: URLSearchParams) => p,
}));
vi.mock("~/features/drawers/hour-charts.server", () => ({ containerHourCharts: async () => null }));
vi.mock("~/models/container-grid.server", () => ({
  GROUPABLE_FIELDS: [],
  SORTABLE_FIELDS: { monthlyWaste: "monthly_waste", netSavings: "net_savings" },
  containerGroups: async () => ({ groups: [], total: 0, totalGroups: 0, page: 1 }),
  containerRows: async () => ({
    rows: [{ entityId: "c1", containerName: "api", policyName: "p", policyInstanceId: "pi", namespace: "web", cpuRequest: 250, existingCpuRequest: 500, badges: { cpuRequest: "down" }, memLimit: 512, monthlyWaste: 3 }],
    total: 1,
    page: 1,
  }),
}));
vi.mock("~/features/drawers/drawer.server", () => ({
  loadDrawer: async (_db: unknown, _scope: unknown, ref: { kind: string; id: string } | null) => {
    if (!ref) return null;
    if (drawer.fail) throw new Error("database unavailable");
    return { kind: "missing", ref };
  },
}));

const { loadDetailsGrid } = await import("./details.server");
const scope = {} as never;
const user = { id: "u1", userName: "admin", isAdmin: true } as never;
const load = (query: string) => loadDetailsGrid({} as never, user, scope, new URLSearchParams(query));

describe("details grid loader: a drawer that cannot load", () => {
  beforeEach(() => {
    drawer.fail = false;
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
  });

  it("answers the drawer as 'error' and still the grid's rows, instead of failing the page", async () => {
    drawer.fail = true;
    const grid = await load("drawer=container:c1");
    expect(grid.drawer).toEqual({ kind: "error", ref: { kind: "container", id: "c1" } });
    expect(grid.rows.map((r) => r.entityId)).toEqual(["c1"]);
  });

  it("passes a loaded drawer through and has none without the drawer parameter", async () => {
    expect((await load("drawer=container:c1")).drawer).toEqual({ kind: "missing", ref: { kind: "container", id: "c1" } });
    expect((await load("")).drawer).toBeNull();
  });
});

describe("details grid loader: what a row carries", () => {
  it("sends the shown columns' fields (a change column's existing value too) and the ids and names, not the whole row", async () => {
    const grid = await load("cols=containerName,namespace,cpuRequest");
    expect(grid.rows).toEqual([{ entityId: "c1", containerName: "api", policyName: "p", policyInstanceId: "pi", namespace: "web", cpuRequest: 250, existingCpuRequest: 500, badges: { cpuRequest: "down" } }]);
    expect(Object.keys((await load("cols=containerName,memLimit")).rows[0])).toContain("memLimit");
  });
});
