import { EventEmitter } from "node:events";
import { afterEach, describe, expect, it, vi } from "vitest";
import { admissionQueue, HANDOFF_HOLD_MAX_MS, HANDOFF_HOLD_MS, isHeldBack } from "./admission.server";
import { noteAccepted } from "./connection-arrival.server";

const request = (method: string, path: string) => ({ method, path, socket: { destroyed: false } });

function send(admit: ReturnType<typeof admissionQueue>, method: string, path: string) {
  const req = request(method, path);
  const res = new EventEmitter();
  const seen = { started: false };
  admit(req, res, () => (seen.started = true));
  return { req, res, seen };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the admission queue", () => {
  it("works on at most its limit of page reads and starts the next in arrival order when one finishes", () => {
    const admit = admissionQueue(2);
    const a = send(admit, "GET", "/kubex/containers-tree");
    const b = send(admit, "GET", "/kubex/nodes-tree");
    const c = send(admit, "GET", "/kubex/containers-tree/tree-item");
    const d = send(admit, "HEAD", "/kubex/containers-tree");
    expect([a, b, c, d].map((x) => x.seen.started)).toEqual([true, true, false, false]);
    expect(admit.stats()).toEqual({ inFlight: 2, waiting: 2, held: false });
    b.res.emit("finish");
    expect(c.seen.started).toBe(true);
    expect(d.seen.started).toBe(false);
    // finish then close of one response releases its turn once
    b.res.emit("close");
    expect(d.seen.started).toBe(false);
    a.res.emit("close");
    expect(d.seen.started).toBe(true);
    expect(admit.stats()).toEqual({ inFlight: 2, waiting: 0, held: false });
  });

  it("puts the first request of a connection handed over late where its acceptance by the primary places it", () => {
    const admit = admissionQueue(1);
    const now = Date.now();
    const busy = send(admit, "GET", "/kubex/home");
    const early = send(admit, "GET", "/kubex/home");
    const late = send(admit, "GET", "/kubex/home");
    // A connection the primary accepted a second ago reaches this process only now, with its first request.
    const handed = { method: "GET", path: "/kubex/nodes-tree", socket: { destroyed: false } };
    noteAccepted(handed.socket, now - 1000);
    const handedRes = new EventEmitter();
    const seen = { started: false };
    admit(handed, handedRes, () => (seen.started = true));
    // Its next request on the same connection arrives when it arrives: after every request waiting.
    const again = { ...handed, socket: handed.socket };
    const againSeen = { started: false };
    admit(again, new EventEmitter(), () => (againSeen.started = true));

    busy.res.emit("finish");
    expect([seen.started, early.seen.started, late.seen.started, againSeen.started]).toEqual([true, false, false, false]);
    handedRes.emit("finish");
    expect([early.seen.started, late.seen.started, againSeen.started]).toEqual([true, false, false]);
    early.res.emit("finish");
    expect([late.seen.started, againSeen.started]).toEqual([true, false]);
    late.res.emit("finish");
    expect(againSeen.started).toBe(true);
  });

  it("starts no request while the primary has more connections on their way, then starts them by arrival", () => {
    const admit = admissionQueue(4);
    admit.handoffs(2);
    const a = send(admit, "GET", "/kubex/home");
    admit.handoffs(1);
    const b = send(admit, "GET", "/kubex/nodes-tree");
    expect([a.seen.started, b.seen.started]).toEqual([false, false]);
    expect(admit.stats()).toEqual({ inFlight: 0, waiting: 2, held: true });
    // The last connection has come: everything waiting starts, up to the limit.
    admit.handoffs(0);
    expect([a.seen.started, b.seen.started]).toEqual([true, true]);
    expect(admit.stats()).toEqual({ inFlight: 2, waiting: 0, held: false });
    // Actions are never held.
    admit.handoffs(3);
    expect(send(admit, "POST", "/kubex/cluster-connections").seen.started).toBe(true);
    admit.handoffs(0);
  });

  it("stops holding after a while if the connections said to be on their way do not come", () => {
    vi.useFakeTimers();
    const admit = admissionQueue(4);
    admit.handoffs(5);
    const a = send(admit, "GET", "/kubex/home");
    vi.advanceTimersByTime(HANDOFF_HOLD_MS - 1);
    expect(a.seen.started).toBe(false);
    vi.advanceTimersByTime(1);
    expect(a.seen.started).toBe(true);
    expect(admit.stats().held).toBe(false);
  });

  it("holds for at most its limit at a stretch while connections keep coming, then starts what waits", () => {
    vi.useFakeTimers();
    const admit = admissionQueue(4);
    admit.handoffs(3);
    const a = send(admit, "GET", "/kubex/home");
    // A connection every 40 ms, each saying more follow: the hold goes on until HANDOFF_HOLD_MAX_MS.
    let elapsed = 0;
    while (elapsed + 40 < HANDOFF_HOLD_MAX_MS) {
      vi.advanceTimersByTime(40);
      elapsed += 40;
      admit.handoffs(3);
      expect(a.seen.started, `after ${elapsed} ms`).toBe(false);
    }
    vi.advanceTimersByTime(HANDOFF_HOLD_MAX_MS - elapsed);
    expect(a.seen.started).toBe(true);
    // A later message holds again.
    admit.handoffs(2);
    const b = send(admit, "GET", "/kubex/home");
    expect(b.seen.started).toBe(false);
    admit.handoffs(0);
    expect(b.seen.started).toBe(true);
  });

  it("never starts a waiting read whose client has gone", () => {
    const admit = admissionQueue(1);
    const a = send(admit, "GET", "/kubex/home");
    const gone = send(admit, "GET", "/kubex/home");
    const c = send(admit, "GET", "/kubex/home");
    gone.req.socket.destroyed = true;
    a.res.emit("finish");
    expect(gone.seen.started).toBe(false);
    expect(c.seen.started).toBe(true);
  });

  it("does not hold back actions, the API or exports, and they take no turn", () => {
    const admit = admissionQueue(1);
    const page = send(admit, "GET", "/kubex/home");
    expect(page.seen.started).toBe(true);
    for (const [method, path] of [
      ["POST", "/kubex/cluster-connections"],
      ["GET", "/api/graphql"],
      ["POST", "/api/graphql"],
      ["GET", "/kubex/containers-tree/export"],
    ] as const) {
      expect(isHeldBack({ method, path }), `${method} ${path}`).toBe(false);
      expect(send(admit, method, path).seen.started, `${method} ${path}`).toBe(true);
    }
    expect(admit.stats()).toEqual({ inFlight: 1, waiting: 0, held: false });
    expect(send(admit, "GET", "/kubex/home").seen.started).toBe(false);
  });
});
