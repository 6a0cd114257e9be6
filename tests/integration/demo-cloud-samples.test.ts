/**
 * Cloud charts of the demo estate without generating the fleet in the web process (issue 13): the collection stores
 * every cloud service's sample model with the run, and a service's samples made from those models (a Kubernetes
 * node's instance from its stored node row and its group's stored share) are the very samples the demo source, and
 * so the analysis, uses.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { storedCloudSource } from "~/models/cloud-entity.server";
import { DEMO_CLOUD_MODELS_META_KEY, latestCollection, runCollection, runDemoCollection, storedDemoCloudModels } from "~/sources/collect.server";
import { createDemoSource } from "~/sources/demo";
import * as inventory from "~/sources/demo/inventory";
import { TEST_STORES } from "./stores";

// Counts the fleets generated in this process: reading cloud samples must generate none.
vi.mock("~/sources/demo/inventory", async (importOriginal) => {
  const original = await importOriginal<typeof import("~/sources/demo/inventory")>();
  return { ...original, generateDemoFleet: vi.fn(original.generateDemoFleet) };
});
const generated = () => vi.mocked(inventory.generateDemoFleet).mock.calls.length;

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const DAY = 86_400_000;

describe.each(TEST_STORES)("demo cloud samples from the stored models on $name", (testStore) => {
  let store: Awaited<ReturnType<typeof testStore.open>>;
  beforeAll(async () => {
    store = await testStore.open();
    await runDemoCollection(store, { seed: 11, size: 200, now: NOW });
  });
  afterAll(async () => {
    await store?.dispose();
  });

  it("makes every instance's and group's samples exactly as the demo source does, without generating the fleet", async () => {
    const latest = (await latestCollection(store))!;
    const models = (await storedDemoCloudModels(store, latest.runId))!;
    expect(models.models.size).toBeGreaterThan(20);
    expect(models.nodeOf.size, "some instances are Kubernetes nodes").toBeGreaterThan(0);
    const instances = await store.db.selectFrom("cloud_instance").select("id").orderBy("id").execute();
    const groups = await store.db.selectFrom("cloud_scale_group").select("id").orderBy("id").execute();
    expect(instances.length).toBeGreaterThan(20);
    expect(groups.length).toBeGreaterThan(2);

    const before = generated();
    const stored = (await storedCloudSource(store))!;
    const from = latest.now! - 2 * DAY;
    const fromStore = new Map<string, unknown>();
    for (const { id } of [...instances, ...groups]) fromStore.set(id, await stored.cloudSamples(id, from, latest.now!));
    const sizes = new Map<string, unknown>();
    for (const { id } of groups) sizes.set(id, await stored.groupSizeSamples!(id, from, latest.now!));
    expect(generated(), "no fleet generated to read cloud samples").toBe(before);

    const demo = createDemoSource({ seed: 11, size: 200, now: latest.now! });
    let withSamples = 0;
    for (const { id } of [...instances, ...groups]) {
      const expected = demo.cloudSamples(id, from, latest.now!);
      expect(fromStore.get(id), id).toEqual(expected);
      if (expected.length) withSamples++;
    }
    expect(withSamples).toBeGreaterThan(instances.length / 2);
    for (const { id } of groups) expect(sizes.get(id), id).toEqual(demo.groupSizeSamples(id, from, latest.now!));
  });

  it("answers no samples for a service the stored estate does not know", async () => {
    const stored = (await storedCloudSource(store))!;
    expect(await stored.cloudSamples("i-not-in-the-estate", NOW - DAY, NOW)).toEqual([]);
  });

  it("falls back to generating the estate for a demo run stored before the models were", async () => {
    // Another "now" per store: the process keeps one generated fleet per seed, size and now.
    await runDemoCollection(store, { seed: 11, size: 200, now: NOW + (1 + TEST_STORES.indexOf(testStore)) * 3_600_000 });
    await store.db.deleteFrom("meta").where("key", "=", DEMO_CLOUD_MODELS_META_KEY).execute();
    const latest = (await latestCollection(store))!;
    const id = (await store.db.selectFrom("cloud_instance").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    const before = generated();
    const samples = await (await storedCloudSource(store))!.cloudSamples(id, latest.now! - DAY, latest.now!);
    expect(generated()).toBe(before + 1);
    expect(samples).toEqual(createDemoSource({ seed: 11, size: 200, now: latest.now! }).cloudSamples(id, latest.now! - DAY, latest.now!));
  });

  it("drops the models when another source's collection replaces the fleet", async () => {
    await runCollection(store, { inventory: () => ({ clusters: [], nodeGroups: [], nodes: [], containers: [], cloudInstances: [], cloudGroups: [] }) }, { source: "test", seed: 0, size: 0 });
    const row = await store.db.selectFrom("meta").select("key").where("key", "=", DEMO_CLOUD_MODELS_META_KEY).executeTakeFirst();
    expect(row).toBeUndefined();
  });
});
