import { describe, expect, it } from "vitest";
import { containerDetailsHref, drawerHref, drawerValue, parseDrawer, policyDetailsHref } from "./drawer";

describe("URL-addressed drawers", () => {
  it("reads and writes container and policy drawers, ignoring anything else", () => {
    expect(parseDrawer("container:abc123")).toEqual({ kind: "container", id: "abc123" });
    expect(parseDrawer("policy:cost-saver")).toEqual({ kind: "policy", id: "cost-saver", entityId: null });
    expect(parseDrawer("policy:cost-saver:abc123")).toEqual({ kind: "policy", id: "cost-saver", entityId: "abc123" });
    for (const bad of [null, "", "container:", "node:1", "policy:bad id"]) expect(parseDrawer(bad)).toBeNull();
    expect(drawerValue({ kind: "policy", id: "cost-saver", entityId: "x" })).toBe("policy:cost-saver:x");
  });

  it("opens and closes a drawer keeping the rest of the address", () => {
    const open = drawerHref("/kubex/containers-tree/tree-item", "?tabGroup1=analysis-details&q=api", { kind: "container", id: "c1" });
    expect(open).toBe("/kubex/containers-tree/tree-item?tabGroup1=analysis-details&q=api&drawer=container%3Ac1");
    expect(drawerHref("/p", new URL(`http://x${open}`).search, null)).toBe("/p?tabGroup1=analysis-details&q=api");
  });

  it("links the footers to the container's page: Overview for the container, Policies for the policy", () => {
    const search = "?viewId=v&filterId=f&fullPath=a%2Fb&tabGroup1=analysis-details&drawer=container%3Ac1";
    expect(containerDetailsHref(search, "c1", "overview")).toBe("/kubex/containers-tree/tree-item?viewId=v&filterId=f&fullPath=a%2Fb&entityId=c1&tabGroup2=overview");
    expect(policyDetailsHref(search, "c1")).toBe("/kubex/containers-tree/tree-item?viewId=v&filterId=f&fullPath=a%2Fb&entityId=c1&tabGroup2=policies");
    expect(policyDetailsHref(search, null)).toBe("/kubex/containers-tree/tree-item?viewId=v&filterId=f&fullPath=a%2Fb&tabGroup1=policies");
  });
});
