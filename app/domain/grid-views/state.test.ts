import { describe, expect, it } from "vitest";
import { isStateKey, nextFreeTitle, normaliseState, sameState, stateFromParams, viewSearch } from "./state";

const rules = { stateKeys: ["sort", "dir", "q", "size", "cols", "f.*"], defaults: { sort: "monthlyWaste", dir: "desc", size: "20" } };

describe("grid state", () => {
  it("keeps only the grid's keys (f.* as a prefix), drops blanks and defaults, sorts keys", () => {
    expect(isStateKey("f.cluster", rules)).toBe(true);
    expect(isStateKey("f", rules)).toBe(false);
    expect(isStateKey("page", rules)).toBe(false);
    expect(normaliseState({ size: "20", q: " ", sort: "netSavings", page: "3", "f.ns": "web", dir: "desc" }, rules)).toEqual({ "f.ns": "web", sort: "netSavings" });
    expect(Object.keys(normaliseState({ sort: "a", cols: "x", "f.b": "1" }, rules))).toEqual(["cols", "f.b", "sort"]);
  });

  it("reads the state from an address, joining a repeated key with commas", () => {
    const p = new URLSearchParams("tabGroup1=analysis-details&cols=a&cols=b&page=4&drawer=container:1&dir=asc&gridViewId=x");
    expect(stateFromParams(p, rules)).toEqual({ cols: "a,b", dir: "asc" });
    expect(sameState({ dir: "asc", size: "20" }, { dir: "asc" }, rules)).toBe(true);
    expect(sameState({ dir: "asc" }, {}, rules)).toBe(false);
  });

  it("builds a view's address: context kept, state replaced, page, drawer and form messages dropped", () => {
    const search = "?viewId=v&fullPath=%2Fa&tabGroup1=analysis-details&sort=cpu&q=old&f.ns=x&page=3&drawer=container:1&gvAction=rename&gridViewId=old";
    const p = new URLSearchParams(viewSearch(search, "new-id", { q: "api", size: "20" }, rules));
    expect([...p]).toEqual([
      ["viewId", "v"],
      ["fullPath", "/a"],
      ["tabGroup1", "analysis-details"],
      ["q", "api"],
      ["gridViewId", "new-id"],
    ]);
  });

  it("numbers names from 1, taking the lowest free number case-insensitively", () => {
    expect(nextFreeTitle("New View", [])).toBe("New View 1");
    expect(nextFreeTitle("New View", ["new view 1", "New View 3"])).toBe("New View 2");
    expect(nextFreeTitle("X Copy", ["X Copy 1", "x copy 2 "])).toBe("X Copy 3");
  });
});
