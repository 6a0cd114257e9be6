/**
 * Benchmark of the containers tree with a large fleet (the foundation issue's performance targets):
 *   a. time to first byte and total time of the server-rendered containers tree page under a 4-level custom View
 *      and a 3-line Filter, with its container tabs: a folder 3 levels deep on the Summary tab (the default),
 *      the Histograms tab and the Breakdown tab, and the root (Summary); the AI Analysis Details grid at the root,
 *      sorted by Current Cost and searched (a short term, and a long one with a typo: the fuzzy path);
 *   b. the folder list of the whole tree over the GraphQL API (getFolderListJson), for that View and Filter and
 *      for the system 'Cluster View' + 'All Containers';
 *   c. in-process, the first (uncached) folder tree build for the custom View and Filter, and the uncached
 *      analysis reads the tabs make (containerOverview, folderCounts).
 * It creates a throwaway SQLite database under the OS temp dir, runs setup on it (migrations, the demo fleet's
 * collection and the analysis of that collection, which the tabs read), runs the production server on a free
 * loopback port, measures with node's http client and prints a Markdown table. Everything it started or wrote is removed
 * at the end, also on failure or Ctrl-C. It exits non-zero only when it cannot run; missed targets are reported.
 *
 * Run: npx tsx bench/tree.bench.ts [--size 150000] [--runs 30] [--seed 42] [--cold-runs 5] [--isolated-build]
 *   --isolated-build  builds a private copy of the app in the temp dir (always) instead of refreshing build/ when
 *                     stale: use it while another server runs from build/ (a rebuild empties public/build).
 */
import os from "node:os";
import { cleanups, expectStatus, freePort, loadText, machineText, measure, medianTtfbUnder, ms, pageRow, pageTable, parseOptions, prepareBuild, reportTitle, request, runBenchmark, signIn, startServer, stats, stopServer, tempStore, waitForServer, type HttpResult, type PageRow } from "./harness";

const TARGET_PAGE_TTFB_MS = 300;
const TARGET_FOLDER_LIST_MS = 100;

// ---------------------------------------------------------------------------------------------------------------
// Options

interface Options {
  size: number;
  runs: number;
  seed: number;
  coldRuns: number;
  isolatedBuild: boolean;
}

const readOptions = (argv: string[]) =>
  parseOptions<Options>(argv, { size: 150_000, runs: 30, seed: 42, coldRuns: 5, isolatedBuild: false }, {
    usage: "npx tsx bench/tree.bench.ts [--size 150000] [--runs 30] [--seed 42] [--cold-runs 5] [--isolated-build]",
    numbers: { "--size": ["size", 1], "--runs": ["runs", 1, 1000], "--seed": ["seed", 0], "--cold-runs": ["coldRuns", 1, 50] },
    switches: { "--isolated-build": "isolatedBuild" },
  });

