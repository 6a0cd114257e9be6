import { describe, expect, it } from "vitest";
import { buildFolderTree, buildLeafNodes } from "~/domain/tree/build-tree";
import { runTreeSearch, type LeafSearch } from "~/features/tree/search-redirect.server";
import type { TreeNode } from "~/domain/tree/types";

// Two clusters, each with namespaces; containers (leaves) live under the namespaces.
const root = buildFolderTree({
  rootName: "System Breakdown",
  rows: [
    { path: ["prod", "payments"], count: 2 },
    { path: ["prod", "search"], count: 1 },
    { path: ["stage", "payments"], count: 1 },
  ],
  levelTypes: ["Cluster", "Namespace"],
  rootType: "root",
});
const containers: Record<string, { name: string; entityId: string }[]> = {
  "prod/payments": [{ name: "pay-api", entityId: "c1" }, { name: "worker", entityId: "c2" }],
  "prod/search": [{ name: "indexer", entityId: "c3" }],
  "stage/payments": [{ name: "pay-api", entityId: "c4" }],
};
const leafSearch: LeafSearch = {
  async matches(term) {
    return Object.entries(containers).flatMap(([path, list]) =>
      list.filter((c) => c.name.includes(term.toLowerCase())).map((c) => ({ entityId: c.entityId, names: path.split("/") })),
    );
  },
  async leaves(folder: TreeNode) {
    const key = folder.fullPath.split("/").slice(1).join("/");
    return buildLeafNodes(folder, containers[key] ?? [], "Container");
  },
};
const href = (n: TreeNode) => `/t?nodeId=${n.id}&fullPath=${encodeURIComponent(n.fullPath)}`;

async function step(params: Record<string, string>) {
  try {
    const result = await runTreeSearch(root, new URL(`http://x/t?${new URLSearchParams(params)}`), href, leafSearch);
    return { message: result.message };
  } catch (thrown) {
    const location = new URL((thrown as Response).headers.get("Location")!, "http://x");
    return { nodeId: location.searchParams.get("nodeId")!, fullPath: location.searchParams.get("fullPath")!, hits: location.searchParams.get("hits")! };
  }
}

describe("tree search over folders and containers", () => {
  it("walks folders and the containers under them in tree order, then wraps around", async () => {
    const seen: string[] = [];
    let params: Record<string, string> = { q: "pay", dir: "next" };
    for (let i = 0; i < 5; i++) {
      const hit = await step(params);
      seen.push(hit.fullPath!);
      params = { q: "pay", dir: "next", nodeId: hit.nodeId!, hits: hit.hits! };
    }
    expect(seen).toEqual([
      "System Breakdown/prod/payments",
      "System Breakdown/prod/payments/pay-api",
      "System Breakdown/stage/payments",
      "System Breakdown/stage/payments/pay-api",
      "System Breakdown/prod/payments",
    ]);
  });

  it("finds a container that no folder name contains, and Previous returns to the last hit", async () => {
    const first = await step({ q: "indexer", dir: "next" });
    expect(first.fullPath).toBe("System Breakdown/prod/search/indexer");
    const second = await step({ q: "pay", dir: "next", nodeId: first.nodeId!, hits: first.hits! });
    expect(second.fullPath).toBe("System Breakdown/stage/payments");
    const back = await step({ q: "pay", dir: "prev", nodeId: second.nodeId!, hits: second.hits! });
    expect(back.nodeId).toBe(first.nodeId);
  });

  it("says when nothing matches and refuses terms under three characters", async () => {
    expect((await step({ q: "zzz", dir: "next" })).message).toBe("Text 'zzz' was not found.");
    expect((await step({ q: "pa", dir: "next" })).message).toMatch(/at least 3/);
  });
});
