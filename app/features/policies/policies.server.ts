/**
 * The Policies screen (/kubex/policies; issue 15 must-show 2): every stored policy with its settings, the
 * assignments, the history of changes and the latest re-analysis; administrators create, copy, edit and delete
 * policies in a dialog addressed by URL (?edit=<id>, ?new=1, ?delete=<id>; decision 002) and assign or unassign
 * them from the containers tree's Policies tab, which posts here. Plain forms, one intent each; an ordinary user
 * sees everything read-only and a post of theirs is refused (403) with the reason.
 */
import { json, redirect } from "@remix-run/node";
import { z } from "zod";
import { getStore } from "~/db/db.server";
import { csrfToken, FORGED_POST_MESSAGE, requireUser, verifyCsrf } from "~/features/auth/session.server";
import { safeRedirect } from "~/features/auth/login.server";
import { readFormPost } from "~/lib/form-post.server";
import { isFieldsError, isModelError } from "~/lib/errors";
import { PARAMETER_DEFINITIONS, PARAMETER_GROUPS, policyParameterGroups, type ParameterDefinition } from "~/engine/policy";
import {
  ADMIN_ONLY_MESSAGE,
  assignPolicy,
  copyPolicy,
  createPolicy,
  deletePolicy,
  listAssignments,
  listPolicies,
  policyHistory,
  unassignPolicy,
  updatePolicy,
  viewNames,
  type StoredPolicy,
} from "~/models/policies.server";
import { loadTreeViewUnchecked } from "~/models/views.server";
import { policyReanalysisStatus, scheduleReanalysis } from "~/analysis/policy-reanalysis.server";
import { POLICIES_ROUTE, POLICY_TEXT } from "~/domain/policies/text";

/** The form's text for a value: numbers as typed, hours as "0, 1, 2", booleans "true"/"false". */
export function fieldText(def: Pick<ParameterDefinition, "type">, value: unknown): string {
  if (def.type.kind === "hours") return Array.isArray(value) ? value.join(", ") : "";
  return value === undefined || value === null ? "" : String(value);
}

/** A posted form's parameter values, each parsed by its type; text that does not parse goes on as text (the validator names it). */
export function valuesFromForm(form: FormData): { values: Record<string, unknown>; draft: Record<string, string> } {
  const values: Record<string, unknown> = {};
  const draft: Record<string, string> = {};
  for (const def of PARAMETER_DEFINITIONS) {
    const raw = form.get(def.name);
    const text = typeof raw === "string" ? raw.trim() : "";
    draft[def.name] = text;
    switch (def.type.kind) {
      case "boolean":
        values[def.name] = text === "true" ? true : text === "false" ? false : text;
        break;
      case "choice":
        values[def.name] = text;
        break;
      case "hours":
        values[def.name] = text === "" ? [] : text.split(/[\s,]+/).filter(Boolean).map((h) => (/^-?\d+(\.\d+)?$/.test(h) ? Number(h) : h));
        break;
      default:
        values[def.name] = text === "" ? null : /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    }
  }
  return { values, draft };
}

function shapePolicy(p: StoredPolicy) {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    isSystem: p.isSystem,
    updatedAt: p.updatedAt,
    updatedBy: p.updatedBy,
    groups: policyParameterGroups(p),
    fields: Object.fromEntries(PARAMETER_DEFINITIONS.map((d) => [d.name, fieldText(d, (p.values as unknown as Record<string, unknown>)[d.name])])),
  };
}

export async function loadPolicies(request: Request) {
  const user = await requireUser(request);
  const store = await getStore();
  const params = new URL(request.url).searchParams;
  const [policies, assignments, history, status] = await Promise.all([listPolicies(store.db), listAssignments(store.db), policyHistory(store.db, 50), policyReanalysisStatus(store)]);
  const names = await viewNames(store.db, assignments.map((a) => a.viewId));
  const admin = user.isAdmin;
  const wanted = (key: string) => (admin ? params.get(key) : null);
  const editId = wanted("edit");
  const deleteId = wanted("delete");
  return {
    admin,
    csrf: admin ? await csrfToken(request) : "",
    policies: policies.map(shapePolicy),
    assignments: assignments.map((a) => ({ ...a, viewName: names.get(a.viewId) ?? POLICY_TEXT.deletedView })),
    history,
    status,
    notice: params.get("notice"),
    editor: wanted("new") ? { mode: "new" as const, id: null } : editId && policies.some((p) => p.id === editId) ? { mode: "edit" as const, id: editId } : null,
    confirmDelete: deleteId && policies.some((p) => p.id === deleteId && !p.isSystem) ? deleteId : null,
    groups: [...PARAMETER_GROUPS].sort((a, b) => a.orderIndex - b.orderIndex),
    definitions: PARAMETER_DEFINITIONS,
  };
}

