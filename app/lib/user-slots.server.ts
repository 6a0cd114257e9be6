/**
 * A per-user cap on expensive work running at once (folder lists, node trees, metric series, exports). One user
 * cannot fill the server's one thread with parallel heavy requests: past the cap the request is refused at once
 * (a 429), never queued, so the refusal costs nothing and the user's running work is not slowed further.
 * In-process: each server process counts its own (one process serves the app).
 */

export const DEFAULT_SLOTS_PER_USER = 2;

let slotsPerUser = DEFAULT_SLOTS_PER_USER;
const running = new Map<string, number>();

/** Tests and the benchmark change the cap; returns the previous one. */
export function setSlotsPerUser(n: number): number {
  const previous = slotsPerUser;
  slotsPerUser = n;
  return previous;
}

export function slotsPerUserLimit(): number {
  return slotsPerUser;
}

/** A taken slot: release() gives it back (more than once is harmless). */
export interface Slot {
  release(): void;
}

/** A slot for `userId`, or undefined when the user already runs `slotsPerUser` expensive requests. */
export function takeSlot(userId: string): Slot | undefined {
  const now = running.get(userId) ?? 0;
  if (now >= slotsPerUser) return undefined;
  running.set(userId, now + 1);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      const left = (running.get(userId) ?? 1) - 1;
      if (left > 0) running.set(userId, left);
      else running.delete(userId);
    },
  };
}

/** Expensive requests a user runs now (tests). */
export function slotsInUse(userId: string): number {
  return running.get(userId) ?? 0;
}

export const TOO_MANY_TEXT = (n: number) =>
  `You already have ${n} expensive request${n === 1 ? "" : "s"} running (folder lists, node trees, metric series or exports); wait for one to finish and try again.`;

/**
 * Runs `start` holding one of the user's slots, or answers 429 when none is free. `start` hands `release` to
 * whatever ends last (a streamed body's close); a failure before that gives the slot back at once.
 */
export async function withUserSlot(userId: string, start: (release: () => void) => Promise<Response>): Promise<Response> {
  const slot = takeSlot(userId);
  if (!slot) {
    return new Response(TOO_MANY_TEXT(slotsPerUser), { status: 429, headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": "1" } });
  }
  try {
    return await start(() => slot.release());
  } catch (error) {
    slot.release();
    throw error;
  }
}
