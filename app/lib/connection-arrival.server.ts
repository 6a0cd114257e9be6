/**
 * When a request arrived, for the admission queue's order (admission.server.ts). With several web processes the
 * primary accepts each connection and hands it over (web-cluster.server.ts); a busy web process takes a handed
 * connection at its next turn of the event loop, one connection per turn, so in a burst of new connections the
 * last ones reach their process hundreds of ms after their first request was sent. That request arrived when the
 * primary accepted its connection, and it takes its place in the queue from then.
 */
const acceptedAt = new WeakMap<object, number>();

/** The primary accepted `socket` at `at` (ms since the epoch, Date.now() of the primary). */
export function noteAccepted(socket: object, at: number): void {
  if (Number.isFinite(at)) acceptedAt.set(socket, at);
}

/** When the request now read on `socket` arrived: its connection's acceptance for the first one, else now. */
export function arrivalOf(socket: object, now = Date.now()): number {
  const at = acceptedAt.get(socket);
  if (at === undefined) return now;
  acceptedAt.delete(socket);
  return Math.min(at, now);
}
