/**
 * Runs one GraphQL document against the schema for a caller. Shared by the HTTP endpoint and the in-process
 * client so both give the same answers and the same error messages.
 */
import { execute, parse, validate, GraphQLError, type DocumentNode, type GraphQLFormattedError } from "graphql";
import { getSchema } from "./schema.server";
import { formatError } from "./errors";
import type { GraphQLContext } from "./context.server";

export interface GraphQLResponseBody {
  data?: Record<string, unknown> | null;
  errors?: GraphQLFormattedError[];
}

/** invalid: the document could not be parsed or validated (nothing ran); executed: it ran (errors may be partial). */
export type Outcome = { kind: "invalid"; body: GraphQLResponseBody } | { kind: "executed"; body: GraphQLResponseBody };

const DOCUMENT_CACHE_SIZE = 200;
const documents = new Map<string, DocumentNode>();

/** Parsed and validated documents, kept for the documents the app sends again and again. */
function prepare(source: string): DocumentNode | readonly GraphQLError[] {
  const hit = documents.get(source);
  if (hit) return hit;
  let document: DocumentNode;
  try {
    document = parse(source, { maxTokens: 5000 });
  } catch (e) {
    if (e instanceof GraphQLError) return [e];
    throw e;
  }
  const errors = validate(getSchema(), document);
  if (errors.length > 0) return errors;
  documents.set(source, document);
  if (documents.size > DOCUMENT_CACHE_SIZE) documents.delete(documents.keys().next().value!);
  return document;
}

export async function executeDocument(input: {
  source: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  context: GraphQLContext;
}): Promise<Outcome> {
  const prepared = prepare(input.source);
  if (!("kind" in prepared)) return { kind: "invalid", body: { errors: prepared.map(formatError) } };
  const result = await execute({
    schema: getSchema(),
    document: prepared,
    variableValues: input.variables ?? undefined,
    operationName: input.operationName ?? undefined,
    contextValue: input.context,
  });
  const body: GraphQLResponseBody = { data: (result.data as Record<string, unknown> | null | undefined) ?? null };
  if (result.errors?.length) body.errors = result.errors.map(formatError);
  return { kind: "executed", body };
}
