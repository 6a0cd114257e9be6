import { describe, expect, it } from "vitest";
import { fmtNumber, shade } from "./GridCells";

describe("details grid cells (spec document 2, sections 2.3 and 9)", () => {
  it("keeps the column's decimals and never compacts: rating 0.58, percent 57.7, mCores 16,384", () => {
    expect(fmtNumber(0.5849, 2)).toBe("0.58");
    expect(fmtNumber(57.66, 1)).toBe("57.7");
    expect(fmtNumber(16384)).toBe("16,384");
    expect(fmtNumber(2, 1)).toBe("2.0");
  });
  it("shows a dash for null", () => {
    expect(fmtNumber(null, 2)).toBe("-");
    expect(fmtNumber(undefined)).toBe("-");
  });
  it("shades yellow for positive and red for negative, saturating at ±1000", () => {
    expect(shade(0)).toBeUndefined();
    expect(shade(null)).toBeUndefined();
    expect(shade(1000)?.backgroundColor).toBe("#ffea00");
    expect(shade(5000)?.backgroundColor).toBe("#ffea00");
    expect(shade(-1000)?.backgroundColor).toBe("#ff0000");
    expect(shade(-500)?.backgroundColor).not.toBe(shade(-1000)?.backgroundColor);
  });
});
