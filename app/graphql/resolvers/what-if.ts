/**
 * Query.getPolicyWhatIf (issue 15, must-show 3): the folder's figures today and under a policy or an edited copy.
 * Priced in limits.server.ts (one per document), bounded by the what-if's own folder size, time and concurrency
 * limits (app/analysis/what-if.server.ts) and the request's time limit.
 */
import { policyWhatIf } from "~/analysis/what-if.server";
import { getStore } from "~/db/db.server";
import { compareFigures, editedName, type WhatIfFigures } from "~/domain/containers/what-if";
import { validatePolicyValues, type Policy, type PolicyValues } from "~/engine/policy";
import { validationError } from "~/lib/errors";
import { todayFigures, whatIfPolicies } from "~/models/what-if.server";
import { graphQLLimits } from "../limits.server";
import type { Resolver, ResolverMap } from "./types";

interface WhatIfArgs {
  viewId: string;
  filterId: string;
  treeviewPath: string;
  policyName: string;
  values?: { id: string; value: string }[] | null;
}

const figuresOut = (f: WhatIfFigures) => ({ containers: f.containers, analysed: f.analysed, waterfall: f.waterfall, monthlyWaste: f.monthlyWaste, netSavings: f.netSavings, ...f.risks });

/** The policy asked for, or its edited copy; every bad value named in one validation error. */
function chosenPolicy(policies: readonly Policy[], args: WhatIfArgs): Policy {
  const base = policies.find((p) => p.name.toLowerCase() === args.policyName.trim().toLowerCase());
  if (!base) throw validationError(`There is no policy named "${args.policyName.slice(0, 100)}".`);
  if (!args.values || args.values.length === 0) return base;
  const values: Record<string, unknown> = { ...base.values };
  const problems: string[] = [];
  for (const { id, value } of args.values) {
    try {
      values[id] = JSON.parse(value) as unknown;
    } catch {
      problems.push(`The value of ${id.slice(0, 60)} is not JSON (a number, true, false, "text" or [1, 2]).`);
    }
  }
  const checked = validatePolicyValues(values);
  if (!checked.ok) problems.push(...checked.errors.map((e) => e.message));
  if (problems.length) throw validationError(problems.join(" "));
  return { id: `${base.id}-edited`, name: editedName(base.name), description: `An unsaved copy of ${base.name}.`, values: (checked as { values: PolicyValues }).values };
}

export const whatIfResolvers: ResolverMap = {
  Query: {
    getPolicyWhatIf: (async (_p, args, context) => {
      const [scope, policies] = await Promise.all([context.folder(args), whatIfPolicies(context.db)]);
      const policy = chosenPolicy(policies, args);
      const today = await todayFigures(context.db, scope);
      const run = await policyWhatIf(await getStore(), scope, policy, { timeLimitMs: graphQLLimits().timeLimitMs });
      return {
        policyName: policy.name,
        today: figuresOut(today),
        whatIf: figuresOut(run.figures),
        lines: compareFigures(today, run.figures),
        windowEnd: run.windowEnd,
        ms: run.ms,
      };
    }) as Resolver<WhatIfArgs>,
  },
};
