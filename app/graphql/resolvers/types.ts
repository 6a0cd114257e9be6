/** The shape resolver modules export: type name -> field name -> resolver. */
import type { GraphQLFieldResolver } from "graphql";
import type { GraphQLContext } from "../context.server";

// Arguments are checked by the schema before a resolver runs; each resolver names the shape it receives.
export type Resolver<TArgs = any> = GraphQLFieldResolver<unknown, GraphQLContext, TArgs>;
export type ResolverMap = Record<string, Record<string, Resolver>>;
