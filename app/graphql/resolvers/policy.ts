/** Container policies (service path policy): the read model counts, the engine's policies shape the answer. */
import { PARAMETER_DEFINITIONS, PARAMETER_GROUPS } from "~/engine/policy";
import { checkPolicyType, policyById, policyInstance, policyInstances } from "~/domain/containers/policy-instances";
import { EMPTY_ID } from "~/lib/constants";
import { policyClusterCounts } from "~/models/policy-instances.server";
import type { GraphQLContext } from "../context.server";
import type { Resolver, ResolverMap } from "./types";

type Provider = { policyTypeProvider: string };

interface PolicyScopeArgs {
  /** Absent or the all-zero id: the caller's default View / Filter. */
  viewId?: string | null;
  filterId?: string | null;
  treeviewPath?: string | null;
  /** One container: only its own policy counts. */
  entityId?: string | null;
}

/** The folder a policy call names (the default View and Filter's root when it names none), resolved once per request. */
const scopeOf = (context: GraphQLContext, args: PolicyScopeArgs) =>
  context.folder({ viewId: args.viewId || EMPTY_ID, filterId: args.filterId || EMPTY_ID, treeviewPath: args.treeviewPath ?? "" });

export const policyResolvers: ResolverMap = {
  Query: {
    policyInstances: (async (_p, args, context) => {
      checkPolicyType(args.policyTypeProvider);
      return policyInstances(await policyClusterCounts(context.db, await scopeOf(context, args), args.entityId));
    }) as Resolver<Provider & PolicyScopeArgs>,
    parameterGroupDefinitions: ((_p, args) => {
      checkPolicyType(args.policyTypeProvider);
      return {
        groups: [...PARAMETER_GROUPS].sort((a, b) => a.orderIndex - b.orderIndex),
        parameters: PARAMETER_DEFINITIONS.map((d) => ({ ...d, defaultValue: JSON.stringify(d.defaultValue), groupName: d.group })),
      };
    }) as Resolver<Provider>,
    policyInstanceOverview: (async (_p, args, context) => {
      checkPolicyType(args.policyTypeProvider);
      const policy = policyById(args.policyInstanceId);
      return policy ? policyInstance(policy, await policyClusterCounts(context.db, await scopeOf(context, {}))) : null;
    }) as Resolver<Provider & { policyInstanceId: string }>,
  },
};
