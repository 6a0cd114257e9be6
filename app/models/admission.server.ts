/**
 * The admission webhook's reads and writes (decision 019): which connection a request names, the latest
 * recommendation of a workload's containers (the current analysis snapshot), the decisions recorded, and the
 * Automation screen's per-cluster summary (spec document 3, 2.10: getMutationControllerSummary).
 */
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { AdmissionDecisionTable, Database } from "~/db/schema";
import type { OwnerRef, ResourceRecommendation } from "~/domain/automation/admission";
import { currentSnapshotId } from "./snapshot.server";
import { getEntityAutomationStatus } from "./automation.server";

type Db = Kysely<Database>;

/** A cluster connection the webhook can serve, by id. */
export async function webhookConnection(db: Db, id: string): Promise<{ id: string; name: string } | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  return db.selectFrom("cluster_connection").select(["id", "name"]).where("id", "=", id).executeTakeFirst();
}

export interface WorkloadContainer {
  id: string;
  containerName: string;
  /** null when the current analysis has no recommendation for it (not analysed, or no analysis yet). */
  rec: ResourceRecommendation | null;
  notAnalysedReason: string | null;
  automation: boolean | null;
}

export interface WorkloadMatch {
  owner: OwnerRef;
  containers: Map<string, WorkloadContainer>;
}

/**
 * The first candidate workload the store knows in this cluster and namespace, with its containers, their latest
 * recommendation and their automation switch (their own, else the nearest folder's above them).
 */
export async function findWorkload(db: Db, cluster: string, namespace: string, candidates: readonly OwnerRef[]): Promise<WorkloadMatch | undefined> {
  const snapshot = await currentSnapshotId(db);
  for (const owner of candidates) {
    const rows = await db
      .selectFrom("container as c")
      .leftJoin("container_analysis as a", (j) => j.onRef("a.container_id", "=", "c.id").on("a.snapshot_id", "=", snapshot ?? ""))
      .select([
        "c.id",
        "c.container_name",
        "a.analysed",
        "a.not_analysed_reason",
        "a.rec_cpu_request",
        "a.rec_cpu_limit",
        "a.rec_mem_request",
        "a.rec_mem_limit",
      ])
      .where("c.cluster", "=", cluster)
      .where("c.namespace", "=", namespace)
      .where("c.pod_owner_kind", "=", owner.kind)
      .where("c.pod_owner_name", "=", owner.name)
      .execute();
    if (rows.length === 0) continue;
    const containers = new Map<string, WorkloadContainer>();
    for (const r of rows) {
      const status = await getEntityAutomationStatus(db, "containers", r.id);
      const analysed = r.analysed === 1 && [r.rec_cpu_request, r.rec_cpu_limit, r.rec_mem_request, r.rec_mem_limit].some((v) => v !== null);
      containers.set(r.container_name, {
        id: r.id,
        containerName: r.container_name,
        rec: analysed
          ? { cpuRequest: r.rec_cpu_request ?? null, cpuLimit: r.rec_cpu_limit ?? null, memRequest: r.rec_mem_request ?? null, memLimit: r.rec_mem_limit ?? null }
          : null,
        notAnalysedReason: r.analysed === null || r.analysed === undefined ? "no analysis yet" : (r.not_analysed_reason ?? "not analysed"),
        automation: status.enabled,
      });
    }
    return { owner, containers };
  }
  return undefined;
}

export type DecisionInput = Omit<AdmissionDecisionTable, "id" | "at"> & { at?: string };

/** Records one answered review. */
export async function recordDecision(db: Db, input: DecisionInput): Promise<void> {
  await db
    .insertInto("admission_decision")
    .values({ ...input, id: crypto.randomUUID(), at: input.at ?? new Date().toISOString() })
    .execute();
}

export interface DecisionRow {
  at: string;
  cluster: string;
  namespace: string;
  workload: string;
  pod: string;
  containers: string;
  outcome: AdmissionDecisionTable["outcome"];
  reason: string;
}

/** The latest decisions (newest first), for the Automation screen's log. */
export async function latestDecisions(db: Db, limit = 20): Promise<DecisionRow[]> {
  const rows = await db
    .selectFrom("admission_decision")
    .select(["at", "cluster", "namespace", "workload_kind", "workload_name", "pod_name", "containers", "outcome", "reason"])
    .orderBy("at", "desc")
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    at: r.at,
    cluster: r.cluster,
    namespace: r.namespace,
    workload: r.workload_kind && r.workload_name ? `${r.workload_kind}/${r.workload_name}` : "-",
    pod: r.pod_name,
    containers: r.containers,
    outcome: r.outcome,
    reason: r.reason,
  }));
}

