import { describe, expect, it } from "vitest";
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, SERVER_MAX_VIEW_LEVELS, TEXT } from "~/lib/constants";
import {
  addLevel,
  addRow,
  deleteRow,
  moveLevel,
  moveRow,
  nodeTypeForLevel,
  removeLevel,
  rowControls,
  sortLevels,
  validateView,
  type ViewLevel,
} from "./view-levels";

const lv = (...keys: string[]): ViewLevel[] => keys.map((propertyKey, orderIndex) => ({ propertyKey, orderIndex }));
const keys = (levels: { propertyKey: string }[]) => levels.map((l) => l.propertyKey);
const GROUPABLE = ["K8S_CLUSTER", "K8S_NAMESPACE", "K8S_POD_OWNER_KIND", "K8S_POD_OWNER_NAME", "K8S_CONTAINER", "K8S_NODE_GROUP", "K8S_POLICY", "team", "environment"];

describe("validateView", () => {
  it("normalises name, description and levels (order, canonical keys, display names)", () => {
    const levels = [
      { propertyKey: "k8s_namespace", orderIndex: 7 },
      { propertyKey: " K8S_CLUSTER ", orderIndex: 2 },
      { propertyKey: "TEAM", orderIndex: 9 },
    ];
    expect(validateView({ name: "  Mine ", description: null, levels })).toEqual({
      ok: true,
      view: {
        name: "Mine",
        description: "",
        levels: [
          { propertyKey: "K8S_CLUSTER", orderIndex: 0, displayColumn: "Cluster" },
          { propertyKey: "K8S_NAMESPACE", orderIndex: 1, displayColumn: "Namespace" },
          { propertyKey: "team", orderIndex: 2, displayColumn: "Team" },
        ],
      },
    });
  });

  it.each<[string, Parameters<typeof validateView>[0], string[]]>([
    ["a blank name", { name: "   ", levels: lv("K8S_CLUSTER") }, [TEXT.viewNameRequired]],
    ["a long name", { name: "x".repeat(MAX_NAME_LENGTH + 1), levels: lv("K8S_CLUSTER") }, [`View Name is longer than ${MAX_NAME_LENGTH} characters.`]],
    ["a long description", { name: "v", description: "d".repeat(MAX_DESCRIPTION_LENGTH + 1), levels: lv("K8S_CLUSTER") }, [`Description is longer than ${MAX_DESCRIPTION_LENGTH} characters.`]],
    ["no levels", { name: "v", levels: [] }, [TEXT.viewLevelRequired]],
    ["too many levels", { name: "v", levels: lv(...GROUPABLE) }, [TEXT.maxLevels(SERVER_MAX_VIEW_LEVELS)]],
    ["an unknown property", { name: "v", levels: lv("K8S_CLUSTER", "nope") }, ["Unknown property 'nope'."]],
    ["a filter-only property", { name: "v", levels: lv("K8S_REPLICAS") }, ["Replicas cannot be used as a view level."]],
    ["a duplicate", { name: "v", levels: lv("team", "K8S_CLUSTER", "Team") }, ["Team is already a view level."]],
    ["everything at once", { name: "", levels: [] }, [TEXT.viewNameRequired, TEXT.viewLevelRequired]],
  ])("rejects %s", (_, input, errors) => {
    expect(validateView(input)).toEqual({ ok: false, errors });
  });

  it("accepts exactly the maximum, and a custom maximum", () => {
    expect(validateView({ name: "v", levels: lv(...GROUPABLE.slice(0, SERVER_MAX_VIEW_LEVELS)) }).ok).toBe(true);
    expect(validateView({ name: "v", levels: lv("K8S_CLUSTER", "K8S_NAMESPACE") }, 1)).toEqual({ ok: false, errors: [TEXT.maxLevels(1)] });
  });
});

