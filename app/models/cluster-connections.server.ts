/**
 * Clusters' Prometheus connections (migration 011). The bearer token or basic-auth password is sealed with
 * lib/secret-box.server.ts, bound to the row's id and the field, and only opened here, for a collection or a
 * verification: every read for a screen or an API answer returns `hasSecret`, never the secret.
 */
import crypto from "node:crypto";
import type { Kysely } from "kysely";
import type { ClusterConnectionTable, Database } from "~/db/schema";
import { notFoundError, validationError } from "~/lib/errors";
import { openSecret, sealSecret } from "~/lib/secret-box.server";
import type { PromConnection } from "~/sources/prometheus/client";

export type AuthKind = ClusterConnectionTable["auth_kind"];

/** What a screen or the API may see of a connection. */
export interface ConnectionView {
  id: string;
  name: string;
  url: string;
  authKind: AuthKind;
  username: string | null;
  hasSecret: boolean;
  caCert: string | null;
  insecureSkipVerify: boolean;
  tenant: string | null;
  clusterLabel: string | null;
  clusterValue: string | null;
  createdAt: string;
  updatedAt: string;
  verifiedAt: string | null;
  verifyOk: boolean | null;
  verifyMessage: string | null;
  prometheusVersion: string | null;
  clusterVersion: string | null;
  firstCollectionAt: string | null;
  lastCollectionAt: string | null;
  lastCollectionOk: boolean | null;
  lastCollectionMessage: string | null;
  nodeCount: number | null;
  nodeGroupCount: number | null;
  containerCount: number | null;
}

export interface ConnectionInput {
  name: string;
  url: string;
  authKind: AuthKind;
  username?: string | null;
  /** The token or password; empty or absent when editing: keep the stored one. */
  secret?: string | null;
  caCert?: string | null;
  insecureSkipVerify?: boolean;
  /** A multi-tenant store's tenant (X-Scope-OrgID). */
  tenant?: string | null;
  clusterLabel?: string | null;
  clusterValue?: string | null;
}

const secretContext = (id: string) => `cluster_connection:${id}:secret`;
const flag = (v: number | null) => (v === null ? null : v === 1);

function toView(r: ClusterConnectionTable): ConnectionView {
  return {
    id: r.id,
    name: r.name,
    url: r.url,
    authKind: r.auth_kind,
    username: r.username,
    hasSecret: r.secret_sealed !== null,
    caCert: r.ca_cert,
    insecureSkipVerify: r.insecure_skip_verify === 1,
    tenant: r.tenant,
    clusterLabel: r.cluster_label,
    clusterValue: r.cluster_value,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    verifiedAt: r.verified_at,
    verifyOk: flag(r.verify_ok),
    verifyMessage: r.verify_message,
    prometheusVersion: r.prometheus_version,
    clusterVersion: r.cluster_version,
    firstCollectionAt: r.first_collection_at,
    lastCollectionAt: r.last_collection_at,
    lastCollectionOk: flag(r.last_collection_ok),
    lastCollectionMessage: r.last_collection_message,
    nodeCount: r.node_count,
    nodeGroupCount: r.node_group_count,
    containerCount: r.container_count,
  };
}

export async function listConnections(db: Kysely<Database>): Promise<ConnectionView[]> {
  const rows = await db.selectFrom("cluster_connection").selectAll().orderBy("name").execute();
  return rows.map(toView);
}

export async function getConnection(db: Kysely<Database>, id: string): Promise<ConnectionView> {
  const row = await db.selectFrom("cluster_connection").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFoundError("No such cluster connection.");
  return toView(row);
}

export async function hasConnections(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom("cluster_connection").select("id").limit(1).executeTakeFirst()) !== undefined;
}

