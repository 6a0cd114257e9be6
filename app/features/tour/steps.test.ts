import { describe, expect, it } from "vitest";
import { availableSections, parseTour, SECTIONS, tourProgress } from "./steps";

describe("product tour", () => {
  it("parses the tour parameter and clamps a step past the end", () => {
    expect(parseTour("welcome")).toEqual({ kind: "welcome" });
    expect(parseTour("nodes:1")).toEqual({ kind: "step", section: "nodes", index: 1 });
    expect(parseTour("nodes:99")).toEqual({ kind: "step", section: "nodes", index: SECTIONS.nodes.steps.length - 1 });
    expect(parseTour("cloud:end")).toEqual({ kind: "end", section: "cloud" });
    expect(parseTour("<script>")).toBeUndefined();
  });

  it("progress is the current step over total minus one", () => {
    expect(tourProgress(0, 6)).toBe(0);
    expect(tourProgress(5, 6)).toBe(1);
    expect(tourProgress(2, 5)).toBe(0.5);
  });

  it("offers the container tour only with container data and the cloud tour only with cloud data", () => {
    expect(availableSections({ containers: true, nodes: true, cloud: false })).toEqual(["containers", "nodes"]);
    expect(availableSections({ containers: false, nodes: false, cloud: true })).toEqual(["cloud"]);
  });
});
