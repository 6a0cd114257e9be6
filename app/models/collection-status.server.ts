/** What has been collected: the container data status list drives the home redirect and the nav links. */
import { mutationControllerSummary } from "./admission.server";
import { sql, type Kysely } from "kysely";
import type { Database } from "~/db/schema";

export async function containerDataStatus(db: Kysely<Database>) {
  return db
    .selectFrom("container")
    .select(["cluster", (eb) => eb.fn.countAll<number>().as("containers")])
    .groupBy("cluster")
    .orderBy("cluster")
    .execute();
}

/**
 * Whether any container and any cloud service is stored, in one statement: the shell reads both for every page
 * (the navigation's links), and on PostgreSQL each statement is a round trip to the database. The GraphQL data
 * checks (hasContainerTransformData, hasCloudTransformData) answer from it too.
 */
export async function storedData(db: Kysely<Database>): Promise<{ containers: boolean; cloud: boolean }> {
  const { rows } = await sql<{ containers: unknown; cloud: unknown }>`select
    (select 1 from container limit 1) as containers,
    (select 1 from cloud_instance limit 1) as cloud`.execute(db);
  return { containers: rows[0]?.containers != null, cloud: rows[0]?.cloud != null };
}

export async function latestCollectionRun(db: Kysely<Database>) {
  return db
    .selectFrom("collection_run")
    .selectAll()
    .where("status", "=", "complete")
    .orderBy("finished_at", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** One cluster of the Kubernetes Connections screen (spec document 3, section 3, "Container data status"). */
export interface ContainerDataStatusRow {
  clusterName: string;
  clusterVersion: string | null;
  firstAuditTime: string | null;
  lastAuditTime: string | null;
  nodeCount: number;
  nodeGroupCount: number;
  containerCount: number;
  /** The automation stack's version in the cluster (none deployed by this product yet). */
  forwarderVersion: string | null;
  prometheusVersion: string | null;
}

/**
 * Every cluster of the stored inventory with its latest counts (the latest collection), its versions (the
 * collection's report, or its connection) and its first and last collection (its connection's, else the first and
 * latest complete runs of the source that produced it).
 */
export async function containerDataStatusRows(db: Kysely<Database>): Promise<ContainerDataStatusRow[]> {
  const [clusters, nodes, groups, containers, connections, latest, first, automation] = await Promise.all([
    db.selectFrom("k8s_cluster").select("name").orderBy("name").execute(),
    db.selectFrom("k8s_node").select(["cluster", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("cluster").execute(),
    db.selectFrom("node_group").select(["cluster", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("cluster").execute(),
    db.selectFrom("container").select(["cluster", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("cluster").execute(),
    db.selectFrom("cluster_connection").select(["name", "first_collection_at", "last_collection_at", "cluster_version", "prometheus_version"]).execute(),
    latestCollectionRun(db),
    db.selectFrom("collection_run").select(["source", (eb) => eb.fn.min("finished_at").as("first")]).where("status", "=", "complete").groupBy("source").execute(),
    mutationControllerSummary(db),
  ]);
  // The automation stack's version: the webhook's that last answered the cluster, while it counts as deployed.
  const stack = new Map(automation.filter((a) => a.macDeployed && a.macVersion).map((a) => [a.clusterName, a.macVersion]));
  const count = (rows: { cluster: string; n: number }[]) => new Map(rows.map((r) => [r.cluster, Number(r.n)]));
  const [nodeN, groupN, containerN] = [count(nodes), count(groups), count(containers)];
  const conn = new Map(connections.map((c) => [c.name, c]));
  let reports = new Map<string, { clusterVersion?: string; prometheusVersion?: string }>();
  try {
    const details = latest?.details_json ? (JSON.parse(latest.details_json) as { clusters?: { name: string; clusterVersion?: string; prometheusVersion?: string }[] }) : null;
    reports = new Map((details?.clusters ?? []).map((c) => [c.name, c]));
  } catch {
    // details of an older format: versions unknown
  }
  const firstOfSource = first.find((f) => f.source === latest?.source)?.first ?? null;
  return clusters.map(({ name }) => {
    const c = conn.get(name);
    const r = reports.get(name);
    return {
      clusterName: name,
      clusterVersion: r?.clusterVersion || c?.cluster_version || null,
      firstAuditTime: c?.first_collection_at ?? (firstOfSource as string | null),
      lastAuditTime: latest?.finished_at ?? c?.last_collection_at ?? null,
      nodeCount: nodeN.get(name) ?? 0,
      nodeGroupCount: groupN.get(name) ?? 0,
      containerCount: containerN.get(name) ?? 0,
      forwarderVersion: stack.get(name) ?? null,
      prometheusVersion: r?.prometheusVersion || c?.prometheus_version || null,
    };
  });
}
