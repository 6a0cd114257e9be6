import { describe, expect, it } from "vitest";
import { parseSupplier, supplierOf } from "./supplier";

describe("supplierOf", () => {
  it("reads the processor text, Arm architectures first", () => {
    expect(supplierOf("Intel Xeon Platinum 8175", "x86_64")).toBe("Intel");
    expect(supplierOf("AMD EPYC 7R32", "x86_64")).toBe("AMD");
    expect(supplierOf("AWS Graviton2 Processor", "arm64")).toBe("ARM");
    expect(supplierOf("Apple M1 chip", "arm64_mac")).toBe("Other");
    expect(supplierOf("Intel Core i7", "x86_64_mac")).toBe("Other");
    expect(supplierOf(null, "x86_64")).toBe("Other");
  });
});

describe("parseSupplier", () => {
  it("accepts the four words only", () => {
    expect(parseSupplier("AMD")).toBe("AMD");
    expect(parseSupplier("amd")).toBeNull();
  });
});
