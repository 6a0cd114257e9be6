import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { MAX_PAGE, pageParam, sizeParam, wholeNumber } from "./params";

const page = (v: string) => pageParam(new URLSearchParams({ page: v }));

describe("whole numbers from the address (one helper: issue 12, 7e)", () => {
  it.each([
    ["1e309", 1],
    ["Infinity", 1],
    ["-Infinity", 1],
    ["NaN", 1],
    ["-1", 1],
    ["0", 1],
    ["2.5", 1],
    ["0x10", 1],
    [" 7 ", 7],
    ["0042", 42],
    ["12345678901234567890", MAX_PAGE],
    ["99999999999999999999999999999999999999", MAX_PAGE],
    ["", 1],
  ])("page=%j is page %d", (value, expected) => {
    expect(page(value)).toBe(expected);
  });

  it("any text is a page number from 1 to MAX_PAGE", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 40 }), (text) => {
        const n = page(text);
        return Number.isSafeInteger(n) && n >= 1 && n <= MAX_PAGE;
      }),
    );
  });

  it("digits are read as the number they spell, clamped", () => {
    fc.assert(
      fc.property(fc.nat({ max: 5_000_000 }), (n) => page(String(n)) === Math.min(MAX_PAGE, Math.max(1, n))),
    );
  });

  it("sizes are one of the allowed ones", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (text) => [10, 20, 50].includes(sizeParam(new URLSearchParams({ size: text }), [10, 20, 50], 20))),
    );
    expect(sizeParam(new URLSearchParams({ size: "050" }), [10, 20, 50], 20)).toBe(50);
  });

  it("wholeNumber keeps to its bounds and fallback", () => {
    expect(wholeNumber(null, { fallback: -1 })).toBe(-1);
    expect(wholeNumber("5", { fallback: 0, min: 10, max: 20 })).toBe(10);
    expect(wholeNumber("50", { fallback: 0, min: 10, max: 20 })).toBe(20);
  });
});
