/**
 * The mutating admission webhook (issue 10, decision 019): its own HTTPS listener (KUBEX_WEBHOOK_CERT_FILE and
 * KUBEX_WEBHOOK_KEY_FILE; KUBEX_WEBHOOK_PORT, default 8443), one endpoint per cluster connection:
 *
 *   POST /mutate/<connection id>/<token>    AdmissionReview admission.k8s.io/v1 in, AdmissionReview out
 *   GET  /healthz                           "ok"
 *
 * The token is derived from the installation's secret key and the connection id (lib/secret-box.server.ts), so
 * only whoever holds the cluster's manifest can speak for that cluster; a wrong one is answered 403 (and, with
 * `failurePolicy: Ignore`, admits the pod unchanged). Every other answer is HTTP 200 with `allowed: true`: the
 * webhook never blocks a pod. Every answered review is recorded (models/admission.server.ts).
 */
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { Store } from "~/db/connect.server";
import { env } from "~/lib/env.server";
import { deriveSecret, isDerivedSecret } from "~/lib/secret-box.server";
import {
  admissionAnswer,
  minimumFor,
  ownerCandidates,
  parseAdmissionReview,
  planPodPatch,
  type AdmissionReviewAnswer,
  type ContainerVerdict,
  type ResourceMinimum,
} from "~/domain/automation/admission";
import { findWorkload, recordDecision, webhookConnection, type DecisionInput } from "~/models/admission.server";
import { AUTOMATION_STACK_VERSION, DEFAULT_MINIMUM, DEFAULT_WEBHOOK_PORT, WEBHOOK_BODY_LIMIT } from "./constants";

type Db = Kysely<Database>;

const tokenContext = (connectionId: string) => `webhook:${connectionId}`;

/** The token a cluster's manifest carries in its address. */
export function webhookToken(connectionId: string): string {
  return deriveSecret(tokenContext(connectionId));
}

export interface WebhookAnswer {
  status: number;
  body: AdmissionReviewAnswer | { message: string };
}

/** Answers one request to /mutate/<connectionId>/<token> with its raw body; records what it decided. */
export async function answerAdmissionReview(db: Db, connectionId: string, token: string, bodyText: string): Promise<WebhookAnswer> {
  const connection = await webhookConnection(db, connectionId);
  if (!connection || !isDerivedSecret(token, tokenContext(connectionId))) {
    return { status: 403, body: { message: "Unknown cluster or wrong token." } };
  }
  const base = { cluster: connection.name, connection_id: connection.id, webhook_version: AUTOMATION_STACK_VERSION };
  const record = async (d: Omit<DecisionInput, keyof typeof base>) => {
    try {
      await recordDecision(db, { ...base, ...d });
    } catch (error) {
      // The answer matters more than its record: a store that cannot write never holds a pod back.
      console.warn(`[kubex-webhook] could not record a decision: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  let json: unknown;
  try {
    json = JSON.parse(bodyText);
  } catch {
    json = undefined;
  }
  const parsed = parseAdmissionReview(json);
  if (!parsed.ok) {
    await record({ uid: parsed.uid, namespace: "", workload_kind: null, workload_name: null, pod_name: "", containers: "", outcome: "error", reason: parsed.reason, patch_json: null });
    return { status: 200, body: admissionAnswer(parsed.uid, [], [`Kubex automation left this request unchanged: ${parsed.reason}`]) };
  }
  const { request } = parsed;
  const pod = request.pod;
  const podName = pod ? pod.name || pod.generateName : "";
  const skip = async (reason: string, workload?: { kind: string; name: string }) => {
    await record({
      uid: request.uid,
      namespace: request.namespace,
      workload_kind: workload?.kind ?? null,
      workload_name: workload?.name ?? null,
      pod_name: podName,
      containers: "",
      outcome: "skipped",
      reason,
      patch_json: null,
    });
    return { status: 200, body: admissionAnswer(request.uid, []) };
  };
  if (!pod) return skip(`not a pod creation (${request.operation} ${request.kind || "?"})`);
  const candidates = ownerCandidates(pod);
  if (candidates.length === 0) return skip(pod.owners[0] ? `owner kind ${pod.owners[0].kind} is not a workload Kubex analyses` : "a pod without a workload");
  const match = await findWorkload(db, connection.name, request.namespace, candidates);
  if (!match) return skip(`unknown workload ${candidates[0]?.kind}/${candidates[0]?.name} in ${request.namespace}`, candidates[0]);
  const verdicts = new Map<string, ContainerVerdict>();
  for (const [name, c] of match.containers) {
    if (c.automation !== true) verdicts.set(name, { skip: c.automation === false ? "automation is off" : "automation is not enabled" });
    else if (!c.rec) verdicts.set(name, { skip: c.notAnalysedReason ?? "no recommendation" });
    else verdicts.set(name, { rec: c.rec });
  }
  const minimum: ResourceMinimum = minimumFor(env().KUBEX_WEBHOOK_MINIMUMS, request.namespace, DEFAULT_MINIMUM);
  const plan = planPodPatch(pod, verdicts, minimum);
  const outcome = plan.ops.length === 0 ? "skipped" : request.dryRun ? "dry-run" : "applied";
  const reason =
    plan.ops.length === 0
      ? plan.skipped.map((s) => `${s.name}: ${s.reason}`).join("; ") || "nothing to change"
      : `set ${plan.applied.join(", ")}${request.dryRun ? " (dry run, not counted)" : ""}`;
  await record({
    uid: request.uid,
    namespace: request.namespace,
    workload_kind: match.owner.kind,
    workload_name: match.owner.name,
    pod_name: podName,
    containers: plan.applied.join(","),
    outcome,
    reason,
    patch_json: plan.ops.length > 0 ? JSON.stringify(plan.ops) : null,
  });
  return { status: 200, body: admissionAnswer(request.uid, plan.ops) };
}

function send(res: ServerResponse, status: number, body: unknown) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "Content-Type": typeof body === "string" ? "text/plain; charset=utf-8" : "application/json", "Content-Length": Buffer.byteLength(text) });
  res.end(text);
}

function readBody(req: IncomingMessage): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > WEBHOOK_BODY_LIMIT) {
        resolve(undefined);
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** The request handler of the listener (exported for tests that bring their own server). */
export function webhookHandler(getDb: () => Promise<Db>) {
  return (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "https://webhook.invalid");
      if (req.method === "GET" && url.pathname === "/healthz") return send(res, 200, "ok");
      const m = /^\/mutate\/([^/]+)\/([^/]+)$/.exec(url.pathname);
      if (!m?.[1] || !m[2]) return send(res, 404, { message: "Not found." });
      if (req.method !== "POST") return send(res, 405, { message: "POST an AdmissionReview." });
      const body = await readBody(req);
      if (body === undefined) return send(res, 413, { message: "The body is too large." });
      const answer = await answerAdmissionReview(await getDb(), decodeURIComponent(m[1]), decodeURIComponent(m[2]), body);
      send(res, answer.status, answer.body);
    })().catch((error: unknown) => {
      console.warn(`[kubex-webhook] ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) send(res, 500, { message: "The webhook failed; the pod is admitted unchanged (failurePolicy: Ignore)." });
    });
  };
}

