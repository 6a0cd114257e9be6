import { describe, expect, it } from "vitest";
import { catalogInRegion, inRegion, priceIn, pricedRegions, windowsPriceOf, withRegionPrices } from "./region";
import { parseTsvCatalog } from "./tsv";
import type { InstanceType } from "./types";

const HEAD = "name\tvcpus\tmemory_gib\tarch\tsupplier\tprocessor\tgpus\tgpu_model\tgpu_memory_gib\tlocal_storage_gb\tnetwork_gbps\tacu\tburstable";
const tsv = (provider: string, service: string, priceColumns: string, rows: string[]) =>
  parseTsvCatalog([`# kubex-catalog 1`, `# provider: ${provider}`, `# service: ${service}`, `${HEAD}\t${priceColumns}`, ...rows].join("\n"));

const AZURE = tsv("Azure", "VM", "linux:eastus\tlinux:northeurope\twindows:eastus", [
  "Standard_D8s_v5\t8\t32\tx86_64\tIntel\t\t0\t\t0\t0\t\t\t0\t0.384\t0.428\t0.752",
  "Standard_D8as_v5\t8\t32\tx86_64\tAMD\t\t0\t\t0\t0\t\t\t0\t0.344\t\t",
]);
const GCP = tsv("GCP", "GCE", "linux:us-central1\tlinux:europe-west1", ["n2-standard-8\t8\t32\tx86_64\tIntel\t\t0\t\t0\t0\t\t\t0\t0.388472\t0.427336"]);
const RDS = tsv("AWS", "RDS", "linux:us-east-1\tlinux:eu-west-1", ["db.m5.large\t2\t8\tx86_64\tIntel\t\t0\t\t0\t0\t0.75\t\t0\t0.171\t0.189"]);
const ALL: InstanceType[] = [...AZURE, ...GCP, ...RDS];

describe("priceIn / inRegion", () => {
  it("gives a region's prices, both null where the catalog has none", () => {
    expect(priceIn(AZURE[0], "northeurope")).toEqual({ linux: 0.428, windows: null });
    expect(priceIn(AZURE[0], "japaneast")).toEqual({ linux: null, windows: null });
  });

  it("moves region, hourlyPrice and windowsHourlyPrice to the region (a Windows price not published there: Linux + licence) and keeps the price map", () => {
    const t = inRegion(AZURE[0], "northeurope");
    expect(t).toMatchObject({ region: "northeurope", hourlyPrice: 0.428, windowsHourlyPrice: 0.796, prices: AZURE[0].prices });
    expect(AZURE[0]).toMatchObject({ region: "eastus", hourlyPrice: 0.384, windowsHourlyPrice: 0.752 });
  });
});

describe("catalogInRegion", () => {
  it("keeps one provider and service, priced for the region (null = not offered or not priced there)", () => {
    const ne = catalogInRegion(ALL, { provider: "Azure", service: "VM", region: "northeurope" });
    expect(ne.map((t) => [t.name, t.region, t.hourlyPrice])).toEqual([
      ["Standard_D8s_v5", "northeurope", 0.428],
      ["Standard_D8as_v5", "northeurope", null],
    ]);
    expect(catalogInRegion(ALL, { provider: "AWS", service: "RDS", region: "eu-west-1" })[0]).toMatchObject({ name: "db.m5.large", hourlyPrice: 0.189 });
    expect(catalogInRegion(ALL, { provider: "AWS", service: "EC2", region: "eu-west-1" })).toEqual([]);
  });
});

describe("withRegionPrices", () => {
  it("prices the catalogs that know the region there and leaves the others at their reference region", () => {
    const out = withRegionPrices(ALL, "europe-west1");
    expect(out.find((t) => t.name === "n2-standard-8")).toMatchObject({ region: "europe-west1", hourlyPrice: 0.427336 });
    expect(out.find((t) => t.name === "Standard_D8s_v5")).toMatchObject({ region: "eastus", hourlyPrice: 0.384 });
  });

  it("changes nothing for an unknown or missing region", () => {
    expect(withRegionPrices(ALL, "mars-north1").map((t) => t.region)).toEqual(ALL.map((t) => t.region));
    expect(withRegionPrices(ALL, null)).toEqual(ALL);
  });
});

describe("pricedRegions", () => {
  it("lists the regions in first-seen order", () => {
    expect(pricedRegions(ALL)).toEqual(["eastus", "northeurope", "us-central1", "europe-west1", "us-east-1", "eu-west-1"]);
  });
});

describe("windowsPriceOf", () => {
  it("keeps a published Windows price and estimates a missing one as Linux + $0.046 per vCPU-hour (not for databases)", () => {
    expect(windowsPriceOf({ service: "VM", vcpus: 4 }, { linux: 0.192, windows: 0.376 })).toBe(0.376);
    expect(windowsPriceOf({ service: "VM", vcpus: 4 }, { linux: 0.192, windows: null })).toBe(0.376);
    expect(windowsPriceOf({ service: "GCE", vcpus: 2 }, { linux: 0.067, windows: null })).toBe(0.159);
    expect(windowsPriceOf({ service: "RDS", vcpus: 2 }, { linux: 0.171, windows: null })).toBeNull();
    expect(windowsPriceOf({ service: "EC2", vcpus: 2 }, { linux: null, windows: null })).toBeNull();
  });
});
