import { openStore, migrate } from "~/db/connect.server";
import { runDemoCollection } from "~/sources/collect.server";
import { generateDemoInventory } from "~/sources/demo";
const size = Number(process.argv[2] ?? 150000);
const url = process.argv[3];
const t0 = performance.now();
generateDemoInventory({ seed: 42, size });
console.log("generate", (performance.now() - t0).toFixed(0), "ms");
const store = openStore(url ? { databaseUrl: url } : { databaseUrl: "", sqliteFile: `/tmp/kx/bench-${Date.now()}.db` });
await migrate(store);
for (let i = 0; i < 2; i++) {
  const t1 = performance.now();
  const r = await runDemoCollection(store, { seed: 42 + i, size });
  console.log(store.dialect, "run", i, "total", (performance.now() - t1).toFixed(0), "ms; write", r.ms, r.counts);
}
await store.close();
