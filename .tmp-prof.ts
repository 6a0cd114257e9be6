import { openStore, migrate } from "~/db/connect.server";
import { generateDemoInventory } from "~/sources/demo";
import { CompiledQuery } from "kysely";
const inv = generateDemoInventory({ seed: 42, size: 150000 });
const store = openStore({ databaseUrl: "", sqliteFile: `/tmp/kx/prof-${Date.now()}.db` });
await migrate(store);
const rows = inv.containers.map(({ attributes, ...r }) => r);
const attrs = inv.containers.flatMap((c) => Object.entries(c.attributes).map(([k, v]) => ({ container_id: c.id, attr_key: k, value: v })));
for (const bs of [500, 2000]) {
  let tc = 0, te = 0;
  await store.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("container_attribute").execute();
    await trx.deleteFrom("container").execute();
    let t = performance.now();
    for (let i = 0; i < rows.length; i += bs) {
      const a = performance.now();
      const q = trx.insertInto("container").values(rows.slice(i, i + bs)).compile();
      const b = performance.now();
      await trx.executeQuery(q);
      tc += b - a; te += performance.now() - b;
    }
    console.log("bs", bs, "containers compile", tc.toFixed(0), "exec", te.toFixed(0));
    tc = 0; te = 0;
    for (let i = 0; i < attrs.length; i += bs) {
      const a = performance.now();
      const q = trx.insertInto("container_attribute").values(attrs.slice(i, i + bs)).compile();
      const b = performance.now();
      await trx.executeQuery(q);
      tc += b - a; te += performance.now() - b;
    }
    console.log("bs", bs, "attrs compile", tc.toFixed(0), "exec", te.toFixed(0));
    let d = performance.now();
    await trx.deleteFrom("container_attribute").execute();
    console.log("delete attrs", (performance.now() - d).toFixed(0));
    d = performance.now();
    await trx.deleteFrom("container").execute();
    console.log("delete containers", (performance.now() - d).toFixed(0));
  });
}
await store.close();