describe("property breakdown edits", () => {
  it("adds at the end and selects the new level", () => {
    const r = addLevel(lv("K8S_CLUSTER"), "team");
    expect(r).toEqual({
      ok: true,
      items: [{ propertyKey: "K8S_CLUSTER", orderIndex: 0 }, { propertyKey: "team", orderIndex: 1, displayColumn: "Team" }],
      selectedIndex: 1,
    });
  });

  it("refuses to add past the maximum, a duplicate, or a non-groupable property", () => {
    expect(addLevel(lv("K8S_CLUSTER", "K8S_NAMESPACE"), "team", 2)).toEqual({ ok: false, title: TEXT.addPropertyError, error: TEXT.maxLevels(2) });
    expect(addLevel(lv("K8S_CLUSTER"), "k8s_cluster")).toEqual({ ok: false, title: TEXT.addPropertyError, error: "Cluster is already a view level." });
    expect(addLevel([], "K8S_LAST_SEEN")).toMatchObject({ ok: false, error: "Last Seen cannot be used as a view level." });
  });

  it("removes a level and every level below it", () => {
    const levels = lv("K8S_CLUSTER", "K8S_NAMESPACE", "K8S_POD_OWNER_NAME", "K8S_CONTAINER");
    expect(keys(removeLevel(levels, 1))).toEqual(["K8S_CLUSTER"]);
    expect(keys(removeLevel(levels, 3))).toEqual(["K8S_CLUSTER", "K8S_NAMESPACE", "K8S_POD_OWNER_NAME"]);
    expect(removeLevel(levels, 0)).toEqual([]);
    expect(keys(removeLevel(levels, 9))).toEqual(keys(levels));
  });

  it("moves a level by swapping adjacent order indexes, ignoring the ends", () => {
    const levels = lv("A", "B", "C");
    expect(moveLevel(levels, 1, "up")).toEqual(lv("B", "A", "C"));
    expect(moveLevel(levels, 1, "down")).toEqual(lv("A", "C", "B"));
    expect(moveLevel(levels, 0, "up")).toEqual(levels);
    expect(moveLevel(levels, 2, "down")).toEqual(levels);
    expect(levels).toEqual(lv("A", "B", "C")); // input untouched
  });

  it("orders by orderIndex before editing", () => {
    const shuffled = [{ propertyKey: "B", orderIndex: 5 }, { propertyKey: "A", orderIndex: 1 }];
    expect(sortLevels(shuffled)).toEqual(lv("A", "B"));
    expect(keys(removeLevel(shuffled, 1))).toEqual(["A"]);
  });
});

describe("filter row edits", () => {
  const rows = (...names: string[]) => names.map((name, orderIndex) => ({ name, orderIndex }));
  const names = (r: { name: string }[]) => r.map((x) => x.name);

  it("moves rows, ignoring first-up and last-down", () => {
    expect(names(moveRow(rows("a", "b", "c"), 0, "down"))).toEqual(["b", "a", "c"]);
    expect(names(moveRow(rows("a", "b", "c"), 2, "up"))).toEqual(["a", "c", "b"]);
    expect(names(moveRow(rows("a", "b", "c"), 0, "up"))).toEqual(["a", "b", "c"]);
    expect(names(moveRow(rows("a", "b", "c"), 2, "down"))).toEqual(["a", "b", "c"]);
  });

  it("deletes a row and selects the last remaining one; a sole row stays", () => {
    expect(deleteRow(rows("a", "b", "c"), 0)).toEqual({ items: rows("b", "c"), selectedIndex: 1 });
    expect(deleteRow(rows("a", "b", "c"), 2)).toEqual({ items: rows("a", "b"), selectedIndex: 1 });
    expect(deleteRow(rows("a"), 0)).toEqual({ items: rows("a"), selectedIndex: 0 });
  });

  it("adds a row up to the maximum", () => {
    expect(addRow(rows("a"), { name: "b", orderIndex: 99 })).toEqual({ ok: true, items: rows("a", "b"), selectedIndex: 1 });
    expect(addRow(rows("a", "b"), { name: "c", orderIndex: 0 }, 2)).toEqual({ ok: false, title: TEXT.addRowError, error: TEXT.maxLines(2) });
  });

  it("hides the arrows at the ends and delete on a sole row", () => {
    expect(rowControls(0, 3)).toEqual({ up: false, down: true, remove: true });
    expect(rowControls(1, 3)).toEqual({ up: true, down: true, remove: true });
    expect(rowControls(2, 3)).toEqual({ up: true, down: false, remove: true });
    expect(rowControls(0, 1)).toEqual({ up: false, down: false, remove: false });
  });
});

describe("nodeTypeForLevel", () => {
  const view = [{ propertyKey: "K8S_NAMESPACE", orderIndex: 1 }, { propertyKey: "K8S_CLUSTER", orderIndex: 0 }, { propertyKey: "technology", orderIndex: 2 }];

  it("takes the level's displayColumn at index level-1", () => {
    expect(nodeTypeForLevel(view, 0)).toBe("root");
    expect(nodeTypeForLevel(view, 1)).toBe("Cluster");
    expect(nodeTypeForLevel(view, 2)).toBe("Namespace");
    expect(nodeTypeForLevel(view, 3)).toBe("Technology");
    expect(nodeTypeForLevel([{ propertyKey: "K8S_POD_OWNER_NAME", orderIndex: 0 }], 1)).toBe("Pod Owner Name");
  });

  it("below the view's levels gives the leaf type of the tree", () => {
    expect(nodeTypeForLevel(view, 4)).toBe("Container");
    expect(nodeTypeForLevel(view, 4, "cloud")).toBe("cloudLeaf");
    expect(nodeTypeForLevel([], 1, "containers")).toBe("Container");
  });

  it("falls back to the display column for a property outside the whitelist", () => {
    expect(nodeTypeForLevel([{ propertyKey: "region", orderIndex: 0, displayColumn: "Region" }], 1, "cloud")).toBe("Region");
  });
});
