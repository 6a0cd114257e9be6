/**
 * Cloud connections in the store (migration 012): the rows, their sealed secrets, and the data a connection's
 * collection writes (cloud_instance and cloud_scale_group rows whose id starts `conn:<id>:`, and their samples in
 * cloud_connection_sample), replaced in one transaction so a failed collection leaves the previous data whole.
 */
import crypto from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { CloudConnectionGroupSizeTable, CloudConnectionTable, CloudInstanceTable, CloudScaleGroupTable, Database, CloudConnectionSampleTable } from "~/db/schema";
import type { ConnectionPlatform } from "~/domain/cloud/connections";
import { openSecret, sealSecret } from "~/lib/secret-box.server";
import type { CloudSample, GroupSizeSample } from "~/engine/cloud/types";
import { CLOUD_CONNECTIONS_STAMP_KEY } from "./cloud-connection-stamp";

/** The non-secret settings kept in the clear. */
export interface ConnectionSettings {
  /** AWS: the account the role belongs to (from the role ARN). */
  accountId?: string;
  applicationId?: string;
  tenantId?: string;
  subscriptions?: { id: string; name: string }[];
  projectId?: string;
  clientEmail?: string;
}

/** The secrets, sealed as one value. */
export interface ConnectionCredentials {
  roleArn?: string;
  externalId?: string;
  secretKey?: string;
  keyJson?: string;
}

export interface ConnectionRow {
  id: string;
  platform: ConnectionPlatform;
  name: string;
  settings: ConnectionSettings;
  lastVerifiedAt: string | null;
  createdBy: string;
  createdAt: string;
  updatedBy: string;
  updatedAt: string;
  firstCollectionAt: string | null;
  lastCollectionAt: string | null;
  lastServiceCount: number | null;
  lastAttemptAt: string | null;
  lastStatus: string | null;
  lastError: string | null;
  subConnectionCount: number;
}

/** The id prefix of the services a connection collected. */
export const connectionPrefix = (id: string) => `conn:${id}:`;
const credentialsContext = (id: string) => `cloud_connection:${id}:credentials`;

function toRow(r: CloudConnectionTable): ConnectionRow {
  const settings = JSON.parse(r.settings) as ConnectionSettings;
  return {
    id: r.id,
    platform: r.platform as ConnectionPlatform,
    name: r.name,
    settings,
    lastVerifiedAt: r.last_verified_at,
    createdBy: r.created_by,
    createdAt: r.created_at,
    updatedBy: r.updated_by,
    updatedAt: r.updated_at,
    firstCollectionAt: r.first_collection_at,
    lastCollectionAt: r.last_collection_at,
    lastServiceCount: r.last_service_count === null ? null : Number(r.last_service_count),
    lastAttemptAt: r.last_attempt_at,
    lastStatus: r.last_status,
    lastError: r.last_error,
    subConnectionCount: r.platform === "AZURE" ? (settings.subscriptions?.length ?? 0) : 1,
  };
}

export async function listConnections(db: Kysely<Database>, platform?: ConnectionPlatform | null): Promise<ConnectionRow[]> {
  let q = db.selectFrom("cloud_connection").selectAll().orderBy("name").orderBy("id");
  if (platform) q = q.where("platform", "=", platform);
  return (await q.execute()).map(toRow);
}

export async function getConnection(db: Kysely<Database>, id: string): Promise<ConnectionRow | undefined> {
  const r = await db.selectFrom("cloud_connection").selectAll().where("id", "=", id).executeTakeFirst();
  return r ? toRow(r) : undefined;
}

/** The connection's secrets, opened (server only: never returned to a browser or over GraphQL). */
export async function connectionCredentials(db: Kysely<Database>, id: string): Promise<ConnectionCredentials | undefined> {
  const r = await db.selectFrom("cloud_connection").select("sealed_credentials").where("id", "=", id).executeTakeFirst();
  return r ? (JSON.parse(openSecret(r.sealed_credentials, credentialsContext(id))) as ConnectionCredentials) : undefined;
}

/** Azure subscriptions already collected by a connection (other than `exceptId`), by subscription id → connection name. */
export async function usedSubscriptions(db: Kysely<Database>, exceptId?: string | null): Promise<Map<string, { connection: string; lastCollectionAt: string | null }>> {
  const used = new Map<string, { connection: string; lastCollectionAt: string | null }>();
  for (const c of await listConnections(db, "AZURE")) {
    if (c.id === exceptId) continue;
    for (const s of c.settings.subscriptions ?? []) used.set(s.id, { connection: c.name, lastCollectionAt: c.lastCollectionAt });
  }
  return used;
}

