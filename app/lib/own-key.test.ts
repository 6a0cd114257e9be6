import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { isOwnKey, ownValue } from "./own-key";

const TABLE: Record<string, number> = { a: 1, b: 2 };

describe("object-key lookups from outside (issue 12, 7f)", () => {
  it.each(["__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "__defineGetter__", "isPrototypeOf"])(
    "%s is no entry",
    (key) => {
      expect(isOwnKey(TABLE, key)).toBe(false);
      expect(ownValue(TABLE, key)).toBeUndefined();
    },
  );

  it("own keys are found", () => {
    expect(ownValue(TABLE, "a")).toBe(1);
    expect(isOwnKey(TABLE, "b")).toBe(true);
    expect(isOwnKey(TABLE, 1)).toBe(false);
  });

  it("any string finds an entry exactly when the table has it as its own key", () => {
    fc.assert(fc.property(fc.string(), (key) => (ownValue(TABLE, key) !== undefined) === ["a", "b"].includes(key)));
  });
});
