import { describe, expect, it } from "vitest";
import { balanceRatio } from "./balance";
import { BALANCE_RATIO_CAP } from "./constants";

describe("balanceRatio", () => {
  it("divides one request % by the other", () => {
    expect(balanceRatio(60, 30)).toBe(2);
    expect(balanceRatio(30, 60)).toBe(0.5);
    expect(balanceRatio(45, 45)).toBe(1);
  });

  it("is null when nothing is requested, the cap when only the other resource is 0", () => {
    expect(balanceRatio(0, 0)).toBeNull();
    expect(balanceRatio(40, 0)).toBe(BALANCE_RATIO_CAP);
    expect(balanceRatio(0, 40)).toBe(0);
  });

  it("never exceeds the cap", () => {
    expect(balanceRatio(99, 0.5)).toBe(BALANCE_RATIO_CAP);
  });
});
