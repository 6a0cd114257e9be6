import { describe, expect, it } from "vitest";
import { ratingClass } from "./SummaryCards";

describe("efficiency rating colour (spec document 2, section 4)", () => {
  it("is green at exactly 1 (as shown, two decimals), yellow below and red above", () => {
    expect(ratingClass(1)).toContain("green");
    expect(ratingClass(0.999)).toContain("green");
    expect(ratingClass(0.99)).toContain("yellow");
    expect(ratingClass(0)).toContain("yellow");
    expect(ratingClass(1.01)).toContain("red");
  });
});
