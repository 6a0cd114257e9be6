/**
 * A collection run's stored series (migration 011): the Prometheus source streams them in batch by batch under
 * the new run's id while it collects; the analysis reads them back one entity at a time (a MetricsSource over the
 * latest complete run). Rows of a failed run are removed; rows of runs before the latest complete one are removed
 * once it is in.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { SAMPLE_STEP_MS, type ContainerEvents, type ContainerSample, type MetricsSource, type UtilisationSample } from "~/engine/source-contract";
import type { PackedSeries, SeriesSink } from "~/sources/prometheus/source";
import { blobOf, typedFromBlob } from "~/lib/typed-blob";

const ROWS_PER_INSERT = 200;

const pack = (a: Float32Array | undefined) => (a ? blobOf(a) : null);

/** A float32 array from a stored blob. */
export function unpack(b: Uint8Array | null | undefined): Float32Array | null {
  return b ? typedFromBlob(b, Float32Array) : null;
}

/** A sink writing under `runId`, ROWS_PER_INSERT rows per statement; `flush()` writes what is left. */
export function collectedSeriesWriter(db: Kysely<Database>, runId: string): SeriesSink & { flush(): Promise<void>; readonly written: number } {
  let pending: Database["collected_series"][] = [];
  let written = 0;
  const flush = async () => {
    if (pending.length === 0) return;
    const rows = pending;
    pending = [];
    await db.insertInto("collected_series").values(rows).execute();
    written += rows.length;
  };
  return {
    get written() {
      return written;
    },
    async write(kind, id, s: PackedSeries) {
      pending.push({
        run_id: runId,
        kind,
        entity_id: id,
        start_ms: s.startMs,
        step_ms: s.stepMs,
        slots: s.cpu.length,
        cpu: pack(s.cpu)!,
        mem: pack(s.mem)!,
        restarts: pack(s.restarts),
        oom: pack(s.oom),
        throttled: pack(s.throttled),
      });
      if (pending.length >= ROWS_PER_INSERT) await flush();
    },
    flush,
  };
}

/** Removes the series of one run (a failed one). */
export async function deleteRunSeries(db: Kysely<Database>, runId: string): Promise<void> {
  await db.deleteFrom("collected_series").where("run_id", "=", runId).execute();
}

/** Removes the series of every run but `keepRunId` (after a new collection is in). */
export async function deleteOtherRunSeries(db: Kysely<Database>, keepRunId: string): Promise<void> {
  await db.deleteFrom("collected_series").where("run_id", "!=", keepRunId).execute();
}

interface Unpacked {
  startMs: number;
  stepMs: number;
  cpu: Float32Array;
  mem: Float32Array;
  restarts: Float32Array | null;
  oom: Float32Array | null;
  throttled: Float32Array | null;
}

/** Samples of [fromMs, toMs) at `stepMs` (a multiple of the stored step: the mean of the stored samples of each step). */
function window(u: Unpacked, fromMs: number, toMs: number, stepMs: number): { t: number; cpu: number; mem: number }[] {
  const out: { t: number; cpu: number; mem: number }[] = [];
  const per = Math.max(1, Math.round(stepMs / u.stepMs));
  const first = Math.ceil(fromMs / stepMs) * stepMs;
  for (let t = first; t < toMs; t += stepMs) {
    let n = 0;
    let cpu = 0;
    let mem = 0;
    for (let j = 0; j < per; j++) {
      const k = Math.round((t - u.startMs) / u.stepMs) + j;
      if (k < 0 || k >= u.cpu.length) continue;
      const c = u.cpu[k];
      const m = u.mem[k];
      if (Number.isNaN(c) && Number.isNaN(m)) continue;
      cpu += Number.isNaN(c) ? 0 : c;
      mem += Number.isNaN(m) ? 0 : m;
      n++;
    }
    if (n > 0) out.push({ t, cpu: cpu / n, mem: mem / n });
  }
  return out;
}

/**
 * The stored series of one run as a MetricsSource (CPU in mCores and memory in MB for containers, % of allocatable
 * for nodes). The last entity read is kept, so a container's samples and its events cost one read. An entity
 * without a row has no samples.
 */
export function storedSeriesSource(db: Kysely<Database>, runId: string): Pick<MetricsSource, "containerSamples" | "containerEvents" | "nodeSamples"> {
  let last: { key: string; value: Unpacked | null } | undefined;
  const read = async (kind: "container" | "node", id: string): Promise<Unpacked | null> => {
    const key = `${kind}/${id}`;
    if (last?.key === key) return last.value;
    const row = await db
      .selectFrom("collected_series")
      .selectAll()
      .where("run_id", "=", runId)
      .where("kind", "=", kind)
      .where("entity_id", "=", id)
      .executeTakeFirst();
    const value: Unpacked | null = row
      ? {
          startMs: Number(row.start_ms),
          stepMs: row.step_ms,
          cpu: unpack(row.cpu)!,
          mem: unpack(row.mem)!,
          restarts: unpack(row.restarts),
          oom: unpack(row.oom),
          throttled: unpack(row.throttled),
        }
      : null;
    last = { key, value };
    return value;
  };
  return {
    async containerSamples(id, fromMs, toMs, stepMs = SAMPLE_STEP_MS): Promise<ContainerSample[]> {
      const u = await read("container", id);
      return u ? window(u, fromMs, toMs, stepMs) : [];
    },
    async nodeSamples(id, fromMs, toMs, stepMs = SAMPLE_STEP_MS): Promise<UtilisationSample[]> {
      const u = await read("node", id);
      return u ? window(u, fromMs, toMs, stepMs) : [];
    },
    async containerEvents(id, fromMs, toMs): Promise<ContainerEvents> {
      const u = await read("container", id);
      const events = { restarts: 0, oomKills: 0, throttleEvents: 0 };
      if (!u) return events;
      const k0 = Math.max(0, Math.ceil((fromMs - u.startMs) / u.stepMs));
      const k1 = Math.min(u.cpu.length, Math.ceil((toMs - u.startMs) / u.stepMs));
      for (let k = k0; k < k1; k++) {
        events.restarts += u.restarts?.[k] ?? 0;
        events.oomKills += u.oom?.[k] ?? 0;
        events.throttleEvents += u.throttled?.[k] ? 1 : 0;
      }
      return events;
    },
  };
}
