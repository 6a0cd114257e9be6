import { describe, expect, it } from "vitest";
import { LeastConnections } from "./least-connections";

describe("least-connections hand-out of the web processes' connections", () => {
  it("hands 50 connections opened at once to two processes 25 and 25", () => {
    const balancer = new LeastConnections<number>();
    balancer.ready(0);
    balancer.ready(1);
    const counts = [0, 0];
    for (let i = 0; i < 50; i++) counts[balancer.take()!]++;
    expect(counts).toEqual([25, 25]);
    expect(balancer.openConnections()).toEqual(new Map([[0, 25], [1, 25]]));
  });

  it("sends new connections to the process whose connections closed", () => {
    const balancer = new LeastConnections<string>();
    balancer.ready("a");
    balancer.ready("b");
    for (let i = 0; i < 6; i++) balancer.take();
    balancer.closed("a");
    balancer.closed("a");
    expect(balancer.take()).toBe("a");
    expect(balancer.take()).toBe("a");
    expect(balancer.openConnections()).toEqual(new Map([["a", 3], ["b", 3]]));
  });

  it("takes turns between idle processes", () => {
    const balancer = new LeastConnections<number>();
    balancer.ready(0);
    balancer.ready(1);
    balancer.ready(2);
    const order: number[] = [];
    for (let i = 0; i < 6; i++) {
      const id = balancer.take()!;
      order.push(id);
      balancer.closed(id);
    }
    expect(order).toEqual([0, 1, 2, 0, 1, 2]);
  });

  it("gives nothing to a process before it is ready or after it ended, and nothing at all when none is ready", () => {
    const balancer = new LeastConnections<number>();
    expect(balancer.take()).toBeUndefined();
    balancer.ready(0);
    balancer.ready(1);
    balancer.gone(1);
    expect([balancer.take(), balancer.take(), balancer.take()]).toEqual([0, 0, 0]);
    // A process started again begins with no connections and so takes the next ones.
    balancer.ready(1);
    expect([balancer.take(), balancer.take(), balancer.take()]).toEqual([1, 1, 1]);
    balancer.gone(0);
    balancer.gone(1);
    expect(balancer.take()).toBeUndefined();
  });

  it("never counts below zero when a close is reported twice or for a process that ended", () => {
    const balancer = new LeastConnections<number>();
    balancer.ready(0);
    balancer.take();
    balancer.closed(0);
    balancer.closed(0);
    balancer.closed(7);
    expect(balancer.openConnections()).toEqual(new Map([[0, 0]]));
  });
  it("says which processes hold more than an even share, and by how many", () => {
    const lc = new LeastConnections<string>();
    lc.ready("a");
    lc.ready("b");
    for (let i = 0; i < 6; i++) lc.take();
    expect(lc.excess()).toEqual(new Map());
    lc.gone("b");
    for (let i = 0; i < 3; i++) lc.take(); // b's clients came back to a: 6
    lc.ready("b");
    expect(lc.excess()).toEqual(new Map([["a", 3]]));
    lc.ready("c");
    expect(lc.excess()).toEqual(new Map([["a", 4]]));
    // An odd total rounds the share up: 3 and 0 is 2 and 1, not 1.5 each.
    const odd = new LeastConnections<string>();
    odd.ready("a");
    for (let i = 0; i < 3; i++) odd.take();
    odd.ready("b");
    expect(odd.excess()).toEqual(new Map([["a", 1]]));
  });
});
