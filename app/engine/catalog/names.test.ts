import { describe, expect, it } from "vitest";
import { familyOf, parseInstanceName, providerOfName } from "./names";

describe("providerOfName", () => {
  it("tells the provider from the naming scheme", () => {
    expect(providerOfName("m5.2xlarge")).toBe("AWS");
    expect(providerOfName("m7i-flex.large")).toBe("AWS");
    expect(providerOfName("Standard_D8s_v5")).toBe("Azure");
    expect(providerOfName("Basic_A0")).toBe("Azure");
    expect(providerOfName("n2-standard-8")).toBe("GCP");
    expect(providerOfName("big box")).toBeNull();
  });
});

describe("parseInstanceName (AWS)", () => {
  it("splits m5.2xlarge into family m5, series m, generation 5, size 2xlarge", () => {
    expect(parseInstanceName("m5.2xlarge")).toEqual({
      provider: "AWS",
      family: "m5",
      series: "m",
      generation: 5,
      size: "2xlarge",
      burstable: false,
      accelerated: false,
      metal: false,
      specialised: false,
    });
  });

  it("keeps attribute letters in the family (c6gn, m5ad, m7i-flex, is4gen)", () => {
    expect(parseInstanceName("c6gn.16xlarge")).toMatchObject({ family: "c6gn", series: "c", generation: 6 });
    expect(parseInstanceName("m5ad.large")).toMatchObject({ family: "m5ad", series: "m", generation: 5 });
    expect(parseInstanceName("m7i-flex.large")).toMatchObject({ family: "m7i-flex", series: "m", generation: 7, size: "large" });
    expect(parseInstanceName("is4gen.xlarge")).toMatchObject({ family: "is4gen", series: "is", generation: 4 });
  });

  it("marks burstable, accelerated, metal and specialised kinds", () => {
    expect(parseInstanceName("t3.medium")).toMatchObject({ burstable: true, accelerated: false });
    expect(parseInstanceName("g4dn.xlarge")).toMatchObject({ series: "g", accelerated: true });
    expect(parseInstanceName("c6g.xlarge")).toMatchObject({ series: "c", accelerated: false });
    expect(parseInstanceName("inf2.xlarge")).toMatchObject({ accelerated: true });
    expect(parseInstanceName("m5.metal")).toMatchObject({ metal: true, size: "metal" });
    expect(parseInstanceName("hpc7g.16xlarge")).toMatchObject({ specialised: true });
    expect(parseInstanceName("mac1.metal")).toMatchObject({ specialised: true, metal: true });
  });

  it("keeps the part before the dot as family for names outside the pattern", () => {
    expect(parseInstanceName("u-6tb1.metal")).toMatchObject({ family: "u-6tb1", series: "u", generation: null });
  });
});

describe("parseInstanceName (Azure)", () => {
  it("derives Dsv5 from Standard_D8s_v5", () => {
    expect(parseInstanceName("Standard_D8s_v5")).toEqual({
      provider: "Azure",
      family: "Dsv5",
      series: "D",
      generation: 5,
      size: "8",
      burstable: false,
      accelerated: false,
      metal: false,
      specialised: false,
    });
  });

  it("keeps feature letters and versions (Dasv5, Amv2, Av2, Fsv2, Mmsv2 with constrained vCPUs)", () => {
    expect(parseInstanceName("Standard_D4as_v5")?.family).toBe("Dasv5");
    expect(parseInstanceName("Standard_A8m_v2")?.family).toBe("Amv2");
    expect(parseInstanceName("Standard_A8_v2")).toMatchObject({ family: "Av2", generation: 2, size: "8" });
    expect(parseInstanceName("Standard_F16s_v2")?.family).toBe("Fsv2");
    expect(parseInstanceName("Standard_M64-32ms_v2")).toMatchObject({ family: "Mmsv2", size: "64" });
  });

  it("gives version-less sizes generation 1 and keeps the Basic tier apart", () => {
    expect(parseInstanceName("Standard_A5")).toMatchObject({ family: "A", generation: 1 });
    expect(parseInstanceName("Basic_A0")).toMatchObject({ family: "BasicA", series: "A", generation: 1, size: "0" });
  });

  it("marks B as burstable and N* as accelerated, with the accelerator in the family", () => {
    expect(parseInstanceName("Standard_B2s")).toMatchObject({ family: "Bs", burstable: true });
    expect(parseInstanceName("Standard_NC24ads_A100_v4")).toMatchObject({ family: "NCadsA100v4", accelerated: true, generation: 4 });
  });
});

