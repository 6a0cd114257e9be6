import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { PackedIds } from "./packed-ids";

describe("PackedIds", () => {
  it("gives back any slice of the ids it was made from, as the array's slice would", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 20 }), { maxLength: 40 }), fc.nat(50), fc.nat(50), (ids, a, b) => {
        const packed = new PackedIds(ids);
        expect(packed.length).toBe(ids.length);
        expect(packed.slice(a, b)).toEqual(ids.slice(a, b));
        expect(packed.slice(a)).toEqual(ids.slice(a));
      }),
    );
  });

  it("reads a page of 20 from half a million 16-digit ids", () => {
    const ids = Array.from({ length: 500_000 }, (_, i) => i.toString(16).padStart(16, "0"));
    const packed = new PackedIds(ids);
    expect(packed.slice(49 * 20, 50 * 20)).toEqual(ids.slice(980, 1000));
    expect(packed.slice(499_990, 500_020)).toEqual(ids.slice(499_990));
    expect(packed.bytes).toBe(500_000 * 16 * 2 + 500_001 * 4);
  });
});
