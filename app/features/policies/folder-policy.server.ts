/**
 * The Policies tab's panel for the selected folder: which policy the folder is given and why (assigned here,
 * inherited from a folder above, or none: the containers' labels), the assignments below it, how many containers
 * of the folder the current snapshot analysed under each policy, and (administrators) the assign form's data.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import type { SessionUser } from "~/lib/auth-types";
import { csrfToken } from "~/features/auth/session.server";
import { folderPolicy, listPolicies } from "~/models/policies.server";
import { policyClusterCounts } from "~/models/policy-instances.server";
import type { FolderScope } from "~/models/tree-scope.server";

export async function folderPolicyPanel(db: Kysely<Database>, user: SessionUser, scope: FolderScope, request: Request) {
  const viewId = scope.tree.view.viewId;
  const path = scope.names;
  const [policies, { reason, below }, counts, csrf] = await Promise.all([
    listPolicies(db),
    folderPolicy(db, viewId, path),
    policyClusterCounts(db, scope).catch(() => []),
    user.isAdmin ? csrfToken(request) : Promise.resolve(""),
  ]);
  const perPolicy = new Map<string, number>();
  for (const c of counts) perPolicy.set(c.policyName, (perPolicy.get(c.policyName) ?? 0) + c.count);
  const url = new URL(request.url);
  return {
    policies,
    folder: {
      admin: user.isAdmin,
      csrf,
      viewId,
      path,
      returnTo: url.pathname + url.search,
      reason:
        reason.kind === "labels"
          ? { kind: "labels" as const }
          : { kind: reason.kind, policyId: reason.policy.id, policyName: reason.policy.name, from: reason.assignment.path, by: reason.assignment.createdBy, at: reason.assignment.createdAt },
      below: below.map((a) => ({ policyName: a.policyName, path: a.path })),
      analysed: [...perPolicy].map(([name, count]) => ({ name, count })).sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
      choices: policies.map((p) => ({ id: p.id, name: p.name })),
    },
  };
}

export type FolderPolicyPanel = Awaited<ReturnType<typeof folderPolicyPanel>>["folder"];
