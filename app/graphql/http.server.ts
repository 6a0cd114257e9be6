/**
 * The GraphQL endpoint: POST /api/graphql/<service> with a JSON body {query, variables?, operationName?}.
 * One schema serves every service path the spec names; the path only has to be one of them.
 *   405 for other methods (Allow: POST), 404 for an unknown service, 401 without a valid session or token,
 *   415 unless the body is application/json, 413 for a body over MAX_BODY_BYTES, 400 for a body that is not the JSON above or a document that does not
 *   parse or validate, else 200 with {data, errors?}.
 * Error bodies are GraphQL-shaped ({errors: [{message, extensions: {code}}]}) so clients handle them one way.
 * A query asking only for getFolderListJson (the whole folder tree, ~20 MB of JSON for a 150,000-container fleet)
 * is answered by splicing the tree's cached, already escaped JSON into the response: the same body ordinary
 * execution gives, without escaping and encoding the tree again per request. Anything unusual (an error, an
 * unexpected document shape) takes the ordinary path.
 */
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { z } from "zod";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { SessionUser } from "~/lib/auth-types";
import { TEXT } from "~/lib/constants";
import { getRequestUser } from "~/models/request-user.server";
import { createContext, type GraphQLContext } from "./context.server";
import { errorBody, type ErrorCategory } from "./errors";
import { executeDocument, soleRootField, type GraphQLResponseBody } from "./execute.server";
import { slotForDocument } from "./slots.server";
import { treeJsonLiteral, type TreeArgs } from "~/models/tree-scope.server";

/** The service paths of spec document 1, section 7 (and the further endpoints it lists). */
export const GRAPHQL_SERVICES = [
  "user",
  "feature-set",
  "treeview",
  "k8s/node",
  "containers",
  "nodegroups",
  "grid-view",
  "metrics-viewer",
  "policy",
  "instance-type-analysis",
  "data-collection-status",
  "cloudex",
  "cloudex/connections",
  "entity",
  "dropdowns",
  "config-parameter",
  "automation-status",
] as const;
export type GraphQLService = (typeof GRAPHQL_SERVICES)[number];

export const MAX_BODY_BYTES = 1_000_000;

const bodySchema = z.object({
  query: z.string({ required_error: "'query' is required.", invalid_type_error: "'query' must be a string." }).min(1, "'query' is empty."),
  variables: z.record(z.unknown(), { invalid_type_error: "'variables' must be an object." }).nullish(),
  operationName: z.string({ invalid_type_error: "'operationName' must be a string." }).nullish(),
  extensions: z.record(z.unknown()).nullish(),
});

/**
 * The largest answer ordinary execution sends. A document can ask for the same large field under many aliases;
 * serialised in one piece the answer once passed the engine's maximum string length (~512 MB) and the handler
 * failed with a 500. The answer is now serialised one root field at a time, and past this size it is refused
 * with a GraphQL error saying so (the folder list's cached answer, ~24 MB at 150,000 containers, is not counted:
 * it is sent as it is, see folderListResponse).
 */
export const MAX_RESPONSE_BYTES = 128 * 1024 * 1024;

export interface HandlerOptions {
  /** Who is calling; the session cookie or bearer token by default. */
  authenticate?: (request: Request) => Promise<SessionUser | null>;
  /** The store; the process-wide one by default. */
  db?: Kysely<Database>;
  /** MAX_RESPONSE_BYTES unless given (tests). */
  maxResponseBytes?: number;
}

