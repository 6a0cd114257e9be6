/** Durations in milliseconds, and the 5-minute step every raw sample sits on. */
export const SECOND_MS = 1000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
export const WEEK_MS = 7 * DAY_MS;
/** The spacing of raw samples (Prometheus's usual scrape rate step, CloudWatch basic monitoring). */
export const SAMPLE_STEP_MS = 5 * MINUTE_MS;
