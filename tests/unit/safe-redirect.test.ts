import { describe, expect, it } from "vitest";
import { safeRedirect } from "~/features/auth/login.server";

describe("safeRedirect (no open redirect after sign-in, theme switch, dialogs)", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirect("/kubex/containers-tree?viewId=1&fullPath=a%2Fb")).toBe("/kubex/containers-tree?viewId=1&fullPath=a%2Fb");
  });
  it.each([
    ["//evil.example/x"],
    ["/\\evil.example/x"],
    ["/\t/evil.example/x"],
    ["/\n/evil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    [""],
    [null],
  ])("refuses %j", (to) => {
    expect(safeRedirect(to as string | null)).toBe("/kubex");
  });
});
