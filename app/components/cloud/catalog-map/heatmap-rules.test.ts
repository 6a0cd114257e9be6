import { describe, expect, it } from "vitest";
import { heatmapBand } from "~/engine/cloud";
import { SCORE_LEGEND_VALUES } from "~/engine/cloud/constants";
import { BAND_FILL, bandOfScore, cellFill, FIXED_CELL_PX, fitCellWidth, heatmapGeometry, legendScale, MEETS_FROM, MEETS_TO, scoreLabelsShown, textOn, usesFixedCells } from "./heatmap-rules";

describe("heatmap colour by score band (spec section 4)", () => {
  it("0 insufficient red, (0, 50) incompatible orange, >= 50 outside tolerance yellow, 50-100 within it the green gradient", () => {
    expect(bandOfScore(0, true)).toBe("insufficient");
    expect(bandOfScore(1, true)).toBe("incompatible");
    expect(bandOfScore(49, true)).toBe("incompatible");
    expect(bandOfScore(50, false)).toBe("expensive");
    expect(bandOfScore(99, false)).toBe("expensive");
    expect(bandOfScore(50, true)).toBe("meets");
    expect(bandOfScore(100, true)).toBe("meets");
    expect(bandOfScore(null, true)).toBe("unavailable");
    expect(bandOfScore(-1, true)).toBe("unavailable");
    // the engine's band agrees at every threshold
    for (const [score, within] of [[0, true], [1, true], [49, false], [50, true], [50, false], [100, true], [null, true]] as const) {
      expect(heatmapBand(score, within).band).toBe(bandOfScore(score, within));
    }
  });

  it("fills: red, orange, yellow, light yellow-green at 50 to green at 100, theme grey when unavailable", () => {
    expect(cellFill("insufficient")).toBe(BAND_FILL.insufficient);
    expect(cellFill("incompatible")).toBe(BAND_FILL.incompatible);
    expect(cellFill("expensive")).toBe(BAND_FILL.expensive);
    expect(cellFill("unavailable")).toBeNull();
    expect(cellFill("meets", 0)).toBe("rgb(217, 249, 157)"); // MEETS_FROM
    expect(cellFill("meets", 1)).toBe("rgb(21, 128, 61)"); // MEETS_TO
    expect(MEETS_FROM).toBe("#d9f99d");
    expect(MEETS_TO).toBe("#15803d");
    const mid = cellFill("meets", 0.5)!;
    expect(mid).not.toBe(cellFill("meets", 0));
    expect(mid).not.toBe(cellFill("meets", 1));
  });

  it("labels read dark on light fills and light on dark ones", () => {
    expect(textOn(BAND_FILL.expensive)).toBe("dark");
    expect(textOn("#d9f99d")).toBe("dark");
    expect(textOn("#15803d")).toBe("light");
    expect(textOn(null)).toBe("dark");
  });

  it("the legend's score scale is 0, 33, 66 and 100 in the map's colours", () => {
    expect(SCORE_LEGEND_VALUES).toEqual([0, 33, 66, 100]);
    const scale = legendScale();
    expect(scale.map((s) => s.value)).toEqual([0, 33, 66, 100]);
    expect(scale[0].fill).toBe(BAND_FILL.insufficient);
    expect(scale[1].fill).toBe(BAND_FILL.incompatible);
    expect(scale[3].fill).toBe(cellFill("meets", 1));
  });
});

describe("the 70-family and 1024 px rules (spec section 9)", () => {
  it("score labels show up to 70 families, and never when hidden (Terminate) or switched off", () => {
    expect(scoreLabelsShown(70, true)).toBe(true);
    expect(scoreLabelsShown(71, true)).toBe(false);
    expect(scoreLabelsShown(10, false)).toBe(false);
    expect(scoreLabelsShown(10, true, true)).toBe(false);
  });

  it("cells are a fixed 25 px under a 1024 px window or past 70 families", () => {
    expect(usesFixedCells(70, 1024)).toBe(false);
    expect(usesFixedCells(70, 1023)).toBe(true);
    expect(usesFixedCells(71, 1920)).toBe(true);
    expect(usesFixedCells(71, null)).toBe(true);
    expect(usesFixedCells(10, null)).toBe(false);
  });

  it("and when the families would get less than 25 px each in the container", () => {
    const families = Array.from({ length: 69 }, (_, i) => `Dsv${i}`);
    const sizes = ["2", "4", "8"];
    expect(fitCellWidth(families, sizes, 900)).toBeLessThan(25);
    expect(usesFixedCells(69, 1440, fitCellWidth(families, sizes, 900))).toBe(true);
    expect(fitCellWidth(families.slice(0, 20), sizes, 900)).toBeGreaterThan(25);
    expect(usesFixedCells(20, 1440, fitCellWidth(families.slice(0, 20), sizes, 900))).toBe(false);
  });

  it("fixed geometry: 25 px per family and size; fit geometry: the families share the width", () => {
    const families = Array.from({ length: 80 }, (_, i) => `f${i}`);
    const sizes = ["large", "xlarge", "2xlarge"];
    const fixed = heatmapGeometry(families, sizes, { fixed: true, width: 900 });
    expect(fixed.cellWidth).toBe(FIXED_CELL_PX);
    expect(fixed.cellHeight).toBe(FIXED_CELL_PX);
    expect(fixed.x.step()).toBeCloseTo(25, 6);
    expect(fixed.y.step()).toBeCloseTo(25, 6);
    expect(fixed.width).toBe(Math.round(fixed.margin.left + 80 * 25 + fixed.margin.right));
    const fit = heatmapGeometry(families.slice(0, 20), sizes, { fixed: false, width: 1100 });
    expect(fit.width).toBe(1100);
    expect(fit.x.range()[1] - fit.x.range()[0]).toBeCloseTo(1100 - fit.margin.left - fit.margin.right, 6);
    expect(fit.cellHeight).toBeGreaterThanOrEqual(22);
    expect(fit.cellHeight).toBeLessThanOrEqual(32);
    // never narrower than the fixed cells, however narrow the container
    expect(heatmapGeometry(families.slice(0, 60), sizes, { fixed: false, width: 400 }).cellWidth).toBe(FIXED_CELL_PX);
  });
});
