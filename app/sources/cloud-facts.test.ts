import { describe, expect, it } from "vitest";
import { cloudServiceFacts } from "./cloud-facts";
import { generateDemoInventory } from "./demo";

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const inv = generateDemoInventory({ seed: 42, size: 2000, now: NOW });

describe("cloudServiceFacts", () => {
  const facts = cloudServiceFacts(inv.cloudInstances, inv.cloudGroups);

  it("gives one service per standalone instance and per scale group, none per member", () => {
    const standalone = inv.cloudInstances.filter((i) => i.group_id === null);
    expect(facts).toHaveLength(standalone.length + inv.cloudGroups.length);
    const ids = new Set(facts.map((f) => f.id));
    for (const i of inv.cloudInstances) expect(ids.has(i.id)).toBe(i.group_id === null);
    for (const g of inv.cloudGroups) expect(ids.has(g.id)).toBe(true);
  });

  it("carries the OS, creation and the latest type change", () => {
    const changed = inv.cloudInstances.find((i) => i.group_id === null && i.previous_instance_type !== null)!;
    expect(facts.find((f) => f.id === changed.id)).toEqual({
      id: changed.id,
      provider: changed.provider,
      service: changed.service,
      region: changed.region,
      instanceType: changed.instance_type,
      os: changed.os,
      createdMs: Date.parse(changed.created_at!),
      typeChange: { atMs: Date.parse(changed.instance_type_changed_at!), fromType: changed.previous_instance_type, toType: changed.instance_type },
    });
    const group = facts.find((f) => f.id === inv.cloudGroups[0].id)!;
    expect([group.service, group.instanceType]).toEqual([inv.cloudGroups[0].service, inv.cloudGroups[0].instance_type]);
    expect(facts.filter((f) => f.os === "Windows").length).toBeGreaterThan(0);
  });

  it("reads rows collected before migration 008 as Linux, created long ago, unchanged; their members as no service", () => {
    const old = { ...inv.cloudInstances.find((i) => i.group_id === null)! };
    for (const k of ["os", "created_at", "previous_instance_type", "instance_type_changed_at", "group_id"] as const) old[k] = null;
    const member = { ...old, id: "i-member", group_name: "web-asg" };
    expect(cloudServiceFacts([old, member], [])).toEqual([expect.objectContaining({ id: old.id, os: "Linux", createdMs: 0, typeChange: null })]);
  });
});
