/**
 * Axis units of the charts: counts get whole-number ticks, and CPU and memory are shown in the larger unit the spec
 * allows once the values reach it (cores, not "29K mCores"; GB, not "59.4K MB"). Pure, unit-tested in units.test.ts.
 */
import { MB_PER_GB, MCORES_PER_CORE } from "~/lib/units";

/** Units that count things: their axes tick in whole numbers. */
const COUNT_UNITS = new Set(["pods", "nodes", "events", "restarts", "containers", "days", "hours", "node hours"]);

export function isCountUnit(unit: string | undefined): boolean {
  return unit !== undefined && COUNT_UNITS.has(unit.toLowerCase());
}

export interface AxisUnit {
  /** The unit shown (tooltips, summary). */
  unit: string | undefined;
  /** What the values are multiplied by (1 when unchanged). */
  factor: number;
  /** The axis label with the shown unit. */
  yLabel: string;
}

const LARGER: Record<string, { unit: string; per: number }> = {
  mCores: { unit: "cores", per: MCORES_PER_CORE },
  MB: { unit: "GB", per: MB_PER_GB },
};

/** The unit for an axis whose largest value is `max`: mCores from 1,000 on as cores, MB from 1,024 on as GB. */
export function axisUnit(unit: string | undefined, yLabel: string, max: number): AxisUnit {
  const larger = unit === undefined ? undefined : LARGER[unit];
  if (!larger || !(max >= larger.per)) return { unit, factor: 1, yLabel };
  return { unit: larger.unit, factor: 1 / larger.per, yLabel: yLabel.replace(`(${unit})`, `(${larger.unit})`) };
}
