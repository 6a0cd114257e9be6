/**
 * Cluster connections as the product uses them (decision 014): validation of what an administrator enters, "Verify"
 * (the store answers, kube-state-metrics and cAdvisor series are there), and the collection of every connected
 * cluster followed by the analysis, run by the scheduler (daily by default, KUBEX_COLLECT_SCHEDULE) or "Collect
 * now". The screens (features/) and the GraphQL API call these; neither sees a secret.
 */
import { z } from "zod";
import type { Store } from "~/db/connect.server";
import { env } from "~/lib/env.server";
import { forbiddenError, validationError } from "~/lib/errors";
import type { SessionUser } from "~/lib/auth-types";
import {
  connectionForClient,
  deleteConnection,
  listConnections,
  recordCollection,
  recordVerification,
  saveConnection,
  type ConnectionInput,
  type ConnectionView,
} from "~/models/cluster-connections.server";
import { createPromClient } from "~/sources/prometheus/client";
import { clusterMatchers, selector } from "~/sources/prometheus/promql";
import type { PromClusterTarget } from "~/sources/prometheus/source";
import { jobStatus, registerJob, startJobNow, type JobStatus } from "~/sources/schedule.server";
import { runPrometheusCollection, type PrometheusCollectionResult } from "./prometheus-collect.server";
import { runAnalysis } from "./run.server";
import { collectAllCloudConnections } from "./cloud-connections.server";

export const COLLECTION_JOB = "prometheus-collection";
export const DEFAULT_COLLECT_SCHEDULE = "0 2 * * *";

const blank = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const LABEL = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

export const ConnectionSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, "A cluster name is required.")
      .max(100, "A cluster name is at most 100 characters.")
      .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, "A cluster name holds letters, digits, '.', '_' and '-'."),
    url: z
      .string()
      .trim()
      .max(2000)
      .refine((v) => {
        try {
          const u = new URL(v);
          return (u.protocol === "http:" || u.protocol === "https:") && !u.username && !u.password;
        } catch {
          return false;
        }
      }, "The Prometheus address must be an http:// or https:// URL (credentials go in their own fields)."),
    authKind: z.enum(["none", "bearer", "basic"], { errorMap: () => ({ message: "Authentication is none, bearer or basic." }) }),
    username: z.preprocess(blank, z.string().trim().max(200).optional()),
    secret: z.preprocess(blank, z.string().max(10_000).optional()),
    caCert: z.preprocess(
      blank,
      z
        .string()
        .max(100_000)
        .refine((v) => v.includes("-----BEGIN CERTIFICATE-----"), "The CA certificate must be PEM (-----BEGIN CERTIFICATE-----).")
        .optional(),
    ),
    insecureSkipVerify: z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean()).optional(),
    // Mimir's tenant ids: letters, digits and !-_.*'() (up to 150); "|" joins several for a federated query.
    tenant: z.preprocess(blank, z.string().trim().max(150, "The tenant is at most 150 characters.").regex(/^[A-Za-z0-9!_.*'()|-]+$/, "The tenant holds letters, digits and ! - _ . * ' ( ) |.").optional()),
    clusterLabel: z.preprocess(blank, z.string().trim().regex(LABEL, "The cluster label must be a Prometheus label name.").optional()),
    clusterValue: z.preprocess(blank, z.string().trim().max(200).optional()),
  })
  .superRefine((v, ctx) => {
    if (v.authKind === "basic" && !v.username) ctx.addIssue({ code: "custom", message: "Basic authentication needs a user name." });
  });

function requireAdmin(user: SessionUser) {
  if (!user.isAdmin) throw forbiddenError("Only administrators manage cluster connections.");
}

export function parseConnectionInput(raw: unknown): ConnectionInput {
  const parsed = ConnectionSchema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error.issues[0]?.message ?? "Invalid connection.");
  return parsed.data;
}

export async function listClusterConnections(store: Store, user: SessionUser): Promise<ConnectionView[]> {
  requireAdmin(user);
  return listConnections(store.db);
}

export async function saveClusterConnection(store: Store, user: SessionUser, raw: unknown, id?: string): Promise<ConnectionView> {
  requireAdmin(user);
  return saveConnection(store.db, parseConnectionInput(raw), id);
}

export async function deleteClusterConnection(store: Store, user: SessionUser, id: string): Promise<void> {
  requireAdmin(user);
  await deleteConnection(store.db, id);
}

