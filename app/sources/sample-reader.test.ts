import { describe, expect, it } from "vitest";
import { createDemoSource } from "~/sources/demo/index";
import type { ContainerSample, MetricsSource } from "~/engine/source-contract";
import { demoReader, sampleBuffers, sourceReader, type SampleBuffers } from "./sample-reader";
import { containerEventsOf, containerModel, containerSampleAt, containerSamplesInto } from "~/sources/demo/samples";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const DAY = 86_400_000;
const source = createDemoSource({ seed: 42, size: 2000, now: NOW });
const inventory = source.inventory();
const regions = Object.fromEntries(inventory.clusters.map((c) => [c.name, c.region]));

const read = (buf: SampleBuffers, n: number): ContainerSample[] =>
  Array.from({ length: n }, (_, i) => ({ t: buf.t[i], cpu: buf.cpu[i], mem: buf.mem[i] }));

describe("demoReader", () => {
  // Every kind of container: Deployments, StatefulSets, DaemonSets, Jobs and CronJobs (gaps between runs), with
  // and without limits, including new ones (no samples before first seen).
  const kinds = ["Deployment", "StatefulSet", "DaemonSet", "Job", "CronJob"];
  const picked = [
    ...kinds.flatMap((k) => inventory.containers.filter((c) => c.pod_owner_kind === k).slice(0, 8)),
    ...inventory.containers.filter((c) => c.cpu_limit !== null).slice(0, 8),
    ...inventory.containers.filter((c) => Date.parse(c.first_seen) > NOW - 7 * DAY).slice(0, 4),
  ];

  it("gives exactly the demo source's samples and events, from the stored row alone", () => {
    const reader = demoReader(42, regions);
    const buf = sampleBuffers(16); // too small on purpose: the reader grows it
    expect(picked.length).toBeGreaterThan(40);
    for (const c of picked) {
      for (const [from, to] of [
        [NOW - 7 * DAY, NOW],
        [NOW - DAY, NOW],
        [NOW - 7 * DAY + 123_456, NOW - 3 * DAY + 1],
      ]) {
        const n = reader.samples(c, from, to, buf);
        expect(read(buf, n), c.id).toEqual(source.containerSamples(c.id, from, to));
        expect(reader.events(c, from, to), c.id).toEqual(source.containerEvents(c.id, from, to));
      }
    }
  });
});

describe("demoReader's window fill (containerSamplesInto)", () => {
  it("equals containerSampleAt bit for bit for every container of the fleet over 8 days", () => {
    const buf = sampleBuffers();
    const from = NOW - 8 * DAY + 5 * 60_000;
    let compared = 0;
    for (const c of inventory.containers) {
      const m = containerModel(42, c, regions[c.cluster] ?? "");
      const k0 = Math.ceil(from / 300_000);
      const k1 = Math.ceil(NOW / 300_000);
      while (buf.t.length < k1 - k0) Object.assign(buf, sampleBuffers(buf.t.length * 2));
      const n = containerSamplesInto(m, k0, k1, buf.t, buf.cpu, buf.mem);
      let i = 0;
      for (let k = k0; k < k1; k++) {
        const s = containerSampleAt(m, k);
        if (s === null) continue;
        if (!Object.is(buf.t[i], s.t) || !Object.is(buf.cpu[i], s.cpu) || !Object.is(buf.mem[i], s.mem)) {
          expect({ id: c.id, k, t: buf.t[i], cpu: buf.cpu[i], mem: buf.mem[i] }).toEqual({ id: c.id, k, ...s });
        }
        i++;
      }
      expect(n, c.id).toBe(i);
      compared += n;
    }
    expect(compared).toBeGreaterThan(2000 * 2000);
  });
});

