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

  it("gives the opposite direction of an order by a column: values reversed, then the nulls reversed", () => {
    // Rows as an SQL order gives them: nulls last either way, ties by id in the direction of the sort.
    const order = (rows: { id: string; v: number | null }[], dir: 1 | -1) =>
      [...rows].sort((a, b) => (a.v === null) !== (b.v === null) ? (a.v === null ? 1 : -1) : dir * (((a.v ?? 0) - (b.v ?? 0)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)));
    fc.assert(
      fc.property(fc.uniqueArray(fc.record({ id: fc.string({ minLength: 1, maxLength: 6 }), v: fc.option(fc.integer({ min: 0, max: 4 })) }), { selector: (r) => r.id, maxLength: 40 }), (rows) => {
        const asc = order(rows, 1);
        const desc = order(rows, -1);
        const nulls = asc.findIndex((r) => r.v === null);
        const packed = new PackedIds(asc.map((r) => r.id), nulls === -1 ? asc.length : nulls);
        const opposite = packed.opposite()!;
        expect(opposite.slice(0)).toEqual(desc.map((r) => r.id));
        expect(opposite.nullsFrom).toBe(packed.nullsFrom);
        expect(opposite.opposite()!.slice(0)).toEqual(asc.map((r) => r.id)); // and back
        expect(opposite.slice(1, 3)).toEqual(desc.slice(1, 3).map((r) => r.id));
      }),
    );
    expect(new PackedIds(["a", "b"]).opposite()).toBeUndefined(); // an order not by a column (a search's ranking)
    expect(() => new PackedIds(["a"], 2)).toThrow(RangeError);
  });
});
