/**
 * Which instance types the demo's cloud services run, by service and by the story each service tells
 * (cloud-stories.ts): current-generation types for services that are used as sized, large ones for
 * over-provisioned services, small ones for saturated services, and previous generations for those to modernize,
 * each with arm64 alternatives. Every name is a real type, priced in catalog.ts.
 */
import type { CloudService } from "~/engine/source-contract";
import { DEMO_INSTANCE_TYPES, architectureOf, instanceType } from "./catalog";

export type TypePool = "current" | "large" | "small" | "old";

type Pools = Record<TypePool, readonly string[]>;

const EC2: Pools = {
  current: [
    "t3.medium", "t3.large", "t3.xlarge", "t3a.large", "m5.large", "m5.xlarge", "m6i.large", "m6i.xlarge", "m7i.large", "m7i.xlarge",
    "c5.xlarge", "c6i.xlarge", "r5.large", "r5.xlarge", "r6i.xlarge",
    "m6g.large", "m6g.xlarge", "m7g.large", "m7g.xlarge", "t4g.large", "c7g.large", "c7g.xlarge", "r6g.xlarge",
  ],
  large: [
    "m5.2xlarge", "m5.4xlarge", "m6i.2xlarge", "m6i.4xlarge", "c5.2xlarge", "c5.4xlarge", "c6i.2xlarge", "r5.2xlarge", "r6i.2xlarge",
    "m6g.2xlarge", "m7g.2xlarge", "c7g.2xlarge", "t4g.2xlarge",
  ],
  small: ["t3.medium", "t3.large", "m5.large", "c5.large", "c6i.large", "m6i.large", "t4g.large", "m6g.large", "c7g.large", "m7g.large"],
  old: ["m4.large", "m4.xlarge", "m4.2xlarge", "c4.large", "c4.xlarge", "c4.2xlarge", "t2.medium", "t2.large", "t2.xlarge", "r4.large", "r4.xlarge", "r4.2xlarge"],
};

const RDS: Pools = {
  current: ["db.t3.medium", "db.m5.large", "db.m5.xlarge", "db.r5.large", "db.r5.xlarge", "db.m6g.large", "db.r6g.large", "db.t4g.medium"],
  large: ["db.m5.2xlarge", "db.m5.4xlarge", "db.r5.2xlarge", "db.m6g.xlarge", "db.r6g.xlarge"],
  small: ["db.t3.medium", "db.m5.large", "db.t4g.medium", "db.m6g.large"],
  old: ["db.m4.large", "db.m4.xlarge"],
};

const VM: Pools = {
  current: [
    "Standard_D2s_v5", "Standard_D4s_v5", "Standard_D2as_v5", "Standard_D4as_v5", "Standard_E2s_v5", "Standard_E4s_v5", "Standard_F4s_v2",
    "Standard_A2_v2", "Standard_A4_v2", "Standard_B2s", "Standard_D2ps_v5", "Standard_D4ps_v5",
  ],
  large: [
    "Standard_D8s_v5", "Standard_D16s_v5", "Standard_D8as_v5", "Standard_E8s_v5", "Standard_F8s_v2", "Standard_F16s_v2", "Standard_A8_v2",
    "Standard_A4m_v2", "Standard_D8ps_v5",
  ],
  small: ["Standard_B2s", "Standard_D2s_v5", "Standard_D2as_v5", "Standard_F2s_v2", "Standard_A2_v2", "Standard_D2ps_v5"],
  old: ["Standard_D2s_v3", "Standard_D4s_v3", "Standard_D8s_v3"],
};

const GCE: Pools = {
  current: [
    "e2-medium", "e2-standard-2", "e2-standard-4", "n2-standard-2", "n2-standard-4", "n2d-standard-4", "n2-highmem-4", "t2a-standard-2",
    "t2a-standard-4",
  ],
  large: ["n2-standard-8", "n2-standard-16", "n2-highmem-8", "c2-standard-8", "n2d-standard-8", "e2-standard-8", "t2a-standard-8"],
  small: ["e2-medium", "e2-standard-2", "n2-standard-2", "n2d-standard-2", "t2a-standard-2"],
  old: ["n1-standard-2", "n1-standard-4", "n1-standard-8"],
};

const ASG: Pools = {
  current: ["m5.large", "m5.xlarge", "c5.xlarge", "c6i.2xlarge", "m6i.large", "t3.large", "c5.2xlarge", "m7g.xlarge", "m6g.large", "c7g.xlarge"],
  large: ["m5.2xlarge", "c5.4xlarge", "m6i.2xlarge"],
  small: ["t3.medium", "m5.large", "c5.large"],
  old: ["m4.large", "m4.xlarge", "c4.xlarge", "c4.2xlarge"],
};

const VMSS: Pools = {
  current: ["Standard_D2s_v5", "Standard_D4s_v5", "Standard_D4as_v5", "Standard_F4s_v2", "Standard_D4ps_v5"],
  large: ["Standard_D8s_v5", "Standard_F8s_v2", "Standard_A8_v2"],
  small: ["Standard_D2s_v5", "Standard_D2as_v5"],
  old: ["Standard_D4s_v3", "Standard_D8s_v3"],
};

export const TYPE_POOLS: Record<CloudService, Pools> = { EC2, RDS, ASG: ASG, VM, VMSS, GCE };

/** A family's name without its size: m5 (m5.xlarge), db.r5, Standard_D#s_v5, n2-standard. */
export function familyOf(type: string): string {
  const azure = /^Standard_([A-Z]+)\d+(.*)$/.exec(type);
  if (azure) return `Standard_${azure[1]}#${azure[2]}`;
  const dot = type.lastIndexOf(".");
  if (dot > 0) return type.slice(0, dot);
  return type.replace(/-\d+$/, "");
}

const BY_FAMILY = new Map<string, string[]>();
for (const name of Object.keys(DEMO_INSTANCE_TYPES)) {
  const f = familyOf(name);
  const list = BY_FAMILY.get(f);
  if (list) list.push(name);
  else BY_FAMILY.set(f, [name]);
}

/** The type of the same family with `vcpus` vCPUs, if the catalog has it. */
export function sibling(type: string, vcpus: number): string | null {
  return (BY_FAMILY.get(familyOf(type)) ?? []).find((t) => instanceType(t).vcpus === vcpus) ?? null;
}

/** The previous generation a family replaced, for services that moved on from it. */
const OLDER_FAMILY: Record<string, string> = {
  m5: "m4",
  m6i: "m4",
  m7i: "m4",
  c5: "c4",
  c6i: "c4",
  t3: "t2",
  r5: "r4",
  r6i: "r4",
  "db.m5": "db.m4",
  "Standard_D#s_v5": "Standard_D#s_v3",
  "Standard_D#as_v5": "Standard_D#s_v3",
  "n2-standard": "n1-standard",
  "n2d-standard": "n1-standard",
};

/** The same size in the previous generation (m4.xlarge for m5.xlarge), if there is one. */
export function olderSibling(type: string): string | null {
  const older = OLDER_FAMILY[familyOf(type)];
  if (!older) return null;
  const vcpus = instanceType(type).vcpus;
  return (BY_FAMILY.get(older) ?? []).find((t) => instanceType(t).vcpus === vcpus) ?? null;
}

export const isArm = (type: string) => architectureOf(type) === "arm64";