export async function insertConnection(
  db: Kysely<Database>,
  input: { platform: ConnectionPlatform; name: string; settings: ConnectionSettings; credentials: ConnectionCredentials; verifiedAt: string; user: string },
): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await db
    .insertInto("cloud_connection")
    .values({
      id,
      platform: input.platform,
      name: input.name,
      settings: JSON.stringify(input.settings),
      sealed_credentials: sealSecret(JSON.stringify(input.credentials), credentialsContext(id)),
      last_verified_at: input.verifiedAt,
      created_by: input.user,
      created_at: now,
      updated_by: input.user,
      updated_at: now,
      first_collection_at: null,
      last_collection_at: null,
      last_service_count: null,
      last_attempt_at: null,
      last_status: null,
      last_error: null,
    })
    .execute();
  return id;
}

/** Updates name and settings, and the secrets when given (an edit without a new secret keeps the stored one). */
export async function updateConnection(
  db: Kysely<Database>,
  id: string,
  input: { name: string; settings: ConnectionSettings; credentials?: ConnectionCredentials; verifiedAt?: string; user: string },
): Promise<void> {
  await db
    .updateTable("cloud_connection")
    .set({
      name: input.name,
      settings: JSON.stringify(input.settings),
      ...(input.credentials ? { sealed_credentials: sealSecret(JSON.stringify(input.credentials), credentialsContext(id)) } : {}),
      ...(input.verifiedAt ? { last_verified_at: input.verifiedAt } : {}),
      updated_by: input.user,
      updated_at: new Date().toISOString(),
    })
    .where("id", "=", id)
    .execute();
}

