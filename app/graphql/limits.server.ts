/**
 * What one GraphQL request may ask of the server (decision 017): depth, aliases and cost are checked before
 * anything runs (a 400 with "Bad Request: ..."), execution stops answering at a time limit ("Request Timeout:
 * ..."), and a user runs at most a few expensive documents at once ("Too Many Requests: ...", a 429, see
 * app/lib/user-slots.server.ts). The parsed-document cache is bounded by bytes as well as entries.
 * Depth and aliases are graphql-armor's rules, cost is graphql-query-complexity with the per-field prices below.
 */
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import {
  GraphQLError,
  isObjectType,
  Lexer,
  Source,
  TokenKind,
  validate,
  type DocumentNode,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  type ValidationContext,
  type ValidationRule,
} from "graphql";
import { getComplexity, type ComplexityEstimator } from "graphql-query-complexity";
import { categorised, ERROR_CODE, type ErrorCategory } from "./errors";

export interface GraphQLLimits {
  /** Nested selection sets, the operation's own counted: `{ a { b } }` is 2. */
  maxDepth: number;
  /** Aliased fields in one operation, through fragments too. */
  maxAliases: number;
  /** The document's price (FIELD_COSTS, 1 for any other field, plus what a field selects). */
  maxCost: number;
  /** A document costing this much or more is expensive: it takes one of the user's slots. */
  expensiveCost: number;
  /** How long execution may run before the answer is a timeout. */
  timeLimitMs: number;
}

export const DEFAULT_GRAPHQL_LIMITS: Readonly<GraphQLLimits> = {
  maxDepth: 10,
  maxAliases: 10,
  maxCost: 1000,
  expensiveCost: 100,
  timeLimitMs: 15_000,
};

let limits: GraphQLLimits = { ...DEFAULT_GRAPHQL_LIMITS };

export function graphQLLimits(): Readonly<GraphQLLimits> {
  return limits;
}

/** Tests and the benchmark change a limit; returns a function that puts the previous ones back. */
export function setGraphQLLimits(change: Partial<GraphQLLimits>): () => void {
  const previous = limits;
  limits = { ...limits, ...change };
  documents.clear();
  return () => {
    limits = previous;
    documents.clear();
  };
}

/**
 * Prices of the fields that read a whole fleet, a folder's aggregates or a metric series (each can take from
 * 100 ms to seconds cold and tens of MB answered). A whole tree as JSON costs more than half the budget, so a
 * document holds one; a folder aggregate or series fits several times, a hundred aliases of it do not.
 */
export const FIELD_COSTS: Readonly<Record<string, number>> = {
  "Query.getFolderListJson": 600,
  // Analyses a whole folder again (up to MAX_WHAT_IF_CONTAINERS containers, seconds of every core): one per document.
  "Query.getPolicyWhatIf": 600,
  "Query.nodeTreeJson": 600,
  "Query.getLeafListJson": 100,
  "Query.metricsViewerNodes": 100,
  "Query.metricsViewerNodeGroup": 100,
  "Query.metricsViewerContainers": 100,
  "Query.metricsViewerAWSEC2": 100,
  "Query.metricsViewerAWSAsg": 100,
  "Query.metricsViewerAWSRDS": 100,
  "Query.metricsViewerAzureVM": 100,
  "Query.metricsViewerGCP": 100,
  "Query.getWorkloadChartData": 100,
  "Query.getContainerOverviewByViewAndFilter": 50,
  "Query.getSummaryAddonsByViewAndFilter": 50,
  "Query.getContainerCountsByViewAndFilter": 50,
  "Query.getContainerRiskSummaryByViewAndFilter": 50,
  "Query.getContainerDetailsByViewAndFilter": 50,
  "Query.analysis": 50,
  "Query.cloudexFolderSummary": 50,
  "Query.cloudexDetails": 50,
  "Query.nodeDetailIgnoreGuestFilter": 50,
  "Query.nodeGroupDetailsByViewAndFilter": 50,
  "Query.summaryAddonsIgnoreGuestFilter": 20,
  "Query.summaryAddonsByViewAndFilter": 20,
  "Query.getEntityAnalysisResultsById": 20,
  "Query.getContainerRecommendationWhy": 20,
  "Query.policyInstances": 20,
};

