import { describe, expect, it } from "vitest";
import type { CloudexDetail } from "~/domain/cloud/detail";
import { effortTone, formatValue, isTerminate, reasonParts, reasonText, shownValue } from "./values";

const row = (over: Partial<CloudexDetail>) => ({ recommendation: "Downsize", recommendedInstanceType: "m5.large", recommendedEstimatedCost: 40, currentEstimatedCost: 80, ...over }) as CloudexDetail;

describe("detail values (spec 3, 4, 8, 9)", () => {
  it("hides Terminate's recommended values, also when the recommended type is an idle guest or '-'", () => {
    expect(shownValue(row({}), "recommendedEstimatedCost")).toBe(40);
    expect(shownValue(row({ recommendation: "Terminate" }), "recommendedEstimatedCost")).toBeNull();
    expect(shownValue(row({ recommendation: "Terminate" }), "recommendedInstanceType")).toBeNull();
    expect(shownValue(row({ recommendation: "Terminate" }), "currentEstimatedCost")).toBe(80);
    expect(isTerminate(row({ recommendedInstanceType: "Idle guest" }))).toBe(true);
    expect(isTerminate(row({ recommendedInstanceType: "-" }))).toBe(true);
    expect(shownValue(row({ os: "" }), "os")).toBeNull();
  });

  it("shows every value with its unit and nulls as '-'", () => {
    expect(formatValue(1234.5, "money")).toBe("$1,234.50");
    expect(formatValue(12.345, "percent")).toBe("12.3%");
    expect(formatValue(2, "cores")).toBe("2 vCPUs");
    expect(formatValue(1, "cores")).toBe("1 vCPU");
    expect(formatValue(7.54, "gb")).toBe("7.5 GB");
    expect(formatValue(336, "hours")).toBe("336 h");
    expect(formatValue("2023-12-28T00:00:00Z", "date")).toBe("12/28/23");
    expect(formatValue(true, "bool")).toBe("Yes");
    expect(formatValue(null, "money")).toBe("-");
    expect(formatValue(undefined, "text")).toBe("-");
  });

  it("colours effort: low or none green, moderate or medium yellow, high or very high red", () => {
    expect(["None", "Low", "Moderate", "Medium", "High", "Very High", "?"].map(effortTone)).toEqual(["right", "right", "waste", "waste", "risk", "risk", "unknown"]);
  });

  it("renders the reason's bold runs without raw markup", () => {
    expect(reasonParts("<b>Upsize</b> m5 → <b>m6</b>: short &amp; <i>busy</i>")).toEqual([
      { text: "Upsize", bold: true },
      { text: " m5 → ", bold: false },
      { text: "m6", bold: true },
      { text: ": short & busy", bold: false },
    ]);
    expect(reasonText("<b>Keep</b>: fine")).toBe("Keep: fine");
    expect(reasonParts("")).toEqual([]);
  });
});