const JSON_HEADERS = { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" };

function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

function fail(status: number, category: ErrorCategory, text: string, headers?: Record<string, string>) {
  return json(errorBody(category, text, category === "unauthenticated"), status, headers);
}

export function isGraphQLService(service: string): service is GraphQLService {
  return (GRAPHQL_SERVICES as readonly string[]).includes(service);
}

/** The service part of a path: "treeview", "k8s/node" (no leading or trailing slashes). */
export function normaliseService(path: string | undefined): string {
  return (path ?? "").replace(/^\/+|\/+$/g, "");
}

export function methodNotAllowed(): Response {
  return fail(405, "badRequest", "Use POST with a JSON body {query, variables}.", { Allow: "POST" });
}

async function readBody(request: Request): Promise<{ ok: true; text: string } | { ok: false; response: Response }> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  // The rest of the body is never read, so the connection cannot carry another request.
  const tooLarge = () => fail(413, "badRequest", `The request body is larger than ${MAX_BODY_BYTES} bytes.`, { Connection: "close" });
  if (declared > MAX_BODY_BYTES) return { ok: false, response: tooLarge() };
  if (!request.body) return { ok: true, text: "" };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      return { ok: false, response: tooLarge() };
    }
    chunks.push(value);
  }
  return { ok: true, text: Buffer.concat(chunks).toString("utf8") };
}

/** True when the client takes gzip (Accept-Encoding lists gzip, or '*', with a non-zero q). */
export function acceptsGzip(request: Request): boolean {
  let star = false;
  for (const part of (request.headers.get("Accept-Encoding") ?? "").split(",")) {
    const [name, ...params] = part.split(";").map((t) => t.trim().toLowerCase());
    const q = params.find((p) => p.startsWith("q="));
    const accepted = !q || Number(q.slice(2)) > 0;
    if (name === "gzip") return accepted;
    if (name === "*") star = accepted;
  }
  return star;
}

/**
 * Gzipped folder list bodies, made once per cached tree (keyed by its literal, so they go when the tree leaves
 * the tree cache) in zlib's thread pool: compressing ~20 MB per request took ~150 ms of a core.
 */
const gzippedBodies = new WeakMap<Uint8Array, Promise<Uint8Array>>();
const gzipAsync = promisify(gzip);

function concatChunks(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      // The cached literal is shared by every response; the stream only reads it.
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
}

/**
 * {"data":{"<key>":<the cached JSON string literal>}} for a query of getFolderListJson alone; undefined for any
 * other document, and when the field fails (ordinary execution then runs it and reports the error its own way).
 * Gzipped (from a cache) when the client takes gzip and asked without an alias.
 */
async function folderListResponse(
  request: Request,
  body: { query: string; variables?: Record<string, unknown> | null; operationName?: string | null },
  context: GraphQLContext,
): Promise<Response | undefined> {
  const root = soleRootField({ source: body.query, variables: body.variables, operationName: body.operationName });
  if (root?.fieldName !== "getFolderListJson") return undefined;
  let literal: Uint8Array;
  try {
    literal = await treeJsonLiteral(await context.tree(root.args as unknown as TreeArgs & { reload?: boolean | null }));
  } catch {
    return undefined;
  }
  const chunks = [Buffer.from(`{"data":{${JSON.stringify(root.responseKey)}:`, "utf8"), literal, Buffer.from("}}", "utf8")];
  if (root.responseKey === root.fieldName && acceptsGzip(request)) {
    let gzipped = gzippedBodies.get(literal);
    if (!gzipped) {
      gzipped = gzipAsync(Buffer.concat(chunks));
      gzippedBodies.set(literal, gzipped);
      gzipped.catch(() => gzippedBodies.get(literal) === gzipped && gzippedBodies.delete(literal));
    }
    const compressed = await gzipped;
    return new Response(concatChunks([compressed]), {
      status: 200,
      headers: { ...JSON_HEADERS, "Content-Encoding": "gzip", Vary: "Accept-Encoding", "Content-Length": String(compressed.byteLength) },
    });
  }
  const length = chunks.reduce((n, c) => n + c.byteLength, 0);
  return new Response(concatChunks(chunks), { status: 200, headers: { ...JSON_HEADERS, Vary: "Accept-Encoding", "Content-Length": String(length) } });
}

/** One piece of JSON, or undefined when it cannot be one string (past the engine's limit, or nested too deep). */
function stringifyPiece(value: unknown): string | undefined {
  try {
    return JSON.stringify(value) ?? "null";
  } catch (e) {
    if (e instanceof RangeError) return undefined;
    throw e;
  }
}

