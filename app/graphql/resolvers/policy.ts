/** Container policies (service path policy): the read model counts, the engine's policies shape the answer. */
import { PARAMETER_DEFINITIONS, PARAMETER_GROUPS } from "~/engine/policy";
import { checkPolicyType, policyById, policyInstance, policyInstances } from "~/domain/containers/policy-instances";
import { policyClusterCounts, type PolicyScopeArgs } from "~/models/policy-instances.server";
import type { Resolver, ResolverMap } from "./types";

type Provider = { policyTypeProvider: string };

export const policyResolvers: ResolverMap = {
  Query: {
    policyInstances: (async (_p, args, { db, user }) => {
      checkPolicyType(args.policyTypeProvider);
      return policyInstances(await policyClusterCounts(db, user, args));
    }) as Resolver<Provider & PolicyScopeArgs>,
    parameterGroupDefinitions: ((_p, args) => {
      checkPolicyType(args.policyTypeProvider);
      return {
        groups: [...PARAMETER_GROUPS].sort((a, b) => a.orderIndex - b.orderIndex),
        parameters: PARAMETER_DEFINITIONS.map((d) => ({ ...d, defaultValue: JSON.stringify(d.defaultValue), groupName: d.group })),
      };
    }) as Resolver<Provider>,
    policyInstanceOverview: (async (_p, args, { db, user }) => {
      checkPolicyType(args.policyTypeProvider);
      const policy = policyById(args.policyInstanceId);
      return policy ? policyInstance(policy, await policyClusterCounts(db, user, {})) : null;
    }) as Resolver<Provider & { policyInstanceId: string }>,
  },
};