export interface WebhookListenOptions {
  cert: string;
  key: string;
  port: number;
  host?: string;
  getDb: () => Promise<Db>;
}

/** Starts an HTTPS listener; resolves with the server and the port it listens on. */
export function listenWebhook(options: WebhookListenOptions): Promise<{ server: https.Server; port: number }> {
  const server = https.createServer({ cert: options.cert, key: options.key }, webhookHandler(options.getDb));
  server.headersTimeout = 10_000;
  server.requestTimeout = 15_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => resolve({ server, port: (server.address() as AddressInfo).port }));
  });
}

declare global {
  var __kubexWebhook: Promise<unknown> | undefined;
  var __kubexWebhookPort: number | undefined;
}

/** Starts the configured listener once per process (entry.server.tsx); nothing without a certificate. */
export function startConfiguredWebhook(getStore: () => Promise<Store>): void {
  const e = env();
  if (!e.KUBEX_WEBHOOK_CERT_FILE || !e.KUBEX_WEBHOOK_KEY_FILE || globalThis.__kubexWebhook) return;
  const port = e.KUBEX_WEBHOOK_PORT ?? DEFAULT_WEBHOOK_PORT;
  globalThis.__kubexWebhook = listenWebhook({
    cert: fs.readFileSync(e.KUBEX_WEBHOOK_CERT_FILE, "utf8"),
    key: fs.readFileSync(e.KUBEX_WEBHOOK_KEY_FILE, "utf8"),
    port,
    host: e.KUBEX_WEBHOOK_HOST ?? e.HOST,
    getDb: async () => (await getStore()).db,
  }).then(
    ({ port: p }) => {
      globalThis.__kubexWebhookPort = p;
      console.log(`[kubex-webhook] https://${e.KUBEX_WEBHOOK_HOST ?? e.HOST ?? "0.0.0.0"}:${p}/mutate/…`);
    },
    (error: unknown) => console.warn(`[kubex-webhook] not started: ${error instanceof Error ? error.message : String(error)}`),
  );
}

export interface WebhookSetup {
  /** Whether a certificate is configured (the listener runs). */
  configured: boolean;
  /** Why not, when it is not. */
  reason: string | null;
  /** The base address clusters reach the webhook at. */
  baseUrl: string;
  /** The CA PEM clusters trust, or null. */
  caPem: string | null;
}

/** How the webhook is set up, for the instructions panel. */
export function webhookSetup(): WebhookSetup {
  const e = env();
  const port = globalThis.__kubexWebhookPort ?? e.KUBEX_WEBHOOK_PORT ?? DEFAULT_WEBHOOK_PORT;
  const listenHost = e.KUBEX_WEBHOOK_HOST ?? e.HOST;
  const host = listenHost && listenHost !== "0.0.0.0" && listenHost !== "::" ? listenHost : os.hostname();
  const baseUrl = (e.KUBEX_WEBHOOK_URL ?? `https://${host}:${port}`).replace(/\/+$/, "");
  if (!e.KUBEX_WEBHOOK_CERT_FILE || !e.KUBEX_WEBHOOK_KEY_FILE) {
    return { configured: false, reason: "No certificate is configured yet, so the webhook is not listening.", baseUrl, caPem: null };
  }
  try {
    const caPem = fs.readFileSync(e.KUBEX_WEBHOOK_CA_FILE ?? e.KUBEX_WEBHOOK_CERT_FILE, "utf8");
    return { configured: true, reason: null, baseUrl, caPem };
  } catch (error) {
    return { configured: false, reason: `The CA file cannot be read: ${error instanceof Error ? error.message : String(error)}`, baseUrl, caPem: null };
  }
}

/** A cluster connection's endpoint address. */
export function webhookUrl(baseUrl: string, connectionId: string): string {
  return `${baseUrl}/mutate/${connectionId}/${webhookToken(connectionId)}`;
}
