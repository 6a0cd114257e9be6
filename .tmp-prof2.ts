import { openStore, migrate } from "~/db/connect.server";
import { generateDemoInventory } from "~/sources/demo";
import { CompiledQuery } from "kysely";
const inv = generateDemoInventory({ seed: 42, size: 150000 });
const store = openStore({ databaseUrl: "", sqliteFile: `/tmp/kx/prof-${Date.now()}.db` });
await migrate(store);
let t = performance.now();
const sorted = inv.containers.slice().sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
console.log("sort", (performance.now() - t).toFixed(0));
const cols = ["id","cluster","namespace","pod_owner_kind","pod_owner_name","container_name","node_group","policy","replicas","cpu_request","cpu_limit","mem_request","mem_limit","first_seen","last_seen"] as const;
function sqlFor(table: string, columns: readonly string[], n: number) {
  const row = `(${columns.map(() => "?").join(",")})`;
  return `insert into "${table}" (${columns.map((c) => `"${c}"`).join(",")}) values ${Array(n).fill(row).join(",")}`;
}
for (const variant of ["unsorted-raw", "sorted-raw"]) {
  const list = variant.startsWith("sorted") ? sorted : inv.containers;
  await store.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("container_attribute").execute();
    await trx.deleteFrom("container").execute();
    const bs = 2000;
    let t = performance.now();
    for (let i = 0; i < list.length; i += bs) {
      const chunk = list.slice(i, i + bs);
      const params: unknown[] = [];
      for (const c of chunk) for (const k of cols) params.push((c as any)[k]);
      await trx.executeQuery(CompiledQuery.raw(sqlFor("container", cols, chunk.length), params));
    }
    console.log(variant, "containers", (performance.now() - t).toFixed(0));
    t = performance.now();
    const keys = ["business_unit", "environment", "team", "technology"];
    const abs = 2000;
    let params: unknown[] = []; let n = 0;
    const flush = async () => { if (n) await trx.executeQuery(CompiledQuery.raw(sqlFor("container_attribute", ["container_id","attr_key","value"], n), params)); params = []; n = 0; };
    if (variant.startsWith("sorted")) {
      for (const k of keys) for (const c of list) { params.push(c.id, k, c.attributes[k]); if (++n === abs) await flush(); }
    } else {
      for (const c of list) for (const k of keys) { params.push(c.id, k, c.attributes[k]); if (++n === abs) await flush(); }
    }
    await flush();
    console.log(variant, "attrs", (performance.now() - t).toFixed(0));
  });
}
await store.close();