// Only the priced fields cost: a row's plain fields are read with it, so a wide selection of one grid page is as cheap
// as a narrow one (at 1 per field, a script's page of 60 columns counted as "expensive" and three parallel pages of a
// few rows got a 429). Aliases and depth are bounded by their own rules.
const costEstimator: ComplexityEstimator = ({ type, field, childComplexity }) => (FIELD_COSTS[`${type.name}.${field.name}`] ?? 0) + childComplexity;

/** A catalogue error ("<Category>: <text>") that formatError passes on as it is. */
export function limitError(category: ErrorCategory, text: string): GraphQLError {
  return new GraphQLError(categorised(category, text), { extensions: { code: ERROR_CODE[category], limit: true } });
}

const found = (armorMessage: string) => /found (\d+)/.exec(armorMessage)?.[1];

/** graphql-armor's rules, their rejection reported as a validation error in the catalogue's words. */
function armorRules(): ValidationRule[] {
  const report = (text: (n: string | undefined) => string) => [
    (context: ValidationContext | null, error: GraphQLError) => context?.reportError(limitError("badRequest", text(found(error.message)))),
  ];
  return [
    maxDepthRule({
      n: limits.maxDepth,
      propagateOnRejection: false,
      onReject: report((n) => `The query is nested ${n ?? "too"} levels deep; at most ${limits.maxDepth} are allowed.`),
    }),
    maxAliasesRule({
      n: limits.maxAliases,
      propagateOnRejection: false,
      onReject: report((n) => `The query has ${n ?? "too many"} aliases; at most ${limits.maxAliases} are allowed.`),
    }),
  ];
}

/** Tokens a document may have (graphql-js's parser refuses more; the nesting scan stops there too). */
export const MAX_TOKENS = 5000;
/**
 * Braces, brackets and parentheses open at once in a document: far more than any real query needs (the console's
 * own documents nest at most 12 deep; the unit tests run every one of them through these limits).
 */
export const MAX_NESTING = 40;

/**
 * Refuses, before parsing, a document nested deeper than MAX_NESTING: graphql-js's parser recurses per level and
 * overflowed the stack near 2,000 (a 500). Scans graphql-js's own tokens, so strings, block strings and comments are
 * never counted; at most MAX_TOKENS of them, the parser's own limit. A lexical error is left to the parser.
 */
export function nestingError(source: string): GraphQLError | undefined {
  const lexer = new Lexer(new Source(source));
  let depth = 0;
  for (let n = 0; n <= MAX_TOKENS; n++) {
    let token;
    try {
      token = lexer.advance();
    } catch (e) {
      if (e instanceof GraphQLError) return undefined;
      throw e;
    }
    if (token.kind === TokenKind.EOF) return undefined;
    if (token.kind === TokenKind.BRACE_L || token.kind === TokenKind.BRACKET_L || token.kind === TokenKind.PAREN_L) {
      if (++depth > MAX_NESTING) {
        return limitError("badRequest", `The query is nested more than ${MAX_NESTING} levels deep; at most ${limits.maxDepth} levels of fields are allowed.`);
      }
    } else if (token.kind === TokenKind.BRACE_R || token.kind === TokenKind.BRACKET_R || token.kind === TokenKind.PAREN_R) {
      depth--;
    }
  }
  return undefined;
}

/**
 * Depth and aliases, checked before graphql-js's own validation (and after nestingError, so no recursive rule walks a
 * document nested thousands deep). graphql-armor's depth rule follows fragment spreads, a spread in a loop included.
 */
export function checkShape(schema: GraphQLSchema, document: DocumentNode): readonly GraphQLError[] {
  return validate(schema, document, armorRules());
}

/**
 * The price of the operation that would run, with the request's variables (they decide @include and @skip).
 * Undefined when the variables do not coerce: execution then refuses them before any resolver runs.
 */
