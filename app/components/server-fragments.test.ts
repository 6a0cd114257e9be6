import { describe, expect, it } from "vitest";
import { fragmentKey } from "./server-fragments";

describe("fragmentKey", () => {
  const format = (v: number) => `${v} m`;
  const other = (v: number) => `${v} m`;

  it("is the same for the same kind, inputs and function objects", () => {
    expect(fragmentKey("boxplot", [1, "a", { b: true }], format)).toBe(fragmentKey("boxplot", [1, "a", { b: true }], format));
  });

  it("differs when the kind, any input or a function's identity differs", () => {
    const key = fragmentKey("boxplot", [1, "a"], format);
    expect(fragmentKey("tree-items", [1, "a"], format)).not.toBe(key);
    expect(fragmentKey("boxplot", [2, "a"], format)).not.toBe(key);
    expect(fragmentKey("boxplot", [1, "a"], other)).not.toBe(key);
    expect(fragmentKey("boxplot", [1, "a"])).not.toBe(key);
  });
});
