import { describe, expect, it } from "vitest";
import { cloudDetailsHref, cloudDetailsUrl, cloudDrawerHref, parseCloudDrawer, reportFileName, reportHref } from "./links";

const AZURE_ID = "/subscriptions/5a29/resourceGroups/rg-build/providers/Microsoft.Compute/virtualMachines/vm-build-dev-01";

describe("cloud links (spec 2.4, 2.5, 7)", () => {
  it("opens and closes the instance drawer in the address, Azure ids included", () => {
    const href = cloudDrawerHref("/kubex/cloud-tree", "?cloudTabGroup=cloud-analysis&sel=x", AZURE_ID);
    const p = new URL(href, "http://x").searchParams;
    expect(parseCloudDrawer(p.get("drawer"))).toBe(AZURE_ID);
    expect(p.get("sel")).toBe("x");
    expect(cloudDrawerHref("/kubex/cloud-tree", href.split("?")[1], null)).toBe("/kubex/cloud-tree?cloudTabGroup=cloud-analysis&sel=x");
    expect(parseCloudDrawer("container:abc")).toBeNull();
    expect(parseCloudDrawer("cloud:")).toBeNull();
    expect(parseCloudDrawer(`cloud:${"x".repeat(401)}`)).toBeNull();
  });

  it("View cloud details goes to the service's tree item with tabGroup2=overview in the page's View and Filter", () => {
    const href = cloudDetailsHref("?viewId=v&filterId=f&cloudTabGroup=cloud-analysis&drawer=cloud%3Ai-1", { entityId: "i-1", system: "web-01", fullPath: "System Breakdown/AWS/us-east-1/prod" });
    const url = new URL(href, "http://x");
    expect(url.pathname).toBe("/kubex/cloud-tree/tree-item");
    expect(Object.fromEntries(url.searchParams)).toEqual({ viewId: "v", filterId: "f", level: "4", fullPath: "System Breakdown/AWS/us-east-1/prod/web-01", entityId: "i-1", tabGroup2: "overview" });
    expect(cloudDetailsUrl("https://k.example", { entityId: "i-1", system: "web", fullPath: "S/A" }, { viewId: "v", filterId: "f" })).toBe(
      "https://k.example/kubex/cloud-tree/tree-item?viewId=v&filterId=f&level=4&fullPath=S%2FA%2Fweb&entityId=i-1&tabGroup2=overview",
    );
  });

  it("addresses the impact report by the entity id and names it provider_system_objectId.pdf", () => {
    expect(reportHref("i-0abc")).toBe("/CIRBA/api/v2/systems/i-0abc/analysis-report");
    expect(reportHref(AZURE_ID)).toBe(`/CIRBA/api/v2/systems/${encodeURIComponent(AZURE_ID)}/analysis-report`);
    expect(reportFileName("AWS", "web-01", "i-0abc")).toBe("AWS_web-01_i-0abc.pdf");
    expect(reportFileName("Azure", "vm build", AZURE_ID)).toBe("Azure_vm-build_subscriptions-5a29-resourceGroups-rg-build-providers-Microsoft.Compute-virtualMachines-vm-build-dev-01.pdf");
  });
});
