/**
 * The web process's admission queue (decision 022, scripts/serve.mjs): at most `maxInFlight` page and data reads
 * (GET, HEAD) are worked on at once; the others wait in arrival order (a handed connection's first request from when
 * the primary accepted it: connection-arrival.server.ts), and one whose client has gone by its turn is
 * never started. A read's turn ends when its response finishes or its connection closes. Not held back: actions
 * (they may wait seconds on a cluster's Prometheus or a cloud's API and must not hold every page behind them), the
 * API (its own limits, decision 017) and exports (a long download must not take a page's turn). Static files are
 * served before this middleware.
 */
import type { EventEmitter } from "node:events";
import { arrivalOf } from "./connection-arrival.server";

/** What the queue reads of a request and a response (express's, or a test's stand-ins). */
export interface AdmissionRequest {
  method: string;
  path: string;
  socket: { destroyed: boolean };
}
export type AdmissionResponse = Pick<EventEmitter, "once">;

export function isHeldBack(req: Pick<AdmissionRequest, "method" | "path">): boolean {
  return (req.method === "GET" || req.method === "HEAD") && !req.path.startsWith("/api/") && !req.path.endsWith("/export");
}

/** How long new requests wait for the next of the connections the primary said were on their way (~1 ms each). */
export const HANDOFF_HOLD_MS = 50;
/** The longest they wait at a stretch, however many keep coming (a flood of clients without keep-alive). */
export const HANDOFF_HOLD_MAX_MS = 500;

export function admissionQueue(maxInFlight: number) {
  let inFlight = 0;
  // While the primary has more connections on their way to this process, no request starts: a request's work takes
  // a turn of the event loop, and each connection takes one (web-cluster.server.ts).
  let held = false;
  let holdTimer: NodeJS.Timeout | undefined;
  let heldSince = 0;
  // Ordered by arrival (connection-arrival.server.ts): a request on a connection handed over late goes before the
  // ones that reached the process first but arrived after it; every other request goes last.
  const waiting: { req: AdmissionRequest; arrival: number; start: () => void }[] = [];
  const pump = () => {
    while (!held && inFlight < maxInFlight && waiting.length) {
      const next = waiting.shift()!;
      if (next.req.socket.destroyed) continue;
      next.start();
    }
  };
  const admit = (req: AdmissionRequest, res: AdmissionResponse, next: () => void) => {
    const arrival = arrivalOf(req.socket);
    if (!isHeldBack(req)) return next();
    const start = () => {
      inFlight++;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        inFlight--;
        pump();
      };
      res.once("finish", release);
      res.once("close", release);
      next();
    };
    if (!held && inFlight < maxInFlight) return start();
    let at = waiting.length;
    while (at > 0 && waiting[at - 1].arrival > arrival) at--;
    waiting.splice(at, 0, { req, arrival, start });
  };
  /**
   * The primary has `more` connections on their way here (0: none): hold new requests until they have come, or
   * until none has come for HANDOFF_HOLD_MS, and for at most HANDOFF_HOLD_MAX_MS at a stretch, so that a flood of
   * new connections cannot hold them for ever: then the requests waiting start, and a later message holds again.
   */
  const handoffs = (more: number) => {
    clearTimeout(holdTimer);
    const now = Date.now();
    if (more > 0 && !held) heldSince = now;
    held = more > 0 && now - heldSince < HANDOFF_HOLD_MAX_MS;
    if (held) holdTimer = setTimeout(() => handoffs(0), Math.min(HANDOFF_HOLD_MS, HANDOFF_HOLD_MAX_MS - (now - heldSince))).unref();
    else pump();
  };
  return Object.assign(admit, { stats: () => ({ inFlight, waiting: waiting.length, held }), handoffs });
}
