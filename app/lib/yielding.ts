/**
 * Long computations written as generators that `yield` between bounded steps, run either at once (tests, small
 * inputs, scripts) or giving the event loop a turn at every yield (a server request: other users' requests are
 * answered meanwhile). One code path for both, so the result cannot differ.
 */
import { setImmediate as nextTurn } from "node:timers/promises";

/** A computation that yields between steps and returns T. */
export type Steps<T> = Generator<void, T, void>;

/** Runs every step now. */
export function runSteps<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Runs the steps with a turn of the event loop at every yield. */
export async function runStepsYielding<T>(steps: Steps<T>): Promise<T> {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    await nextTurn();
  }
}
