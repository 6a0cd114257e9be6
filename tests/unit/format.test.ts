import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { formatContainerCount, formatCount, formatCurrency, formatCurrencyCompact, formatDate, formatDateTime, formatDecimal, formatFixed, formatRating, gradientColor, round } from "~/lib/format";

describe("formatting (en-US, currency 2 decimals, compact counts, UTC dates)", () => {
  it("formats money with two decimals and a dash for no value", () => {
    expect(formatCurrency(1234.5)).toBe("$1,234.50");
    expect(formatCurrency(null)).toBe("-");
  });
  it("shows counts in full below 10,000 and compact above", () => {
    expect(formatCount(2000)).toBe("2,000");
    expect(formatCount(150000)).toBe("150K");
  });
  it("shows container counts compact from 1,000 on (spec document 2, section 9)", () => {
    expect(formatContainerCount(999)).toBe("999");
    expect(formatContainerCount(1000)).toBe("1K");
    expect(formatContainerCount(1250)).toBe("1.3K");
    expect(formatContainerCount(null)).toBe("-");
  });
  it("shows numbers with one decimal and the efficiency rating with two", () => {
    expect(formatDecimal(942.34)).toBe("942.3");
    expect(formatDecimal(3)).toBe("3.0");
    expect(formatRating(0.5849)).toBe("0.58");
    expect(formatRating(1)).toBe("1.00");
    expect(formatFixed(1234.567, 1)).toBe("1,234.6");
    expect(formatFixed(12345)).toBe("12,345");
  });
  it("shows dates short, in UTC", () => {
    expect(formatDate("2026-11-22T23:30:00Z")).toBe("11/22/26");
  });
  it("rounds with a number of decimals", () => {
    expect(round(1.005, 2)).toBe(1.01);
    expect(round(2.5)).toBe(3);
  });
  it("mixes the spec's gradients and refuses a percent outside 0–100", () => {
    expect(gradientColor("red", 0)).toBe("#ff8d8d");
    expect(gradientColor("red", 100)).toBe("#ff0000");
    expect(gradientColor("yellow", 0)).toBe("#fef3ad");
    expect(gradientColor("yellow", 100)).toBe("#ffea00");
    expect(() => gradientColor("red", 101)).toThrow("percent must be between 0 and 100.");
    expect(() => gradientColor("red", Number.NaN)).toThrow("percent must be between 0 and 100.");
  });
});

describe("the hand-written grouped numbers read as Intl.NumberFormat's (en-US)", () => {
  const intl = (digits: number, currency = false) =>
    new Intl.NumberFormat("en-US", currency ? { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 } : { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const money = intl(2, true);
  const byDigits = [0, 1, 2, 3].map((d) => intl(d));
  // Magnitudes from fractions of a cent to past the hand-written limit, both signs, ties and the usual suspects.
  const values = fc.oneof(
    fc.double({ min: -1e17, max: 1e17, noNaN: true }),
    fc.double({ min: -1e4, max: 1e4, noNaN: true }),
    fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
    fc.integer({ min: -1e7, max: 1e7 }).map((n) => n + 0.5),
    fc.integer({ min: -1e6, max: 1e6 }).map((n) => n / 100 + 0.005),
    fc.constantFrom(0, -0, 0.005, 1.005, -1.005, 999.995, 999999.995, -0.004, 1e15, -1e15, 1e15 - 0.01, Infinity, -Infinity, Number.MAX_SAFE_INTEGER),
  );

  it("money, for any value", () => {
    fc.assert(fc.property(values, (v) => formatCurrency(v) === money.format(v)), { numRuns: 5_000 });
  });

  it("fixed decimals (0 to 3), one decimal and whole counts, for any value", () => {
    fc.assert(
      fc.property(values, fc.integer({ min: 0, max: 3 }), (v, digits) => {
        expect(formatFixed(v, digits)).toBe(byDigits[digits].format(v));
        expect(formatDecimal(v)).toBe(byDigits[1].format(v));
        if (Math.abs(v) < 1000) expect(formatContainerCount(v)).toBe(byDigits[0].format(v));
      }),
      { numRuns: 5_000 },
    );
  });

  it("compact counts and compact money, for any value", () => {
    const counts = new Intl.NumberFormat("en-US", { notation: "compact", maximumFractionDigits: 1 });
    const moneyCompact = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", notation: "compact", minimumFractionDigits: 0, maximumFractionDigits: 1 });
    const near = fc.oneof(values, fc.constantFrom(999.95, 999.94, 999_950, 999_949.99, 999_999_999, 1e12 - 1, 999_950_000_000, 1049, 1050, 1150, -1250, 0.04, -0.04, 950.25));
    fc.assert(
      fc.property(near, (v) => {
        if (Math.abs(v) >= 10_000) expect(formatCount(v)).toBe(counts.format(v));
        if (Math.abs(v) >= 1_000) expect(formatContainerCount(v)).toBe(counts.format(v));
        expect(formatCurrencyCompact(v)).toBe(moneyCompact.format(v));
      }),
      { numRuns: 5_000 },
    );
  });

  it("dates and date-times in UTC, for any moment from 1970 to 2200", () => {
    const date = new Intl.DateTimeFormat("en-US", { dateStyle: "short", timeZone: "UTC" });
    const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "short", timeStyle: "short", hourCycle: "h23", timeZone: "UTC" });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Date.UTC(2200, 0, 1) }), (ms) => {
        expect(formatDate(ms)).toBe(date.format(ms));
        expect(formatDateTime(ms)).toBe(dateTime.format(ms));
      }),
      { numRuns: 5_000 },
    );
  });
});