/** Verify: build info, then that kube-state-metrics and cAdvisor series exist for the cluster. Recorded on the row. */
export async function verifyClusterConnection(store: Store, user: SessionUser, id: string): Promise<{ ok: boolean; message: string }> {
  requireAdmin(user);
  const { view, connection } = await connectionForClient(store.db, id);
  const client = createPromClient(connection, { timeoutMs: 10_000, attempts: 2 });
  let result: { ok: boolean; message: string; prometheusVersion?: string };
  try {
    const build = await client.buildInfo();
    const base = clusterMatchers(view.clusterLabel ?? undefined, view.clusterValue ?? undefined);
    const now = Math.floor(Date.now() / 1000);
    const [pods, cpu] = await Promise.all([
      client.query(`count(${selector("kube_pod_info", base)})`, now),
      client.query(`count(${selector("container_cpu_usage_seconds_total", [...base, ["container", "!=", ""]])})`, now),
    ]);
    const podCount = pods[0]?.v ?? 0;
    const cpuCount = cpu[0]?.v ?? 0;
    const missing = [podCount === 0 ? "kube-state-metrics (kube_pod_info)" : "", cpuCount === 0 ? "cAdvisor (container_cpu_usage_seconds_total)" : ""].filter(Boolean);
    result = {
      ok: missing.length === 0,
      prometheusVersion: build.version,
      message:
        missing.length === 0
          ? `Prometheus ${build.version} answers: ${podCount} pods from kube-state-metrics, ${cpuCount} containers from cAdvisor.`
          : `Prometheus ${build.version} answers, but has no ${missing.join(" and no ")} series${view.clusterLabel ? ` for ${view.clusterLabel}="${view.clusterValue}"` : ""}.`,
    };
  } catch (error) {
    result = { ok: false, message: error instanceof Error ? error.message : String(error) };
  } finally {
    await client.close();
  }
  await recordVerification(store.db, id, result);
  return { ok: result.ok, message: result.message };
}

/**
 * Collects every connected cluster into one run (atomically: all or nothing), records each connection's outcome,
 * then analyses. Nothing to do (and the demo fleet stays) while no cluster is connected.
 */
export async function collectConnectedClusters(store: Store, options: { log?: (line: string) => void; days?: number; endMs?: number } = {}): Promise<PrometheusCollectionResult | null> {
  const views = await listConnections(store.db);
  if (views.length === 0) return null;
  const targets: (PromClusterTarget & { id: string })[] = [];
  const opened = await Promise.all(views.map((v) => connectionForClient(store.db, v.id)));
  for (const { view, connection } of opened) {
    const client = createPromClient(connection);
    targets.push({ id: view.id, name: view.name, client, clusterLabel: view.clusterLabel ?? undefined, clusterValue: view.clusterValue ?? undefined });
  }
  const at = new Date().toISOString();
  try {
    const result = await runPrometheusCollection(store, { targets, days: options.days, endMs: options.endMs, log: options.log });
    for (const t of targets) {
      const r = result.reports.find((x) => x.name === t.name);
      if (r) await recordCollection(store.db, t.id, { ok: true, at, prometheusVersion: r.prometheusVersion, clusterVersion: r.clusterVersion, nodes: r.nodes, nodeGroups: r.nodeGroups, containers: r.containers });
    }
    await runAnalysis(store);
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The cluster the message names failed; the others were not collected either (one run for all).
    for (const t of targets) {
      const own = message.startsWith(`Cluster "${t.name}"`);
      await recordCollection(store.db, t.id, { ok: false, at, message: own ? message : `Not collected: another cluster failed (${message})` });
    }
    throw error;
  } finally {
    await Promise.all(targets.map((t) => t.client.close()));
  }
}

/** The collection schedule: KUBEX_COLLECT_SCHEDULE (a cron expression in UTC, or "off"), daily at 02:00 by default. */
export function collectSchedule(): string {
  return env().KUBEX_COLLECT_SCHEDULE ?? DEFAULT_COLLECT_SCHEDULE;
}

/**
 * One scheduled collection of everything connected: the cloud connections first (each records its own outcome),
 * then the clusters, whose run ends with the analysis of the whole store; with cloud connections and no cluster, the
 * analysis runs on its own so the new cloud data is analysed too. One job, so two analyses never start together.
 */
export async function collectConnected(store: Store): Promise<void> {
  const clouds = await collectAllCloudConnections(store.db);
  const clusters = await collectConnectedClusters(store);
  if (!clusters && Object.keys(clouds).length > 0) await runAnalysis(store);
}

/** Registers the collection job with the scheduler (the server calls this once at start). */
export function registerCollectionJob(getStore: () => Promise<Store>): void {
  registerJob({ name: COLLECTION_JOB, schedule: collectSchedule(), run: async () => collectConnected(await getStore()) });
}

/** "Collect now": starts the job in the background; false when a collection is already running. */
export function collectNow(user: SessionUser): boolean {
  requireAdmin(user);
  return startJobNow(COLLECTION_JOB);
}

export function collectionJobStatus(): JobStatus | null {
  return jobStatus(COLLECTION_JOB);
}
