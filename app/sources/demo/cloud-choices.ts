/**
 * What a demo cloud service runs: a type from its pool for its story (Windows-capable for Windows, now and then
 * arm64), the type it had before a change (a larger or older one), and when it was created.
 */
import type { CloudOs, TypeChange } from "~/engine/cloud/types";
import type { CloudService } from "~/engine/source-contract";
import type { Account } from "./cloud-accounts";
import { STEP } from "./cloud-rhythm";
import type { CloudModel } from "./cloud-samples";
import { ARM_SHARE, OLD_CHANGE_SHARE, typePoolOf, type CloudStory } from "./cloud-stories";
import { TYPE_POOLS, isArm, olderSibling, sibling, type TypePool } from "./cloud-types";
import { instanceType, windowsHourly } from "./catalog";
import type { Rng } from "./random";

const DAY = 86_400_000;

/** What each service's instances do, for their names. */
export const ROLES: Record<CloudService, readonly string[]> = {
  EC2: ["jenkins", "bastion", "legacy-erp", "sftp", "vpn", "build-agent", "kafka-broker", "mongo", "etl", "reporting", "windows-ad", "splunk-fwd", "airflow", "gitlab-runner", "tableau"],
  RDS: ["orders", "customers", "billing", "inventory", "analytics", "auth", "catalog", "cms", "payments", "ledger"],
  ASG: ["web", "api", "worker", "batch", "ingest", "render", "search", "cache"],
  VM: ["sql", "app", "web", "iis", "sap", "jumpbox", "dc", "fileserver", "citrix", "build"],
  VMSS: ["web", "api", "agents", "workers", "render"],
  GCE: ["etl-worker", "spark", "jupyter", "airflow", "redis", "elastic", "build", "proxy", "ftp"],
};

/** Where a service goes and the story it tells. */
export interface Place {
  acct: Account;
  region: string;
  service: CloudService;
  story: CloudStory;
}

// Candidate lists per (service, pool, story, OS), built once: thousands of services pick from the same few.
const candidates = new Map<string, { arm: string[]; x86: string[]; windows: string[] }>();

function candidatesOf(service: CloudService, pool: TypePool, relearning: boolean) {
  const key = `${service}/${pool}/${relearning}`;
  let c = candidates.get(key);
  if (!c) {
    // A relearning service needs a type it could have come from.
    const all = TYPE_POOLS[service][pool];
    const linux = relearning ? all.filter((t) => previousTypes(t, "Linux", true).length > 0) : all;
    const windows = (relearning ? all.filter((t) => previousTypes(t, "Windows", true).length > 0) : all).filter((t) => windowsHourly(t) !== null);
    c = { arm: linux.filter(isArm), x86: linux.filter((t) => !isArm(t)), windows };
    candidates.set(key, c);
  }
  return c;
}

/** A type of the service's pool for a story: Windows-capable for Windows, now and then arm64 for Linux. */
function pickType(r: Rng, service: CloudService, pool: TypePool, windows: boolean, relearning: boolean): string | null {
  const c = candidatesOf(service, pool, relearning);
  if (windows) return c.windows.length ? r.pick(c.windows) : null;
  if (c.arm.length && (r.chance(ARM_SHARE) || !c.x86.length)) return r.pick(c.arm);
  return c.x86.length ? r.pick(c.x86) : null;
}

const previous = new Map<string, string[]>();

/**
 * Types a service could have had before its current one: double the vCPUs or the previous generation (a recent,
 * relearning change), or the previous generation, half or double (one long ago).
 */
function previousTypes(type: string, os: CloudOs, recent: boolean): string[] {
  const key = `${type}/${os}/${recent}`;
  let out = previous.get(key);
  if (!out) {
    const vcpus = instanceType(type).vcpus;
    const options = recent ? [sibling(type, vcpus * 2), olderSibling(type)] : [olderSibling(type), sibling(type, vcpus / 2), sibling(type, vcpus * 2)];
    out = options.filter((t): t is string => t !== null && t !== type && (os === "Linux" || windowsHourly(t) !== null));
    previous.set(key, out);
  }
  return out;
}

/** The change of type of a relearning service (1–3 days ago), or of one in ten others (45–400 days ago). */
export function typeChange(r: Rng, now: number, type: string, os: CloudOs, story: CloudStory): TypeChange | null {
  const recent = story === "relearning";
  if (!recent && (story === "k8s" || !r.chance(OLD_CHANGE_SHARE))) return null;
  const options = previousTypes(type, os, recent);
  if (!options.length) return null;
  const from = options[recent ? (options.length > 1 && r.chance(0.4) ? 1 : 0) : r.int(0, options.length - 1)];
  const atMs = Math.floor((now - (recent ? r.range(1, 3) : r.range(45, 400)) * DAY) / 1000) * 1000;
  return { atMs, fromType: from, toType: type };
}

/** A previous generation needs about this much more CPU for the same work (per vCPU). */
const OLDER_GENERATION_CPU = 1.15;

/** How utilisation before a change compares: the same work on the previous type's vCPUs and memory. */
export function changeModel(change: TypeChange | null): CloudModel["change"] {
  if (!change) return null;
  const now = instanceType(change.toType);
  const before = instanceType(change.fromType);
  const generation = olderSibling(change.toType) === change.fromType ? OLDER_GENERATION_CPU : olderSibling(change.fromType) === change.toType ? 1 / OLDER_GENERATION_CPU : 1;
  return { slot: Math.ceil(change.atMs / STEP), cpuScale: (now.vcpus / before.vcpus) * generation, memScale: now.memoryGiB / before.memoryGiB };
}

/** A type that can tell the story, and the OS it runs. */
export function typeFor(r: Rng, service: CloudService, story: CloudStory, windows: boolean): { type: string; os: CloudOs } {
  const pool = typePoolOf(story);
  const relearning = story === "relearning";
  const type = (windows && pickType(r, service, pool, true, relearning)) || pickType(r, service, pool, false, relearning) || TYPE_POOLS[service][pool][0];
  return { type, os: windows && windowsHourly(type) !== null ? "Windows" : "Linux" };
}

export function createdBefore(r: Rng, now: number, change: TypeChange | null): number {
  const latest = change ? change.atMs - r.range(5, 600) * DAY : now - r.range(40, 1400) * DAY;
  return Math.floor(latest / 1000) * 1000;
}
