/**
 * A user's first visit of folders nobody has opened since the server started (issue 13): the warm-up covers the
 * default pages; this measures what it does not, the folders a user clicks next. For the `--folders` (3) biggest
 * clusters of the Cluster View and the biggest namespace of the biggest one, each container tab (Summary, Histograms,
 * Breakdown, the AI Analysis Details grid, the grid sorted by a column and searched for a term), then each cluster's
 * node pages (Node Group Analysis, Nodes), every page twice in a row: the first answer (the cold read) and the second
 * (the cached one). One web process, so the second request meets the first's caches.
 *
 *   npx tsx bench/first-visit.bench.ts --db /tmp/x.db [--cwd DIR] [--folders 3]
 *
 * --db: a demo store (see users.bench.ts) or a PostgreSQL URL of one. --cwd: where the server runs from (build/
 * there; by default this repo's, rebuilt when stale). Loopback only. Results: bench/README.md.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { runBench, cleanups, isPostgresUrl, ms, prepareBuild, quantile, readStoreOptions, request } from "./harness";
import { cookieFor, startSampledServer, withClusterViewTree } from "./load-common";
import type { TreeNode } from "~/domain/tree/types";

const USAGE = "npx tsx bench/first-visit.bench.ts --db FILE [--cwd DIR] [--folders 3]";
const options = readStoreOptions<{ folders: number }>(USAGE, { folders: 3 }, { numbers: { "--folders": ["folders", 1, 50] } });

interface Page {
  name: string;
  url: string;
}

/** The biggest clusters' folders (and the biggest namespace of the first) in the Cluster View, as the tree has them. */
async function biggestFolders(db: string, count: number): Promise<{ path: string; cluster: string; containers: number }[]> {
  return withClusterViewTree(db, async (tree) => {
    const bySize = (nodes: readonly TreeNode[] | undefined) => [...(nodes ?? [])].sort((a, b) => (b.containerCount ?? 0) - (a.containerCount ?? 0));
    const clusters = bySize(tree.children).slice(0, count);
    if (!clusters.length) throw new Error("The Cluster View has no cluster folder.");
    const folders = clusters.map((c) => ({ path: c.fullPath, cluster: c.name ?? "", containers: c.containerCount ?? 0 }));
    const namespace = bySize(clusters[0].children)[0];
    if (namespace) folders.push({ path: namespace.fullPath, cluster: clusters[0].name ?? "", containers: namespace.containerCount ?? 0 });
    return folders;
  });
}

function pagesOf(folder: { path: string; cluster: string }, withNodes: boolean): Page[] {
  const tree = (extra: Record<string, string>) => `/kubex/containers-tree/tree-item?${new URLSearchParams({ fullPath: folder.path, ...extra })}`;
  const nodes = (extra: Record<string, string>) => `/kubex/nodes-tree?${new URLSearchParams({ fullPath: folder.cluster, ...extra })}`;
  return [
    { name: "Summary", url: tree({}) },
    { name: "Histograms", url: tree({ tabGroup1: "histograms" }) },
    { name: "Breakdown", url: tree({ tabGroup1: "breakdown" }) },
    { name: "grid", url: tree({ tabGroup1: "analysis-details" }) },
    { name: "grid sorted by CPU Peak", url: tree({ tabGroup1: "analysis-details", sort: "cpuPeak", dir: "desc" }) },
    { name: "grid searched `api`", url: tree({ tabGroup1: "analysis-details", q: "api" }) },
    ...(withNodes
      ? [
          { name: "Node Group Analysis", url: nodes({}) },
          { name: "Nodes", url: nodes({ tabGroupNode: "node-detail" }) },
        ]
      : []),
  ];
}

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-first-visit-"));
  cleanups.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const folders = await biggestFolders(options.db, options.folders);
  const cwd = options.cwd || prepareBuild(tmp, false).cwd;
  process.env.KUBEX_WEB_PROCESSES = "1";
  const server = await startSampledServer(cwd, options.db);
  const cookie = await cookieFor(server.port, "analyst", "kubex-analyst");
  const get = async (url: string) => {
    const r = await request(server.port, "GET", url, { Cookie: cookie, Accept: "text/html" }, undefined, 120_000);
    if (r.status !== 200) throw new Error(`${url}: HTTP ${r.status}`);
    return r.total;
  };

  const lines = ["| folder | containers | page | first ms | second ms |", "|---|---|---|---|---|"];
  const firsts: number[] = [];
  for (const [i, folder] of folders.entries()) {
    for (const page of pagesOf(folder, i < options.folders)) {
      const first = await get(page.url);
      const second = await get(page.url);
      firsts.push(first);
      lines.push(`| ${folder.path} | ${folder.containers.toLocaleString("en-US")} | ${page.name} | **${ms(first)}** | ${ms(second)} |`);
    }
  }
  const sorted = [...firsts].sort((a, b) => a - b);
  console.log(`Server: one web process; ${isPostgresUrl(options.db) ? "PostgreSQL" : "SQLite"}. Each page twice in a row, right after the server's warm-up.\n`);
  console.log(lines.join("\n"));
  console.log(`\nFirst answers: p50 ${ms(quantile(sorted, 0.5))} ms, p95 **${ms(quantile(sorted, 0.95))} ms**, slowest ${ms(sorted[sorted.length - 1])} ms (${sorted.length} pages).`);
  const errs = server.errors();
  if (errs.trim()) console.error(`Server stderr (last 4000 characters):\n${errs}`);
}

runBench(main);
