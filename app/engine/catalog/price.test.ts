import { describe, expect, it } from "vitest";
import { HOURS_PER_MONTH, monthlyPrice } from "./price";

describe("monthlyPrice", () => {
  it("is the hourly price times 730 hours", () => {
    expect(HOURS_PER_MONTH).toBe(730);
    expect(monthlyPrice(0.384)).toBeCloseTo(280.32, 10); // m5.2xlarge
    expect(monthlyPrice(0)).toBe(0);
  });

  it("keeps 'not offered' as null", () => {
    expect(monthlyPrice(null)).toBeNull();
  });
});
