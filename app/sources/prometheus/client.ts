/**
 * A small client of the Prometheus HTTP API (Prometheus, Thanos, Mimir, VictoriaMetrics all answer it):
 * `/api/v1/query`, `/api/v1/query_range`, `/api/v1/series`, `/api/v1/label/<name>/values`, `/api/v1/status/buildinfo`.
 *
 * - Every request has a time-out, and a failed one (no connection, time-out, HTTP 429 or 5xx) is tried again after
 *   a growing pause; a 4xx other than 429 (a bad query, a refused credential) is not.
 * - At most `concurrency` requests are in flight (p-limit), whatever the caller starts.
 * - Credentials: a bearer token or basic auth; a custom CA (PEM) for HTTPS through an undici Agent.
 * - A tenant (Mimir, Cortex, a multi-tenant Thanos proxy): sent as the X-Scope-OrgID header on every request.
 * - Every answer is checked (parse.ts): anything that is not a Prometheus API answer is an error naming the endpoint.
 */
import { Agent, fetch, type Dispatcher } from "undici";
import pLimit from "p-limit";
import { PromAnswerError, parseBuildInfo, parseLabelValues, parseMatrix, parseSeries, parseVector, type PromMatrix, type PromVector } from "./parse";

export interface PromConnection {
  /** The base address, e.g. http://prometheus.monitoring:9090 (a path prefix such as /prometheus is kept). */
  url: string;
  bearerToken?: string;
  basicAuth?: { username: string; password: string };
  /** PEM text of the CA that signed the server's certificate (HTTPS). */
  caCert?: string;
  /** Skip certificate checks (self-signed stores on a trusted network only). */
  insecureSkipVerify?: boolean;
  /** The tenant of a multi-tenant store (Mimir, Cortex): the X-Scope-OrgID header. */
  tenant?: string;
}

export interface PromClientOptions {
  /** Per request (ms); default 30 s. */
  timeoutMs?: number;
  /** Attempts per request, the first included; default 3. */
  attempts?: number;
  /** First pause before a retry (ms), doubled each time; default 500. */
  backoffMs?: number;
  /** Requests in flight at most; default 4. */
  concurrency?: number;
}

export class PromRequestError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = "PromRequestError";
  }
}

export interface PromClient {
  readonly url: string;
  /** Requests sent (attempts included), for the benchmark and the logs. */
  readonly stats: { requests: number; retries: number };
  buildInfo(): Promise<{ version: string }>;
  query(promql: string, timeSec: number): Promise<PromVector>;
  queryRange(promql: string, startSec: number, endSec: number, stepSec: number): Promise<PromMatrix>;
  series(match: string, startSec: number, endSec: number): Promise<Record<string, string>[]>;
  labelValues(label: string, match: string, startSec: number, endSec: number): Promise<string[]>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The address of an API path under the base URL (its own path prefix kept). */
export function apiUrl(base: string, path: string, params: Record<string, string>): string {
  const u = new URL(base);
  u.pathname = `${u.pathname.replace(/\/+$/, "")}${path}`;
  for (const [k, v] of Object.entries(params)) u.searchParams.append(k, v);
  return u.toString();
}

function describe(error: unknown): string {
  const e = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e?.name === "TimeoutError" || e?.name === "AbortError") return "timed out";
  const code = e?.cause?.code;
  if (code === "ECONNREFUSED") return "connection refused";
  if (code === "ENOTFOUND") return "host not found";
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "connection reset";
  if (code?.startsWith("UND_ERR_") && code.includes("TIMEOUT")) return "timed out";
  if (code && /CERT|SELF_SIGNED|UNABLE_TO/.test(code)) return `TLS certificate refused (${code})`;
  return e?.cause?.message ?? e?.message ?? String(error);
}

