/**
 * The spec's units and their conversions, in one place: CPU in mCores (cores = mCores / 1000), memory in MB
 * (GB = MB / 1024, the spec's GB is a GiB), cost in $ per month of 730 hours.
 */
export const MCORES_PER_CORE = 1000;
export const MB_PER_GB = 1024;
export const HOURS_PER_MONTH = 730;

export const coresFromMCores = (mCores: number) => mCores / MCORES_PER_CORE;
export const gbFromMb = (mb: number) => mb / MB_PER_GB;
export const mbFromGb = (gb: number) => gb * MB_PER_GB;
export const monthlyFromHourly = (hourly: number) => hourly * HOURS_PER_MONTH;
