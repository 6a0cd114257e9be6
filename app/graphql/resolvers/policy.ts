/** Container policies (service path policy): the read model counts, the engine's policies shape the answer. */
import { PARAMETER_DEFINITIONS, PARAMETER_GROUPS } from "~/engine/policy";
import { checkPolicyType, policyById, policyInstance, policyInstances } from "~/domain/containers/policy-instances";
import { EMPTY_ID } from "~/lib/constants";
import { policyClusterCounts } from "~/models/policy-instances.server";
import type { GraphQLContext } from "../context.server";
import { getStore } from "~/db/db.server";
import { validationError } from "~/lib/errors";
import { policyParameterGroups } from "~/engine/policy";
import {
  assignPolicy,
  copyPolicy,
  createPolicy,
  deletePolicy,
  listAnalysisPolicies,
  listAssignments,
  policyHistory,
  unassignPolicy,
  updatePolicy,
  type PolicyInput,
  type StoredPolicy,
} from "~/models/policies.server";
import { policyReanalysisStatus, scheduleReanalysis } from "~/analysis/policy-reanalysis.server";
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

type PolicyInputArg = { name: string; description?: string | null; valuesJson: string };

function toInput(input: PolicyInputArg): PolicyInput {
  let values: unknown;
  try {
    values = JSON.parse(input.valuesJson);
  } catch {
    throw validationError("valuesJson must be a JSON object of parameter values.");
  }
  if (!values || typeof values !== "object" || Array.isArray(values)) throw validationError("valuesJson must be a JSON object of parameter values.");
  return { name: input.name, description: input.description ?? "", values: values as Record<string, unknown> };
}

const shape = (p: StoredPolicy) => ({ ...p, valuesJson: JSON.stringify(p.values), parameterGroups: policyParameterGroups(p) });

/** A change the analysis must follow: the affected containers are analysed again in the background. */
async function reanalyse() {
  void scheduleReanalysis(await getStore());
}

export const policyResolvers: ResolverMap = {
  Mutation: {
    createPolicy: (async (_p, { input }, { db, user }) => shape(await createPolicy(db, user, toInput(input)))) as Resolver<{ input: PolicyInputArg }>,
    copyPolicy: (async (_p, { id, name }, { db, user }) => shape(await copyPolicy(db, user, id, name))) as Resolver<{ id: string; name?: string | null }>,
    updatePolicy: (async (_p, { id, input }, { db, user }) => {
      const saved = shape(await updatePolicy(db, user, id, toInput(input)));
      await reanalyse();
      return saved;
    }) as Resolver<{ id: string; input: PolicyInputArg }>,
    deletePolicy: (async (_p, { id }, { db, user }) => {
      const gone = await deletePolicy(db, user, id);
      await reanalyse();
      return { status: "OK", message: `Policy "${gone.name}" deleted.` };
    }) as Resolver<{ id: string }>,
    assignPolicy: (async (_p, args, { db, user }) => {
      const made = await assignPolicy(db, user, args);
      await reanalyse();
      return made;
    }) as Resolver<{ policyId: string; viewId: string; path: string[] }>,
    unassignPolicy: (async (_p, args, { db, user }) => {
      const removed = await unassignPolicy(db, user, args);
      if (removed) await reanalyse();
      return { status: "OK", message: removed ? "Assignment removed." : "The folder had no assignment." };
    }) as Resolver<{ viewId: string; path: string[] }>,
  },
  Query: {
    policies: (async (_p, _a, { db }) => (await listAnalysisPolicies(db)).map(shape)) as Resolver<Record<string, never>>,
    policyAssignments: (async (_p, _a, { db }) => listAssignments(db)) as Resolver<Record<string, never>>,
    policyHistory: (async (_p, { limit }, { db }) => policyHistory(db, limit ?? 100)) as Resolver<{ limit?: number | null }>,
    policyReanalysisStatus: (async () => policyReanalysisStatus(await getStore())) as Resolver<Record<string, never>>,
    policyInstances: (async (_p, args, context) => {
      checkPolicyType(args.policyTypeProvider);
      return policyInstances(await policyClusterCounts(context.db, await scopeOf(context, args), args.entityId), await listAnalysisPolicies(context.db));
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
      const policy = policyById(args.policyInstanceId, await listAnalysisPolicies(context.db));
      return policy ? policyInstance(policy, await policyClusterCounts(context.db, await scopeOf(context, {}))) : null;
    }) as Resolver<Provider & { policyInstanceId: string }>,
  },
};
