/**
 * A hand-made cloud estate of eight services, one per recommendation (and one relearning), with flat CPU and memory
 * and a four-step network cycle, so the analysis and every metric bucket can be worked out by hand. The analysis
 * window is the Cloud Default Policy's 14 days ending at NOW; every service was created 60 days before NOW, so
 * it is up the whole window (uptime 100 %) and history starts at a known time.
 *
 *   id        provider service region       account                  type             CPU %  memory %  group        → recommendation
 *   i-idle    AWS      EC2     us-east-1    prod-account (111…)      m5.large         1 (1-minute peak 2), no agent, ~1 MB/day → Terminate
 *   i-old     AWS      EC2     us-east-1    prod-account (111…)      t3.large         60     60                     → Modernize t4g.large
 *   db-big    AWS      RDS     us-east-1    analytics-prod (222…)    db.r5.2xlarge    10     20                     → Downsize db.m6g.2xlarge
 *   asg-web   AWS      ASG     us-west-2    dev-account (333…)       m5.large         8      30        4 (4–8)      → Downscale to 2
 *   i-new     AWS      EC2     us-west-2    dev-account (333…)       m5.xlarge        40     40        (was m5.2xlarge until a day ago) → Keep, relearning
 *   vm-busy   Azure    VM      eastus       sub-prod (sub-0001)      Standard_D2s_v5  98     60                     → Upsize Standard_D4pls_v6
 *   vmss-api  Azure    VMSS    eastus       sub-prod (sub-0001)      Standard_D2s_v3  95     60        4 (2–4)      → Upscale to 5
 *   gce-app   GCP      GCE     us-central1  proj-x                   e2-standard-2    60     60                     → Keep
 *
 * The 1-minute peak is CPU + 10 (capped at 100). Network received cycles 1000, 2000, 3000, 4000 bytes/s over
 * consecutive 5-minute samples (sent half of it, packets a hundredth); disk reads 5,000 bytes/s in 5 operations,
 * writes 10,000 in 10. The idle instance receives 10 bytes/s and sends 5. Costs are the shipped catalog's
 * on-demand Linux prices × 730 hours (us-west-2 is priced with us-east-1's prices: the catalog has none of it).
 */
import type { Kysely } from "kysely";
import type { CloudInstanceTable, Database } from "~/db/schema";
import type { CloudSample, GroupSizeSample } from "~/engine/cloud/types";
import type { MetricsSource } from "~/engine/source-contract";
import { getStore } from "~/db/db.server";
import { runAnalysis } from "~/analysis/run.server";
import { setCloudSampleSource } from "~/models/cloud-entity.server";
import { startApi, type Api } from "./graphql-harness";
import type { TestStore } from "./stores";

export const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
export const STEP = 300_000;
export const DAY = 86_400_000;
export const CREATED = NOW - 60 * DAY;

export interface CloudFixture {
  id: string;
  provider: "AWS" | "Azure" | "GCP";
  service: "EC2" | "RDS" | "ASG" | "VM" | "VMSS" | "GCE";
  region: string;
  accountId: string;
  accountName: string;
  type: string;
  vcpus: number;
  memoryMb: number;
  cpu: number;
  /** null: no memory agent. */
  mem: number | null;
  group?: { size: number; min: number; max: number; scalingPolicy: string };
  previousType?: string;
  idle?: boolean;
  expected: string;
}

export const ESTATE: readonly CloudFixture[] = [
  { id: "i-idle", provider: "AWS", service: "EC2", region: "us-east-1", accountId: "111111111111", accountName: "prod-account", type: "m5.large", vcpus: 2, memoryMb: 8192, cpu: 1, mem: null, idle: true, expected: "Terminate" },
  { id: "i-old", provider: "AWS", service: "EC2", region: "us-east-1", accountId: "111111111111", accountName: "prod-account", type: "t3.large", vcpus: 2, memoryMb: 8192, cpu: 60, mem: 60, expected: "Modernize" },
  { id: "db-big", provider: "AWS", service: "RDS", region: "us-east-1", accountId: "222222222222", accountName: "analytics-prod", type: "db.r5.2xlarge", vcpus: 8, memoryMb: 65536, cpu: 10, mem: 20, expected: "Downsize" },
  {
    id: "asg-web",
    provider: "AWS",
    service: "ASG",
    region: "us-west-2",
    accountId: "333333333333",
    accountName: "dev-account",
    type: "m5.large",
    vcpus: 2,
    memoryMb: 8192,
    cpu: 8,
    mem: 30,
    group: { size: 4, min: 4, max: 8, scalingPolicy: "Target tracking: average CPU 50 %" },
    expected: "Downscale",
  },
  { id: "i-new", provider: "AWS", service: "EC2", region: "us-west-2", accountId: "333333333333", accountName: "dev-account", type: "m5.xlarge", vcpus: 4, memoryMb: 16384, cpu: 40, mem: 40, previousType: "m5.2xlarge", expected: "Keep" },
  { id: "vm-busy", provider: "Azure", service: "VM", region: "eastus", accountId: "sub-0001", accountName: "sub-prod", type: "Standard_D2s_v5", vcpus: 2, memoryMb: 8192, cpu: 98, mem: 60, expected: "Upsize" },
  {
    id: "vmss-api",
    provider: "Azure",
    service: "VMSS",
    region: "eastus",
    accountId: "sub-0001",
    accountName: "sub-prod",
    type: "Standard_D2s_v3",
    vcpus: 2,
    memoryMb: 8192,
    cpu: 95,
    mem: 60,
    group: { size: 4, min: 2, max: 4, scalingPolicy: "Autoscale: CPU above 70 % adds one" },
    expected: "Upscale",
  },
  { id: "gce-app", provider: "GCP", service: "GCE", region: "us-central1", accountId: "proj-x", accountName: "proj-x", type: "e2-standard-2", vcpus: 2, memoryMb: 8192, cpu: 60, mem: 60, expected: "Keep" },
];

