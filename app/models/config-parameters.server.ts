/**
 * Configuration parameters (spec document 2: getParameters → parameterKey, numberValue): the default unit prices
 * cpu_core_default_cost ($ per vCPU-hour) and memory_gib_default_cost ($ per GB-hour), seeded by migration 004
 * with the ANALYSIS.md defaults. The spec's fallback for an unset price is 0.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { UnitPrices } from "~/engine/containers";

export const CPU_CORE_COST_KEY = "cpu_core_default_cost";
export const MEMORY_GIB_COST_KEY = "memory_gib_default_cost";

export interface ConfigParameter {
  parameterKey: string;
  numberValue: number | null;
}

/** Every configuration parameter, by key. */
export async function getParameters(db: Kysely<Database>): Promise<ConfigParameter[]> {
  const rows = await db.selectFrom("config_parameter").select(["parameter_key", "number_value"]).orderBy("parameter_key").execute();
  return rows.map((r) => ({ parameterKey: r.parameter_key, numberValue: r.number_value === null ? null : Number(r.number_value) }));
}

/** The unit prices an analysis uses: the two parameters, 0 when unset or not a finite non-negative number. */
export async function readUnitPrices(db: Kysely<Database>): Promise<UnitPrices> {
  const params = await getParameters(db);
  const value = (key: string) => {
    const v = params.find((p) => p.parameterKey === key)?.numberValue;
    return typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : 0;
  };
  return { cpuCoreHour: value(CPU_CORE_COST_KEY), memoryGbHour: value(MEMORY_GIB_COST_KEY) };
}
