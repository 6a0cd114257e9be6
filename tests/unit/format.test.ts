import { describe, expect, it } from "vitest";
import { formatContainerCount, formatCount, formatCurrency, formatDate, formatDecimal, formatFixed, formatRating, gradientColor, round } from "~/lib/format";

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
