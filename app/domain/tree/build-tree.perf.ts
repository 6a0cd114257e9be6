/**
 * Hand-run timing of buildFolderTree on a large fleet (kept out of the test suite: timings flake on shared CI).
 * Run: npx tsx app/domain/tree/build-tree.perf.ts [--shuffled]   (budget: about 150 ms for 150,000 rows)
 * Rows come in path order when the folder query sorts; --shuffled is an unsorted GROUP BY (hash order). Rows are
 * allocated in arrival order either way, as a database driver allocates them.
 */
import { buildFolderTree, type FolderRow } from "./build-tree";

const order = Array.from({ length: 150_000 }, (_, i) => i);
if (process.argv.includes("--shuffled")) {
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
}
// 30 clusters x 50 namespaces x 20 pod owners x 5 containers.
const rows: FolderRow[] = order.map((i) => {
  const [c, n, o, k] = [Math.floor(i / 5000), Math.floor(i / 100) % 50, Math.floor(i / 5) % 20, i % 5];
  return { path: [`cluster-${c}`, `ns-${n}`, `owner-${o}-${(c * n) % 7}`, `container-${k}`], count: 1 + (k % 3) };
});

const input = { rootName: "System Breakdown", rows, levelTypes: ["Cluster", "Namespace", "Pod", "containerleaf"], rootType: "containerTree" };
buildFolderTree(input); // warm-up: JIT
const times: number[] = [];
for (let run = 0; run < 7; run++) {
  const t0 = performance.now();
  const root = buildFolderTree(input);
  times.push(performance.now() - t0);
  if (run === 0) console.log(`rows=${rows.length} clusters=${root.children?.length} containers=${root.containerCount}`);
}
const median = [...times].sort((a, b) => a - b)[3];
console.log(`build ms: ${times.map((t) => t.toFixed(1)).join(", ")} (median ${median.toFixed(1)})`);
