import { describe, expect, it } from "vitest";
import { arrivalOf, noteAccepted } from "./connection-arrival.server";

describe("when a request arrived", () => {
  it("is its connection's acceptance for the first request of a handed connection, then the time it is read", () => {
    const socket = {};
    noteAccepted(socket, 1_000);
    expect(arrivalOf(socket, 1_400)).toBe(1_000);
    expect(arrivalOf(socket, 1_500)).toBe(1_500);
  });

  it("is the time it is read on a connection this process accepted itself, or with no usable acceptance time", () => {
    expect(arrivalOf({}, 2_000)).toBe(2_000);
    const garbled = {};
    noteAccepted(garbled, Number.NaN);
    expect(arrivalOf(garbled, 2_000)).toBe(2_000);
  });

  it("is never later than now (another clock's acceptance time ahead of this process's)", () => {
    const socket = {};
    noteAccepted(socket, 5_000);
    expect(arrivalOf(socket, 4_000)).toBe(4_000);
  });
});