/** Adds (no id) or edits a connection; validated by the caller (analysis/cluster-connections.server.ts). */
export async function saveConnection(db: Kysely<Database>, input: ConnectionInput, id?: string): Promise<ConnectionView> {
  const now = new Date().toISOString();
  const existing = id ? await db.selectFrom("cluster_connection").selectAll().where("id", "=", id).executeTakeFirst() : undefined;
  if (id && !existing) throw notFoundError("No such cluster connection.");
  const clash = await db.selectFrom("cluster_connection").select("id").where("name", "=", input.name).executeTakeFirst();
  if (clash && clash.id !== id) throw validationError(`A connection for cluster "${input.name}" exists already.`);
  const rowId = id ?? crypto.randomUUID();
  const secret = input.secret?.trim();
  let sealed: string | null;
  if (input.authKind === "none") sealed = null;
  else if (secret) sealed = sealSecret(secret, secretContext(rowId));
  else if (existing?.secret_sealed && existing.auth_kind === input.authKind) sealed = existing.secret_sealed;
  else throw validationError(input.authKind === "bearer" ? "A bearer token is required." : "A password is required.");
  const values = {
    name: input.name,
    url: input.url,
    auth_kind: input.authKind,
    username: input.authKind === "basic" ? input.username ?? null : null,
    secret_sealed: sealed,
    ca_cert: input.caCert || null,
    insecure_skip_verify: (input.insecureSkipVerify ? 1 : 0) as 0 | 1,
    tenant: input.tenant || null,
    cluster_label: input.clusterLabel || null,
    cluster_value: input.clusterLabel ? input.clusterValue || input.name : null,
    updated_at: now,
  };
  if (existing) {
    await db.updateTable("cluster_connection").set(values).where("id", "=", rowId).execute();
  } else {
    await db
      .insertInto("cluster_connection")
      .values({
        id: rowId,
        ...values,
        created_at: now,
        verified_at: null,
        verify_ok: null,
        verify_message: null,
        prometheus_version: null,
        cluster_version: null,
        first_collection_at: null,
        last_collection_at: null,
        last_collection_ok: null,
        last_collection_message: null,
        node_count: null,
        node_group_count: null,
        container_count: null,
      })
      .execute();
  }
  return getConnection(db, rowId);
}

export async function deleteConnection(db: Kysely<Database>, id: string): Promise<void> {
  const r = await db.deleteFrom("cluster_connection").where("id", "=", id).executeTakeFirst();
  if (Number(r.numDeletedRows) === 0) throw notFoundError("No such cluster connection.");
}

/** The connection with its secret opened, for the Prometheus client (server-side only). */
export async function connectionForClient(db: Kysely<Database>, id: string): Promise<{ view: ConnectionView; connection: PromConnection }> {
  const row = await db.selectFrom("cluster_connection").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFoundError("No such cluster connection.");
  const secret = row.secret_sealed ? openSecret(row.secret_sealed, secretContext(row.id)) : "";
  const connection: PromConnection = {
    url: row.url,
    ...(row.auth_kind === "bearer" ? { bearerToken: secret } : {}),
    ...(row.auth_kind === "basic" ? { basicAuth: { username: row.username ?? "", password: secret } } : {}),
    ...(row.ca_cert ? { caCert: row.ca_cert } : {}),
    ...(row.insecure_skip_verify ? { insecureSkipVerify: true } : {}),
    ...(row.tenant ? { tenant: row.tenant } : {}),
  };
  return { view: toView(row), connection };
}

export async function recordVerification(db: Kysely<Database>, id: string, result: { ok: boolean; message: string; prometheusVersion?: string | null }): Promise<void> {
  await db
    .updateTable("cluster_connection")
    .set({
      verified_at: new Date().toISOString(),
      verify_ok: result.ok ? 1 : 0,
      verify_message: result.message.slice(0, 1000),
      ...(result.prometheusVersion ? { prometheus_version: result.prometheusVersion } : {}),
    })
    .where("id", "=", id)
    .execute();
}

export async function recordCollection(
  db: Kysely<Database>,
  id: string,
  result: { ok: true; at: string; prometheusVersion: string; clusterVersion: string; nodes: number; nodeGroups: number; containers: number } | { ok: false; at: string; message: string },
): Promise<void> {
  const row = await db.selectFrom("cluster_connection").select("first_collection_at").where("id", "=", id).executeTakeFirst();
  if (!row) return;
  await db
    .updateTable("cluster_connection")
    .set(
      result.ok
        ? {
            first_collection_at: row.first_collection_at ?? result.at,
            last_collection_at: result.at,
            last_collection_ok: 1,
            last_collection_message: null,
            prometheus_version: result.prometheusVersion,
            cluster_version: result.clusterVersion || null,
            node_count: result.nodes,
            node_group_count: result.nodeGroups,
            container_count: result.containers,
          }
        : { last_collection_ok: 0, last_collection_message: result.message.slice(0, 2000) },
    )
    .where("id", "=", id)
    .execute();
}
