/**
 * The product's scheduled jobs (decision 014): a list of named jobs, each with a cron schedule, run by croner
 * (a maintained scheduler library; no hand-rolled timers). Any area registers its job (the Prometheus collection
 * and analysis today; cloud connections later) and the server starts them once. A job never overlaps itself
 * (croner's `protect`), and "run now" goes through the same guard, so a manual run and a scheduled one never
 * collect at the same time. Each job keeps its last run, outcome and next run for the screens.
 */
import { Cron } from "croner";

export interface ScheduledJob {
  /** A unique name, e.g. "prometheus-collection". */
  name: string;
  /** A cron expression (5 or 6 fields, UTC), or "off". */
  schedule: string;
  run(): Promise<unknown>;
}

export interface JobStatus {
  name: string;
  schedule: string;
  nextRunAt: string | null;
  running: boolean;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastError: string | null;
}

interface Entry {
  job: ScheduledJob;
  cron: Cron | null;
  running: Promise<unknown> | null;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  lastError: string | null;
}

declare global {
  var __kubexJobs: Map<string, Entry> | undefined;
}

const jobs = (): Map<string, Entry> => (globalThis.__kubexJobs ??= new Map());

export class ScheduleError extends Error {
  override name = "ScheduleError";
}

/** Checks a cron expression (croner's parser); throws ScheduleError with the reason. */
export function checkSchedule(schedule: string): void {
  if (schedule === "off") return;
  try {
    new Cron(schedule, { paused: true, timezone: "UTC" }).stop();
  } catch (error) {
    throw new ScheduleError(`Not a cron schedule: "${schedule}" (${error instanceof Error ? error.message : String(error)})`);
  }
}

async function runEntry(entry: Entry): Promise<unknown> {
  if (entry.running) return entry.running;
  entry.lastStartedAt = new Date().toISOString();
  const p = (async () => {
    try {
      const result = await entry.job.run();
      entry.lastError = null;
      return result;
    } catch (error) {
      entry.lastError = error instanceof Error ? error.message : String(error);
      throw error;
    } finally {
      entry.lastFinishedAt = new Date().toISOString();
      entry.running = null;
    }
  })();
  entry.running = p;
  return p;
}

/**
 * Registers (or replaces) a job and schedules it. A job already registered under the name is stopped first, so a
 * module reloaded in development does not schedule twice.
 */
export function registerJob(job: ScheduledJob): void {
  checkSchedule(job.schedule);
  const existing = jobs().get(job.name);
  existing?.cron?.stop();
  const entry: Entry = {
    job,
    cron: null,
    running: existing?.running ?? null,
    lastStartedAt: existing?.lastStartedAt ?? null,
    lastFinishedAt: existing?.lastFinishedAt ?? null,
    lastError: existing?.lastError ?? null,
  };
  if (job.schedule !== "off") {
    entry.cron = new Cron(job.schedule, { timezone: "UTC", protect: true, catch: true, unref: true }, async () => {
      // A failure is kept in lastError (and recorded by the job itself); the schedule goes on.
      await runEntry(entry).catch(() => undefined);
    });
  }
  jobs().set(job.name, entry);
}

/** Runs a job now (or joins the run under way); rejects with the job's error. */
export function runJobNow(name: string): Promise<unknown> {
  const entry = jobs().get(name);
  if (!entry) return Promise.reject(new ScheduleError(`No job named "${name}"`));
  return runEntry(entry);
}

/** Starts a run in the background (a "collect now" button); false when one is already running. */
export function startJobNow(name: string): boolean {
  const entry = jobs().get(name);
  if (!entry) throw new ScheduleError(`No job named "${name}"`);
  if (entry.running) return false;
  runEntry(entry).catch(() => undefined);
  return true;
}

export function jobStatus(name: string): JobStatus | null {
  const e = jobs().get(name);
  if (!e) return null;
  const next = e.cron?.nextRun();
  return {
    name,
    schedule: e.job.schedule,
    nextRunAt: next ? next.toISOString() : null,
    running: e.running !== null,
    lastStartedAt: e.lastStartedAt,
    lastFinishedAt: e.lastFinishedAt,
    lastError: e.lastError,
  };
}

export function listJobs(): JobStatus[] {
  return [...jobs().keys()].map((n) => jobStatus(n)!);
}

/** Stops every schedule and forgets the jobs (tests, shutdown); runs under way finish. */
export function stopAllJobs(): void {
  for (const e of jobs().values()) e.cron?.stop();
  jobs().clear();
}
