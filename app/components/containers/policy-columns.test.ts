import { describe, expect, it } from "vitest";
import { POLICY_PAGE_SIZES as SERVED } from "~/features/containers/policies";
import { POLICY_PAGE_SIZES, repeatsGroup } from "./policy-columns";

describe("the policy grid's page sizes", () => {
  it("are the ones the server pages by", () => {
    expect(POLICY_PAGE_SIZES).toEqual(SERVED);
  });
});

describe("repeatsGroup", () => {
  it("hides a group's name under its first row within the same policy only", () => {
    const a = { policy: "Default", group: "CPU" };
    expect(repeatsGroup(undefined, a)).toBe(false);
    expect(repeatsGroup(a, { policy: "Default", group: "CPU" })).toBe(true);
    expect(repeatsGroup(a, { policy: "Default", group: "Memory" })).toBe(false);
    expect(repeatsGroup(a, { policy: "Batch", group: "CPU" })).toBe(false);
  });
});
