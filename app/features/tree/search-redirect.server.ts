import { redirect } from "@remix-run/node";
import { SEARCH_MAX, TEXT } from "~/lib/constants";
import { findById, searchTree } from "./navigate";
import { parseHits } from "./pick-default";
import type { TreeNode } from "./types";

/**
 * Tree search as GET ?q=term&dir=next|prev from the node in nodeId. A hit redirects to the hit's own address
 * (keeping q and the hit history in `hits`); a miss returns the banner text for the page to show.
 */
export function runTreeSearch(root: TreeNode, url: URL, href: (n: TreeNode) => string): { term: string; message?: string } {
  const params = url.searchParams;
  const term = (params.get("q") ?? "").slice(0, SEARCH_MAX);
  const dir = params.get("dir");
  if (!term || (dir !== "next" && dir !== "prev")) return { term };
  const hits = parseHits(params.get("hits"));
  if (dir === "prev" && hits.length > 1) hits.pop();
  const previous = dir === "prev" && hits.length ? findById(root, hits[hits.length - 1]) : undefined;
  const found = previous ? { kind: "found" as const, node: previous } : searchTree(root, term, { afterId: params.get("nodeId") ?? undefined, direction: "next" });
  if (found.kind === "found") {
    if (!previous) hits.push(found.node.id);
    const target = new URL(href(found.node), url);
    target.searchParams.set("q", term);
    target.searchParams.set("hits", hits.join(","));
    throw redirect(target.pathname + target.search);
  }
  return { term, message: found.kind === "error" ? found.error : TEXT.searchNotFound(term.trim()) };
}

export function searchFormState(url: URL, base: string, keep: Record<string, string>, search: { term: string; message?: string }) {
  const hidden = { ...keep };
  const nodeId = url.searchParams.get("nodeId");
  const hits = url.searchParams.get("hits");
  if (nodeId) hidden.nodeId = nodeId;
  if (hits) hidden.hits = hits;
  const stop = new URL(url);
  for (const p of ["q", "dir", "hits"]) stop.searchParams.delete(p);
  return { action: base, hidden, term: search.term, hitCount: parseHits(hits).length, stopHref: stop.pathname + stop.search, message: search.message };
}
