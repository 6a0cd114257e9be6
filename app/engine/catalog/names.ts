import type { CloudProvider } from "~/engine/source-contract";

/** What an instance type's name says about it (family, generation, size and kind). */
export interface InstanceName {
  provider: CloudProvider;
  family: string;
  series: string;
  generation: number | null;
  size: string;
  burstable: boolean;
  accelerated: boolean;
  metal: boolean;
  specialised: boolean;
}

const AWS_ACCELERATED = new Set(["p", "g", "inf", "dl", "f", "trn", "vt"]);
const GCP_SHARED_CORE = new Set(["micro", "small", "medium"]);

/** The provider a name belongs to: Standard_/Basic_ → Azure, a dot → AWS, dashes → GCP. */
export function providerOfName(name: string): CloudProvider | null {
  if (/^(Standard|Basic)_/.test(name)) return "Azure";
  if (/^[a-z][a-z0-9-]*\.[a-z0-9-]+$/.test(name)) return "AWS";
  if (/^[a-z][a-z0-9]*-[a-z0-9-]+$/.test(name)) return "GCP";
  return null;
}

/**
 * AWS: `<series><generation><attributes>.<size>`: m5.2xlarge → m5 / m / 5 / 2xlarge; m7i-flex.large → m7i-flex;
 * c6gn.16xlarge → c6gn. Names outside the pattern (u-6tb1.metal) keep the part before the dot as family.
 */
function parseAws(name: string): InstanceName {
  const [family, size = ""] = name.split(".", 2) as [string, string?];
  const m = /^([a-z]+)(\d+)/.exec(family);
  const series = m ? m[1] : (/^[a-z]+/.exec(family)?.[0] ?? family);
  return {
    provider: "AWS",
    family,
    series,
    generation: m ? Number(m[2]) : null,
    size,
    burstable: series === "t",
    accelerated: AWS_ACCELERATED.has(series),
    metal: size.startsWith("metal"),
    specialised: series === "hpc" || series === "mac",
  };
}

/**
 * Azure: `<tier>_<series><vcpus>[-<constrained>]<features>[_<accelerator>][_v<version>]`, family as Azure's
 * size pages write it: Standard_D8s_v5 → Dsv5, Standard_D4as_v5 → Dasv5, Standard_A8m_v2 → Amv2,
 * Standard_NC24ads_A100_v4 → NCadsA100v4, Standard_A5 → A (generation 1), Basic_A0 → BasicA.
 */
function parseAzure(name: string): InstanceName {
  const m = /^(Standard|Basic)_([A-Z]+)(\d+)(?:-\d+)?([a-z]*)(?:_([A-Z][A-Z0-9]*))?(?:_v(\d+))?(?:_.*)?$/.exec(name);
  if (!m) {
    const rest = name.replace(/^(Standard|Basic)_/, "");
    return { provider: "Azure", family: rest, series: rest, generation: null, size: "", burstable: false, accelerated: false, metal: false, specialised: false };
  }
  const [, tier, series, size, features, accelerator = "", version] = m;
  const generation = version ? Number(version) : 1;
  const family = `${tier === "Basic" ? "Basic" : ""}${series}${features}${accelerator}${version ? `v${version}` : ""}`;
  return {
    provider: "Azure",
    family,
    series,
    generation,
    size,
    burstable: series === "B",
    accelerated: series.startsWith("N"),
    metal: false,
    specialised: false,
  };
}

/** GCP: `<series><generation><attributes>-<type>-<vcpus>` (n2-standard-8 → n2-standard) or `e2-medium` (shared core). */
function parseGcp(name: string): InstanceName {
  const parts = name.split("-");
  const prefix = parts[0];
  const m = /^([a-z]+)(\d+)/.exec(prefix);
  const sharedCore = parts.length === 2 && GCP_SHARED_CORE.has(parts[1]);
  const family = parts.length >= 3 ? parts.slice(0, -1).join("-") : sharedCore ? `${prefix}-shared` : prefix;
  return {
    provider: "GCP",
    family,
    series: m ? m[1] : prefix,
    generation: m ? Number(m[2]) : null,
    size: parts[parts.length - 1],
    burstable: sharedCore || prefix === "f1" || prefix === "g1",
    accelerated: prefix === "a2" || prefix === "a3" || prefix === "g2",
    metal: parts.includes("metal"),
    specialised: false,
  };
}

/** Family, generation and size from an instance type's name; null when the name is no known provider's. */
export function parseInstanceName(name: string, provider: CloudProvider | null = providerOfName(name)): InstanceName | null {
  if (provider === "AWS") return parseAws(name);
  if (provider === "Azure") return parseAzure(name);
  if (provider === "GCP") return parseGcp(name);
  return null;
}

/** The family of a type by name alone (the node group grid's currentNodeFamily); the name itself when unknown. */
export function familyOf(name: string): string {
  return parseInstanceName(name)?.family ?? name;
}
