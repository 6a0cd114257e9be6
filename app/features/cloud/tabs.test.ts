import { describe, expect, it } from "vitest";
import { pageTitle } from "~/features/shell/page-title";
import {
  cloudEntityTabHref,
  cloudEntityTabs,
  cloudFolderTabHref,
  cloudPageTitle,
  isVmss,
  resolveCloudEntityTab,
  selectedCloudFolderTab,
  showViewAllCharts,
} from "./tabs";

const q = (s: string) => new URLSearchParams(s);
const ON = { cloudexShowMetricViewer: true };
const OFF = { cloudexShowMetricViewer: false };

describe("cloud folder tabs (spec 2.2, 2.3)", () => {
  it("reads cloudTabGroup, then the summary's cloud-analysis=cloud-analysis, else Summary", () => {
    expect(selectedCloudFolderTab(q(""))).toBe("cloud-summary");
    expect(selectedCloudFolderTab(q("cloudTabGroup=cloud-analysis"))).toBe("cloud-analysis");
    expect(selectedCloudFolderTab(q("cloud-analysis=cloud-analysis&gridViewId=aws"))).toBe("cloud-analysis");
    expect(selectedCloudFolderTab(q("cloudTabGroup=cloud-summary&cloud-analysis=cloud-analysis"))).toBe("cloud-summary");
    expect(selectedCloudFolderTab(q("cloudTabGroup=nonsense"))).toBe("cloud-summary");
    expect(selectedCloudFolderTab(q("cloud-analysis=yes"))).toBe("cloud-summary");
  });

  it("tab links set cloudTabGroup and drop the summary's link parameter, the highlighted bar and the drawer", () => {
    const href = cloudFolderTabHref("/kubex/cloud-tree/tree-item", "?fullPath=S%2FAWS&cloud-analysis=cloud-analysis&bar=2&drawer=cloud%3Ai-1&sel=i-1", "cloud-summary");
    const p = new URL(href, "http://x").searchParams;
    expect(p.get("cloudTabGroup")).toBe("cloud-summary");
    expect(p.get("fullPath")).toBe("S/AWS");
    for (const k of ["cloud-analysis", "bar", "drawer", "sel"]) expect(p.has(k)).toBe(false);
  });
});

describe("cloud service tabs by cloudexPage (spec 2.2)", () => {
  it("hides the Catalog Map for scale groups and GCP instances", () => {
    for (const t of ["VMSS", "VM Scale Set", "VMSS_SINGLE", "ASG", "ASG_SINGLE", "GCE", "GCE Instance"]) expect(cloudEntityTabs(t, OFF)).toEqual(["details"]);
    for (const t of ["EC2", "RDS", "VM", "Virtual Machine", "Compute Engine"]) expect(cloudEntityTabs(t, OFF)).toEqual(["details", "catalog"]);
  });

  it("shows the Metric Viewer only with cloudexShowMetricViewer and the listed service types", () => {
    expect(cloudEntityTabs("EC2", ON)).toEqual(["details", "catalog", "metric-viewer"]);
    expect(cloudEntityTabs("ASG", ON)).toEqual(["details", "metric-viewer"]);
    expect(cloudEntityTabs("GCE", ON)).toEqual(["details", "metric-viewer"]);
    expect(cloudEntityTabs("VMSS", ON)).toEqual(["details"]);
    expect(cloudEntityTabs("VM", ON)).toEqual(["details", "catalog", "metric-viewer"]);
    expect(cloudEntityTabs("Lambda", ON)).toEqual(["details", "catalog"]);
  });

  it("falls back to details for a tab the service does not have, or an unknown one", () => {
    expect(resolveCloudEntityTab(null, ["details", "catalog"])).toEqual({ tab: "details", fellBack: false });
    expect(resolveCloudEntityTab("catalog", ["details", "catalog"])).toEqual({ tab: "catalog", fellBack: false });
    expect(resolveCloudEntityTab("catalog", cloudEntityTabs("VMSS", ON))).toEqual({ tab: "details", fellBack: true });
    expect(resolveCloudEntityTab("metric-viewer", cloudEntityTabs("EC2", OFF))).toEqual({ tab: "details", fellBack: true });
    expect(resolveCloudEntityTab("overview", ["details"])).toEqual({ tab: "details", fellBack: true });
  });

  it("tab links set cloudexPage (none for details) and close the chart viewer", () => {
    const p = new URL(cloudEntityTabHref("/t", "?entityId=e&cloudexPage=catalog&chart=cpu&chartMode=daily&fit=0", "details"), "http://x").searchParams;
    expect([...p.keys()]).toEqual(["entityId"]);
    expect(new URL(cloudEntityTabHref("/t", "?entityId=e", "metric-viewer"), "http://x").searchParams.get("cloudexPage")).toBe("metric-viewer");
  });

  it("VMSS rules and the View all charts link's service types (2.5, 2.6)", () => {
    expect(isVmss("VMSS") && isVmss("VM Scale Set")).toBe(true);
    expect(isVmss("VM")).toBe(false);
    expect(["EC2", "RDS", "ASG", "VM", "GCE"].map((t) => showViewAllCharts(t, ON))).toEqual([true, true, true, true, true]);
    expect(showViewAllCharts("VMSS", ON)).toBe(false);
    expect(showViewAllCharts("EC2", OFF)).toBe(false);
  });
});

describe("cloud page titles (spec 2.1)", () => {
  it("names the folder tab or the service tab", () => {
    expect(cloudPageTitle(q(""))).toBe("Cloud Summary");
    expect(cloudPageTitle(q("cloudTabGroup=cloud-analysis"))).toBe("Cloud AI Analysis Details");
    expect(cloudPageTitle(q("cloud-analysis=cloud-analysis"))).toBe("Cloud AI Analysis Details");
    expect(cloudPageTitle(q("entityId=e"))).toBe("Cloud Overview");
    expect(cloudPageTitle(q("entityId=e&cloudexPage=catalog"))).toBe("Catalog Map");
    expect(cloudPageTitle(q("entityId=e&cloudexPage=metric-viewer"))).toBe("Metrics Viewer");
    expect(cloudPageTitle(q("entityId=e&cloudexPage=nonsense"))).toBe("Cloud Overview");
  });

  it("is the shell's title on the cloud tree, with the selection's name", () => {
    expect(pageTitle("/kubex/cloud-tree", q(""))).toBe("Cloud Summary");
    expect(pageTitle("/kubex/cloud-tree/tree-item", q("cloudTabGroup=cloud-analysis&fullPath=System%20Breakdown/AWS"))).toBe("Cloud AI Analysis Details · AWS");
    expect(pageTitle("/kubex/cloud-tree/tree-item", q("entityId=i-1&cloudexPage=catalog&fullPath=S/AWS/r/a/web-01"))).toBe("Catalog Map · web-01");
  });
});
