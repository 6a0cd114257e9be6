import { describe, expect, it } from "vitest";
import { DEFAULT_TREE_PANE, formatTreePane, parseTreePane } from "./tree-pane";

describe("tree pane cookie", () => {
  it("round-trips the state and clamps the width to 5-25 %", () => {
    expect(parseTreePane(formatTreePane({ largeOpen: false, width: 23.4, smallOpen: true }))).toEqual({ largeOpen: false, width: 23.4, smallOpen: true });
    expect(formatTreePane({ largeOpen: true, width: 80, smallOpen: false })).toBe("1,25,0");
    expect(parseTreePane("1,2,0").width).toBe(5);
  });
  it("reads anything malformed as the default (pinned open at 20 %, drawer closed)", () => {
    for (const bad of [undefined, "", "x", "1,20", "2,20,0", "1,20,0;", "1,200,0"]) expect(parseTreePane(bad)).toEqual(DEFAULT_TREE_PANE);
  });
});