/** Marks the inventory changed, so trees and other caches keyed on it are built again. */
async function stampInventory(trx: Transaction<Database> | Kysely<Database>) {
  const value = crypto.randomUUID();
  await trx
    .insertInto("meta")
    .values({ key: CLOUD_CONNECTIONS_STAMP_KEY, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}

async function clearConnectionData(trx: Transaction<Database> | Kysely<Database>, id: string) {
  const like = `${connectionPrefix(id)}%`;
  await stampInventory(trx);
  await trx.deleteFrom("cloud_connection_sample").where("connection_id", "=", id).execute();
  await trx.deleteFrom("cloud_connection_group_size").where("connection_id", "=", id).execute();
  await trx.deleteFrom("cloud_analysis").where("service_id", "like", like).execute();
  await trx.deleteFrom("cloud_instance").where("id", "like", like).execute();
  await trx.deleteFrom("cloud_scale_group").where("id", "like", like).execute();
}

/** Deletes connections, their sealed secrets and everything they collected, in one transaction. */
export async function deleteConnections(db: Kysely<Database>, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return db.transaction().execute(async (trx) => {
    for (const id of ids) await clearConnectionData(trx, id);
    const r = await trx.deleteFrom("cloud_connection").where("id", "in", ids).executeTakeFirst();
    return Number(r.numDeletedRows);
  });
}

export interface ConnectionHarvest {
  instances: CloudInstanceTable[];
  groups: CloudScaleGroupTable[];
  /** Each sample series by service id: an instance's own, or a scale group's members' average. */
  samples: Map<string, CloudSample[]>;
  /** A scale group's size history by group id (missing: the group is analysed without sizes, as "not enough data"). */
  groupSizes?: Map<string, GroupSizeSample[]>;
}

const SAMPLE_ROWS_PER_INSERT = 500;

/** Replaces what the connection collected with `harvest`, atomically, and records the collection on the connection. */
export async function replaceConnectionData(db: Kysely<Database>, id: string, harvest: ConnectionHarvest, at: string): Promise<number> {
  const prefix = connectionPrefix(id);
  for (const r of [...harvest.instances, ...harvest.groups]) {
    if (!r.id.startsWith(prefix)) throw new Error(`A collected service id must start with ${prefix}: ${r.id}`);
  }
  return db.transaction().execute(async (trx) => {
    await clearConnectionData(trx, id);
    for (let i = 0; i < harvest.instances.length; i += 200) await trx.insertInto("cloud_instance").values(harvest.instances.slice(i, i + 200)).execute();
    for (let i = 0; i < harvest.groups.length; i += 200) await trx.insertInto("cloud_scale_group").values(harvest.groups.slice(i, i + 200)).execute();
    const rows: CloudConnectionSampleTable[] = [];
    for (const [instanceId, samples] of harvest.samples) {
      for (const s of samples) {
        rows.push({
          connection_id: id,
          instance_id: instanceId,
          t: s.t,
          cpu_pct: s.cpuPct,
          cpu_peak_pct: s.cpuPeakPct,
          mem_pct: s.memPct,
          net_in_bytes: s.netInBytes,
          net_out_bytes: s.netOutBytes,
          net_packets: s.netPackets,
          disk_read_bytes: s.diskReadBytes,
          disk_write_bytes: s.diskWriteBytes,
          disk_read_ops: s.diskReadOps,
          disk_write_ops: s.diskWriteOps,
        });
      }
    }
    for (let i = 0; i < rows.length; i += SAMPLE_ROWS_PER_INSERT) await trx.insertInto("cloud_connection_sample").values(rows.slice(i, i + SAMPLE_ROWS_PER_INSERT)).execute();
    const sizes: CloudConnectionGroupSizeTable[] = [];
    for (const [groupId, list] of harvest.groupSizes ?? []) {
      for (const g of list) sizes.push({ connection_id: id, group_id: groupId, t: g.t, in_service: g.inService, desired: g.desired, min_size: g.min, max_size: g.max });
    }
    for (let i = 0; i < sizes.length; i += SAMPLE_ROWS_PER_INSERT) await trx.insertInto("cloud_connection_group_size").values(sizes.slice(i, i + SAMPLE_ROWS_PER_INSERT)).execute();
    const services = harvest.instances.filter((r) => r.group_id === null).length + harvest.groups.length;
    const current = await trx.selectFrom("cloud_connection").select("first_collection_at").where("id", "=", id).executeTakeFirst();
    if (!current) throw new Error("The connection was deleted during its collection.");
    await trx
      .updateTable("cloud_connection")
      .set({
        first_collection_at: current.first_collection_at ?? at,
        last_collection_at: at,
        last_service_count: services,
        last_attempt_at: at,
        last_status: "complete",
        last_error: null,
      })
      .where("id", "=", id)
      .execute();
    return services;
  });
}

export async function recordCollectionFailure(db: Kysely<Database>, id: string, reason: string, at: string): Promise<void> {
  await db.updateTable("cloud_connection").set({ last_attempt_at: at, last_status: "failed", last_error: reason.slice(0, 2000) }).where("id", "=", id).execute();
}

/** The stored 5-minute samples of a connection's instance within [fromMs, toMs]. */
export async function connectionSamples(db: Kysely<Database>, instanceId: string, fromMs: number, toMs: number): Promise<CloudSample[]> {
  const rows = await db
    .selectFrom("cloud_connection_sample")
    .selectAll()
    .where("instance_id", "=", instanceId)
    .where("t", ">=", fromMs)
    .where("t", "<=", toMs)
    .orderBy("t")
    .execute();
  return rows.map((r) => ({
    t: Number(r.t),
    cpuPct: r.cpu_pct,
    cpuPeakPct: r.cpu_peak_pct,
    memPct: r.mem_pct,
    netInBytes: r.net_in_bytes,
    netOutBytes: r.net_out_bytes,
    netPackets: r.net_packets,
    diskReadBytes: r.disk_read_bytes,
    diskWriteBytes: r.disk_write_bytes,
    diskReadOps: r.disk_read_ops,
    diskWriteOps: r.disk_write_ops,
  }));
}

/** The stored size history of a connection's scale group within [fromMs, toMs]. */
export async function connectionGroupSizes(db: Kysely<Database>, groupId: string, fromMs: number, toMs: number): Promise<GroupSizeSample[]> {
  const rows = await db
    .selectFrom("cloud_connection_group_size")
    .selectAll()
    .where("group_id", "=", groupId)
    .where("t", ">=", fromMs)
    .where("t", "<=", toMs)
    .orderBy("t")
    .execute();
  return rows.map((r) => ({ t: Number(r.t), inService: r.in_service, desired: r.desired, min: r.min_size, max: r.max_size }));
}

/** The maximum refresh age in days (config parameter cloud_max_refresh_age; -1: no limit, no footnote). */
export async function maxRefreshAge(db: Kysely<Database>): Promise<number> {
  const r = await db.selectFrom("config_parameter").select("number_value").where("parameter_key", "=", "cloud_max_refresh_age").executeTakeFirst();
  const v = r?.number_value === null || r?.number_value === undefined ? 30 : Number(r.number_value);
  return Number.isFinite(v) ? Math.trunc(v) : -1;
}
