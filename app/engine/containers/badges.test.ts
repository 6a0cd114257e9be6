import { describe, expect, it } from "vitest";
import { badgeFor, labelFor, percentOfRecommended } from "./badges";
import type { Badge } from "./types";

const b = (cpuRequest: Badge, cpuLimit: Badge, memRequest: Badge, memLimit: Badge) => ({ cpuRequest, cpuLimit, memRequest, memLimit });

describe("badgeFor", () => {
  it("Set Value when there is no current value", () => {
    expect(badgeFor(null, 100)).toBe("Set Value");
    expect(badgeFor(0, 100)).toBe("Set Value");
  });
  it("Increase, Decrease or No Change against the recommendation", () => {
    expect(badgeFor(100, 120)).toBe("Increase");
    expect(badgeFor(120, 100)).toBe("Decrease");
    expect(badgeFor(128, 128)).toBe("No Change");
  });
});

describe("labelFor", () => {
  it('"Size from unspecified" when a request is unset, whatever else changes', () => {
    expect(labelFor(b("Set Value", "Decrease", "No Change", "No Change"))).toBe("Size from unspecified");
    expect(labelFor(b("Increase", "Increase", "Set Value", "Set Value"))).toBe("Size from unspecified");
  });
  it('"Upsize" when values only go up, "Downsize" when only down, "Resize" when both', () => {
    expect(labelFor(b("Increase", "No Change", "Increase", "No Change"))).toBe("Upsize");
    expect(labelFor(b("Decrease", "Decrease", "No Change", "No Change"))).toBe("Downsize");
    expect(labelFor(b("Increase", "No Change", "Decrease", "No Change"))).toBe("Resize");
  });
  it('"Just Right" when nothing changes', () => {
    expect(labelFor(b("No Change", "No Change", "No Change", "No Change"))).toBe("Just Right");
  });
  it("a newly set limit joins the other changes' direction, and alone is a Resize", () => {
    expect(labelFor(b("Decrease", "Set Value", "No Change", "No Change"))).toBe("Downsize");
    expect(labelFor(b("No Change", "Set Value", "No Change", "Set Value"))).toBe("Resize");
  });
});

describe("percentOfRecommended", () => {
  it("is current ÷ recommended × 100, null when unset", () => {
    expect(percentOfRecommended(300, 100)).toBe(300);
    expect(percentOfRecommended(64, 128)).toBe(50);
    expect(percentOfRecommended(null, 128)).toBeNull();
    expect(percentOfRecommended(100, 0)).toBeNull();
  });
});
