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

const AWS_ACCELERATED = new Set(["p", "g", "gr", "inf", "dl", "f", "trn", "vt"]);
const GCP_SHARED_CORE = new Set(["micro", "small", "medium"]);

/** The provider a name belongs to: Standard_/Basic_ → Azure, a dot (or db.<type>) → AWS, dashes → GCP. */
export function providerOfName(name: string): CloudProvider | null {
  if (/^(Standard|Basic)_/.test(name)) return "Azure";
  if (/^db\.[a-z0-9-]+\.[a-z0-9-]+$/.test(name)) return "AWS";
  if (/^[a-z][a-z0-9-]*\.[a-z0-9-]+$/.test(name)) return "AWS";
  if (/^[a-z][a-z0-9]*-[a-z0-9-]+$/.test(name)) return "GCP";
  return null;
}

/**
 * AWS: `<series><generation><attributes>.<size>`: m5.2xlarge → m5 / m / 5 / 2xlarge; m7i-flex.large → m7i-flex;
 * c6gn.16xlarge → c6gn. Names outside the pattern (u-6tb1.metal) keep the part before the dot as family. RDS
 * classes keep "db." in the family: db.m5.large → db.m5 / m / 5 / large.
 */
function parseAws(name: string): InstanceName {
  // An RDS class runs on the EC2 type after "db.": db.m5.large is family db.m5, series m, generation 5, size large.
  if (name.startsWith("db.")) {
    const ec2 = parseAws(name.slice(3));
    return { ...ec2, family: `db.${ec2.family}` };
  }
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
    // H, HB, HC, HX: the HPC series (InfiniBand, placement-restricted).
    specialised: series.startsWith("H"),
  };
}

/**
 * GCP: `<series><generation><attributes>-<type>-<vcpus>[-<variant>]` (n2-standard-8 → n2-standard;
 * c3-standard-8-lssd → c3-standard-lssd / 8) or `e2-medium` (shared core).
 */
function parseGcp(name: string): InstanceName {
  const parts = name.split("-");
  const prefix = parts[0];
  const m = /^([a-z]+)(\d+)/.exec(prefix);
  const sharedCore = parts.length === 2 && GCP_SHARED_CORE.has(parts[1]);
  // A variant after the size joins the family: c3-standard-8-lssd → c3-standard-lssd / 8 (a family with local SSD).
  let sizeAt = -1;
  for (let i = 1; i < parts.length - 1; i++) if (/^\d+[a-z]?$/.test(parts[i])) sizeAt = i;
  const variant = sizeAt > 0;
  const family = variant
    ? [...parts.slice(0, sizeAt), ...parts.slice(sizeAt + 1)].join("-")
    : parts.length >= 3 ? parts.slice(0, -1).join("-") : sharedCore ? `${prefix}-shared` : prefix;
  return {
    provider: "GCP",
    family,
    series: m ? m[1] : prefix,
    generation: m ? Number(m[2]) : null,
    size: variant ? parts[sizeAt] : parts[parts.length - 1],
    burstable: sharedCore || prefix === "f1" || prefix === "g1",
    // GPU families (a2, a3, a4, a4x, g2, g4) and TPU hosts (ct5lp, tpu7x).
    accelerated: /^(a\d+x?|g[2-9]\d*|ct\d+[a-z]*|tpu\w*)$/.test(prefix),
    metal: parts.includes("metal"),
    specialised: prefix === "h3" || prefix === "h4d",
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
