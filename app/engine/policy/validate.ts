/**
 * Checks a policy's parameter values: every value of the right type and inside its range, plus the rules that
 * tie parameters together (a minimum below its maximum, a window that can ever satisfy the minimum data). Missing
 * values take their defaults; unknown names are errors. Messages name the parameter as the Policies tab shows it.
 */
import { PARAMETER_BY_NAME, defaultPolicyValues, type ParameterDefinition, type PolicyValues } from "./parameters";

export interface PolicyValidationError {
  /** The parameter's name, or "policy" for a rule across parameters. */
  parameter: string;
  message: string;
}

export type PolicyValidation =
  | { ok: true; values: PolicyValues }
  | { ok: false; errors: PolicyValidationError[] };

function checkValue(def: ParameterDefinition, value: unknown): string | null {
  const t = def.type;
  const label = def.displayName;
  switch (t.kind) {
    case "boolean":
      return typeof value === "boolean" ? null : `${label} must be Yes or No (true or false).`;
    case "choice":
      return typeof value === "string" && t.options.includes(value)
        ? null
        : `${label} must be one of ${t.options.join(", ")} (got ${JSON.stringify(value)}).`;
    case "hours": {
      if (!Array.isArray(value)) return `${label} must be a list of hours of day from 0 to 23.`;
      const bad = value.filter((h) => !Number.isInteger(h) || h < 0 || h > 23);
      if (bad.length) return `${label} must be hours of day from 0 to 23 (got ${bad.map((b) => JSON.stringify(b)).join(", ")}).`;
      if (new Set(value).size !== value.length) return `${label} lists an hour more than once.`;
      return null;
    }
    case "integer":
    case "number": {
      const whole = t.kind === "integer";
      const unit = def.unit && def.unit !== "x" ? ` ${def.unit}` : "";
      if (typeof value !== "number" || !Number.isFinite(value) || (whole && !Number.isInteger(value)) || value < t.min || value > t.max) {
        return `${label} must be ${whole ? "a whole number" : "a number"} from ${t.min} to ${t.max}${unit} (got ${JSON.stringify(value)}).`;
      }
      return null;
    }
  }
}

function crossRules(v: PolicyValues): PolicyValidationError[] {
  const errors: PolicyValidationError[] = [];
  const add = (parameter: string, message: string) => errors.push({ parameter, message });
  if (!v.includeWeekdays && !v.includeWeekends) {
    add("includeWeekends", "Include Weekdays and Include Weekends cannot both be No: no sample would be analysed.");
  }
  if (v.minimumDays > v.workloadRangeDays) {
    add("minimumDays", `Minimum Days (${v.minimumDays}) cannot exceed the Workload Range (${v.workloadRangeDays} days).`);
  }
  const hoursLeft = 24 - v.excludedHours.length;
  if (v.minimumHours > hoursLeft) {
    add("minimumHours", `Minimum Hours (${v.minimumHours}) cannot exceed the ${hoursLeft} hours of a day left after Excluded Hours.`);
  }
  if (v.minHoursForDownsize > v.workloadRangeDays * 24) {
    add("minHoursForDownsize",
      `Min Hours for Downsize (${v.minHoursForDownsize}) cannot exceed the Workload Range (${v.workloadRangeDays * 24} hours): nothing could ever be downsized.`);
  }
  for (const [res, unit] of [["cpu", "mCores"], ["memory", "MB"]] as const) {
    const name = res === "cpu" ? "CPU" : "Memory";
    const min = v[`${res}AllocationMin`];
    const max = v[`${res}AllocationMax`];
    const inc = v[`${res}AllocationIncrement`];
    if (min > max) add(`${res}AllocationMin`, `${name} Allocation Minimum (${min} ${unit}) cannot exceed the maximum (${max} ${unit}).`);
    if (min % inc !== 0) add(`${res}AllocationMin`, `${name} Allocation Minimum (${min} ${unit}) must be a multiple of the increment (${inc} ${unit}).`);
    if (max % inc !== 0) add(`${res}AllocationMax`, `${name} Allocation Maximum (${max} ${unit}) must be a multiple of the increment (${inc} ${unit}).`);
  }
  return errors;
}

/** Validates values (missing ones take their defaults) and returns the complete set or every error found. */
export function validatePolicyValues(values: Readonly<Record<string, unknown>>): PolicyValidation {
  const merged: Record<string, unknown> = { ...defaultPolicyValues() };
  const errors: PolicyValidationError[] = [];
  for (const [name, value] of Object.entries(values)) {
    const def = PARAMETER_BY_NAME.get(name);
    if (!def) {
      errors.push({ parameter: name, message: `Unknown policy parameter "${name}".` });
      continue;
    }
    if (value === undefined) continue;
    const problem = checkValue(def, value);
    if (problem) errors.push({ parameter: name, message: problem });
    else merged[name] = Array.isArray(value) ? [...value].sort((a, b) => a - b) : value;
  }
  if (errors.length) return { ok: false, errors };
  const complete = merged as unknown as PolicyValues;
  const cross = crossRules(complete);
  return cross.length ? { ok: false, errors: cross } : { ok: true, values: complete };
}
