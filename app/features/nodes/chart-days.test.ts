import { describe, expect, it } from "vitest";
import { GROUP_SERIES_DAYS } from "~/domain/nodes/series";
import { CHART_DAYS } from "./constants";
import { PANEL_DAYS } from "./charts.server";

describe("the days of node group series the analysis stores", () => {
  it("cover every chart of the node screens, so none is summed from the nodes' samples", () => {
    expect(Math.max(...Object.values(CHART_DAYS), PANEL_DAYS)).toBeLessThanOrEqual(GROUP_SERIES_DAYS);
  });
});
