import { describe, expect, it } from "vitest";
import type { InstanceType } from "../catalog/types";
import { candidateTypes } from "./candidates";

const base = {
  provider: "AWS",
  region: "us-east-1",
  architecture: "x86_64",
  hourlyPrice: 0.1,
  burstable: false,
  accelerated: false,
  metal: false,
  specialised: false,
} as const;
const t = (name: string, over: Partial<InstanceType> = {}) => ({ ...base, name, ...over }) as InstanceType;

const CATALOG = [
  t("m5.large"),
  t("m6g.large", { architecture: "arm64" }),
  t("t3.large", { burstable: true }),
  t("p3.2xlarge", { accelerated: true }),
  t("m5.metal", { metal: true }),
  t("hpc7g.4xlarge", { specialised: true, architecture: "arm64" }),
  t("i2.large", { hourlyPrice: null }),
  t("m5.xlarge", { region: "eu-west-1" }),
  t("Standard_D2s_v5", { provider: "Azure", region: "us-east" }),
];
const names = (types: InstanceType[]) => types.map((x) => x.name);

describe("candidateTypes", () => {
  it("keeps priced, general types of the provider, region and architecture", () => {
    expect(names(candidateTypes(CATALOG, { provider: "AWS", region: "us-east-1", architecture: "x86_64", includeBurstable: false }))).toEqual(["m5.large"]);
  });

  it("adds burstable types on request, other architectures and regions when not pinned", () => {
    expect(names(candidateTypes(CATALOG, { provider: "AWS", region: null, architecture: null, includeBurstable: true }))).toEqual([
      "m5.large",
      "m6g.large",
      "t3.large",
      "m5.xlarge",
    ]);
  });

  it("keeps to the provider", () => {
    expect(names(candidateTypes(CATALOG, { provider: "Azure", region: null, architecture: "x86_64", includeBurstable: false }))).toEqual(["Standard_D2s_v5"]);
  });
});
