import { describe, expect, it } from "vitest";
import { shippedInstanceCatalog, shippedNodeCatalog } from "./node-write";

const find = (region: string | null, name: string) => shippedNodeCatalog(region).find((t) => t.name === name);

describe("shippedNodeCatalog", () => {
  it("holds the EC2, Azure VM and GCE types, not RDS classes", () => {
    const services = new Set(shippedInstanceCatalog().map((t) => t.service));
    expect([...services].sort()).toEqual(["EC2", "GCE", "VM"]);
  });

  it("prices GKE and AKS node types in the demo clusters' regions", () => {
    expect(find("europe-west1", "n2d-standard-8")).toMatchObject({ region: "europe-west1", hourlyPrice: 0.371784 });
    expect(find("asia-southeast1", "g2-standard-4")).toMatchObject({ region: "asia-southeast1", hourlyPrice: 0.872019 });
    expect(find("us-central1", "e2-standard-4")?.hourlyPrice).toBe(0.134023);
    expect(find("westeurope", "Standard_D8s_v5")).toMatchObject({ region: "westeurope", hourlyPrice: 0.46 });
    expect(find("northeurope", "Standard_E8s_v5")?.hourlyPrice).toBe(0.564);
  });

  it("keeps the reference region's prices where no catalog prices the cluster's region", () => {
    // The AWS EC2 catalog prices us-east-1 only (catalog/README.md): an eu-west-1 cluster keeps those prices.
    expect(find("eu-west-1", "m5.large")).toMatchObject({ region: "us-east-1", hourlyPrice: 0.096 });
    expect(find(null, "Standard_D8s_v5")).toMatchObject({ region: "eastus", hourlyPrice: 0.384 });
    expect(shippedNodeCatalog("westeurope")).toBe(shippedNodeCatalog("westeurope"));
  });
});