describe("parseInstanceName (GCP)", () => {
  it("takes the series and type as family (n2-standard-8 → n2-standard)", () => {
    expect(parseInstanceName("n2-standard-8")).toMatchObject({ family: "n2-standard", series: "n", generation: 2, size: "8" });
    expect(parseInstanceName("n2d-standard-8")).toMatchObject({ family: "n2d-standard", series: "n", generation: 2 });
  });

  it("marks shared-core e2 sizes burstable", () => {
    expect(parseInstanceName("e2-medium")).toMatchObject({ family: "e2-shared", burstable: true });
    expect(parseInstanceName("e2-standard-4")).toMatchObject({ family: "e2-standard", burstable: false });
  });
});

describe("familyOf", () => {
  it("is the family, or the name itself when no provider's scheme fits", () => {
    expect(familyOf("r5.large")).toBe("r5");
    expect(familyOf("Standard_E4s_v5")).toBe("Esv5");
    expect(familyOf("big box")).toBe("big box");
  });
});

describe("parseInstanceName (RDS classes)", () => {
  it("keeps db. in the family and reads the EC2 type after it (db.m5.large → db.m5 / m / 5 / large)", () => {
    expect(providerOfName("db.m5.large")).toBe("AWS");
    expect(parseInstanceName("db.m5.large")).toMatchObject({ provider: "AWS", family: "db.m5", series: "m", generation: 5, size: "large" });
    expect(parseInstanceName("db.r6g.2xlarge")).toMatchObject({ family: "db.r6g", series: "r", generation: 6, size: "2xlarge" });
    expect(parseInstanceName("db.t3.medium")).toMatchObject({ family: "db.t3", burstable: true });
    expect(familyOf("db.m6g.large")).toBe("db.m6g");
  });
});

describe("parseInstanceName (GCP variants, accelerators and HPC)", () => {
  it("joins a variant after the size to the family (local SSD, metal, no local SSD)", () => {
    expect(parseInstanceName("c3-standard-8-lssd")).toMatchObject({ family: "c3-standard-lssd", size: "8", series: "c", generation: 3 });
    expect(parseInstanceName("c3-standard-192-metal")).toMatchObject({ family: "c3-standard-metal", size: "192", metal: true });
    expect(parseInstanceName("a3-edgegpu-8g-nolssd")).toMatchObject({ family: "a3-edgegpu-nolssd", size: "8g", accelerated: true });
    expect(parseInstanceName("a2-highgpu-1g")).toMatchObject({ family: "a2-highgpu", size: "1g", accelerated: true });
  });

  it("marks GPU and TPU hosts accelerated, H3/H4D specialised, and not the legacy g1", () => {
    expect(parseInstanceName("g2-standard-4")).toMatchObject({ accelerated: true });
    expect(parseInstanceName("ct5lp-hightpu-1t")).toMatchObject({ accelerated: true });
    expect(parseInstanceName("g1-small")).toMatchObject({ accelerated: false, burstable: true });
    expect(parseInstanceName("h3-standard-88")).toMatchObject({ specialised: true });
  });

  it("marks the Azure H series specialised (HPC) and AWS gr6 accelerated", () => {
    expect(parseInstanceName("Standard_HB120rs_v3")).toMatchObject({ series: "HB", specialised: true });
    expect(parseInstanceName("gr6.4xlarge")).toMatchObject({ series: "gr", accelerated: true });
  });
});
