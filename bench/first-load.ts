/**
 * First-load JavaScript per page (issue 8: under 200 KB gzip): what a browser downloads to hydrate a deep link —
 * the entry, the root and every route module of the page's route chain with their imports, each file counted
 * once, gzipped at level 9. Reads the client build's manifest (run `npx remix build` first).
 *
 * Run: npx tsx bench/first-load.ts
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { ROOT } from "./harness";

const PAGES: Record<string, string[]> = {
  "containers tree (landing)": ["routes/kubex", "routes/kubex.containers-tree", "routes/kubex.containers-tree._index"],
  "containers tree item (folder tabs, workload)": ["routes/kubex", "routes/kubex.containers-tree", "routes/kubex.containers-tree.tree-item"],
  "nodes tree item": ["routes/kubex", "routes/kubex.nodes-tree", "routes/kubex.nodes-tree.tree-item"],
  "cloud tree item": ["routes/kubex", "routes/kubex.cloud-tree", "routes/kubex.cloud-tree.tree-item"],
};
const BUDGET_KB = 200;

interface Manifest {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { module: string; imports?: string[] }>;
}

function readManifest(): Manifest {
  const dir = path.join(ROOT, "public/build");
  const file = fs.readdirSync(dir).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error("No client build: run `npx remix build` first.");
  const text = fs.readFileSync(path.join(dir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1)) as Manifest;
}

const gzipped = new Map<string, number>();
function gzipSize(url: string): number {
  let n = gzipped.get(url);
  if (n === undefined) gzipped.set(url, (n = zlib.gzipSync(fs.readFileSync(path.join(ROOT, "public", url)), { level: 9 }).length));
  return n;
}

export function firstLoadKb(manifest: Manifest, chain: string[]): number {
  const files = new Set<string>([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const id of ["root", ...chain]) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`No route ${id} in the manifest.`);
    files.add(route.module);
    for (const i of route.imports ?? []) files.add(i);
  }
  return [...files].reduce((sum, f) => sum + gzipSize(f), 0) / 1024;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const manifest = readManifest();
  console.log("| page | first-load JS (gzip) | budget |\n|---|---|---|");
  for (const [name, chain] of Object.entries(PAGES)) {
    const kb = firstLoadKb(manifest, chain);
    console.log(`| ${name} | ${kb.toFixed(1)} KB | ${kb <= BUDGET_KB ? "within" : "OVER"} ${BUDGET_KB} KB |`);
  }
}
