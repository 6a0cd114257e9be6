/** Feature flags on every store: seeding gives each known flag a row once, keeps stored values, honours the
 * off-list, and moves a flag stored under an earlier name (gpuEnabled) to the spec's name with its value. */
import { afterEach, describe, expect, it } from "vitest";
import { FEATURE_FLAGS } from "~/lib/constants";
import { getFlagMap, listFeatureFlags, seedFeatureFlags, setFlag } from "~/models/feature-flags.server";
import { TEST_STORES } from "./stores";

describe.each(TEST_STORES)("feature flags on $name", (testStore) => {
  let dispose: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await dispose?.();
    dispose = undefined;
  });
  const open = async () => {
    const store = await testStore.open();
    dispose = store.dispose;
    return store.db;
  };

  it("seeds every known flag once, on unless listed off, and keeps stored values", async () => {
    const db = await open();
    await seedFeatureFlags(db, "showPolicyTab, kubexShowGpuData");
    const flags = await getFlagMap(db);
    expect(Object.keys(flags).sort()).toEqual([...FEATURE_FLAGS].sort());
    expect(flags.showPolicyTab).toBe(false);
    expect(flags.kubexShowGpuData).toBe(false);
    expect(flags.showContainerSummary).toBe(true);
    // A self-hosted install starts out of the sandbox, so items can be made public (issue 14).
    expect(flags.sandboxPlaygroundEnabled).toBe(false);
    await setFlag(db, "showPolicyTab", true);
    await seedFeatureFlags(db, "showPolicyTab");
    expect((await getFlagMap(db)).showPolicyTab).toBe(true);
  });

  it("moves the value of the earlier gpuEnabled flag to kubexShowGpuData and lists only known flags", async () => {
    const db = await open();
    await db.insertInto("feature_flag").values({ name: "gpuEnabled", enabled: 0 }).execute();
    await db.insertInto("feature_flag").values({ name: "someRetiredFlag", enabled: 1 }).execute();
    await seedFeatureFlags(db, "");
    expect((await getFlagMap(db)).kubexShowGpuData).toBe(false);
    const names = (await listFeatureFlags(db)).map((f) => f.name);
    expect(names).toContain("kubexShowGpuData");
    expect(names).not.toContain("gpuEnabled");
    expect(names).not.toContain("someRetiredFlag");
  });
});
