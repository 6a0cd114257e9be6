import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { admissionQueue, isHeldBack } from "./admission.server";

const request = (method: string, path: string) => ({ method, path, socket: { destroyed: false } });

function send(admit: ReturnType<typeof admissionQueue>, method: string, path: string) {
  const req = request(method, path);
  const res = new EventEmitter();
  const seen = { started: false };
  admit(req, res, () => (seen.started = true));
  return { req, res, seen };
}

describe("the admission queue", () => {
  it("works on at most its limit of page reads and starts the next in arrival order when one finishes", () => {
    const admit = admissionQueue(2);
    const a = send(admit, "GET", "/kubex/containers-tree");
    const b = send(admit, "GET", "/kubex/nodes-tree");
    const c = send(admit, "GET", "/kubex/containers-tree/tree-item");
    const d = send(admit, "HEAD", "/kubex/containers-tree");
    expect([a, b, c, d].map((x) => x.seen.started)).toEqual([true, true, false, false]);
    expect(admit.stats()).toEqual({ inFlight: 2, waiting: 2 });
    b.res.emit("finish");
    expect(c.seen.started).toBe(true);
    expect(d.seen.started).toBe(false);
    // finish then close of one response releases its turn once
    b.res.emit("close");
    expect(d.seen.started).toBe(false);
    a.res.emit("close");
    expect(d.seen.started).toBe(true);
    expect(admit.stats()).toEqual({ inFlight: 2, waiting: 0 });
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
    expect(admit.stats()).toEqual({ inFlight: 1, waiting: 0 });
    expect(send(admit, "GET", "/kubex/home").seen.started).toBe(false);
  });
});
