import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { hierarchy, type HierarchyNode } from "d3-hierarchy";
import { runSteps, runStepsYielding } from "~/lib/yielding";
import { buildFolderTree, buildLeafNodes, compareNames, folderTreeSteps, TREE_STEP } from "./build-tree";
import type { TreeNode } from "./types";

const LEVELS = ["Cluster", "Namespace"];
const build = (rows: { path: string[]; count: number }[]) =>
  buildFolderTree({ rootName: "System Breakdown", rows, levelTypes: LEVELS, rootType: "containerTree" });
/** A tree as its JSON has it (a built folder keeps its id and paths as getters). */
const plain = (t: TreeNode): TreeNode => JSON.parse(JSON.stringify(t));
const outline = (n: TreeNode): string[] => [
  `${n.id} ${n.name} ${n.containerCount}`,
  ...(n.children ?? []).flatMap(outline),
];

describe("buildFolderTree", () => {
  const tree = build([
    { path: ["prod-10", "b"], count: 2 },
    { path: ["prod-9", "a"], count: 1 },
    { path: ["Dev", "x"], count: 4 },
    { path: ["prod-9", "B"], count: 3 },
    { path: ["alpha", "z"], count: 5 },
    { path: ["prod-9", "a10"], count: 1 },
    { path: ["prod-9", "a9"], count: 1 },
  ]);

  it("sorts children case-insensitively in natural order and numbers them with dotted ids", () => {
    expect(outline(tree)).toEqual([
      "0 System Breakdown 17",
      "0.0 alpha 5",
      "0.0.0 z 5",
      "0.1 Dev 4",
      "0.1.0 x 4",
      "0.2 prod-9 6",
      "0.2.0 a 1",
      "0.2.1 a9 1",
      "0.2.2 a10 1",
      "0.2.3 B 3",
      "0.3 prod-10 2",
      "0.3.0 b 2",
    ]);
  });

  it("fills label, level, type, fullPath and parentPath", () => {
    const ns = tree.children![2].children![3];
    expect(plain(ns)).toEqual({
      id: "0.2.3",
      name: "B",
      label: "B",
      level: 2,
      type: "Namespace",
      fullPath: "System Breakdown/prod-9/B",
      parentPath: "System Breakdown/prod-9",
      containerCount: 3,
    });
    expect(tree).toMatchObject({ id: "0", level: 0, type: "containerTree", fullPath: "System Breakdown", label: "System Breakdown" });
    expect(tree.parentPath).toBeUndefined();
    expect(tree.children![0].type).toBe("Cluster");
  });

  it("merges repeated paths, keeps names differing in case apart, and counts a prefix row on its own node", () => {
    const t = build([
      { path: ["a", "x"], count: 1 },
      { path: ["a", "x"], count: 2 },
      { path: ["A", "x"], count: 4 },
      { path: ["a"], count: 10 },
    ]);
    expect(outline(t)).toEqual(["0 System Breakdown 17", "0.0 A 4", "0.0.0 x 4", "0.1 a 13", "0.1.0 x 3"]);
  });

  it("gives an empty tree a childless root", () => {
    expect(plain(build([]))).toEqual({ id: "0", name: "System Breakdown", label: "System Breakdown", level: 0, type: "containerTree", fullPath: "System Breakdown", parentPath: undefined, containerCount: 0 });
  });

  it("types levels deeper than levelTypes like the deepest known level", () => {
    expect(build([{ path: ["a", "b", "c"], count: 1 }]).children![0].children![0].children![0].type).toBe("Namespace");
  });
});

describe("natural order", () => {
  it("compares digit runs by value, ignoring case and leading zeros", () => {
    const names = ["node-10", "Node-2", "node-1", "node-02", "a", "B", "10", "9", "x1y10", "x1y9"];
    expect([...names].sort(compareNames)).toEqual(["9", "10", "a", "B", "node-1", "Node-2", "node-02", "node-10", "x1y9", "x1y10"]);
    expect(["pod-8", "pod-7", "Pod-007"].sort(compareNames)).toEqual(["Pod-007", "pod-7", "pod-8"]);
    expect(compareNames("Pod-007", "pod-7")).not.toBe(0);
  });
});

