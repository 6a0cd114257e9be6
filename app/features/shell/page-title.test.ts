import { describe, expect, it } from "vitest";
import { pageTitle } from "./page-title";

const q = (s: string) => new URLSearchParams(s);
const ON = { showContainerSummary: true, showPolicyTab: true };
const OFF = { showContainerSummary: false, showPolicyTab: true };

describe("page titles", () => {
  it("names the container tab shown, the default one by the container-summary flag", () => {
    expect(pageTitle("/kubex/containers-tree", q(""), ON)).toBe("Container Summary");
    expect(pageTitle("/kubex/containers-tree", q(""), OFF)).toBe("Histograms");
    expect(pageTitle("/kubex/containers-tree/tree-item", q("tabGroup1=overview&fullPath=A/b"), OFF)).toBe("Container Summary · b");
    expect(pageTitle("/kubex/containers-tree/tree-item", q("tabGroup1=analysis-details"), ON)).toBe("AI Analysis Details");
    expect(pageTitle("/kubex/containers-tree/tree-item", q("tabGroup1=policies"), { ...ON, showPolicyTab: false })).toBe("Container Summary");
  });

  it("names the workload screen's tab when a container is open", () => {
    expect(pageTitle("/kubex/containers-tree/tree-item", q("entityId=e1"), ON)).toBe("Overview");
    expect(pageTitle("/kubex/containers-tree/what-if", q("fullPath=A/b&policy=Cost%20Saver"), ON)).toBe("What-if · b");
    expect(pageTitle("/kubex/containers-tree/tree-item", q("entityId=e1&tabGroup2=metricViewer"), ON)).toBe("Metrics Viewer");
  });

  it("names the Help pages by their screen, whatever screen the slug names", () => {
    expect(pageTitle("/kubex/help", q("q=waste"))).toBe("Help");
    expect(pageTitle("/kubex/help/settings", q(""))).toBe("Help · Settings and API tokens");
    expect(pageTitle("/kubex/help/share", q(""))).toBe("Help · Share");
    expect(pageTitle("/kubex/help/nodes", q(""))).toBe("Help · Nodes: the Nodes grid and a node");
    expect(pageTitle("/kubex/help/unknown", q(""))).toBe("Help");
  });

  it("names the Share page (not 'Kubex | Kubex')", () => {
    expect(pageTitle("/kubex/share", q(""))).toBe("Share");
  });

  it("names node screens by type and tabGroupNode", () => {
    expect(pageTitle("/kubex/nodes-tree", q(""))).toBe("Node Group Analysis");
    expect(pageTitle("/kubex/nodes-tree/tree-item", q("type=CLUSTER&tabGroupNode=node-detail"))).toBe("Nodes");
    expect(pageTitle("/kubex/nodes-tree", q("tabGroupNode=node-detail"))).toBe("Nodes");
    expect(pageTitle("/kubex/nodes-tree/tree-item", q("type=NODEGROUP&tabGroupNode=node-detail"))).toBe("Nodes");
    expect(pageTitle("/kubex/nodes-tree/tree-item", q("type=NODEGROUP"))).toBe("Overview");
    expect(pageTitle("/kubex/nodes-tree/tree-item", q("type=NODE&fullPath=R/c/g/n1"))).toBe("Node Details · n1");
  });
});
