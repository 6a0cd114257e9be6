/**
 * `npm run bench`: runs every benchmark under bench/ in turn with its default options (tree.bench.ts, analysis.bench.ts, nodes.bench.ts, cloud.bench.ts, what-if.bench.ts).
 * Extra arguments go to each benchmark, e.g. `npm run bench -- --runs 10 --isolated-build`. Exits non-zero when a
 * benchmark could not run; a missed target is reported in the results, not as a failure.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const BENCHMARKS = ["tree.bench.ts", "analysis.bench.ts", "nodes.bench.ts", "cloud.bench.ts", "what-if.bench.ts"];
const here = path.dirname(fileURLToPath(import.meta.url));
const tsx = path.resolve(here, "../node_modules/tsx/dist/cli.mjs");

let failed = 0;
for (const name of BENCHMARKS) {
  console.error(`== ${name}`);
  const r = spawnSync(process.execPath, [tsx, path.join(here, name), ...process.argv.slice(2)], { stdio: "inherit" });
  if (r.status !== 0) {
    console.error(`${name} could not run (exit ${r.status ?? r.signal}).`);
    failed++;
  }
}
process.exit(failed ? 1 : 0);
