import { describe, expect, it } from "vitest";
import type { TreeNode } from "~/domain/tree/types";
import { childrenOf, expandSlice, keptTreeSlice, toRow, treeSlice, type TreeRow } from "./slice";
import { TREE_ROUTE, treeItemHref, treeLinkContext } from "./tree-links";
import type { TreeKind } from "~/domain/tree/types";

/** The links as the pages made them before (one URLSearchParams per item): the slice's must be the same strings. */
function referenceHref(kind: TreeKind, node: TreeNode, context: { viewId?: string; filterId?: string; keep?: URLSearchParams }) {
  const params = new URLSearchParams(context.keep);
  for (const p of ["nodeId", "level", "fullPath", "entityId", "tnodeId", "type", "q", "dir", "hits", "expand", "reload", "automation", "automationError", "tour", "saved"]) params.delete(p);
  if (kind === "nodes") {
    params.delete("viewId");
    params.delete("filterId");
  } else {
    if (context.viewId) params.set("viewId", context.viewId);
    if (context.filterId) params.set("filterId", context.filterId);
  }
  if (node.level <= 0) return `${TREE_ROUTE[kind]}${params.toString() ? `?${params}` : ""}`;
  params.set("nodeId", node.id);
  params.set("level", String(node.level));
  params.set("fullPath", node.fullPath);
  if (node.entityId) params.set("entityId", node.entityId);
  params.set("tnodeId", node.id);
  params.set("type", node.type);
  return `${TREE_ROUTE[kind]}/tree-item?${params}`;
}

const node = (id: string, name: string, level: number, parentPath: string | undefined, extra: Partial<TreeNode> = {}): TreeNode => ({
  id,
  name,
  label: name,
  level,
  type: level === 0 ? "containerTree" : "Namespace",
  fullPath: parentPath === undefined ? name : `${parentPath}/${name}`,
  parentPath,
  ...extra,
});

const ODD_NAMES = ["plain", "with space", "a&b=c+d", "100% ~ (x)! 'q' *", "ünïcødé 名前", "slash/inside", "#hash?query", "tab\there"];

describe("tree item links", () => {
  it("are the strings URLSearchParams makes, for every kind, odd name and page parameter", () => {
    const keep = new URLSearchParams("tabGroup1=analysis-details&sort=currentCost&dir=desc&q=worker&nodeId=0.9&fullPath=old&page=2&saved=view&x=a b");
    for (const kind of ["containers", "nodes", "cloud"] as const) {
      for (const context of [{}, { viewId: "v 1", filterId: "f&1" }, { viewId: "v", filterId: "f", keep }, { keep: new URLSearchParams() }]) {
        const links = treeLinkContext(kind, context);
        for (const name of ODD_NAMES) {
          for (const n of [node("0", name, 0, undefined), node("0.3", name, 1, "Root (all)"), node("0.3.1", name, 2, "R/c d", { entityId: `e ${name}`, type: "Pod Owner (Name)" })]) {
            expect(treeItemHref(links, n)).toBe(referenceHref(kind, n, context));
          }
        }
      }
    }
  });
});

