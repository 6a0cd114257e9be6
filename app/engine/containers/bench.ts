/**
 * Micro-benchmark of the container engine (not a test; timings flake on shared machines). Run by hand:
 *
 *   npx tsx app/engine/containers/bench.ts [--containers 1000] [--rounds 5]
 *
 * Builds N synthetic containers with a week of 5-minute samples each (2,016: a daily cycle, noise, spikes; a
 * tenth without requests, a tenth OOM-killed) as Float64Array columns, then times analyseContainer (window,
 * statistics, recommendation, risks, costs, buckets) over all of them, without and with the learned 24-hour
 * pattern, plus the waterfall and histograms of the results. Prints containers per second (best round) and the
 * time 150,000 containers would take at that rate. Sample generation is not timed.
 */
import { SYSTEM_DEFAULT_POLICY } from "../policy/policies";
import { analyseContainer, type ContainerAnalysis } from "./analyse";
import { histograms } from "./histogram";
import type { ContainerInput } from "./recommend";
import { DAY_MS, STEP_MS } from "./types";
import { waterfall } from "./waterfall";

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

const N = arg("containers", 1000);
const ROUNDS = arg("rounds", 5);
const SAMPLES = 2016;
const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);

let seed = 42;
const rnd = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296);

function makeContainer(): ContainerInput {
  const t = new Float64Array(SAMPLES);
  const cpu = new Float64Array(SAMPLES);
  const mem = new Float64Array(SAMPLES);
  const base = 20 + rnd() * 2000;
  const memBase = 64 + rnd() * 4000;
  const amp = rnd() * 0.6;
  const phase = rnd() * 24;
  for (let i = 0; i < SAMPLES; i++) {
    t[i] = NOW - 7 * DAY_MS + i * STEP_MS;
    const hour = (i / 12 + phase) % 24;
    const daily = Math.cos((2 * Math.PI * hour) / 24);
    cpu[i] = Math.max(0, base * (1 + amp * daily) * (0.85 + 0.3 * rnd()) * (rnd() < 0.003 ? 2.5 : 1));
    mem[i] = memBase * (1 + 0.05 * daily) * (0.99 + 0.02 * rnd());
  }
  const unset = rnd() < 0.1;
  const factor = 0.3 + rnd() * 3;
  return {
    kind: "Deployment",
    existing: unset
      ? { cpuRequest: null, cpuLimit: null, memRequest: null, memLimit: null }
      : {
          cpuRequest: Math.round(base * factor),
          cpuLimit: rnd() < 0.5 ? Math.round(base * factor * 2) : null,
          memRequest: Math.round(memBase * factor),
          memLimit: Math.round(memBase * factor * 1.5),
        },
    samples: { t, cpu, mem },
    events: { restarts: 0, oomKills: rnd() < 0.1 ? 2 : 0, throttleEvents: 0 },
    nowMs: NOW,
    count: 1 + Math.floor(rnd() * 5),
  };
}

const t0 = performance.now();
const inputs = Array.from({ length: N }, makeContainer);
console.log(`built ${N} containers × ${SAMPLES} samples in ${(performance.now() - t0).toFixed(0)} ms (not timed below)`);

function round(pattern: boolean): { ms: number; results: ContainerAnalysis[] } {
  const start = performance.now();
  const results = new Array<ContainerAnalysis>(N);
  for (let i = 0; i < N; i++) results[i] = analyseContainer(inputs[i], SYSTEM_DEFAULT_POLICY.values, { pattern });
  return { ms: performance.now() - start, results };
}

for (const pattern of [false, true]) {
  let best = Infinity;
  let last: ContainerAnalysis[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const { ms, results } = round(pattern);
    best = Math.min(best, ms);
    last = results;
  }
  const perSec = (N / best) * 1000;
  const label = pattern ? "analyseContainer + learned pattern" : "analyseContainer";
  console.log(
    `${label}: best of ${ROUNDS} rounds ${best.toFixed(1)} ms for ${N} → ${Math.round(perSec).toLocaleString("en-US")} containers/s` +
      ` (150,000 containers ≈ ${(150_000 / perSec).toFixed(1)} s on one core)`,
  );
  if (!pattern) {
    const s = performance.now();
    const analysed = last.filter((a) => a.costs !== null);
    const w = waterfall(analysed.map((a) => a.costs!));
    const h = histograms(analysed.map((a) => ({ existing: a.result.existing, recommended: a.result.analysed ? a.result.recommended : a.result.existing })));
    const ms = performance.now() - s;
    console.log(
      `waterfall + histograms of ${analysed.length} results: ${ms.toFixed(1)} ms` +
        ` (current $${w.currentSpend.toFixed(2)}, optimal $${w.optimalSpend.toFixed(2)}; CPU request buckets ${h.cpuRequest.reduce((x, b) => x + b.value, 0)})`,
    );
  }
}
console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
