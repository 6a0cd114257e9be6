import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { runSteps } from "~/lib/yielding";
import { buildFolderTree } from "./build-tree";
import { JSON_PART_NODES, jsonLiteralBuffers, treeJsonParts } from "./tree-json";
import type { TreeNode } from "./types";

const textOf = (tree: TreeNode) => runSteps(treeJsonParts(tree)).join("");
const literalOf = (tree: TreeNode) => Buffer.concat(runSteps(jsonLiteralBuffers(runSteps(treeJsonParts(tree))))).toString("utf8");

describe("the folder list's JSON in parts", () => {
  const name = fc.oneof(fc.constantFrom("a", "B", "pod-9", '"quoted"', "back\\slash", "new\nline", "\u0000", "é", "😀", "\u2028"), fc.string({ maxLength: 5, unit: "binary" }));
  const rows = fc.array(fc.record({ path: fc.array(name, { minLength: 1, maxLength: 3 }), count: fc.integer({ min: 0, max: 9 }) }), { maxLength: 40 });

  it("is JSON.stringify's text, and its literal JSON.stringify of that text", () => {
    fc.assert(
      fc.property(rows, (r) => {
        const tree = buildFolderTree({ rootName: "System Breakdown", rows: r, levelTypes: ["Cluster", "Namespace"], rootType: "root" });
        expect(textOf(tree)).toBe(JSON.stringify(tree));
        expect(literalOf(tree)).toBe(JSON.stringify(JSON.stringify(tree)));
      }),
    );
  });

  it("writes any key order, undefined values, extra fields and children that are not last as JSON.stringify does", () => {
    const odd = { children: [{ id: "1", extra: { a: [1, null] }, skip: undefined, name: "x" }, { name: "y", children: [] }], id: "0", when: new Date(0), n: 1.5, flag: true, parentPath: undefined } as unknown as TreeNode;
    expect(textOf(odd)).toBe(JSON.stringify(odd));
  });

  it("makes several parts of a large tree, each a step", () => {
    const tree = buildFolderTree({ rootName: "S", rows: Array.from({ length: 10 * JSON_PART_NODES }, (_, i) => ({ path: [`c${i % 50}`, `p${i}`], count: 1 })), levelTypes: ["Cluster", "Pod"], rootType: "root" });
    const parts = runSteps(treeJsonParts(tree));
    expect(parts.length).toBeGreaterThan(3);
    expect(parts.join("")).toBe(JSON.stringify(tree));
  });
});
