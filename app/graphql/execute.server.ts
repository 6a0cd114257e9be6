/**
 * Runs one GraphQL document against the schema for a caller. Shared by the HTTP endpoint and the in-process
 * client so both give the same answers and the same error messages.
 */
import {
  execute,
  getArgumentValues,
  getVariableValues,
  Kind,
  Lexer,
  parse,
  Source,
  TokenKind,
  validate,
  GraphQLError,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLFormattedError,
  type SelectionSetNode,
} from "graphql";
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

export const MAX_TOKENS = 5000;
/**
 * Brackets of any kind ({ [ () open at once in the source. graphql-js parses by recursion, and a document nested
 * ~2,000 deep overflowed the stack (a 500); this is checked by scanning tokens, before parsing. The console's own
 * documents nest at most 12 deep (a test keeps them under).
 */
export const MAX_NESTING = 40;
/** Fields within fields, fragments spread out: what a resolver chain can be asked for. */
export const MAX_DEPTH = 15;

function tooDeep(what: string, limit: number): GraphQLError {
  return new GraphQLError(`The query is nested more than ${limit} levels deep (${what}); ask for less at once.`, {
    extensions: { code: "QUERY_TOO_DEEP" },
  });
}

/** The deepest bracket nesting of a document, scanning at most MAX_TOKENS tokens (the parser's own limit). */
function checkNesting(source: string): GraphQLError | undefined {
  const lexer = new Lexer(new Source(source));
  let depth = 0;
  for (let n = 0; n <= MAX_TOKENS; n++) {
    let token;
    try {
      token = lexer.advance();
    } catch (e) {
      // A lexical error: the parser reports it in its own words.
      if (e instanceof GraphQLError) return undefined;
      throw e;
    }
    if (token.kind === TokenKind.EOF) return undefined;
    if (token.kind === TokenKind.BRACE_L || token.kind === TokenKind.BRACKET_L || token.kind === TokenKind.PAREN_L) {
      if (++depth > MAX_NESTING) return tooDeep("brackets", MAX_NESTING);
    } else if (token.kind === TokenKind.BRACE_R || token.kind === TokenKind.BRACKET_R || token.kind === TokenKind.PAREN_R) {
      depth--;
    }
  }
  return undefined;
}

/** The deepest field of any operation, through fragments (a fragment spread in a loop counts as too deep). */
function selectionDepth(document: DocumentNode): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const memo = new Map<string, number>();
  const visiting = new Set<string>();
  const depthOf = (set: SelectionSetNode | undefined): number => {
    if (!set) return 0;
    let deepest = 0;
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) deepest = Math.max(deepest, s.selectionSet ? 1 + depthOf(s.selectionSet) : 1);
      else if (s.kind === Kind.INLINE_FRAGMENT) deepest = Math.max(deepest, depthOf(s.selectionSet));
      else {
        const name = s.name.value;
        // A cycle is left to validation, which names it.
        if (visiting.has(name)) continue;
        if (!memo.has(name)) {
          visiting.add(name);
          memo.set(name, depthOf(fragments.get(name)?.selectionSet));
          visiting.delete(name);
        }
        deepest = Math.max(deepest, memo.get(name)!);
      }
      if (deepest > MAX_DEPTH) return deepest;
    }
    return deepest;
  };
  let deepest = 0;
  for (const d of document.definitions) if (d.kind === Kind.OPERATION_DEFINITION) deepest = Math.max(deepest, depthOf(d.selectionSet));
  return deepest;
}

/** Parsed and validated documents, kept for the documents the app sends again and again. */
export function prepareDocument(source: string): DocumentNode | readonly GraphQLError[] {
  const hit = documents.get(source);
  if (hit) return hit;
  const nesting = checkNesting(source);
  if (nesting) return [nesting];
  let document: DocumentNode;
  try {
    document = parse(source, { maxTokens: MAX_TOKENS });
  } catch (e) {
    if (e instanceof GraphQLError) return [e];
    throw e;
  }
  if (selectionDepth(document) > MAX_DEPTH) return [tooDeep("fields", MAX_DEPTH)];
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
  const prepared = prepareDocument(input.source);
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