/** One cluster of the Automation screen (spec document 3, section 3: Mutation controller summary). */
export interface MutationControllerSummary {
  clusterName: string;
  /** The webhook has answered this cluster within DEPLOYED_WITHIN_MS. */
  macDeployed: boolean;
  /** The automation stack's (webhook's) version that last answered it, or null. */
  macVersion: string | null;
  /** "Active" (answered within a day), "Idle" (answered before), "Not deployed". */
  macStatus: string;
  macStatusDetail: string;
  /** How many webhook endpoints answer for it (0 or 1: one per cluster). */
  numMacs: number;
  /** The outcome of its latest decision (applied, dry-run, skipped, error), or null. */
  macLatestStatus: string | null;
  /** When a pod of it was last patched (ISO), or null. */
  macLatestMutation: string | null;
  /** Pods patched in the last 24 hours (dry runs not counted). */
  numMutations: number;
  /** Pods patched ever (dry runs not counted). */
  totalMutations: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** A webhook that has not been heard from for this long counts as no longer deployed. */
export const DEPLOYED_WITHIN_MS = 7 * DAY_MS;

/** Every cluster (collected or connected) with its webhook's figures, by name. */
export async function mutationControllerSummary(db: Db, now = new Date()): Promise<MutationControllerSummary[]> {
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const [clusters, connections, totals, latest] = await Promise.all([
    db.selectFrom("k8s_cluster").select("name").execute(),
    db.selectFrom("cluster_connection").select("name").execute(),
    db
      .selectFrom("admission_decision")
      .select((eb) => [
        "cluster",
        eb.fn.max("at").as("last_seen"),
        eb.fn.sum<number>(eb.case().when("outcome", "=", "applied").then(1).else(0).end()).as("total"),
        eb.fn.sum<number>(eb.case().when(eb.and([eb("outcome", "=", "applied"), eb("at", ">=", dayAgo)])).then(1).else(0).end()).as("day"),
        eb.fn.max(eb.case().when("outcome", "=", "applied").then(eb.ref("at")).end()).as("last_applied"),
      ])
      .groupBy("cluster")
      .execute(),
    // Each cluster's newest decision: its outcome and the version that answered it.
    db
      .selectFrom("admission_decision as d")
      .select(["d.cluster", "d.outcome", "d.webhook_version", "d.at", "d.reason"])
      .where("d.at", "=", (eb) => eb.selectFrom("admission_decision as e").select((e) => e.fn.max("e.at").as("m")).whereRef("e.cluster", "=", "d.cluster"))
      .execute(),
  ]);
  const names = [...new Set([...clusters.map((c) => c.name), ...connections.map((c) => c.name), ...totals.map((t) => t.cluster)])].sort();
  const byCluster = new Map(totals.map((t) => [t.cluster, t]));
  const newest = new Map(latest.map((l) => [l.cluster, l]));
  return names.map((clusterName) => {
    const t = byCluster.get(clusterName);
    const l = newest.get(clusterName);
    const lastSeen = t?.last_seen ? String(t.last_seen) : null;
    const ageMs = lastSeen ? now.getTime() - Date.parse(lastSeen) : Infinity;
    const deployed = ageMs <= DEPLOYED_WITHIN_MS;
    const status = !lastSeen ? "Not deployed" : ageMs <= DAY_MS ? "Active" : deployed ? "Idle" : "Not deployed";
    const detail = !lastSeen
      ? "The webhook has not been called from this cluster."
      : `Last request ${lastSeen}: ${l?.outcome ?? "-"} (${l?.reason ?? "-"}).`;
    return {
      clusterName,
      macDeployed: deployed,
      macVersion: l?.webhook_version ?? null,
      macStatus: status,
      macStatusDetail: detail,
      numMacs: deployed ? 1 : 0,
      macLatestStatus: l?.outcome ?? null,
      macLatestMutation: t?.last_applied ? String(t.last_applied) : null,
      numMutations: Number(t?.day ?? 0),
      totalMutations: Number(t?.total ?? 0),
    };
  });
}
