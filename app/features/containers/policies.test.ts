import { describe, expect, it } from "vitest";
import { PARAMETER_DEFINITIONS, POLICIES } from "~/engine/policy";
import { policyPage, policyRows } from "./policies";

describe("Policies tab rows", () => {
  const rows = policyRows();
  it("lists every parameter of every policy, grouped by policy in order", () => {
    expect(rows).toHaveLength(POLICIES.length * PARAMETER_DEFINITIONS.length);
    expect(rows[0].policy).toBe(POLICIES[0].name);
    expect(rows[PARAMETER_DEFINITIONS.length].policy).toBe(POLICIES[1].name);
  });
  it("marks the system default policy's values as defaults and shows None for a missing value", () => {
    const system = rows.filter((r) => r.policy === POLICIES[0].name);
    expect(system.every((r) => r.isDefault)).toBe(true);
    expect(rows.some((r) => r.value === "None") || rows.every((r) => r.value !== "")).toBe(true);
  });
  it("pages 10 by default, 15 and 20 on request, and clamps a page past the end", () => {
    expect(policyPage(new URLSearchParams()).rows).toHaveLength(10);
    expect(policyPage(new URLSearchParams("psize=15")).rows).toHaveLength(15);
    expect(policyPage(new URLSearchParams("psize=99")).size).toBe(10);
    const last = policyPage(new URLSearchParams("psize=20&ppage=999"));
    expect(last.page).toBe(last.lastPage);
    expect(last.rows.length).toBe(rows.length - (last.lastPage - 1) * 20);
  });
});