/**
 * The answer's JSON as chunks, one root field at a time, or undefined when it would be larger than `max` bytes
 * (counted as UTF-16 units, which never undercounts ASCII-heavy JSON by more than its non-ASCII text).
 */
export function encodeAnswer(body: GraphQLResponseBody, max: number): string[] | undefined {
  const chunks: string[] = [];
  let size = 0;
  const push = (piece: string | undefined) => {
    if (piece === undefined) return false;
    size += piece.length;
    if (size > max) return false;
    chunks.push(piece);
    return true;
  };
  // The keys as JSON.stringify(body) would write them: data (when present), then errors (when present).
  let open = "{";
  if (body.data === null) {
    if (!push(`${open}"data":null`)) return undefined;
    open = ",";
  } else if (body.data !== undefined) {
    if (!push(`${open}"data":{`)) return undefined;
    let first = true;
    for (const [key, value] of Object.entries(body.data)) {
      if (!push(`${first ? "" : ","}${JSON.stringify(key)}:`) || !push(stringifyPiece(value))) return undefined;
      first = false;
    }
    if (!push("}")) return undefined;
    open = ",";
  }
  if (body.errors !== undefined) {
    if (!push(`${open}"errors":${stringifyPiece(body.errors) ?? "[]"}`)) return undefined;
    open = ",";
  }
  return push(open === "{" ? "{}" : "}") ? chunks : undefined;
}

function answerResponse(body: GraphQLResponseBody, status: number, max: number): Response {
  const chunks = encodeAnswer(body, max);
  if (!chunks) {
    return fail(
      400,
      "badRequest",
      `The answer is larger than ${Math.floor(max / 1024 / 1024)} MB; ask for fewer fields, fewer aliases or a smaller page.`,
    );
  }
  const encoder = new TextEncoder();
  let i = 0;
  // Each chunk is encoded when the client is ready for it, not all at once.
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(encoder.encode(chunks[i++]));
      else controller.close();
    },
  });
  return new Response(stream, { status, headers: JSON_HEADERS });
}

export async function handleGraphQLRequest(request: Request, servicePath: string | undefined, options: HandlerOptions = {}): Promise<Response> {
  if (request.method !== "POST") return methodNotAllowed();
  const service = normaliseService(servicePath);
  if (!isGraphQLService(service)) return fail(404, "notFound", `There is no GraphQL service at '/api/graphql/${service}'.`);

  const user = await (options.authenticate ?? getRequestUser)(request);
  if (!user) return fail(401, "unauthenticated", TEXT.unauthorized);

  // JSON only: a cross-site form or a "simple" request cannot send it without the browser asking first (CORS).
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(contentType)) return fail(415, "badRequest", "Send the body as application/json.");
  const read = await readBody(request);
  if (!read.ok) return read.response;
  let raw: unknown;
  try {
    raw = JSON.parse(read.text);
  } catch {
    return fail(400, "badRequest", "The request body is not valid JSON.");
  }
  const parsed = bodySchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const text = raw === null || typeof raw !== "object" || Array.isArray(raw) ? "The request body must be a JSON object." : issue.message;
    return fail(400, "badRequest", text);
  }

  const taken = slotForDocument(user.id, parsed.data);
  if (!taken.ok) return fail(429, "tooManyRequests", taken.text, { "Retry-After": "1" });
  let settled: Promise<unknown> = Promise.resolve();
  try {
    const context = await createContext(user, options.db, new URL(request.url).origin);
    const spliced = await folderListResponse(request, parsed.data, context);
    if (spliced) return spliced;
    const outcome = await executeDocument({
      source: parsed.data.query,
      variables: parsed.data.variables,
      operationName: parsed.data.operationName,
      context,
      onSettled: (s) => (settled = s),
    });
    return answerResponse(outcome.body, outcome.kind === "invalid" ? 400 : 200, options.maxResponseBytes ?? MAX_RESPONSE_BYTES);
  } finally {
    void settled.then(() => taken.slot?.release());
  }
}
