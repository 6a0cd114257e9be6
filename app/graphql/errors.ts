/**
 * The error catalogue of the API (spec document 1, section 8). Every message is "<Category>: <text>"; a client
 * shows only the text after the first ':' (displayError). Internal failures never leak their details.
 */
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { TEXT } from "~/lib/constants";
import { isModelError, type ModelErrorKind } from "~/lib/errors";

export const ERROR_CATEGORY = {
  validation: "Validation Error",
  notFound: "Not Found",
  forbidden: "Permission Denied",
  unauthenticated: "Unauthorized",
  badRequest: "Bad Request",
  internal: "Internal Error",
  timeout: "Request Timeout",
  tooManyRequests: "Too Many Requests",
} as const;
export type ErrorCategory = keyof typeof ERROR_CATEGORY;

export const ERROR_CODE: Record<ErrorCategory, string> = {
  validation: "BAD_USER_INPUT",
  notFound: "NOT_FOUND",
  forbidden: "FORBIDDEN",
  unauthenticated: "UNAUTHENTICATED",
  badRequest: "BAD_REQUEST",
  internal: "INTERNAL_SERVER_ERROR",
  timeout: "TIMEOUT",
  tooManyRequests: "TOO_MANY_REQUESTS",
};

export function categorised(category: ErrorCategory, text: string): string {
  return `${ERROR_CATEGORY[category]}: ${text}`;
}

/** The client rule: the text after the first ':' trimmed; the whole message without one; else the generic text. */
export function displayError(message?: string | null): string {
  const m = (message ?? "").trim();
  if (!m) return TEXT.genericError;
  const i = m.indexOf(":");
  const text = i < 0 ? m : m.slice(i + 1).trim();
  return text || TEXT.genericError;
}

/** A GraphQL-shaped error body for answers given before execution (401, 404, 400, 405, 413). */
export function errorBody(category: ErrorCategory, text: string, exact = false): { errors: GraphQLFormattedError[] } {
  return {
    errors: [{ message: exact ? text : categorised(category, text), extensions: { code: ERROR_CODE[category] } }],
  };
}

const KIND_CATEGORY: Record<ModelErrorKind, ErrorCategory> = {
  validation: "validation",
  notFound: "notFound",
  forbidden: "forbidden",
};

/**
 * Formats one error of an execution result. Model errors get their category; parse and validation errors of the
 * document keep graphql-js's wording under a category; anything else is an internal error with the generic text
 * (and is reported to the server log, since it is a bug).
 */
export function formatError(error: GraphQLError): GraphQLFormattedError {
  const original = error.originalError;
  const base = { locations: error.locations, path: error.path };
  if (original && isModelError(original)) {
    const category = KIND_CATEGORY[original.kind];
    return { ...base, message: categorised(category, original.text), extensions: { code: ERROR_CODE[category] } };
  }
  // The request limits (limits.server.ts) word their errors in the catalogue already.
  if (error.extensions?.limit === true) return { ...base, message: error.message, extensions: { code: error.extensions.code } };
  if (!original || original instanceof GraphQLError) {
    // Syntax errors already read "Syntax Error: ..."; variable coercion and validation errors get a category.
    const message = /^Syntax Error:/.test(error.message) ? error.message : categorised("badRequest", error.message);
    return { ...base, message, extensions: { code: /^Syntax Error:/.test(error.message) ? "GRAPHQL_PARSE_FAILED" : ERROR_CODE.badRequest } };
  }
  logInternal(original);
  return { ...base, message: categorised("internal", TEXT.genericError), extensions: { code: ERROR_CODE.internal } };
}

function logInternal(error: Error) {
  // An unexpected failure inside a resolver is a bug worth seeing in the server log.
  console.error("GraphQL resolver failed:", error);
}
