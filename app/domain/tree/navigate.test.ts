import { describe, expect, it } from "vitest";
import { TEXT } from "~/lib/constants";
import { ancestorIdsOf, findById, findByFullPath, flattenVisible, nodeCountBadge, searchTree } from "./navigate";
import type { TreeNode } from "./types";
import { buildFolderTree } from "./build-tree";

/** Hand-built tree: n(name, children) derives ids and paths the way the folder list carries them. */
function n(name: string, children?: TreeNode[]): TreeNode {
  return { id: "", name, label: name, level: 0, type: "folder", fullPath: name, children };
}
function finish(node: TreeNode, id = "0", level = 0, parentPath?: string): TreeNode {
  const fullPath = parentPath ? `${parentPath}/${node.name}` : node.name;
  return { ...node, id, level, fullPath, parentPath, children: node.children?.map((c, i) => finish(c, `${id}.${i}`, level + 1, fullPath)) };
}

// 0 System Breakdown
//   0.0 prod-eks-1        0.0.0 payments (0.0.0.0 api, 0.0.0.1 worker)   0.0.1 Checkout (0.0.1.0 web)
//   0.1 dev-aks           0.1.0 dev (0.1.0.0 api-dev)
//   0.2 System Breakdown  (a child named like the root)
const tree = finish(
  n("System Breakdown", [
    n("prod-eks-1", [n("payments", [n("api"), n("worker")]), n("Checkout", [n("web")])]),
    n("dev-aks", [n("dev", [n("api-dev")])]),
    n("System Breakdown", [n("inner")]),
  ]),
);
const ids = (nodes: TreeNode[]) => nodes.map((x) => x.id);

describe("findByFullPath", () => {
  it("matches names case-insensitively, with or without the root name", () => {
    const withRoot = findByFullPath(tree, "system breakdown/PROD-EKS-1/checkout/Web");
    expect(withRoot.node.id).toBe("0.0.1.0");
    expect(withRoot.matched).toBe(true);
    expect(ids(withRoot.ancestors)).toEqual(["0", "0.0", "0.0.1"]);
    expect(findByFullPath(tree, "prod-eks-1/payments").node.id).toBe("0.0.0");
    expect(findByFullPath(tree, "/prod-eks-1/payments/").node.id).toBe("0.0.0");
  });

  it("selects the root for an empty path or the root's own name", () => {
    expect(findByFullPath(tree, "")).toEqual({ node: tree, matched: true, ancestors: [] });
    expect(findByFullPath(tree, undefined)).toEqual({ node: tree, matched: true, ancestors: [] });
    expect(findByFullPath(tree, "System Breakdown")).toEqual({ node: tree, matched: true, ancestors: [] });
  });

  it("falls back to the root when the path does not fully match", () => {
    expect(findByFullPath(tree, "System Breakdown/prod-eks-1/nope")).toEqual({ node: tree, matched: false, ancestors: [] });
    expect(findByFullPath(tree, "prod-eks-1/payments/api/deeper")).toEqual({ node: tree, matched: false, ancestors: [] });
  });

  it("reads a leading root name as a child's name when only that matches", () => {
    expect(findByFullPath(tree, "System Breakdown/inner").node.id).toBe("0.2.0");
    expect(findByFullPath(tree, "System Breakdown/System Breakdown").node.id).toBe("0.2");
  });
});

describe("findById and ancestorIdsOf", () => {
  it("indexes down the dotted path", () => {
    expect(findById(tree, "0")).toBe(tree);
    expect(findById(tree, "0.1.0.0")?.name).toBe("api-dev");
    expect(findById(tree, "0.9")).toBeUndefined();
    expect(findById(tree, "x")).toBeUndefined();
  });

  it("finds nodes whose ids are not index paths by scanning", () => {
    const odd: TreeNode = { ...tree, children: [{ ...tree.children![1], id: "0.7" }] };
    expect(findById(odd, "0.7")?.name).toBe("dev-aks");
  });

  it("lists the ancestors of an id", () => {
    expect(ancestorIdsOf("0.1.2")).toEqual(["0", "0.1"]);
    expect(ancestorIdsOf("0")).toEqual([]);
  });
});

