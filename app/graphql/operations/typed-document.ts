/** A GraphQL document string that carries its result and variables types, for runGraphQL and tests. */
export interface TypedDocument<TResult, TVariables extends object = Record<string, never>> {
  readonly document: string;
  readonly operationName: string;
  /** Type-only: never set. */
  readonly __types?: { result: TResult; variables: TVariables };
}

export function typed<TResult, TVariables extends object = Record<string, never>>(document: string): TypedDocument<TResult, TVariables> {
  const name = /\b(?:query|mutation)\s+([_A-Za-z][_0-9A-Za-z]*)/.exec(document)?.[1];
  if (!name) throw new Error("A typed document needs a named operation");
  return { document, operationName: name };
}

export type ResultOf<D> = D extends TypedDocument<infer R, infer _V> ? R : never;
export type VariablesOf<D> = D extends TypedDocument<infer _R, infer V> ? V : never;