async function main() {
  const options = readOptions(process.argv.slice(2));
  const startedAt = new Date();
  // Before any module that opens the store is loaded.
  const { tmp, dbFile } = tempStore("kubex-bench-");

  const { openStore } = await import("~/db/connect.server");
  const { setup } = await import("../scripts/setup");
  const { saveView } = await import("~/models/views.server");
  const { saveFilter } = await import("~/models/filters.server");
  const { createApiToken, getUserByName } = await import("~/models/users.server");
  const { resolveFolderScope, resolveTreeScope } = await import("~/models/trees.server");
  const { containerOverview, folderCounts } = await import("~/models/container-overview.server");
  const { clearAnalysisCache } = await import("~/models/snapshot-reads.server");
  const getFolderTree = async (...args: Parameters<typeof resolveTreeScope>) => (await resolveTreeScope(...args)).cached.tree;
  // As a request reads: the View, Filter and folder resolved, then the read.
  const overviewIn = async (...args: Parameters<typeof resolveFolderScope>) => containerOverview(args[0], await resolveFolderScope(...args));
  const foldersIn = async (...args: Parameters<typeof resolveFolderScope>) => folderCounts(args[0], await resolveFolderScope(...args));
  const { needsAnalysis } = await import("~/analysis/run.server");
  const { currentSnapshotId } = await import("~/models/snapshot.server");
  const { SEED_IDS } = await import("~/models/treeview-common.server");

  // 1. The store: migrations, users, system Views/Filters, the demo fleet's collection and its analysis (setup
  //    runs it by default when the latest collection has none; the container tabs read that snapshot).
  const store = openStore({ sqliteFile: dbFile });
  let storeOpen = true;
  cleanups.push(() => {
    if (storeOpen) void store.close();
  });
  const tSetup = performance.now();
  const setupLog: string[] = [];
  let tAnalysisStart = 0;
  await setup(store, {
    size: options.size,
    seed: options.seed,
    log: (l) => {
      if (l.startsWith("Analysing")) tAnalysisStart = performance.now();
      setupLog.push(l);
      console.error(`  ${l}`);
    },
  });
  const setupMs = performance.now() - tSetup;
  const collectMs = tAnalysisStart ? tAnalysisStart - tSetup : setupMs;
  const analysisMs = tAnalysisStart ? performance.now() - tAnalysisStart : 0;
  const db = store.db;
  // Setup logs and swallows an analysis failure (the app still starts): here it means the pages cannot be measured.
  const snapshotId = await currentSnapshotId(db);
  if (!tAnalysisStart || !snapshotId || (await needsAnalysis(store))) {
    throw new Error(`Setup left no complete analysis of the latest collection, so the container tabs have nothing to show:\n${setupLog.join("\n")}`);
  }
  const analysedLine = (setupLog.find((l) => l.startsWith("Analysed")) ?? "").replace(/; snapshot .*$/, "");
  console.error(`Setup: ${(setupMs / 1000).toFixed(1)} s (collection ${(collectMs / 1000).toFixed(1)} s, analysis ${(analysisMs / 1000).toFixed(1)} s).`);
  const admin = await getUserByName(db, "admin");
  if (!admin) throw new Error("The admin user is missing after setup.");

  // 2. A private 4-level custom View and a 3-line Filter with parentheses, through the model functions.
  const view = await saveView(db, admin, {
    viewId: "",
    name: "Bench: BU > Cluster > Namespace > Pod Owner",
    description: "4-level custom view of the tree benchmark",
    publicView: false,
    viewDetails: [
      { staticSource: false, datasourceId: "CONTAINER_ATTRIBUTE", attrKey: "business_unit" },
      { staticSource: true, datasourceId: "K8S_CLUSTER" },
      { staticSource: true, datasourceId: "K8S_NAMESPACE" },
      { staticSource: true, datasourceId: "K8S_POD_OWNER_NAME" },
    ],
  }, "containers");
  // (Environment = prod OR Cluster contains 'eks') AND CPU Request (mCores) >= 100
  const filter = await saveFilter(db, admin, {
    viewFilterId: "",
    name: "Bench: prod or EKS, CPU request >= 100m",
    publicFilter: false,
    filterDetails: [
      { datasourceId: "CONTAINER_ATTRIBUTE", attrKey: "environment", operand: "=", filterValue: "prod", preOperand1: "(", postOperand1: "OR" },
      { datasourceId: "K8S_CLUSTER", operand: "contains", filterValue: "eks", postOperand1: ")", postOperand2: "AND" },
      { datasourceId: "K8S_CPU_REQUEST", operand: ">=", filterValue: "100" },
    ],
  }, "containers");
  const token = await createApiToken(db, admin.id, "tree benchmark");
  const custom = { ctx: "containers", viewId: view.viewId, filterId: filter.viewFilterId };
  const system = { ctx: "containers", viewId: SEED_IDS.clusterView, filterId: SEED_IDS.allContainers };

  // 3. In-process: the first (uncached) folder tree build, each run a fresh one.
  const cold: number[] = [];
  const tFirst = performance.now();
  let tree = await getFolderTree(db, admin, { ...custom, reload: true }); // also the warm-up: JIT, page cache
  const firstBuildMs = performance.now() - tFirst;
  for (let i = 0; i < options.coldRuns; i++) {
    const t0 = performance.now();
    tree = await getFolderTree(db, admin, { ...custom, reload: true });
    cold.push(performance.now() - t0);
  }
  const systemTree = await getFolderTree(db, admin, { ...system, reload: true });
  const countNodes = (n: { children?: unknown[] }): number => 1 + ((n.children ?? []) as { children?: unknown[] }[]).reduce((a, c) => a + countNodes(c), 0);
  // The biggest folder 3 levels down (business unit > cluster > namespace): a realistic and heavy selection.
  type N = typeof tree;
  const biggest = (n: N) => [...(n.children ?? [])].sort((a, b) => (b.containerCount ?? 0) - (a.containerCount ?? 0))[0];
  let deep: N | undefined = tree;
  for (let level = 0; level < 3 && deep; level++) deep = biggest(deep);
  if (!deep || deep.level !== 3) throw new Error("The custom tree has no folder 3 levels deep: the filter matched too little.");
  const customNodes = countNodes(tree);
  const systemNodes = countNodes(systemTree);

  // In-process: the analysis reads of the tabs, uncached (the read cache emptied before each; the tree is
  // cached, so this is the snapshot's SQL and its shaping only). The first of each is its own warm-up.
  const coldRead = async (what: () => Promise<unknown>) => {
    const times: number[] = [];
    let first = 0;
    for (let i = 0; i <= options.coldRuns; i++) {
      clearAnalysisCache(db);
      const t0 = performance.now();
      await what();
      const t = performance.now() - t0;
      if (i === 0) first = t;
      else times.push(t);
    }
    return { first, times };
  };
  const deepScope = { ...custom, treeviewPath: deep.fullPath };
  const rootScope = { ...custom, treeviewPath: "" };
  const coldReads = [
    { name: "`containerOverview`, folder 3 levels deep (Summary and Histograms tabs)", ...(await coldRead(() => overviewIn(db, admin, deepScope))) },
    { name: "`folderCounts`, folder 3 levels deep (Breakdown tab, besides the overview)", ...(await coldRead(() => foldersIn(db, admin, deepScope))) },
    { name: "`containerOverview`, tree root", ...(await coldRead(() => overviewIn(db, admin, rootScope))) },
  ];
  const deepOverview = await overviewIn(db, admin, deepScope);
  const rootOverview = await overviewIn(db, admin, rootScope);
  if (!deepOverview.snapshotId || deepOverview.counts.containers !== deep.containerCount || rootOverview.counts.containers !== tree.containerCount) {
    throw new Error(
      `containerOverview: ${deepOverview.counts.containers} containers in the selected folder (expected ${deep.containerCount}), ` +
        `${rootOverview.counts.containers} at the root (expected ${tree.containerCount}).`,
    );
  }
  clearAnalysisCache(db);
  await store.close();
  storeOpen = false;

  // 4. The production server on a free loopback port, with the same database.
  const { cwd, note: buildNote } = prepareBuild(tmp, options.isolatedBuild);
  const port = await freePort();
  const { server, errors: serverErrorText } = startServer(cwd, port, { DATABASE_FILE: dbFile, DATABASE_URL: "" });
  const tStart = performance.now();
  await waitForServer(port, server, 60_000);
  const serverStartMs = performance.now() - tStart;

  // 5. Sign in over HTTP and keep the session cookie.
  const session = await signIn(port);
  const cookie = { Cookie: `kubex_session=${session}`, Accept: "text/html" };

  // 6. Measurements.
  const q = (extra: Record<string, string>) => new URLSearchParams({ viewId: custom.viewId, filterId: custom.filterId, ...extra }).toString();
  const pageDeep = `/kubex/containers-tree/tree-item?${q({ fullPath: deep.fullPath })}`;
  const pageDeepHistograms = `/kubex/containers-tree/tree-item?${q({ fullPath: deep.fullPath, tabGroup1: "histograms" })}`;
  const pageDeepBreakdown = `/kubex/containers-tree/tree-item?${q({ fullPath: deep.fullPath, tabGroup1: "breakdown" })}`;
  const pageRoot = `/kubex/containers-tree?${q({})}`;
  // The AI Analysis Details grid at the root (every container under the Filter), sorted and searched on the server:
  // a short term (a substring, as fuse.js at 0.1 is under 10 characters) and a long one with a typo (prefilter + fuse).
  const pageGrid = (search: string) => `/kubex/containers-tree/tree-item?${q({ tabGroup1: "analysis-details", sort: "currentCost", dir: "desc", q: search })}`;
  const deepName = deep.name;
  // What each tab renders (and, for the Summary tab, that the analysis is there: no "has not run yet" note).
  const TAB_MARK = {
    summary: 'data-testid="current-spend"',
    // The selectors are the Histograms tab's own (the Summary's surplus cards draw small histograms too).
    histograms: 'aria-label="Histogram options"',
    breakdown: 'data-testid="children-table"',
    grid: 'data-testid="details-grid"',
  } as const;
  const checkPage = (what: string, mustContain: string, tab: keyof typeof TAB_MARK) => (r: HttpResult) => {
    expectStatus(r, 200, what);
    if (!r.body.includes(mustContain)) throw new Error(`${what}: the page does not show '${mustContain}'.`);
    for (const [t, mark] of Object.entries(TAB_MARK)) {
      if (r.body.includes(mark) !== (t === tab)) throw new Error(`${what}: expected the ${tab} tab, the page ${t === tab ? "lacks" : "has"} ${mark}.`);
    }
    if (r.body.includes("The analysis has not run yet")) throw new Error(`${what}: the page says the analysis has not run.`);
  };
  const folderQuery = (args: typeof custom) =>
    JSON.stringify({ query: `query { getFolderListJson(ctx:"containers", viewId:"${args.viewId}", filterId:"${args.filterId}") }` });
  const api = { Authorization: `Bearer ${token}`, "Content-Type": "application/json" };
  const checkFolderList = (what: string, expectedCount: number) => {
    let verified = false;
    return (r: HttpResult) => {
      expectStatus(r, 200, what);
      if (verified) return;
      // Once: a correct GraphQL response whose JSON string is the whole tree.
      const body = JSON.parse(r.body.toString("utf8")) as { data?: { getFolderListJson?: string }; errors?: unknown };
      if (body.errors || typeof body.data?.getFolderListJson !== "string") throw new Error(`${what}: not a folder list: ${r.body.toString("utf8").slice(0, 300)}`);
      const root = JSON.parse(body.data.getFolderListJson) as { containerCount?: number };
      if (root.containerCount !== expectedCount) throw new Error(`${what}: root count ${root.containerCount}, expected ${expectedCount}.`);
      verified = true;
    };
  };

  const rows: PageRow[] = [];
  const pageTarget = medianTtfbUnder(TARGET_PAGE_TTFB_MS);
  const listTarget = (r: Omit<PageRow, "target">) => ({ text: `median total < ${TARGET_FOLDER_LIST_MS} ms`, met: r.total.median < TARGET_FOLDER_LIST_MS });
  console.error(`Measuring (${options.runs} runs each, after one warm-up)…`);
  const loadBefore = os.loadavg();
  // In this order: the first request is the server's first tree build plus the folder's uncached overview; the
  // Histograms tab reads the same (then cached) overview; the Breakdown tab adds the folder's uncached counts; the
  // root's first request is the root's uncached overview.
  const page = (name: string, urlPath: string, what: string, mustContain: string, tab: keyof typeof TAB_MARK) =>
    measure(options.runs, () => request(port, "GET", urlPath, cookie), checkPage(what, mustContain, tab)).then((m) => rows.push(pageRow(name, m, pageTarget)));
  await page("page: tree-item, folder 3 levels deep, Summary tab (default)", pageDeep, "tree-item page (Summary)", deepName, "summary");
  await page("page: the same, `tabGroup1=histograms`", pageDeepHistograms, "tree-item page (Histograms)", deepName, "histograms");
  await page("page: the same, `tabGroup1=breakdown`", pageDeepBreakdown, "tree-item page (Breakdown)", deepName, "breakdown");
  await page("page: tree root, Summary tab (default)", pageRoot, "tree root page", biggest(tree).name, "summary");
  await page("page: grid at the root, sorted by Current Cost, search `worker`", pageGrid("worker"), "grid page (short search)", "grid-range", "grid");
  await page("page: grid at the root, sorted by Current Cost, fuzzy search `setlement-worker` (a typo)", pageGrid("setlement-worker"), "grid page (fuzzy search)", "grid-range", "grid");
  rows.push(
    pageRow(
      "API: getFolderListJson, custom View + Filter",
      await measure(options.runs, () => request(port, "POST", "/api/graphql/treeview", api, folderQuery(custom)), checkFolderList("folder list (custom)", tree.containerCount ?? -1)),
      listTarget,
    ),
  );
  rows.push(
    pageRow(
      "API: getFolderListJson, Cluster View + All Containers",
      await measure(options.runs, () => request(port, "POST", "/api/graphql/treeview", api, folderQuery(system)), checkFolderList("folder list (system)", systemTree.containerCount ?? -1)),
    ),
  );
  // The same list through ordinary GraphQL execution (a second field keeps the document off the spliced path):
  // what every request cost before the endpoint spliced the cached literal in.
  const ordinaryQuery = JSON.stringify({ query: `query { getFolderListJson(ctx:"containers", viewId:"${custom.viewId}", filterId:"${custom.filterId}") __typename }` });
  rows.push(
    pageRow(
      "API: the same through ordinary GraphQL execution (+ `__typename`)",
      await measure(options.runs, () => request(port, "POST", "/api/graphql/treeview", api, ordinaryQuery), (r) => expectStatus(r, 200, "folder list (ordinary)")),
    ),
  );
  rows.push(
    pageRow(
      "API: getFolderListJson, custom View + Filter, gzip (Accept-Encoding)",
      await measure(options.runs, () => request(port, "POST", "/api/graphql/treeview", { ...api, "Accept-Encoding": "gzip" }, folderQuery(custom)), (r) => {
        expectStatus(r, 200, "folder list (gzip)");
        if (r.headers["content-encoding"] !== "gzip") throw new Error("folder list (gzip): the answer is not compressed.");
      }),
    ),
  );
  if (server.exitCode !== null) throw new Error(`The server stopped during the run: ${serverErrorText()}`);
  const loadAfter = os.loadavg();
  await stopServer(server);

  // 7. Report.
  const coldStats = stats(cold);
  const lines: string[] = [];
  lines.push(reportTitle("Tree", startedAt));
  lines.push("");
  lines.push(`Load average (1, 5, 15 min) before / after the HTTP measurements: ${loadText(loadBefore)} / ${loadText(loadAfter)}.`);
  lines.push(
    `Machine: ${machineText()}; SQLite (better-sqlite3) in a temp file.`,
  );
  lines.push(
    `Fleet: size ${options.size}, seed ${options.seed} (setup and collection ${(collectMs / 1000).toFixed(1)} s, analysis ${(analysisMs / 1000).toFixed(1)} s: ${analysedLine}). ` +
      `Server: production build served by scripts/serve.mjs (as npm start) (${buildNote}), ready in ${(serverStartMs / 1000).toFixed(1)} s.`,
  );
  lines.push(
    `Custom View: Business Unit > Cluster > Namespace > Pod Owner Name; Filter: (Environment = prod OR Cluster contains 'eks') AND CPU Request (mCores) >= 100 ` +
      `→ ${tree.containerCount} containers, ${customNodes} tree nodes. Cluster View + All Containers → ${systemTree.containerCount} containers, ${systemNodes} nodes.`,
  );
  lines.push(
    `Selected folder: \`${deep.fullPath}\` (${deep.containerCount} containers, ${deepOverview.containerCount} analysed; the root ${rootOverview.counts.containers}, ` +
      `${rootOverview.containerCount} analysed). Times in ms; ${options.runs} runs after one warm-up.`,
  );
  lines.push("");
  lines.push(...pageTable(rows));
  lines.push(
    `| in-process: uncached folder tree build (\`reload: true\`), custom View + Filter (${cold.length} runs) | | ${ms(coldStats.min)} / **${ms(coldStats.median)}** / ${ms(coldStats.p90)} / ${ms(coldStats.max)} | | ${ms(firstBuildMs)} (first in the process) | (for the record) |`,
  );
  for (const c of coldReads) {
    const s = stats(c.times);
    lines.push(
      `| in-process: uncached ${c.name} (${c.times.length} runs) | | ${ms(s.min)} / **${ms(s.median)}** / ${ms(s.p90)} / ${ms(s.max)} | | ${ms(c.first)} (first in the process) | (for the record) |`,
    );
  }
  console.log(lines.join("\n"));
}

runBenchmark(main);
