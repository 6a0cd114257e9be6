/**
 * The tree pane's items rendered once per distinct list on the server (ServerFragments, issue 13): the page must
 * carry the same markup as the items rendered in place, so that the browser hydrates it like the rest of the page.
 */
import { createElement as h, type ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { ServerFragmentsContext } from "~/components/server-fragments";
import { TreeView, type TreeRow } from "~/components/tree/TreeView";
import { fragmentCache } from "~/lib/fragment-cache.server";
import { streamedPage } from "./stream-render";

const streamed = async (node: ReactNode) => (await streamedPage(renderToPipeableStream, node)).html;

const row = (id: string, label: string, extra: Partial<TreeRow> = {}): TreeRow => ({
  id,
  name: label,
  label,
  level: id.split(".").length - 1,
  type: "Cluster",
  fullPath: `System Breakdown/${label}`,
  hasChildren: false,
  href: `/kubex/containers-tree/tree-item?fullPath=${encodeURIComponent(label)}&q=a&b`,
  ...extra,
});

const root: TreeRow = {
  ...row("0", "System Breakdown", { type: "root", fullPath: "System Breakdown", hasChildren: true, count: 500_000 }),
  children: [
    row("0.0", "dev-aks-eus-044", { count: 1_234, hasChildren: true, children: [row("0.0.0", "kube-system", { type: "Namespace", count: 7 })] }),
    row("0.1", "prod <eks> & \"euc1\"", { count: 12, hasChildren: true }),
    row("0.2", "naïve 東京", { count: 0 }),
  ],
};

const page = (selectedId: string, fragments: ReturnType<typeof fragmentCache> | null) =>
  h(StaticRouter, { location: "/kubex/containers-tree" }, h(ServerFragmentsContext.Provider, { value: fragments }, h(TreeView, { root, selectedId, showCount: true })));

describe("TreeView on the server with ServerFragments", () => {
  it("sends the markup the items make in place, from the cache on the second page", async () => {
    const cache = fragmentCache();
    for (const selectedId of ["0", "0.0", "0.0.0"]) {
      const inPlace = await streamed(page(selectedId, null));
      expect(inPlace).toContain('role="treeitem"');
      expect(await streamed(page(selectedId, cache))).toBe(inPlace);
      expect(await streamed(page(selectedId, cache))).toBe(inPlace);
    }
    // Each selection is a list of its own (the selected item, the open folders): three made, three reused.
    expect(cache.stats()).toMatchObject({ misses: 3, hits: 3, entries: 3 });
  });
});
