/**
 * The hand-made fleet of five containers the integration tests share: inventory rows, flat samples over the week (or
 * a fixture's hours) and fixed events, with its numbers worked out by hand below. tests/integration/analysis.test.ts
 * checks the run against them; graphql-containers.test.ts reads them back through every operation.
 */
import type { Kysely } from "kysely";
import type { ContainerTable, Database } from "~/db/schema";
import type { ContainerEvents, ContainerSample, MetricsSource } from "~/engine/source-contract";

export const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const STEP = 300_000;
const DAY = 86_400_000;

export interface Fixture {
  row: Omit<ContainerTable, "node_group" | "policy" | "first_seen" | "last_seen" | "cpu_limit" | "mem_limit" | "pod_owner_kind"> &
    Partial<Pick<ContainerTable, "cpu_limit" | "mem_limit" | "policy">>;
  attrs: Record<string, string>;
  cpu: number;
  mem: number;
  /** Hours of samples before NOW (default the whole week). */
  hours?: number;
  events?: Partial<ContainerEvents>;
}

/**
 * Five containers, flat samples, System Default Policy, the default prices ($0.031611 per vCPU-hour → $0.02307603
 * per mCore-month; $0.004237 per GB-hour → $0.0030204785 per MB-month). Cents per container:
 *   A  requests 200 m / 256 MB × 2 at 100 m / 200 MB: CPU 200 → 100 (the 50 % step). Current 923 + 155 = 1078,
 *      recommended 462 + 155 = 617, spare 461, not at risk → Immediate Savings.
 *   B  nothing set, 50 m / 100 MB: CPU 50, memory 115 → 128. Current 0, recommended 115 + 39 = 154, all of it
 *      unspecified and deficit (Risk Removal).
 *   C  1000 m / 100 MB at 300 m / 200 MB: CPU → 500 (capped), memory → 240. Current 2308 + 30 = 2338, recommended
 *      1154 + 72 = 1226; CPU spare 1154 of a container at risk (memory deficit 42) → Additional Waste.
 *   D  one hour of samples: not analysed (no costs, no buckets); OOM-killed at its 512 MB limit.
 *   E  exactly right (100/120 m, 240/288 MB at 100 m / 200 MB) but throttled: at risk. 231 + 72 = 303 both ways.
 * Fleet: Current 3719, Immediate −461, Risk Removal 196, Additional −1154, Optimal 2300 (3719 − 461 + 196 − 1154).
 */
export const FLEET: Fixture[] = [
  {
    row: { id: "a", cluster: "prod-a", namespace: "shop", pod_owner_name: "api", container_name: "app", replicas: 2, cpu_request: 200, cpu_limit: 400, mem_request: 256, mem_limit: 512 },
    attrs: { environment: "prod", business_unit: "Retail" },
    cpu: 100,
    mem: 200,
  },
  {
    row: { id: "b", cluster: "prod-a", namespace: "shop", pod_owner_name: "web", container_name: "app", replicas: 1, cpu_request: null, mem_request: null, policy: "no such policy" },
    attrs: { environment: "prod", business_unit: "Retail" },
    cpu: 50,
    mem: 100,
  },
  {
    row: { id: "c", cluster: "dev-b", namespace: "batch", pod_owner_name: "etl", container_name: "main", replicas: 1, cpu_request: 1000, mem_request: 100 },
    attrs: { environment: "dev", business_unit: "Data" },
    cpu: 300,
    mem: 200,
  },
  {
    row: { id: "d", cluster: "dev-b", namespace: "batch", pod_owner_name: "etl", container_name: "sidecar", replicas: 1, cpu_request: 100, mem_request: 256, mem_limit: 512 },
    attrs: { environment: "dev", business_unit: "Data" },
    cpu: 20,
    mem: 500,
    hours: 1,
    events: { restarts: 2, oomKills: 2 },
  },
  {
    row: { id: "e", cluster: "prod-a", namespace: "pay", pod_owner_name: "gw", container_name: "proxy", replicas: 1, cpu_request: 100, cpu_limit: 120, mem_request: 240, mem_limit: 288 },
    attrs: { environment: "prod", business_unit: "Finance" },
    cpu: 100,
    mem: 200,
    events: { throttleEvents: 3 },
  },
];

/** Inserts the clusters, containers and attributes of the fleet. */
export async function insertFleet(db: Kysely<Database>) {
  await db.insertInto("k8s_cluster").values([
    { name: "prod-a", provider: "AWS", region: "us-east-1" },
    { name: "dev-b", provider: "GCP", region: "us-central1" },
  ]).execute();
  for (const f of FLEET) {
    await db
      .insertInto("container")
      .values({
        cpu_limit: null,
        mem_limit: null,
        policy: "System Default Policy",
        ...f.row,
        pod_owner_kind: "Deployment",
        node_group: "general",
        first_seen: "2024-01-01T00:00:00.000Z",
        last_seen: new Date(NOW).toISOString(),
      })
      .execute();
    for (const [attr_key, value] of Object.entries(f.attrs)) {
      await db.insertInto("container_attribute").values({ container_id: f.row.id, attr_key, value }).execute();
    }
  }
}

/** Flat samples and fixed events per container; `failOn` throws when asked for that container's samples. */
export function fakeSource(options: { failOn?: string } = {}): MetricsSource {
  const byId = new Map(FLEET.map((f) => [f.row.id, f]));
  return {
    inventory: () => {
      throw new Error("not used");
    },
    containerSamples(id, fromMs, toMs) {
      if (id === options.failOn) throw new Error(`the metrics source lost its connection at ${id}`);
      const f = byId.get(id)!;
      const start = Math.max(fromMs, NOW - (f.hours ?? 7 * 24) * 3_600_000);
      const out: ContainerSample[] = [];
      for (let t = Math.ceil(start / STEP) * STEP; t < toMs; t += STEP) out.push({ t, cpu: f.cpu, mem: f.mem });
      return out;
    },
    containerEvents(id, fromMs) {
      const e = byId.get(id)!.events ?? {};
      // Events happened in the last day: the same counts for the last day and the week.
      return { restarts: e.restarts ?? 0, oomKills: e.oomKills ?? 0, throttleEvents: fromMs >= NOW - 7 * DAY ? (e.throttleEvents ?? 0) : 0 };
    },
    nodeSamples: () => [],
  };
}
