/**
 * The web process's admission queue (decision 022, scripts/serve.mjs): at most `maxInFlight` page and data reads
 * (GET, HEAD) are worked on at once; the others wait in arrival order, and one whose client has gone by its turn is
 * never started. A read's turn ends when its response finishes or its connection closes. Not held back: actions
 * (they may wait seconds on a cluster's Prometheus or a cloud's API and must not hold every page behind them), the
 * API (its own limits, decision 017) and exports (a long download must not take a page's turn). Static files are
 * served before this middleware.
 */
import type { EventEmitter } from "node:events";

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

export function admissionQueue(maxInFlight: number) {
  let inFlight = 0;
  const waiting: { req: AdmissionRequest; start: () => void }[] = [];
  const pump = () => {
    while (inFlight < maxInFlight && waiting.length) {
      const next = waiting.shift()!;
      if (next.req.socket.destroyed) continue;
      next.start();
    }
  };
  const admit = (req: AdmissionRequest, res: AdmissionResponse, next: () => void) => {
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
    if (inFlight < maxInFlight) start();
    else waiting.push({ req, start });
  };
  return Object.assign(admit, { stats: () => ({ inFlight, waiting: waiting.length }) });
}