describe("flattenVisible", () => {
  it("walks pre-order, entering only expanded nodes", () => {
    expect(ids(flattenVisible(tree, []))).toEqual(["0"]);
    expect(ids(flattenVisible(tree, ["0"]))).toEqual(["0", "0.0", "0.1", "0.2"]);
    expect(ids(flattenVisible(tree, new Set(["0", "0.0", "0.0.1", "0.1.0"])))).toEqual(["0", "0.0", "0.0.0", "0.0.1", "0.0.1.0", "0.1", "0.2"]);
  });
});

describe("searchTree", () => {
  it("needs at least three trimmed characters", () => {
    expect(searchTree(tree, "  ap  ")).toEqual({ kind: "error", error: "Enter at least 3 characters to search." });
    expect(searchTree(tree, " api ")).toMatchObject({ kind: "found", node: { id: "0.0.0.0" } });
  });

  it("finds the first hit in pre-order, case-insensitively, with the ancestors to expand", () => {
    expect(searchTree(tree, "CHECK")).toEqual({ kind: "found", node: findById(tree, "0.0.1"), ancestorIds: ["0", "0.0"] });
  });

  it("continues after the current hit and wraps around", () => {
    expect(searchTree(tree, "api", { afterId: "0.0.0.0" })).toMatchObject({ node: { id: "0.1.0.0" }, ancestorIds: ["0", "0.1", "0.1.0"] });
    expect(searchTree(tree, "api", { afterId: "0.1.0.0" })).toMatchObject({ node: { id: "0.0.0.0" } });
    expect(searchTree(tree, "work", { afterId: "0.0.0.1" })).toMatchObject({ node: { id: "0.0.0.1" } });
  });

  it("searches backwards for the previous hit", () => {
    expect(searchTree(tree, "api", { afterId: "0.1.0.0", direction: "previous" })).toMatchObject({ node: { id: "0.0.0.0" } });
    expect(searchTree(tree, "api", { afterId: "0.0.0.0", direction: "previous" })).toMatchObject({ node: { id: "0.1.0.0" } });
    expect(searchTree(tree, "api", { direction: "previous" })).toMatchObject({ node: { id: "0.1.0.0" } });
  });

  it("includes the root and starts from the top for an unknown afterId", () => {
    expect(searchTree(tree, "breakdown")).toMatchObject({ node: { id: "0" } });
    expect(searchTree(tree, "breakdown", { afterId: "0" })).toMatchObject({ node: { id: "0.2" } });
    expect(searchTree(tree, "prod", { afterId: "9.9" })).toMatchObject({ node: { id: "0.0" } });
  });

  it("reports a miss with the spec's text", () => {
    expect(searchTree(tree, " nothing ")).toEqual({ kind: "notFound", message: TEXT.searchNotFound("nothing") });
  });
});

describe("nodeCountBadge", () => {
  it("shows containerCount, else count", () => {
    expect(nodeCountBadge({ ...tree, containerCount: 4, count: 9 })).toBe(4);
    expect(nodeCountBadge({ ...tree, containerCount: 0, count: 9 })).toBe(0);
    expect(nodeCountBadge({ ...tree, count: 9 })).toBe(9);
    expect(nodeCountBadge(tree)).toBeUndefined();
  });
});

describe("a built tree (FolderNode)", () => {
  const built = buildFolderTree({
    rootName: "System Breakdown",
    rows: [
      { path: ["prod-eks-1", "payments", "api"], count: 2 },
      { path: ["prod-eks-1", "payments", "worker"], count: 1 },
      { path: ["dev-aks", "payments-dev", "api-dev"], count: 1 },
    ],
    levelTypes: ["Cluster", "Namespace", "Pod Owner"],
    rootType: "containerTree",
  });

  it("finds a folder by its id and gives none for an id it does not have", () => {
    expect(findById(built, "0.1.0.1")?.fullPath).toBe("System Breakdown/prod-eks-1/payments/worker");
    expect(findById(built, "0.1.0.7")).toBeUndefined();
    expect(findById(built, "0.9")).toBeUndefined();
  });

  it("searches on from the hit before, with the ids of its ancestors", () => {
    const first = searchTree(built, "payments");
    expect(first).toMatchObject({ kind: "found", ancestorIds: ["0", "0.0"] });
    const next = searchTree(built, "payments", { afterId: first.kind === "found" ? first.node.id : "" });
    expect(next.kind === "found" && next.node.fullPath).toBe("System Breakdown/prod-eks-1/payments");
    expect(next).toMatchObject({ ancestorIds: ["0", "0.1"] });
  });
});
