import { describe, expect, it } from "vitest";
import { toColumns } from "./columns";

describe("toColumns", () => {
  it("turns sample objects into typed columns in the same order", () => {
    const c = toColumns([{ t: 1, cpu: 2, mem: 3 }, { t: 4, cpu: 5.5, mem: 6 }]);
    expect(c.t).toBeInstanceOf(Float64Array);
    expect([Array.from(c.t), Array.from(c.cpu), Array.from(c.mem)]).toEqual([[1, 4], [2, 5.5], [3, 6]]);
    expect(toColumns([]).t.length).toBe(0);
  });
});
