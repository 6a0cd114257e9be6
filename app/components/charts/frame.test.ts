import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { ChartFrame } from "./ChartFrame";
import { Legend, LineSwatch } from "./Legend";
import { NoDataChart } from "./NoDataChart";
import { useSeriesVisibility } from "./series";
import { render, tags } from "./test-utils";

describe("ChartFrame and NoDataChart", () => {
  it("frames a chart with its title, actions and a fixed body height", () => {
    const html = renderToStaticMarkup(createElement(ChartFrame, { title: "CPU Request", height: 400, actions: createElement("button", { type: "button" }, "Expand"), children: "body" }));
    expect(html).toContain("<h3");
    expect(html).toContain(">CPU Request</h3>");
    expect(html).toContain(">Expand</button>");
    expect(html).toContain('style="height:400px"');
  });
  it("says No Data Available in the same size", () => {
    const html = render(NoDataChart, { title: "Memory Limit" });
    expect(html).toContain(">Memory Limit</h3>");
    expect(html).toContain('style="height:275px"');
    expect(html).toMatch(/role="status"[^>]*>No Data Available</);
    expect(render(NoDataChart, { title: "X", height: 160 })).toContain('style="height:160px"');
  });
});

describe("legend toggles", () => {
  it("calls onToggle with the entry's id and reflects visibility in aria-pressed", () => {
    const onToggle = vi.fn();
    const items = [
      { id: "box", label: "Box plot", visible: true, swatch: createElement(LineSwatch, { className: "x" }) },
      { id: "limit", label: "Limit", visible: false, swatch: null },
    ];
    const html = render(Legend, { items, onToggle });
    expect(tags(html, "button").map((b) => b.attrs["aria-pressed"])).toEqual(["true", "false"]);
    // find the button elements in the rendered tree and click the second
    const tree = Legend({ items, onToggle }) as ReactElement<{ children: ReactElement<{ children: ReactElement<{ onClick: () => void }> }>[] }>;
    tree.props.children[1].props.children.props.onClick();
    expect(onToggle).toHaveBeenCalledWith("limit");
  });
  it("is a plain key without onToggle", () => {
    const html = render(Legend, { items: [{ id: "a", label: "Too little", visible: true, swatch: null }] });
    expect(html).not.toContain("<button");
    expect(html).toContain("Too little");
  });
  it("controlled visibility reports the next state to the caller", () => {
    const onChange = vi.fn();
    let toggle: (id: "box" | "average") => void = () => {};
    function Probe() {
      const v = useSeriesVisibility(["box", "average"] as const, { box: false }, onChange);
      toggle = v.toggle;
      return createElement("span", null, JSON.stringify(v.visible));
    }
    expect(renderToStaticMarkup(createElement(Probe))).toContain("{&quot;box&quot;:false,&quot;average&quot;:true}");
    toggle("average");
    expect(onChange).toHaveBeenCalledWith({ box: false, average: false });
  });
});
