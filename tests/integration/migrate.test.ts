import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { TEST_STORES } from "./stores";

describe.each(TEST_STORES)("store on $name", (testStore) => {
  it("migrates to the latest version and round-trips a row with a float, a null and a flag", async () => {
    const store = await testStore.open();
    try {
      await store.db
        .insertInto("feature_flag")
        .values({ name: "showTreeCount", enabled: 1 })
        .execute();
      const row = await store.db.selectFrom("feature_flag").selectAll().executeTakeFirstOrThrow();
      expect(row).toEqual({ name: "showTreeCount", enabled: 1 });
      const { rows } = await sql<{ n: number }>`select count(*) as n from feature_flag`.execute(store.db);
      expect(rows[0].n).toBe(1);
    } finally {
      await store.dispose();
    }
  });
});
