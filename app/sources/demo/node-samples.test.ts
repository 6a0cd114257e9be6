import { describe, expect, it } from "vitest";
import { nodeModel, utilisationSampleAt, utilisationSamplesOf, utilisationSeries } from "./samples";

const STEP = 300_000;
const DAY = 86_400_000;
const NOW = Date.UTC(2025, 0, 15, 12, 35, 0);

describe("utilisationSamplesOf (a node's samples for a whole window)", () => {
  // Nodes across the shares and regions the fleet has: different peak hours, drift knots and spike chances.
  const models = Array.from({ length: 40 }, (_, i) =>
    nodeModel(42 + (i % 3), `node-${i}`, ["us-east-1", "eu-west-1", "ap-southeast-2", "nowhere"][i % 4], 0.1 + i / 30, 0.2 + i / 45),
  );

  it("equals utilisationSampleAt bit for bit over 31 days, weekends and day changes included", () => {
    const k0 = Math.ceil((NOW - 31 * DAY) / STEP);
    const k1 = Math.ceil(NOW / STEP);
    let spikes = 0;
    for (const m of models) {
      const fast = utilisationSamplesOf(m, k0, k1);
      expect(fast).toHaveLength(k1 - k0);
      for (let k = k0; k < k1; k++) {
        const one = utilisationSampleAt(m, k);
        const got = fast[k - k0];
        if (got.t !== one.t || !Object.is(got.cpu, one.cpu) || !Object.is(got.mem, one.mem)) expect(got, `${m.entity} at ${k}`).toEqual(one);
        if (one.cpu > m.cpuBase * 2) spikes++;
      }
    }
    expect(spikes).toBeGreaterThan(0); // the spike branch ran
  });

  it("is what utilisationSeries answers at 5 minutes, for windows off the 5-minute marks too", () => {
    const m = models[7];
    for (const [from, to] of [
      [NOW - 7 * DAY, NOW],
      [NOW - 7 * DAY + 1, NOW - 1],
      [NOW - 123_456, NOW],
      [NOW, NOW],
      [NOW, NOW - STEP],
    ]) {
      const want: { t: number; cpu: number; mem: number }[] = [];
      for (let t = Math.ceil(from / STEP) * STEP; t < to; t += STEP) want.push(utilisationSampleAt(m, t / STEP));
      expect(utilisationSeries(m, from, to)).toEqual(want);
    }
  });
});
