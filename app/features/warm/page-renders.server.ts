/**
 * Warm code (issue 13, decision 022 §1c): before a web process takes connections it renders the default pages a few
 * dozen times through Remix's request handler, as the cache warmer (app/lib/warm-request.server.ts). A new process
 * runs its JavaScript in V8's first tiers until each function has run often enough to be optimised: under the
 * 50-user load at 150,000 containers its first ~15 s answered ~25 % fewer requests per second than later, and the
 * slowest answers of the whole run (up to 2.8 s) came from them. warm.server.ts fills the caches the pages read;
 * this runs the code that reads and renders them, on each kind of default page (a folder's Summary, the AI
 * Analysis Details grid in its default order and sorted on a later page, a workload, both node grids).
 */
import type { Store } from "~/db/connect.server";
import { CACHE_WARMER, warmRequestHeaders } from "~/lib/warm-request.server";
import { closeRequestMemo, openRequestMemo, REQUEST_ID_HEADER } from "~/lib/request-memo.server";
import type { TreeNode } from "~/domain/tree/types";
import { resolvePageFolder } from "~/features/tree/page-scope.server";
import { loadDetailsGrid } from "~/features/containers/details.server";

/** Remix's request handler for the server build (what @remix-run/node's createRequestHandler returns). */
export type PageHandler = (request: Request) => Promise<Response>;

/** Rounds over the pages, and the most time they may take together (a store far past the benchmarks' sizes). */
export const WARM_RENDER_ROUNDS = 30;
export const WARM_RENDER_BUDGET_MS = 20_000;

/** The default pages to render: addresses below /kubex, from what the store holds. */
export async function warmPageAddresses(store: Store): Promise<string[]> {
  const none = new URLSearchParams();
  const { folder } = await resolvePageFolder(store.db, CACHE_WARMER, "containers", none);
  const grid = await loadDetailsGrid(store.db, CACHE_WARMER, folder, none);
  // A folder a few levels down (the tree pane open on its path), else the root's.
  let deep: TreeNode = folder.folder;
  for (let level = 0; level < 3; level++) {
    const next = deep.children?.find((c) => c.children?.length) ?? deep.children?.[0];
    if (!next) break;
    deep = next;
  }
  const item = (params: Record<string, string>) => `/kubex/containers-tree/tree-item?${new URLSearchParams(params)}`;
  const workload = grid.utilization.selected?.entityId;
  return [
    "/kubex/containers-tree",
    ...(deep.fullPath ? [item({ fullPath: deep.fullPath })] : []),
    item({ tabGroup1: "analysis-details" }),
    item({ tabGroup1: "analysis-details", sort: "currentCost", dir: "desc", page: "2" }),
    ...(workload ? [item({ entityId: workload })] : []),
    "/kubex/nodes-tree",
    "/kubex/nodes-tree?tabGroupNode=node-detail",
  ];
}

export interface WarmRenders {
  renders: number;
  ms: number;
  /** Why it stopped before its rounds, if it did. */
  stopped?: string;
}

/**
 * Renders each address `rounds` times, one at a time, reading every response to its end; stops early when the time
 * budget is spent or a page does not answer 200 (the warm-up is an optimisation: it never fails the start).
 */
export async function warmPageRenders(
  handle: PageHandler,
  addresses: readonly string[],
  {
    rounds = WARM_RENDER_ROUNDS,
    budgetMs = WARM_RENDER_BUDGET_MS,
    now = () => performance.now(),
  }: { rounds?: number; budgetMs?: number; now?: () => number } = {},
): Promise<WarmRenders> {
  const started = now();
  let renders = 0;
  for (let round = 0; round < rounds; round++) {
    for (const address of addresses) {
      if (now() - started >= budgetMs) return { renders, ms: now() - started, stopped: `the ${budgetMs} ms budget` };
      // With a request memo, as scripts/serve.mjs gives every request it admits: the same code as a user's page.
      const memo = openRequestMemo();
      let response: Response;
      try {
        response = await handle(new Request(new URL(address, "http://localhost"), { headers: { ...warmRequestHeaders(), [REQUEST_ID_HEADER]: memo, Accept: "text/html" } }));
        await response.arrayBuffer();
      } finally {
        closeRequestMemo(memo);
      }
      if (response.status !== 200) return { renders, ms: now() - started, stopped: `HTTP ${response.status} from ${address}` };
      renders++;
    }
  }
  return { renders, ms: now() - started };
}