export function createPromClient(conn: PromConnection, options: PromClientOptions = {}): PromClient {
  const base = new URL(conn.url); // throws on a bad address
  if (base.protocol !== "http:" && base.protocol !== "https:") throw new PromRequestError(`Prometheus address must be http:// or https:// (got ${conn.url})`, false);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const attempts = Math.max(1, options.attempts ?? 3);
  const backoffMs = options.backoffMs ?? 500;
  const limit = pLimit(Math.max(1, options.concurrency ?? 4));
  const dispatcher: Dispatcher = new Agent({
    connect: { ca: conn.caCert || undefined, rejectUnauthorized: !conn.insecureSkipVerify, timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connections: Math.max(1, options.concurrency ?? 4),
  });
  const headers: Record<string, string> = { Accept: "application/json" };
  if (conn.bearerToken) headers.Authorization = `Bearer ${conn.bearerToken}`;
  else if (conn.basicAuth) headers.Authorization = `Basic ${Buffer.from(`${conn.basicAuth.username}:${conn.basicAuth.password}`).toString("base64")}`;
  if (conn.tenant) headers["X-Scope-OrgID"] = conn.tenant;
  const stats = { requests: 0, retries: 0 };

  const once = async (method: "GET" | "POST", path: string, params: Record<string, string>): Promise<unknown> => {
    stats.requests++;
    let res: Awaited<ReturnType<typeof fetch>>;
    try {
      // Queries go as POST form bodies, so long PromQL never meets a URL length limit; the label values and
      // build info endpoints answer GET only.
      res = await fetch(apiUrl(conn.url, path, method === "GET" ? params : {}), {
        method,
        headers: method === "POST" ? { ...headers, "Content-Type": "application/x-www-form-urlencoded" } : headers,
        body: method === "POST" ? new URLSearchParams(params).toString() : undefined,
        dispatcher,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new PromRequestError(describe(error), true);
    }
    let text: string;
    try {
      text = await res.text();
    } catch (error) {
      throw new PromRequestError(`answer cut short: ${describe(error)}`, true);
    }
    if (res.status === 401 || res.status === 403) throw new PromRequestError(`HTTP ${res.status}: credentials refused`, false);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      const retryable = res.status === 429 || res.status >= 500;
      throw new PromRequestError(`HTTP ${res.status}, and the answer is not JSON: ${JSON.stringify(text.slice(0, 80))}`, retryable);
    }
    if (!res.ok) {
      const err = (body as { error?: unknown })?.error;
      throw new PromRequestError(`HTTP ${res.status}${typeof err === "string" ? `: ${err.slice(0, 200)}` : ""}`, res.status === 429 || res.status >= 500);
    }
    return body;
  };

  const call = <T>(method: "GET" | "POST", path: string, params: Record<string, string>, parse: (body: unknown) => T): Promise<T> =>
    limit(async () => {
      let lastError: unknown;
      for (let attempt = 1; attempt <= attempts; attempt++) {
        if (attempt > 1) {
          stats.retries++;
          await sleep(backoffMs * 2 ** (attempt - 2));
        }
        try {
          return parse(await once(method, path, params));
        } catch (error) {
          lastError = error;
          // A garbled answer is not retried either: the same store answers the same way.
          if (!(error instanceof PromRequestError) || !error.retryable) break;
        }
      }
      const reason = lastError instanceof PromAnswerError || lastError instanceof PromRequestError ? lastError.message : describe(lastError);
      const tries = lastError instanceof PromRequestError && lastError.retryable && attempts > 1 ? ` (after ${attempts} attempts)` : "";
      throw new PromRequestError(`Prometheus at ${conn.url}: ${path} failed: ${reason}${tries}`, false);
    });

  return {
    url: conn.url,
    stats,
    buildInfo: () => call("GET", "/api/v1/status/buildinfo", {}, parseBuildInfo),
    query: (q, time) => call("POST", "/api/v1/query", { query: q, time: String(time) }, parseVector),
    queryRange: (q, start, end, step) => call("POST", "/api/v1/query_range", { query: q, start: String(start), end: String(end), step: String(step) }, parseMatrix),
    series: (match, start, end) => call("POST", "/api/v1/series", { "match[]": match, start: String(start), end: String(end) }, parseSeries),
    labelValues: (label, match, start, end) =>
      call("GET", `/api/v1/label/${encodeURIComponent(label)}/values`, { "match[]": match, start: String(start), end: String(end) }, parseLabelValues),
    close: () => dispatcher.close(),
  };
}
