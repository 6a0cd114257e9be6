/**
 * The one schema behind every /api/graphql/<service> path: SDL modules (kept as strings in .ts files, because the
 * Remix server bundle cannot read files next to its sources) built with graphql-js, then each resolver attached to
 * its field. The printed schema is committed as app/graphql/schema.graphql; a unit test fails when it drifts.
 */
import { buildSchema, isObjectType, type GraphQLSchema } from "graphql";
import { baseTypeDefs } from "./schema/base.graphql";
import { userTypeDefs } from "./schema/user.graphql";
import { featureSetTypeDefs } from "./schema/feature-set.graphql";
import { treeviewTypeDefs } from "./schema/treeview.graphql";
import { nodeTypeDefs } from "./schema/node.graphql";
import { dataChecksTypeDefs } from "./schema/data-checks.graphql";
import { containersTypeDefs } from "./schema/containers.graphql";
import { gridViewTypeDefs } from "./schema/grid-view.graphql";
import { metricsTypeDefs } from "./schema/metrics.graphql";
import { policyTypeDefs } from "./schema/policy.graphql";
import { cloudTypeDefs } from "./schema/cloud.graphql";
import { cloudConnectionsTypeDefs } from "./schema/cloud-connections.graphql";
import { connectionsTypeDefs } from "./schema/connections.graphql";
import { userResolvers } from "./resolvers/user";
import { featureSetResolvers } from "./resolvers/feature-set";
import { treeviewResolvers } from "./resolvers/treeview";
import { nodeResolvers } from "./resolvers/node";
import { dataChecksResolvers } from "./resolvers/data-checks";
import { containersResolvers } from "./resolvers/containers";
import { whyResolvers } from "./resolvers/why";
import { whatIfResolvers } from "./resolvers/what-if";
import { whatIfTypeDefs } from "./schema/what-if.graphql";
import { gridViewResolvers } from "./resolvers/grid-view";
import { metricsResolvers } from "./resolvers/metrics";
import { policyResolvers } from "./resolvers/policy";
import { cloudResolvers } from "./resolvers/cloud";
import { cloudConnectionsResolvers } from "./resolvers/cloud-connections";
import { connectionsResolvers } from "./resolvers/connections";
import type { ResolverMap } from "./resolvers/types";

export const typeDefs = [baseTypeDefs, userTypeDefs, featureSetTypeDefs, treeviewTypeDefs, nodeTypeDefs, dataChecksTypeDefs, containersTypeDefs, policyTypeDefs, metricsTypeDefs, gridViewTypeDefs, cloudTypeDefs, cloudConnectionsTypeDefs, connectionsTypeDefs, whatIfTypeDefs].join("\n");

const resolverMaps: ResolverMap[] = [userResolvers, featureSetResolvers, treeviewResolvers, nodeResolvers, dataChecksResolvers, containersResolvers, whyResolvers, policyResolvers, metricsResolvers, gridViewResolvers, cloudResolvers, cloudConnectionsResolvers, connectionsResolvers, whatIfResolvers];

/** Attaches resolvers; a resolver for a field the SDL lacks, or a root field without one, is a startup error. */
function attachResolvers(schema: GraphQLSchema, maps: ResolverMap[]) {
  for (const map of maps) {
    for (const [typeName, fields] of Object.entries(map)) {
      const type = schema.getType(typeName);
      if (!isObjectType(type)) throw new Error(`Resolvers given for unknown type ${typeName}`);
      const defs = type.getFields();
      for (const [fieldName, resolve] of Object.entries(fields)) {
        if (!defs[fieldName]) throw new Error(`Resolver given for unknown field ${typeName}.${fieldName}`);
        defs[fieldName].resolve = resolve;
      }
    }
  }
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    for (const field of Object.values(root?.getFields() ?? {})) {
      if (!field.resolve) throw new Error(`No resolver for ${root!.name}.${field.name}`);
    }
  }
}

export function createSchema(): GraphQLSchema {
  const schema = buildSchema(typeDefs);
  attachResolvers(schema, resolverMaps);
  return schema;
}

let cached: GraphQLSchema | undefined;

export function getSchema(): GraphQLSchema {
  return (cached ??= createSchema());
}