describe("demoReader's events from its samples pass (ThrottleCounts)", () => {
  it("equal containerEventsOf's own count for every container of the fleet, inside and outside the samples' window", () => {
    const reader = demoReader(42, regions);
    const buf = sampleBuffers();
    let throttled = 0;
    for (const c of inventory.containers) {
      const m = containerModel(42, c, regions[c.cluster] ?? "");
      reader.samples(c, NOW - 7 * DAY, NOW, buf);
      for (const [from, to] of [
        [NOW - 7 * DAY, NOW],
        [NOW - DAY, NOW],
        [NOW - 3 * DAY + 123_456, NOW - DAY - 1],
        [NOW - 7 * DAY - 300_000, NOW], // starts before the samples: counted afresh
        [NOW - DAY, NOW + 300_000], // ends after them: counted afresh
      ]) {
        const got = reader.events(c, from, to);
        expect(got, `${c.id} ${from} ${to}`).toEqual(containerEventsOf(m, from, to));
        if (from === NOW - 7 * DAY && to === NOW && got.throttleEvents > 0) throttled++;
      }
    }
    expect(throttled).toBeGreaterThan(20);
  });

  it("are not another container's: events of a container whose samples were not read are counted afresh", () => {
    const reader = demoReader(42, regions);
    const [a, b] = inventory.containers.filter((c) => c.cpu_limit !== null);
    reader.samples(a, NOW - 7 * DAY, NOW, sampleBuffers());
    expect(reader.events(b, NOW - 7 * DAY, NOW)).toEqual(source.containerEvents(b.id, NOW - 7 * DAY, NOW));
    expect(reader.events(a, NOW - 7 * DAY, NOW)).toEqual(source.containerEvents(a.id, NOW - 7 * DAY, NOW));
  });
});

describe("demoReader GPUs", () => {
  it("gives exactly the demo source's GPU request and samples, and null for containers without a GPU", () => {
    const reader = demoReader(42, regions);
    const gpuContainers = inventory.containers.filter((c) => c.node_group === `${c.cluster}-gpu`);
    expect(gpuContainers.length).toBeGreaterThan(3);
    for (const c of gpuContainers) {
      const got = reader.gpu(c, NOW - 7 * DAY, NOW)!;
      const want = source.containerGpu(c.id, NOW - 7 * DAY, NOW)!;
      expect(got.request).toBe(want.request);
      expect(Array.from(got.gpu)).toEqual(want.samples.map((s) => s.gpu));
      expect(Array.from(got.gpuMem)).toEqual(want.samples.map((s) => s.gpuMem));
    }
    expect(reader.gpu(inventory.containers.find((c) => !c.node_group.endsWith("-gpu"))!, NOW - DAY, NOW)).toBeNull();
  });
});

describe("sourceReader", () => {
  it("reads a source's GPU samples, and none from a source that does not measure GPUs", async () => {
    const c = inventory.containers[0];
    const withGpu = {
      containerGpu: async () => ({ request: 2, samples: [{ t: 0, gpu: 1.5, gpuMem: 9000 }, { t: 300_000, gpu: 0.5, gpuMem: 7000 }] }),
    } as unknown as MetricsSource;
    const got = (await sourceReader(withGpu).gpu(c, 0, 600_000))!;
    expect([got.request, Array.from(got.gpu), Array.from(got.gpuMem)]).toEqual([2, [1.5, 0.5], [9000, 7000]]);
    expect(await sourceReader({} as MetricsSource).gpu(c, 0, 600_000)).toBeNull();
  });


  it("copies any source's samples into the buffers, growing them, and passes events through", async () => {
    const samples: ContainerSample[] = Array.from({ length: 50 }, (_, i) => ({ t: i * 300_000, cpu: i, mem: 2 * i }));
    const fake = {
      containerSamples: async () => samples,
      containerEvents: async () => ({ restarts: 3, oomKills: 1, throttleEvents: 2 }),
    } as unknown as MetricsSource;
    const reader = sourceReader(fake);
    const buf = sampleBuffers(10);
    const c = inventory.containers[0];
    const n = await reader.samples(c, 0, 50 * 300_000, buf);
    expect(n).toBe(50);
    expect(read(buf, n)).toEqual(samples);
    expect(await reader.events(c, 0, 1)).toEqual({ restarts: 3, oomKills: 1, throttleEvents: 2 });
  });
});
