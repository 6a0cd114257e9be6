/**
 * Cloud connections' runs: verification (the provider's own SDK, through app/sources/cloud), saving with sealed
 * secrets, and collection into the cloud inventory (collectCloudConnection), atomically per connection, with the
 * failure and its reason recorded on the connection. Shared by the page's forms and the GraphQL API.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { getDb } from "~/db/db.server";
import { invalidResult, type ConnectionPlatform, type VerificationResult } from "~/domain/cloud/connections";
import {
  connectionCredentials,
  connectionPrefix,
  getConnection,
  recordCollectionFailure,
  replaceConnectionData,
  usedSubscriptions,
  type ConnectionCredentials,
  type ConnectionRow,
} from "~/models/cloud-connections.server";
import { cloudConfig, reasonOf, type Harvest } from "~/sources/cloud/config.server";
import { collectAws, verifyAws } from "~/sources/cloud/aws.server";
import { collectAzure, verifyAzure } from "~/sources/cloud/azure.server";
import { collectGcp, verifyGcp } from "~/sources/cloud/gcp.server";

export interface VerifyInput {
  platform: ConnectionPlatform;
  credentials: ConnectionCredentials;
  /** Azure: the service principal (application id) and tenant. */
  applicationId?: string;
  tenantId?: string;
}

/**
 * Verifies settings with the provider. INVALID (with the provider's reason as the status details) when the
 * provider refuses them or cannot be reached; the Azure subscriptions are marked used when another connection has them.
 */
export async function verifySettings(db: Kysely<Database>, input: VerifyInput, editId?: string | null): Promise<VerificationResult> {
  const config = cloudConfig();
  try {
    if (input.platform === "AWS") return await verifyAws(config, { roleArn: input.credentials.roleArn ?? "", externalId: input.credentials.externalId ?? "" });
    if (input.platform === "GCP") return await verifyGcp(config, input.credentials.keyJson ?? "");
    const result = await verifyAzure(config, { tenantId: input.tenantId ?? "", applicationId: input.applicationId ?? "", secretKey: input.credentials.secretKey ?? "" });
    const used = await usedSubscriptions(db, editId);
    const mine = editId ? await getConnection(db, editId) : undefined;
    result.azureSubscriptionsFound = result.azureSubscriptionsFound.map((s) => {
      const u = used.get(s.id);
      const mineAt = mine?.settings.subscriptions?.some((x) => x.id === s.id) ? mine.lastCollectionAt : null;
      const collected = u?.lastCollectionAt ?? mineAt;
      return {
        ...s,
        usedByAccount: u !== undefined,
        auditAzureConnectionName: u?.connection ?? null,
        mostRecentCollection: collected,
        status: collected ? "Loaded" : "Not Loaded",
      };
    });
    return result;
  } catch (error) {
    return invalidResult(input.platform, [reasonOf(error)]);
  }
}

/** A stored connection's credentials with what its settings say (for a verification without a new secret). */
export async function storedVerifyInput(db: Kysely<Database>, row: ConnectionRow): Promise<VerifyInput> {
  const credentials = (await connectionCredentials(db, row.id)) ?? {};
  return { platform: row.platform, credentials, applicationId: row.settings.applicationId, tenantId: row.settings.tenantId };
}

export interface CollectOutcome {
  ok: boolean;
  services: number;
  reason: string | null;
  ms: number;
}

const running = new Map<string, Promise<CollectOutcome>>();

/**
 * Collects one saved connection: the provider's inventory and utilisation replace what the connection collected
 * before, in one transaction. A failure changes none of the collected data and is recorded (status and reason) on
 * the connection. Concurrent calls for one connection share the run.
 */
export function collectCloudConnection(id: string, db?: Kysely<Database>, nowMs = Date.now()): Promise<CollectOutcome> {
  const existing = running.get(id);
  if (existing) return existing;
  const run = (async (): Promise<CollectOutcome> => {
    const store = db ?? (await getDb());
    const started = Date.now();
    const at = new Date(nowMs).toISOString();
    const row = await getConnection(store, id);
    if (!row) return { ok: false, services: 0, reason: "No such connection.", ms: 0 };
    try {
      const config = cloudConfig();
      const creds = (await connectionCredentials(store, id)) ?? {};
      const target = { prefix: connectionPrefix(id), accountName: row.name };
      let harvest: Harvest;
      if (row.platform === "AWS") harvest = await collectAws(config, { roleArn: creds.roleArn ?? "", externalId: creds.externalId ?? "" }, target, nowMs);
      else if (row.platform === "AZURE")
        harvest = await collectAzure(
          config,
          { tenantId: row.settings.tenantId ?? "", applicationId: row.settings.applicationId ?? "", secretKey: creds.secretKey ?? "" },
          row.settings.subscriptions ?? [],
          target,
          nowMs,
        );
      else harvest = await collectGcp(config, creds.keyJson ?? "", target, nowMs);
      const services = await replaceConnectionData(store, id, harvest, at);
      return { ok: true, services, reason: null, ms: Date.now() - started };
    } catch (error) {
      const reason = reasonOf(error);
      await recordCollectionFailure(store, id, reason, at).catch(() => undefined);
      return { ok: false, services: 0, reason, ms: Date.now() - started };
    }
  })().finally(() => running.delete(id));
  running.set(id, run);
  return run;
}

/** Every saved connection, one after the other (for the scheduler of app/sources/schedule.server.ts to call). */
export async function collectAllCloudConnections(db?: Kysely<Database>): Promise<Record<string, CollectOutcome>> {
  const store = db ?? (await getDb());
  const out: Record<string, CollectOutcome> = {};
  const ids = await store.selectFrom("cloud_connection").select("id").execute();
  for (const { id } of ids) out[id] = await collectCloudConnection(id, store);
  return out;
}
