/**
 * A what-if's sums (issue 15): container_analysis rows added up as the Summary's SQL adds up the snapshot's
 * (money in whole cents per row, the waterfall from the rows' cents, risk flags counted). Pure, so the worker
 * threads sum their own chunks and send back a few numbers instead of a hundred columns per container.
 */
import { emptyTotals, RISK_KEYS, type FigureTotals } from "~/domain/containers/what-if";
import { analyseChunk, type ChunkContext, type ChunkItem } from "./chunk";
import { ANALYSIS_COLUMNS, CENTS_INDEX } from "./columns";
import type { ContainerReader, SampleBuffers } from "~/sources/sample-reader";

const col = (name: (typeof ANALYSIS_COLUMNS)[number]) => ANALYSIS_COLUMNS.indexOf(name);
const I = {
  analysed: col("analysed"),
  risks: {
    atRisk: col("at_risk"),
    cpuThrottled: col("has_cpu_throttled_risk"),
    cpuStranded: col("has_cpu_stranded_risk"),
    memoryPodTermination: col("has_memory_pod_termination_risk"),
    memoryStranded: col("has_memory_stranded_risk"),
    memoryProcessTermination: col("has_memory_process_termination_risk"),
  },
  cost: {
    current: [col("cpu_current_cost"), col("mem_current_cost")],
    unspecified: [col("cpu_unspecified_cost"), col("mem_unspecified_cost")],
    recommended: [col("cpu_recommended_cost"), col("mem_recommended_cost")],
  },
} as const;

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** Adds container_analysis rows (values in ANALYSIS_COLUMNS order) to totals. */
export function addRows(t: FigureTotals, rows: readonly unknown[][]): void {
  for (const row of rows) {
    t.containers++;
    t.analysed += n(row[I.analysed]);
    for (const k of Object.keys(CENTS_INDEX) as (keyof typeof CENTS_INDEX)[]) t.cents[k] += n(row[CENTS_INDEX[k]]);
    for (const k of ["current", "unspecified", "recommended"] as const) {
      for (const i of I.cost[k]) t.costCents[k] += Math.round(n(row[i]) * 100);
    }
    for (const k of RISK_KEYS) t.risks[k] += n(row[I.risks[k]]);
  }
}

/** Adds b into a. */
export function addTotals(a: FigureTotals, b: FigureTotals): void {
  a.containers += b.containers;
  a.analysed += b.analysed;
  for (const k of Object.keys(a.cents) as (keyof FigureTotals["cents"])[]) a.cents[k] += b.cents[k];
  for (const k of Object.keys(a.costCents) as (keyof FigureTotals["costCents"])[]) a.costCents[k] += b.costCents[k];
  for (const k of RISK_KEYS) a.risks[k] += b.risks[k];
}

/** A chunk analysed (analyseChunk, the run's own) and summed. */
export async function totalsChunk(items: readonly ChunkItem[], reader: ContainerReader, ctx: ChunkContext, buf: SampleBuffers): Promise<FigureTotals> {
  const { rows } = await analyseChunk(items, reader, ctx, buf);
  const t = emptyTotals();
  addRows(t, rows);
  return t;
}