const Intent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }).passthrough(),
  z.object({ intent: z.literal("edit"), id: z.string().min(1) }).passthrough(),
  z.object({ intent: z.literal("copy"), id: z.string().min(1) }),
  z.object({ intent: z.literal("delete"), id: z.string().min(1) }),
  z.object({ intent: z.literal("assign"), policyId: z.string().min(1), viewId: z.string().min(1), path: z.string(), returnTo: z.string().optional() }),
  z.object({ intent: z.literal("unassign"), viewId: z.string().min(1), path: z.string(), returnTo: z.string().optional() }),
]);

export type PolicyActionResult = {
  error: string;
  fieldErrors?: Record<string, string[]>;
  draft?: Record<string, string>;
  intent?: string;
};

/** A folder path as posted: a JSON array of folder names. */
function parsePath(text: string): string[] | null {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) && v.every((x) => typeof x === "string") ? (v as string[]) : null;
  } catch {
    return null;
  }
}

const fail = (status: number, body: PolicyActionResult) => json(body, { status });

/** The action: one intent per post; a refused post answers its reason (403 not allowed, 400 malformed, 200 with field messages), a done one redirects. */
export async function actPolicies(request: Request) {
  const user = await requireUser(request);
  const form = await readFormPost(request);
  if (!(await verifyCsrf(request, form))) return fail(403, { error: FORGED_POST_MESSAGE });
  if (!user.isAdmin) return fail(403, { error: ADMIN_ONLY_MESSAGE });
  const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const parsed = Intent.safeParse(fields);
  if (!parsed.success) return fail(400, { error: parsed.error.issues[0]?.message ?? "Invalid request." });
  const store = await getStore();
  const db = store.db;
  const input = parsed.data;
  const { values, draft } = valuesFromForm(form);
  draft.name = fields.name ?? "";
  draft.description = fields.description ?? "";
  const back = (notice: string) => redirect(`${POLICIES_ROUTE}?notice=${encodeURIComponent(notice)}`);
  try {
    switch (input.intent) {
      case "create": {
        const p = await createPolicy(db, user, { name: fields.name ?? "", description: fields.description ?? "", values });
        return back(`Policy "${p.name}" created.`);
      }
      case "edit": {
        const p = await updatePolicy(db, user, input.id, { name: fields.name ?? "", description: fields.description ?? "", values });
        void scheduleReanalysis(store);
        return back(`Policy "${p.name}" saved; its containers are being analysed again.`);
      }
      case "copy": {
        const p = await copyPolicy(db, user, input.id);
        return redirect(`${POLICIES_ROUTE}?edit=${encodeURIComponent(p.id)}`);
      }
      case "delete": {
        const p = await deletePolicy(db, user, input.id);
        void scheduleReanalysis(store);
        return back(`Policy "${p.name}" deleted.`);
      }
      case "assign":
      case "unassign": {
        const path = parsePath(input.path);
        if (!path) return fail(400, { error: "The folder path must be a JSON list of folder names." });
        if (input.intent === "assign") await assignPolicy(db, user, { policyId: input.policyId, viewId: input.viewId, path });
        else await unassignPolicy(db, user, { viewId: input.viewId, path });
        void scheduleReanalysis(store);
        return redirect(safeRedirect(input.returnTo, POLICIES_ROUTE));
      }
    }
  } catch (error) {
    if (isFieldsError(error)) {
      const fieldErrors: Record<string, string[]> = {};
      for (const f of error.fields) (fieldErrors[f.field] ??= []).push(f.message);
      // 200: the page shows the form again with each message beside its field (as the other forms here do; a
      // 4xx page load is logged by the browser as a failed resource).
      return fail(200, { error: POLICY_TEXT.fixFields, fieldErrors, draft, intent: input.intent });
    }
    if (isModelError(error)) return fail(error.kind === "forbidden" ? 403 : error.kind === "notFound" ? 404 : 400, { error: error.text, intent: input.intent });
    throw error;
  }
}

/** A View's levels and the folder names that exist, for the tests and the assign form (never a guessed View). */
export async function viewExists(viewId: string): Promise<boolean> {
  return (await loadTreeViewUnchecked((await getStore()).db, viewId)) !== undefined;
}
