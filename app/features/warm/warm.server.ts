/**
 * Warm caches (issue 13): no user pays the first request after a start, an analysis or a collection. Each web
 * process (scripts/serve.mjs runs one per core) polls the store's cache generation (the current snapshot and the
 * latest collection, app/models/snapshot.server.ts) and, when it changed, computes in the background what the
 * default pages read: the containers tree of the default View and Filter with its root overview, the root's
 * Histograms and Breakdown tabs and its AI Analysis Details grid in the default order, the nodes tree,
 * the Node Group Analysis grid's first group's charts and the Nodes grid's. The caches share computations by key,
 * so a request arriving meanwhile joins the warm-up instead of starting a second one; nothing here blocks a
 * request, and a failure is logged and tried again at the next change.
 */
import type { Store } from "~/db/connect.server";
import { CACHE_WARMER } from "~/lib/warm-request.server";
import { containerOverview, folderCounts, histogramCounts } from "~/models/container-overview.server";
import { getNodeTree } from "~/models/node-tree.server";
import { cacheGeneration } from "~/models/snapshot.server";
import { resolvePageFolder } from "~/features/tree/page-scope.server";
import { nodeGrid, nodeGroupGrid } from "~/features/nodes/grids.server";
import { loadDetailsGrid } from "~/features/containers/details.server";

/** How often a web process looks for a new analysis or collection. */
export const WARM_POLL_MS = 10_000;

/** Computes what the default pages read (each cache keeps it); the time it took in ms. */
export async function warmDefaultPages(store: Store): Promise<number> {
  const started = performance.now();
  const db = store.db;
  const root = { clusterNames: null, nodeGroupNames: null };
  const none = new URLSearchParams();
  const containers = (async () => {
    const { folder } = await resolvePageFolder(db, CACHE_WARMER, "containers", none);
    await containerOverview(db, folder);
    // The landing page's other two tabs, a click away: at 500,000 containers their first answers took 0.5-1 s each
    // (one aggregate over every analysed container).
    await histogramCounts(db, folder);
    await folderCounts(db, folder);
    // The AI Analysis Details grid at the root in its default order (the ordered ids of every row, ~0.3-2 s at 150k).
    await loadDetailsGrid(db, CACHE_WARMER, folder, none);
  })();
  const nodes = (async () => {
    await getNodeTree(db);
    await nodeGroupGrid(store, root, none, { chartsEnabled: true, mode: "DAY_1" });
    await nodeGrid(store, root, none, { mode: "DAY_1" });
  })();
  await Promise.all([containers, nodes]);
  return performance.now() - started;
}

declare global {
  var __kubexWarmer: { timer: NodeJS.Timeout; stop(): void } | undefined;
}

/**
 * Starts the poll (once per process; a module reloaded in development replaces it): the first warm-up right away,
 * then one after every change of the cache generation. Resolves when the first warm-up is over, done or failed
 * (never rejects): scripts/serve.mjs listens only then, so no user's first request joins a cold computation.
 */
export function startWarming(getStore: () => Promise<Store>, log: (line: string) => void = (l) => console.log(l)): Promise<void> {
  globalThis.__kubexWarmer?.stop();
  let warmed: string | undefined;
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    try {
      const store = await getStore();
      const generation = await cacheGeneration(store.db);
      if (generation !== warmed && generation !== "") {
        warmed = generation; // once per generation: a failure is tried again at the next change, not every poll
        const ms = await warmDefaultPages(store);
        log(`[kubex-warm] default pages warmed in ${Math.round(ms)} ms (pid ${process.pid})`);
      }
    } catch (error) {
      console.warn("[kubex-warm] warming the default pages failed; trying again at the next poll", error);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), WARM_POLL_MS);
  timer.unref();
  globalThis.__kubexWarmer = { timer, stop: () => clearInterval(timer) };
  return new Promise((resolve) => setImmediate(() => void tick().then(resolve)));
}
