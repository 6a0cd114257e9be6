/**
 * A loopback stand-in for Google Cloud: the OAuth 2.0 token endpoint a service account's signed JWT is exchanged
 * at (the assertion's signature is checked with the key's public half), Compute Engine's aggregated instances and
 * Cloud Monitoring's timeSeries, both paged by pageToken.
 */
import crypto from "node:crypto";
import { send, serve, series, sleep, type Served } from "./http";

export interface GceInstanceSpec {
  id: string;
  name: string;
  zone: string;
  machineType: string;
  status?: string;
}

export interface GcpScenario {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  publicKey: string;
  instances: GceInstanceSpec[];
  pageSize: number;
  delayMs: number;
  calls: string[];
  historyHours: number;
  /** Memory in use (%) the Ops Agent reports, by instance id; others have no agent. */
  agentMemoryPct: Record<string, number>;
}

let keys: { privateKey: string; publicKey: string } | undefined;

export function gcpScenario(over: Partial<GcpScenario> = {}): GcpScenario {
  keys ??= crypto.generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
  return {
    projectId: "kubex-demo-project",
    clientEmail: "kubex-reader@kubex-demo-project.iam.gserviceaccount.com",
    privateKey: keys.privateKey,
    publicKey: keys.publicKey,
    instances: [
      { id: "7001", name: "gce-web-1", zone: "us-central1-a", machineType: "e2-standard-2" },
      { id: "7002", name: "gce-web-2", zone: "us-central1-b", machineType: "e2-standard-4" },
      { id: "7003", name: "gce-old", zone: "us-central1-a", machineType: "e2-standard-2", status: "TERMINATED" },
      { id: "7004", name: "gce-eu-1", zone: "europe-west1-b", machineType: "n2-standard-2" },
    ],
    pageSize: 2,
    delayMs: 0,
    calls: [],
    historyHours: 24,
    agentMemoryPct: {},
    ...over,
  };
}

/** The JSON key file of the scenario's service account. */
export function gcpKeyFile(s: GcpScenario, tokenUri?: string): string {
  return JSON.stringify({
    type: "service_account",
    project_id: s.projectId,
    private_key_id: "k1",
    private_key: s.privateKey,
    client_email: s.clientEmail,
    client_id: "1",
    token_uri: tokenUri ?? "https://oauth2.googleapis.com/token",
  });
}

const json = (res: Parameters<typeof send>[0], status: number, body: unknown) => send(res, status, "application/json", JSON.stringify(body));

function validAssertion(s: GcpScenario, assertion: string | null): boolean {
  const parts = (assertion ?? "").split(".");
  if (parts.length !== 3) return false;
  const ok = crypto.verify("RSA-SHA256", Buffer.from(`${parts[0]}.${parts[1]}`), s.publicKey, Buffer.from(parts[2]!, "base64url"));
  const claims = JSON.parse(Buffer.from(parts[1]!, "base64url").toString("utf8")) as { iss?: string };
  return ok && claims.iss === s.clientEmail;
}

export async function startGcpStandIn(scenario: GcpScenario): Promise<Served> {
  return serve(async (req, body, res) => {
    const url = new URL(req.url ?? "/", "http://stand-in");
    const p = url.pathname;
    scenario.calls.push(`${req.method} ${p}`);
    if (scenario.delayMs) await sleep(scenario.delayMs);
    if (p === "/token" && req.method === "POST") {
      const form = new URLSearchParams(body);
      if (!validAssertion(scenario, form.get("assertion"))) return json(res, 400, { error: "invalid_grant", error_description: "Invalid JWT Signature." });
      return json(res, 200, { access_token: "stand-in-gcp-token", expires_in: 3599, token_type: "Bearer" });
    }
    if (req.headers.authorization !== "Bearer stand-in-gcp-token") return json(res, 401, { error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" } });
    const start = Number(url.searchParams.get("pageToken") ?? 0);
    if (p === `/compute/v1/projects/${scenario.projectId}/aggregated/instances`) {
      const page = scenario.instances.slice(start, start + scenario.pageSize);
      const items: Record<string, { instances: unknown[] }> = {};
      for (const i of page) {
        (items[`zones/${i.zone}`] ??= { instances: [] }).instances.push({
          id: i.id,
          name: i.name,
          zone: `https://www.googleapis.com/compute/v1/projects/${scenario.projectId}/zones/${i.zone}`,
          machineType: `https://www.googleapis.com/compute/v1/projects/${scenario.projectId}/zones/${i.zone}/machineTypes/${i.machineType}`,
          status: i.status ?? "RUNNING",
          creationTimestamp: "2026-03-01T09:00:00.000-07:00",
          networkInterfaces: [{ networkIP: `10.128.0.${i.id.slice(-1)}` }],
          scheduling: { preemptible: false },
        });
      }
      const next = start + scenario.pageSize < scenario.instances.length ? String(start + scenario.pageSize) : undefined;
      return json(res, 200, { kind: "compute#instanceAggregatedList", items, ...(next ? { nextPageToken: next } : {}) });
    }
    if (p === `/v3/projects/${scenario.projectId}/timeSeries`) {
      const type = /metric\.type = "([^"]+)"/.exec(url.searchParams.get("filter") ?? "")?.[1] ?? "";
      const end = new Date(url.searchParams.get("interval.endTime") ?? Date.now()).getTime();
      const agent = type.startsWith("agent.googleapis.com/memory/");
      // memory/percent_used has one series per state (used, free, cached, …): the filter must pick "used"
      if (agent && !/metric\.labels\.state = "used"/.test(url.searchParams.get("filter") ?? "")) {
        return json(res, 400, { error: { code: 400, message: "The query would return a series per memory state: filter metric.labels.state.", status: "INVALID_ARGUMENT" } });
      }
      const live = scenario.instances.filter((i) => (i.status ?? "RUNNING") !== "TERMINATED" && (!agent || scenario.agentMemoryPct[i.id] !== undefined));
      const page = live.slice(start, start + 1);
      const base = type.endsWith("cpu/utilization") ? (url.searchParams.get("aggregation.perSeriesAligner") === "ALIGN_MAX" ? 0.5 : 0.2) : 1000;
      const next = start + 1 < live.length ? String(start + 1) : undefined;
      return json(res, 200, {
        timeSeries: page.map((i) => ({
          metric: { type },
          resource: { type: "gce_instance", labels: { instance_id: i.id, zone: i.zone, project_id: scenario.projectId } },
          points: series(end, scenario.historyHours, base).map((pt) => ({
            interval: { startTime: new Date(pt.t - 300_000).toISOString(), endTime: new Date(pt.t).toISOString() },
            value: { doubleValue: agent ? scenario.agentMemoryPct[i.id]! : pt.v },
          })),
        })),
        ...(next ? { nextPageToken: next } : {}),
      });
    }
    json(res, 404, { error: { code: 404, message: p, status: "NOT_FOUND" } });
  });
}
