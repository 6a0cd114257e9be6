/**
 * The GraphQL client loaders and actions use. By default a document runs in-process against the same schema
 * (no HTTP, same validation, same error messages); createHttpClient talks to another backend over HTTP with the
 * spec's headers (document 1, section 7).
 */
import { GraphQLClient } from "graphql-request";
import type { GraphQLFormattedError } from "graphql";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { SessionUser } from "~/lib/auth-types";
import { PRODUCT_NAME } from "~/lib/constants";
import { createContext } from "./context.server";
import { displayError } from "./errors";
import { executeDocument } from "./execute.server";
import type { TypedDocument } from "./operations/typed-document";

/** A GraphQL answer with errors. message is the first error's full message ("<Category>: <text>"). */
export class GraphQLRequestError extends Error {
  override name = "GraphQLRequestError";
  constructor(
    readonly errors: readonly GraphQLFormattedError[],
    /** Whatever data came back beside the errors. */
    readonly data: unknown = null,
  ) {
    super(errors[0]?.message ?? "");
  }

  /** The text a dialog shows (after the first ':'). */
  get displayMessage(): string {
    return displayError(this.message);
  }

  /** The first error's extensions.code, e.g. NOT_FOUND or BAD_USER_INPUT. */
  get code(): string | undefined {
    const code = this.errors[0]?.extensions?.code;
    return typeof code === "string" ? code : undefined;
  }
}

/**
 * Runs a document for a user in-process and answers its data; throws GraphQLRequestError on any GraphQL error.
 * `db` is for tests and scripts; the process-wide store otherwise.
 */
export async function runGraphQL<T = Record<string, unknown>, V extends object = Record<string, unknown>>(
  user: SessionUser,
  document: string | TypedDocument<T, V>,
  variables?: V,
  options: { db?: Kysely<Database>; operationName?: string } = {},
): Promise<T> {
  const source = typeof document === "string" ? document : document.document;
  const outcome = await executeDocument({
    source,
    variables: (variables as Record<string, unknown> | undefined) ?? null,
    operationName: options.operationName,
    context: await createContext(user, options.db),
  });
  if (outcome.body.errors?.length) throw new GraphQLRequestError(outcome.body.errors, outcome.body.data ?? null);
  return outcome.body.data as T;
}

/** The headers the spec's clients send: the user's token when there is one, else a blank Basic value and App. */
export function graphQLHeaders(token?: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : { Authorization: "Basic ", App: PRODUCT_NAME };
}

/**
 * A graphql-request client for `url` (e.g. https://host/api/graphql/treeview). Without a token, pass the
 * browser's cookie in `options.cookie` to act for the signed-in user.
 */
export function createHttpClient(url: string, token?: string | null, options: { cookie?: string; fetch?: typeof fetch } = {}) {
  const headers = { ...graphQLHeaders(token), ...(options.cookie ? { Cookie: options.cookie } : {}) };
  return new GraphQLClient(url, { headers, fetch: options.fetch });
}