describe("buildLeafNodes", () => {
  it("continues the parent's ids and paths, sorted, each counting 1", () => {
    const parent: TreeNode = { id: "0.2", name: "ns", label: "ns", level: 2, type: "Namespace", fullPath: "System Breakdown/c/ns" };
    const leaves = buildLeafNodes(parent, [{ name: "web-10", entityId: "e2" }, { name: "Web-9", entityId: "e1" }], "Container");
    expect(leaves).toEqual([
      { id: "0.2.0", name: "Web-9", label: "Web-9", level: 3, type: "Container", fullPath: "System Breakdown/c/ns/Web-9", parentPath: "System Breakdown/c/ns", entityId: "e1", containerCount: 1 },
      { id: "0.2.1", name: "web-10", label: "web-10", level: 3, type: "Container", fullPath: "System Breakdown/c/ns/web-10", parentPath: "System Breakdown/c/ns", entityId: "e2", containerCount: 1 },
    ]);
    expect(buildLeafNodes(parent, [], "Container")).toEqual([]);
  });

  it("numbers the leaves of a folder that also has child folders after those folders, so no id is taken twice", () => {
    const child = (i: number): TreeNode => ({ id: `0.2.${i}`, name: `p${i}`, label: `p${i}`, level: 3, type: "Pod", fullPath: `S/c/ns/p${i}` });
    const parent: TreeNode = { id: "0.2", name: "ns", label: "ns", level: 2, type: "Namespace", fullPath: "S/c/ns", children: [child(0), child(1)] };
    const leaves = buildLeafNodes(parent, [{ name: "a", entityId: "e1" }, { name: "b", entityId: "e2" }], "Container");
    expect(leaves.map((l) => l.id)).toEqual(["0.2.2", "0.2.3"]);
    const ids = [...parent.children!.map((c) => c.id), ...leaves.map((l) => l.id)];
    expect(new Set(ids).size).toBe(ids.length);
  });
});

/** The builder as it was before it yielded (d3-hierarchy's sum and sort): the steps must give the same tree. */
function d3Reference(input: { rootName: string; rows: readonly { path: string[]; count: number }[]; levelTypes: readonly string[]; rootType: string }): TreeNode {
  type D = { name: string; count: number; kids: Map<string, D> };
  const root: D = { name: input.rootName, count: 0, kids: new Map() };
  for (const { path, count } of input.rows) {
    let node = root;
    for (const name of path) {
      let child = node.kids.get(name);
      if (!child) node.kids.set(name, (child = { name, count: 0, kids: new Map() }));
      node = child;
    }
    node.count += count;
  }
  const h = hierarchy<D>(root, (d) => (d.kids.size ? [...d.kids.values()] : undefined))
    .sum((d) => d.count)
    .sort((a, b) => compareNames(a.data.name, b.data.name));
  const finish = (n: HierarchyNode<D>, id: string, parentPath: string | undefined): TreeNode => {
    const fullPath = parentPath === undefined ? n.data.name : `${parentPath}/${n.data.name}`;
    const node: TreeNode = {
      id,
      name: n.data.name,
      label: n.data.name,
      level: n.depth,
      type: n.depth === 0 ? input.rootType : (input.levelTypes[n.depth - 1] ?? input.levelTypes[input.levelTypes.length - 1] ?? "folder"),
      fullPath,
      parentPath,
      containerCount: n.value ?? 0,
    };
    if (n.children) node.children = n.children.map((c, i) => finish(c, `${id}.${i}`, fullPath));
    return node;
  };
  return finish(h, "0", undefined);
}

describe("folderTreeSteps", () => {
  const name = fc.oneof(fc.constantFrom("a", "A", "b", "pod-9", "pod-10", "Pod-010", "x", "é", "😀"), fc.string({ maxLength: 4 }));
  const rows = fc.array(fc.record({ path: fc.array(name, { minLength: 1, maxLength: 4 }), count: fc.integer({ min: 0, max: 9 }) }), { maxLength: 60 });

  it("builds the tree d3-hierarchy built, key order and JSON included", () => {
    fc.assert(
      fc.property(rows, (r) => {
        const input = { rootName: "System Breakdown", rows: r, levelTypes: LEVELS, rootType: "root" };
        const expected = d3Reference(input);
        const built = buildFolderTree(input);
        expect(plain(built)).toEqual(expected);
        expect(JSON.stringify(built)).toBe(JSON.stringify(expected));
      }),
    );
  });

  it("gives the same tree when the big folders near the root are summed and ordered by hand (small chunks)", () => {
    fc.assert(
      fc.property(rows, fc.integer({ min: 1, max: 8 }), (r, chunk) => {
        const input = { rootName: "System Breakdown", rows: r, levelTypes: LEVELS, rootType: "root" };
        const built = runSteps(folderTreeSteps(input, chunk));
        expect(JSON.stringify(built)).toBe(JSON.stringify(d3Reference(input)));
      }),
    );
  });

  it("yields between steps on a large input and gives the same tree when run with turns of the event loop", async () => {
    const many = Array.from({ length: 3 * TREE_STEP }, (_, i) => ({ path: [`c${i % 7}`, `ns-${i % 101}`, `p${i}`], count: 1 + (i % 3) }));
    const input = { rootName: "S", rows: many, levelTypes: LEVELS, rootType: "root" };
    let yields = 0;
    const steps = folderTreeSteps(input);
    for (let r = steps.next(); !r.done; r = steps.next()) yields++;
    expect(yields).toBeGreaterThan(3);
    expect(plain(await runStepsYielding(folderTreeSteps(input)))).toEqual(plain(buildFolderTree(input)));
    expect(JSON.stringify(buildFolderTree(input))).toBe(JSON.stringify(d3Reference(input)));
  });
});
