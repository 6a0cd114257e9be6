import { describe, expect, it } from "vitest";
import { architectureOf, positiveNumber, priceOrNull } from "./fields";

describe("priceOrNull", () => {
  it("reads plain and dollar prices, and keeps 0 or missing as null (not offered)", () => {
    expect(priceOrNull("0.384")).toBe(0.384);
    expect(priceOrNull("$0.3990")).toBe(0.399);
    expect(priceOrNull("0")).toBeNull();
    expect(priceOrNull("$0.0000")).toBeNull();
    expect(priceOrNull(undefined)).toBeNull();
    expect(priceOrNull("n/a")).toBeNull();
  });
});

describe("positiveNumber", () => {
  it("is the number when positive, NaN otherwise", () => {
    expect(positiveNumber(" 1.7 ")).toBe(1.7);
    expect(positiveNumber("0")).toBeNaN();
    expect(positiveNumber(undefined)).toBeNaN();
  });
});

describe("architectureOf", () => {
  it("normalises AWS and Azure words", () => {
    expect(architectureOf("x86_64")).toBe("x86_64");
    expect(architectureOf("x64")).toBe("x86_64");
    expect(architectureOf("Arm64")).toBe("arm64");
    expect(architectureOf("i386")).toBe("i386");
    expect(architectureOf("arm64_mac")).toBe("arm64_mac");
    expect(architectureOf("sparc")).toBeNull();
    expect(architectureOf(undefined)).toBeNull();
  });
});
