/**
 * Runs one GraphQL document against the schema for a caller. Shared by the HTTP endpoint and the in-process
 * client so both give the same answers and the same error messages.
 */
import {
  execute,
  getArgumentValues,
  getVariableValues,
  Kind,
  parse,
  validate,
  GraphQLError,
  type DocumentNode,
  type GraphQLFormattedError,
} from "graphql";
import { getSchema } from "./schema.server";
import { formatError } from "./errors";
import type { GraphQLContext } from "./context.server";
import { checkShape, costError, nestingError, documentCost, documents, guardResolvers, MAX_TOKENS, withinTimeLimit } from "./limits.server";

export interface GraphQLResponseBody {
  data?: Record<string, unknown> | null;
  errors?: GraphQLFormattedError[];
}

/** invalid: the document could not be parsed or validated (nothing ran); executed: it ran (errors may be partial). */
export type Outcome = { kind: "invalid"; body: GraphQLResponseBody } | { kind: "executed"; body: GraphQLResponseBody };

/**
 * Parsed and validated documents, kept for the documents the app sends again and again (limits.server.ts bounds the
 * cache). Checked in this order, each before anything costlier: bracket nesting on the tokens (before the recursive
 * parser), the token count (the parser's), depth and aliases (graphql-armor), the schema's own validation; then
 * executeDocument prices the operation with its variables.
 */
export function prepareDocument(source: string): DocumentNode | readonly GraphQLError[] {
  const hit = documents.get(source);
  if (hit) return hit;
  const tooDeep = nestingError(source);
  if (tooDeep) return [tooDeep];
  let document: DocumentNode;
  try {
    document = parse(source, { maxTokens: MAX_TOKENS });
  } catch (e) {
    if (e instanceof GraphQLError) return [e];
    throw e;
  }
  const shapeErrors = checkShape(getSchema(), document);
  if (shapeErrors.length > 0) return shapeErrors;
  const errors = validate(getSchema(), document);
  if (errors.length > 0) return errors;
  documents.set(source, document);
  return document;
}

export async function executeDocument(input: {
  source: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
  context: GraphQLContext;
  /** Told when the execution really ends (after a timeout too): a caller holds a user's slot until then. */
  onSettled?: (settled: Promise<unknown>) => void;
}): Promise<Outcome> {
  const prepared = prepareDocument(input.source);
  if (!("kind" in prepared)) return { kind: "invalid", body: { errors: prepared.map(formatError) } };
  const tooCostly = costError(documentCost(getSchema(), prepared, input.variables, input.operationName));
  if (tooCostly) return { kind: "invalid", body: { errors: [formatError(tooCostly)] } };
  const bounded = withinTimeLimit(input.context, async () =>
    execute({
      schema: guardResolvers(getSchema()),
      document: prepared,
      variableValues: input.variables ?? undefined,
      operationName: input.operationName ?? undefined,
      contextValue: input.context,
    }),
  );
  input.onSettled?.(bounded.settled);
  const result = await bounded.result;
  if ("timedOut" in result) return { kind: "executed", body: { data: null, errors: [formatError(result.timedOut)] } };
  const body: GraphQLResponseBody = { data: (result.data as Record<string, unknown> | null | undefined) ?? null };
  if (result.errors?.length) body.errors = result.errors.map(formatError);
  return { kind: "executed", body };
}

/** A query that asks for one root field and nothing else, with its arguments coerced as execution would. */
export interface SoleRootField {
  fieldName: string;
  /** The field's key in `data`: its alias, else its name. */
  responseKey: string;
  args: Record<string, unknown>;
}

/**
 * The one root field of a valid query document that consists of a single operation selecting a single field
 * (no fragments, directives or other fields), with its argument values; undefined for anything else, including
 * variables or arguments that do not coerce (ordinary execution then reports them). Lets the HTTP endpoint answer a
 * known heavy field without building and re-serialising the whole result (see http.server.ts).
 */
export function soleRootField(input: { source: string; variables?: Record<string, unknown> | null; operationName?: string | null }): SoleRootField | undefined {
  const document = prepareDocument(input.source);
  if (!("kind" in document) || document.definitions.length !== 1) return undefined;
  const operation = document.definitions[0];
  if (operation.kind !== Kind.OPERATION_DEFINITION || operation.operation !== "query" || operation.directives?.length) return undefined;
  if (input.operationName && operation.name?.value !== input.operationName) return undefined;
  const selections = operation.selectionSet.selections;
  if (selections.length !== 1) return undefined;
  const field = selections[0];
  if (field.kind !== Kind.FIELD || field.directives?.length || field.selectionSet) return undefined;
  const schema = getSchema();
  const definition = schema.getQueryType()?.getFields()[field.name.value];
  if (!definition) return undefined;
  const variables = getVariableValues(schema, operation.variableDefinitions ?? [], input.variables ?? {});
  if (variables.errors) return undefined;
  try {
    const args = getArgumentValues(definition, field, variables.coerced);
    return { fieldName: field.name.value, responseKey: field.alias?.value ?? field.name.value, args };
  } catch {
    return undefined;
  }
}