export function documentCost(schema: GraphQLSchema, document: DocumentNode, variables?: Record<string, unknown> | null, operationName?: string | null): number | undefined {
  try {
    return getComplexity({ schema, query: document, variables: variables ?? {}, operationName: operationName ?? undefined, estimators: [costEstimator] });
  } catch {
    return undefined;
  }
}

/** The cost refusal, or undefined when the document is within the budget. */
export function costError(cost: number | undefined): GraphQLError | undefined {
  if (cost === undefined || cost <= limits.maxCost) return undefined;
  return limitError("badRequest", `The query costs ${cost}; at most ${limits.maxCost} is allowed. Ask for fewer folder lists, trees, series or aggregates in one request.`);
}

export const isExpensive = (cost: number | undefined) => cost !== undefined && cost >= limits.expensiveCost;

// ---------------------------------------------------------------------------------------------------------------
// Time limit

const deadlines = new WeakMap<object, number>();
const guarded = new WeakSet<GraphQLSchema>();

/**
 * Wraps every resolver of the schema once so that none starts after its request's deadline: a timed-out request
 * stops fetching more. Work already inside a resolver runs to its end (graphql-js 16 cannot abort it), but its
 * answer is no longer awaited by the client.
 */
export function guardResolvers(schema: GraphQLSchema): GraphQLSchema {
  if (guarded.has(schema)) return schema;
  guarded.add(schema);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      const resolve = field.resolve;
      if (!resolve) continue;
      const guardedResolve: GraphQLFieldResolver<unknown, object> = (parent, args, context, info) => {
        const deadline = deadlines.get(context);
        if (deadline !== undefined && Date.now() > deadline) throw timeoutError();
        return resolve(parent, args, context, info);
      };
      field.resolve = guardedResolve;
    }
  }
  return schema;
}

const timeoutError = () =>
  limitError("timeout", `The request ran longer than ${limits.timeLimitMs / 1000} s and was stopped. Ask for less (a smaller folder, fewer fields) or try again later.`);

/**
 * Runs an execution under the time limit: its result, or a timeout error at the deadline. `settled` resolves when
 * the execution really ends (a user's slot is held until then, so timed-out work still counts against the user).
 */
export function withinTimeLimit<T>(context: object, run: () => Promise<T>): { result: Promise<T | { timedOut: GraphQLError }>; settled: Promise<unknown> } {
  const ms = limits.timeLimitMs;
  deadlines.set(context, Date.now() + ms);
  const running = run();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<{ timedOut: GraphQLError }>((resolve) => {
    timer = setTimeout(() => resolve({ timedOut: timeoutError() }), ms);
    timer.unref();
  });
  const settled = running.then(
    () => undefined,
    () => undefined,
  );
  void settled.then(() => clearTimeout(timer));
  return { result: Promise.race([running, timeout]), settled };
}

// ---------------------------------------------------------------------------------------------------------------
// The parsed-document cache

/** Source characters per parsed node, roughly: a document's AST weighs a few times its source text. */
const AST_WEIGHT = 6;
export const DOCUMENT_CACHE = { maxEntries: 200, maxBytes: 8_000_000, maxDocumentBytes: 100_000 } as const;

/**
 * Parsed, validated documents by source text, least recently used out first, bounded by their estimated size as
 * well as their number: a few large documents no longer pin hundreds of MB. Documents over maxDocumentBytes are
 * never kept (no client sends such a document again and again).
 */
export class DocumentCache {
  private readonly entries = new Map<string, { document: DocumentNode; bytes: number }>();
  private bytes = 0;

  constructor(private readonly options: { maxEntries: number; maxBytes: number; maxDocumentBytes: number } = DOCUMENT_CACHE) {}

  get(source: string): DocumentNode | undefined {
    const entry = this.entries.get(source);
    if (!entry) return undefined;
    this.entries.delete(source);
    this.entries.set(source, entry);
    return entry.document;
  }

  set(source: string, document: DocumentNode): void {
    if (source.length * 2 > this.options.maxDocumentBytes || this.entries.has(source)) return;
    const bytes = source.length * 2 * AST_WEIGHT;
    this.entries.set(source, { document, bytes });
    this.bytes += bytes;
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}

export const documents = new DocumentCache();