export const byId = (id: string) => ESTATE.find((f) => f.id === id)!;

/** The network received at a sample: the four-step cycle (the idle instance: 10 bytes/s). */
export const netInAt = (f: CloudFixture, t: number) => (f.idle ? 10 : 1000 * (1 + (Math.floor(t / STEP) % 4)));

/** The type change of a relearning service happened a day before NOW. */
export const TYPE_CHANGED_AT = NOW - DAY;

export async function insertEstate(db: Kysely<Database>) {
  const iso = (ms: number) => new Date(ms).toISOString();
  for (const f of ESTATE) {
    const base = {
      id: f.id,
      provider: f.provider,
      region: f.region,
      account_id: f.accountId,
      account_name: f.accountName,
      service: f.service,
      name: `${f.id}-name`,
      instance_type: f.type,
      vcpus: f.vcpus,
      memory_mb: f.memoryMb,
      hourly_price: 0.1,
      created_at: iso(CREATED),
      life_cycle: "on-demand",
      ri_coverage: null,
      ri_expiry: null,
      previous_instance_type: f.previousType ?? null,
      instance_type_changed_at: f.previousType ? iso(TYPE_CHANGED_AT) : null,
      memory_metrics: (f.mem === null ? 0 : 1) as 0 | 1,
    };
    if (!f.group) {
      const row: CloudInstanceTable = {
        ...base,
        group_name: null,
        group_id: null,
        os: "Linux",
        power_state: "running",
        availability_zone: `${f.region}a`,
        private_ip: "10.0.0.10",
      };
      await db.insertInto("cloud_instance").values(row).execute();
      continue;
    }
    await db
      .insertInto("cloud_scale_group")
      .values({
        ...base,
        os: "Linux",
        life_cycle: "on-demand",
        min_size: f.group.min,
        max_size: f.group.max,
        desired_size: f.group.size,
        in_service: f.group.size,
        scaling_mode: "dynamic",
        scaling_policy: f.group.scalingPolicy,
        orchestration_mode: f.service === "VMSS" ? "Uniform" : null,
        availability_zones: `${f.region}a,${f.region}b`,
        k8s_cluster_platform: null,
        k8s_cluster: null,
        k8s_node_group: null,
        memory_metrics: base.memory_metrics,
      })
      .execute();
    // Its members are instances of the group, not services of their own.
    for (let m = 0; m < f.group.size; m++) {
      await db
        .insertInto("cloud_instance")
        .values({ ...base, id: `${f.id}-m${m}`, name: `${f.id}-m${m}`, group_name: base.name, group_id: f.id, os: "Linux", power_state: "running", availability_zone: null, private_ip: null })
        .execute();
    }
  }
}

function samples(f: CloudFixture, fromMs: number, toMs: number): CloudSample[] {
  const out: CloudSample[] = [];
  for (let t = Math.ceil(Math.max(fromMs, CREATED) / STEP) * STEP; t < Math.min(toMs, NOW); t += STEP) {
    const netIn = netInAt(f, t);
    out.push({
      t,
      cpuPct: f.cpu,
      cpuPeakPct: Math.min(100, f.cpu + (f.idle ? 1 : 10)),
      memPct: f.mem,
      netInBytes: netIn,
      netOutBytes: netIn / 2,
      netPackets: netIn / 100,
      diskReadBytes: f.idle ? 0 : 5000,
      diskWriteBytes: f.idle ? 0 : 10_000,
      diskReadOps: f.idle ? 0 : 5,
      diskWriteOps: f.idle ? 0 : 10,
    });
  }
  return out;
}

function sizes(f: CloudFixture, fromMs: number, toMs: number): GroupSizeSample[] {
  const out: GroupSizeSample[] = [];
  const g = f.group!;
  for (let t = Math.ceil(Math.max(fromMs, CREATED) / STEP) * STEP; t < Math.min(toMs, NOW); t += STEP) {
    out.push({ t, inService: g.size, desired: g.size, min: g.min, max: g.max });
  }
  return out;
}

/** The estate's samples at the 5-minute step (the analysis and the screens read no other). */
export function cloudEstateSource(): MetricsSource {
  const fixture = (id: string) => {
    const f = ESTATE.find((x) => x.id === id);
    if (!f) throw new Error(`no such cloud service ${id}`);
    return f;
  };
  return {
    inventory: () => {
      throw new Error("not used");
    },
    containerSamples: () => [],
    containerEvents: () => ({ restarts: 0, oomKills: 0, throttleEvents: 0 }),
    nodeSamples: () => [],
    cloudSamples: (id, fromMs, toMs) => samples(fixture(id), fromMs, toMs),
    groupSizeSamples: (id, fromMs, toMs) => sizes(fixture(id), fromMs, toMs),
  };
}

/** The API on a store holding the estate, analysed at NOW, with the screens reading the same samples. */
export async function startCloudApi(testStore: TestStore): Promise<Api> {
  const api = await startApi(testStore);
  await insertEstate(api.db);
  const source = cloudEstateSource();
  setCloudSampleSource({ cloudSamples: source.cloudSamples!.bind(source), groupSizeSamples: source.groupSizeSamples!.bind(source) });
  await runAnalysis(await getStore(), { source, nowMs: NOW, workers: 0 });
  return {
    ...api,
    async close() {
      setCloudSampleSource(undefined);
      await api.close();
    },
  };
}
