import { describe, expect, it } from "vitest";
import { bucketColour, WATERFALL_COLOUR } from "./colours";

describe("chart colours", () => {
  it("follows the bucket rule: too little red, just right green, too much yellow, unspecified grey", () => {
    for (const b of [20, 40, 60, 85]) expect(bucketColour(b)).toMatchObject({ category: "too little", mark: expect.stringContaining("fill-risk") });
    expect(bucketColour(100)).toMatchObject({ category: "just right", mark: expect.stringContaining("fill-fit") });
    for (const b of [120, 150, 200, 300, 500]) expect(bucketColour(b)).toMatchObject({ category: "too much", mark: expect.stringContaining("fill-waste") });
    for (const b of [-1, 0, 90, 1000]) expect(bucketColour(b)).toMatchObject({ category: "unspecified", mark: expect.stringContaining("fill-slate-400") });
  });
  it("colours waterfall decreases as waste, increases as risk, totals in the neutral accent", () => {
    expect(WATERFALL_COLOUR.decrease.mark).toContain("fill-waste");
    expect(WATERFALL_COLOUR.increase.mark).toContain("fill-risk");
    expect(WATERFALL_COLOUR.total.mark).toContain("fill-sky-600");
  });
  it("gives every light-mode mark a darker outline and a dark-mode variant", () => {
    for (const c of [bucketColour(20), bucketColour(100), bucketColour(200), bucketColour(-1), WATERFALL_COLOUR.total]) {
      expect(c.mark).toMatch(/ stroke-\w+-\d00/);
      expect(c.mark).toMatch(/dark:stroke-/);
    }
  });
});