describe("tree slices", () => {
  // Root > two clusters; the second has a namespace whose label is not its name and one whose path breaks the rule.
  const ns1 = node("0.1.0", "payments", 2, "System Breakdown/prod 2", { containerCount: 4, label: "Payments (team)" });
  const ns2 = node("0.1.1", "odd", 2, "System Breakdown/prod 2", { containerCount: 2, fullPath: "System Breakdown/prod 2/elsewhere/odd", entityId: "e-7" });
  const prod2 = node("0.1", "prod 2", 1, "System Breakdown", { containerCount: 6, children: [ns1, ns2] });
  const prod1 = node("0.0", "prod-1", 1, "System Breakdown", { containerCount: 3, children: [node("0.0.0", "a", 2, "System Breakdown/prod-1")] });
  const root = node("0", "System Breakdown", 0, undefined, { containerCount: 9, children: [prod1, prod2] });
  const links = treeLinkContext("containers", { viewId: "v", filterId: "f", keep: new URLSearchParams("tabGroup1=summary") });
  const href = (n: TreeNode) => referenceHref("containers", n, { viewId: "v", filterId: "f", keep: new URLSearchParams("tabGroup1=summary") });

  it("travel without links, labels equal to names or full paths that follow from the parent, and come back whole", () => {
    const slice = treeSlice([root, prod2]);
    const wire = JSON.stringify(slice);
    expect(wire).not.toContain("href");
    expect(wire.match(/"fullPath"/g)).toHaveLength(2); // the top row's, and the one that does not follow
    expect(wire).toContain('"label":"Payments (team)"');
    expect(wire).toContain('"fullPath":"System Breakdown/prod 2/elsewhere/odd"');

    const whole = expandSlice(JSON.parse(wire), links);
    const expected = (n: TreeNode, kids?: TreeRow[]): TreeRow => {
      const row = JSON.parse(JSON.stringify(toRow(n, href, () => false))) as TreeRow;
      return kids ? { ...row, children: kids } : row;
    };
    expect(JSON.parse(JSON.stringify(whole))).toEqual(
      expected(root, [expected(prod1), expected(prod2, [expected(ns1), expected(ns2)])]),
    );
  });

  it("marks lazy folders as having children, and names a selected folder's contents", () => {
    const slice = treeSlice([root, prod2], (n) => n.level === 2);
    const whole = expandSlice(slice, links);
    expect(whole.children?.[1].children?.map((c) => c.hasChildren)).toEqual([true, true]);
    expect(childrenOf(whole, "0.1").map((c) => [c.label, c.count])).toEqual([["Payments (team)", 4], ["odd", 2]]);
    expect(childrenOf(whole, "0").map((c) => c.name)).toEqual(["prod-1", "prod 2"]);
    // Outside the slice (prod-1's children were not sent): nothing, not another folder's rows.
    expect(childrenOf(whole, "0.0")).toEqual([]);
    expect(expandSlice(slice, links)).toBe(whole);
  });

  it("is the same object for the same path through a kept tree, and a slice of its own for other nodes or depths", () => {
    const kept = keptTreeSlice(root, [root, prod2], 2);
    expect(kept).toEqual(treeSlice([root, prod2], (n) => n.level === 2));
    expect(keptTreeSlice(root, [root, prod2], 2)).toBe(kept);
    // Another lazy depth, another path, or a folder read for this page (same ids, another object): not the kept one.
    expect(keptTreeSlice(root, [root, prod2], 0)).not.toBe(kept);
    expect(keptTreeSlice(root, [root, prod2], 0).children?.[1].children?.map((c) => c.hasChildren)).toEqual([false, false]);
    expect(keptTreeSlice(root, [root, prod1], 2)).not.toBe(kept);
    // A folder read for the page (same ids, another object, as a deepest folder's leaves are): its own slice, each
    // time, and never kept (nothing would ask for it again).
    const readAgain = { ...prod2, children: [ns1] };
    const own = keptTreeSlice(root, [root, readAgain], 2);
    expect(own).not.toBe(kept);
    expect(own.children?.[1].children?.map((c) => c.id)).toEqual(["0.1.0"]);
    expect(keptTreeSlice(root, [root, readAgain], 2)).not.toBe(own);
    expect(keptTreeSlice(root, [root, prod2], 2)).toBe(kept);
    // A path that does not start at the tree's root is not kept either.
    expect(keptTreeSlice(root, [prod2], 2)).not.toBe(keptTreeSlice(root, [prod2], 2));
  });

  it("keeps the last few link contexts of a slice", () => {
    const slice = treeSlice([root, prod2]);
    const first = expandSlice(slice, links);
    for (let page = 1; page <= 4; page++) expandSlice(slice, treeLinkContext("containers", { viewId: "v", filterId: "f", keep: new URLSearchParams(`page=${page}`) }));
    // Four newer contexts: the first was let go, and is made again (equal, not the same object).
    const again = expandSlice(slice, links);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
    expect(expandSlice(slice, links)).toBe(again);
  });
});
