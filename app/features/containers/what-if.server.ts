/**
 * The What-if page of a containers-tree folder (decision 025): the form read from the address, today's figures
 * of the folder, and, once a valid policy is chosen, the same figures under it with the differences.
 */
import { getStore } from "~/db/db.server";
import { requireUser } from "~/features/auth/session.server";
import { policyWhatIf, prewarmWhatIf, WhatIfRefused } from "~/analysis/what-if.server";
import { compareFigures } from "~/domain/containers/what-if";
import { PARAMETER_DEFINITIONS, PARAMETER_GROUPS } from "~/engine/policy";
import { resolvePageFolder } from "~/features/tree/page-scope.server";
import { todayFigures, whatIfPolicies } from "~/models/what-if.server";
import { readWhatIfQuestion } from "./what-if-form";

export async function loadWhatIf(request: Request) {
  const user = await requireUser(request);
  const store = await getStore();
  const params = new URL(request.url).searchParams;
  const [{ folder: scope }, policies] = await Promise.all([resolvePageFolder(store.db, user, "containers", params, { request }), whatIfPolicies(store.db)]);
  const question = readWhatIfQuestion(params, policies);
  const today = await todayFigures(store.db, scope).catch(() => null);
  let result: { figures: ReturnType<typeof compareFigures>; policyName: string; ms: number; whatIf: Awaited<ReturnType<typeof policyWhatIf>>["figures"] } | null = null;
  let refused: string | null = null;
  if (today && question.policy) {
    try {
      const run = await policyWhatIf(store, scope, question.policy);
      result = { figures: compareFigures(today, run.figures), policyName: question.policy.name, ms: run.ms, whatIf: run.figures };
    } catch (e) {
      if (!(e instanceof WhatIfRefused)) throw e;
      refused = e.message;
    }
  } else if (today) {
    // The user is choosing: have the threads ready for the what-if that follows.
    void prewarmWhatIf(store);
  }
  const groups = [...PARAMETER_GROUPS]
    .sort((a, b) => a.orderIndex - b.orderIndex)
    .map((g) => ({
      name: g.groupName,
      label: g.displayName,
      parameters: PARAMETER_DEFINITIONS.filter((d) => d.group === g.groupName).map((d) => ({
        name: d.name,
        label: d.displayName,
        unit: d.unit,
        kind: d.type.kind,
        options: d.type.kind === "choice" ? [...d.type.options] : d.type.kind === "boolean" ? ["true", "false"] : null,
        range: d.type.kind === "integer" || d.type.kind === "number" ? { min: d.type.min, max: d.type.max } : null,
        description: d.description,
      })),
    }));
  return {
    folder: { label: scope.folder.name, fullPath: scope.folder.fullPath, level: scope.folder.level },
    policies: policies.map((p) => ({ name: p.name, description: p.description })),
    question: { policy: question.base?.name ?? null, editing: question.editing, fields: question.fields, errors: question.errors },
    groups,
    today,
    result,
    refused,
  };
}

export type WhatIfPageData = Awaited<ReturnType<typeof loadWhatIf>>;
