import {
  DEFAULT_CAPACITY_THRESHOLDS,
  DEFAULT_HEALTH_THRESHOLDS,
  type CapacityThresholds,
  type HealthThresholds,
} from "./constants";

/** What a server may return: any field missing, null or not a number. */
export type ServerThresholds<T> = { [K in keyof T]?: number | null } | null | undefined;

function resolve<T extends object>(defaults: Readonly<T>, server: ServerThresholds<T>): T {
  const out = { ...defaults } as Record<string, number>;
  for (const key of Object.keys(defaults)) {
    const v = (server as Record<string, unknown> | null | undefined)?.[key];
    if (typeof v === "number" && Number.isFinite(v)) out[key] = v;
  }
  return out as T;
}

/** The `healththreshold` a server returned, each missing or null field taken from the spec's defaults. */
export function resolveHealthThresholds(server?: ServerThresholds<HealthThresholds>): HealthThresholds {
  return resolve(DEFAULT_HEALTH_THRESHOLDS, server);
}

/** The `capacitythreshold` a server returned, each missing or null field taken from the spec's defaults. */
export function resolveCapacityThresholds(server?: ServerThresholds<CapacityThresholds>): CapacityThresholds {
  return resolve(DEFAULT_CAPACITY_THRESHOLDS, server);
}
