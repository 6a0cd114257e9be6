import { describe, expect, it } from "vitest";
import { isAtMaxPodCapacity, maxAllowedPodsPct } from "./pods";

describe("maxAllowedPodsPct", () => {
  it("is the pod peak as % of max allowed pods", () => {
    expect(maxAllowedPodsPct(29, 58)).toBe(50);
    expect(maxAllowedPodsPct(110, 110)).toBe(100);
  });

  it("is null when the peak or the limit is unknown", () => {
    expect(maxAllowedPodsPct(null, 58)).toBeNull();
    expect(maxAllowedPodsPct(10, 0)).toBeNull();
  });
});

describe("isAtMaxPodCapacity", () => {
  it("is true when the pod peak reaches max allowed pods", () => {
    expect(isAtMaxPodCapacity(58, 58)).toBe(true);
    expect(isAtMaxPodCapacity(57, 58)).toBe(false);
    expect(isAtMaxPodCapacity(null, 58)).toBe(false);
    expect(isAtMaxPodCapacity(3, 0)).toBe(false);
  });
});
