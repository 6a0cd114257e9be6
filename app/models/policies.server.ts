/**
 * Stored container policies (issue 15 must-show 2, migration 016, decision 024): the four shipped policies are
 * seeded, administrators create, copy, edit and delete them and assign them to folders of a View; every change is
 * written to the policy history in the same transaction. Which policy a container follows:
 *   1. the assignment on the deepest folder (of any View) that holds the container (the latest made wins a tie),
 *      a View's whole-tree assignment (path []) being the least deep;
 *   2. else the policy its own label names (the source's `policy` field, by name, case ignored);
 *   3. else the System Default Policy.
 * Only administrators write; everyone signed in reads.
 */
import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database, PolicyTable } from "~/db/schema";
import { validatePolicyValues, type Policy, type PolicyValues, PARAMETER_BY_NAME, formatParameterValue } from "~/engine/policy";
import type { SessionUser } from "~/lib/auth-types";
import { FieldsError, forbiddenError, notFoundError, validationError } from "~/lib/errors";
import { folderCondition } from "./container-tree.server";
import { loadTreeViewUnchecked } from "./views.server";

type Db = Kysely<Database>;

export const SYSTEM_POLICY_ID = "system-default";
export const MAX_POLICY_NAME = 100;
export const MAX_POLICY_DESCRIPTION = 500;
export const ADMIN_ONLY_MESSAGE = "Only administrators can change policies; you can see them read-only.";

export interface StoredPolicy extends Policy {
  isSystem: boolean;
  updatedAt: string;
  updatedBy: string;
}

export interface PolicyAssignment {
  id: string;
  policyId: string;
  policyName: string;
  viewId: string;
  /** Folder names below the View's root; [] = the whole View. */
  path: string[];
  createdAt: string;
  createdBy: string;
}

export type PolicyHistoryAction = "create" | "copy" | "edit" | "delete" | "assign" | "unassign";

export interface PolicyHistoryEntry {
  id: string;
  at: string;
  userName: string;
  action: PolicyHistoryAction;
  policyId: string | null;
  policyName: string;
  /** What changed, in words: "CPU Percentile: 95th percentile → 99th percentile", "folder prod-eu-1 / payments". */
  changes: string[];
}

export interface PolicyInput {
  name: string;
  description: string;
  /** Parameter values; missing ones take their defaults (validatePolicyValues). */
  values: Readonly<Record<string, unknown>>;
}

function toPolicy(row: PolicyTable): StoredPolicy {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    values: JSON.parse(row.values_json) as PolicyValues,
    isSystem: Number(row.is_system) === 1,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
  };
}

const nameKey = (name: string) => name.trim().toLowerCase();

/** Every stored policy, System Default first, then by name. */
export async function listPolicies(db: Db): Promise<StoredPolicy[]> {
  const rows = await db.selectFrom("policy").selectAll().execute();
  return rows.map(toPolicy).sort((a, b) => Number(b.isSystem) - Number(a.isSystem) || a.name.localeCompare(b.name));
}

export async function getPolicy(db: Db, id: string): Promise<StoredPolicy | undefined> {
  const row = await db.selectFrom("policy").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toPolicy(row) : undefined;
}

async function requirePolicy(db: Db, id: string): Promise<StoredPolicy> {
  const p = await getPolicy(db, id);
  if (!p) throw notFoundError(`Policy '${id}' was not found.`);
  return p;
}

function requireAdmin(user: SessionUser | null | undefined) {
  if (!user?.isAdmin) throw forbiddenError(ADMIN_ONLY_MESSAGE);
}

/** Name, description and values checked: every problem at once, each naming its field. */
async function checkInput(db: Db, input: PolicyInput, exceptId?: string): Promise<{ name: string; description: string; values: PolicyValues }> {
  const fields: { field: string; message: string }[] = [];
  const name = (input.name ?? "").trim();
  const description = (input.description ?? "").trim();
  if (!name) fields.push({ field: "name", message: "Name is required." });
  else if (name.length > MAX_POLICY_NAME) fields.push({ field: "name", message: `Name is longer than ${MAX_POLICY_NAME} characters.` });
  else {
    const clash = await db.selectFrom("policy").select("id").where("name_key", "=", nameKey(name)).executeTakeFirst();
    if (clash && clash.id !== exceptId) fields.push({ field: "name", message: `A policy named "${name}" already exists; policy names are unique.` });
  }
  if (description.length > MAX_POLICY_DESCRIPTION) fields.push({ field: "description", message: `Description is longer than ${MAX_POLICY_DESCRIPTION} characters.` });
  const checked = validatePolicyValues(input.values);
  if (!checked.ok) for (const e of checked.errors) fields.push({ field: e.parameter, message: e.message });
  if (fields.length || !checked.ok) throw new FieldsError(fields);
  return { name, description, values: checked.values };
}

/**
 * Now, or a millisecond after the latest stamp the table holds: two changes in one millisecond (an unassign and the
 * assign that replaced it, two quick assignments) must keep the order they were made in, for the history's "latest
 * first" and for "the latest assignment wins a tie". Read inside the writing transaction.
 */
async function stampAfterLatest(db: Db, table: "policy_history" | "policy_assignment"): Promise<string> {
  const column = table === "policy_history" ? "at" : "created_at";
  const row = await db.selectFrom(table).select(sql<string | null>`max(${sql.ref(column)})`.as("latest")).executeTakeFirst();
  const now = Date.now();
  const latest = row?.latest ? Date.parse(row.latest) : Number.NaN;
  return new Date(Number.isFinite(latest) && latest >= now ? latest + 1 : now).toISOString();
}

async function record(db: Db, user: SessionUser, action: PolicyHistoryAction, policy: { id: string | null; name: string }, changes: string[]) {
  await db
    .insertInto("policy_history")
    .values({
      id: crypto.randomUUID(),
      at: await stampAfterLatest(db, "policy_history"),
      user_name: user.userName,
      action,
      policy_id: policy.id,
      policy_name: policy.name,
      detail_json: JSON.stringify(changes),
    })
    .execute();
}

/** The parameters that differ, as "Display Name: old → new". */
export function valueChanges(before: PolicyValues, after: PolicyValues): string[] {
  const out: string[] = [];
  for (const [name, def] of PARAMETER_BY_NAME) {
    const a = (before as unknown as Record<string, unknown>)[name];
    const b = (after as unknown as Record<string, unknown>)[name];
    if (JSON.stringify(a) !== JSON.stringify(b)) out.push(`${def.displayName}: ${formatParameterValue(def, a)} → ${formatParameterValue(def, b)}`);
  }
  return out;
}

export async function createPolicy(db: Db, user: SessionUser, input: PolicyInput): Promise<StoredPolicy> {
  requireAdmin(user);
  const ok = await checkInput(db, input);
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("policy")
      .values({ id, name: ok.name, name_key: nameKey(ok.name), description: ok.description, values_json: JSON.stringify(ok.values), is_system: 0, created_at: now, updated_at: now, updated_by: user.userName })
      .execute();
    await record(trx, user, "create", { id, name: ok.name }, []);
  });
  return requirePolicy(db, id);
}

/** A copy of a policy under a new name (default "Copy of <name>", numbered until unique). */
export async function copyPolicy(db: Db, user: SessionUser, id: string, name?: string | null): Promise<StoredPolicy> {
  requireAdmin(user);
  const source = await requirePolicy(db, id);
  let wanted = (name ?? "").trim();
  if (!wanted) {
    const taken = new Set((await db.selectFrom("policy").select("name_key").execute()).map((r) => r.name_key));
    wanted = `Copy of ${source.name}`.slice(0, MAX_POLICY_NAME);
    for (let n = 2; taken.has(nameKey(wanted)); n++) wanted = `Copy ${n} of ${source.name}`.slice(0, MAX_POLICY_NAME);
  }
  const ok = await checkInput(db, { name: wanted, description: source.description, values: source.values as unknown as Record<string, unknown> });
  const newId = crypto.randomUUID();
  const now = new Date().toISOString();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("policy")
      .values({ id: newId, name: ok.name, name_key: nameKey(ok.name), description: ok.description, values_json: JSON.stringify(ok.values), is_system: 0, created_at: now, updated_at: now, updated_by: user.userName })
      .execute();
    await record(trx, user, "copy", { id: newId, name: ok.name }, [`Copied from ${source.name}`]);
  });
  return requirePolicy(db, newId);
}

/** Saves a policy's name, description and values (the System Default Policy keeps its name). */
export async function updatePolicy(db: Db, user: SessionUser, id: string, input: PolicyInput): Promise<StoredPolicy> {
  requireAdmin(user);
  const before = await requirePolicy(db, id);
  if (before.isSystem && input.name.trim() !== before.name) {
    throw new FieldsError([{ field: "name", message: `The ${before.name} cannot be renamed.` }]);
  }
  const ok = await checkInput(db, input, id);
  const changes = valueChanges(before.values, ok.values);
  if (ok.name !== before.name) changes.unshift(`Name: ${before.name} → ${ok.name}`);
  if (ok.description !== before.description) changes.push("Description changed");
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable("policy")
      .set({ name: ok.name, name_key: nameKey(ok.name), description: ok.description, values_json: JSON.stringify(ok.values), updated_at: new Date().toISOString(), updated_by: user.userName })
      .where("id", "=", id)
      .execute();
    if (changes.length) await record(trx, user, "edit", { id, name: ok.name }, changes);
  });
  return requirePolicy(db, id);
}

/** Deletes a policy and its assignments (each recorded); the System Default Policy cannot be deleted. */
export async function deletePolicy(db: Db, user: SessionUser, id: string): Promise<StoredPolicy> {
  requireAdmin(user);
  const policy = await requirePolicy(db, id);
  if (policy.isSystem) throw validationError(`The ${policy.name} cannot be deleted: containers without any other policy follow it.`);
  const assignments = (await listAssignments(db)).filter((a) => a.policyId === id);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("policy_assignment").where("policy_id", "=", id).execute();
    await trx.deleteFrom("policy").where("id", "=", id).execute();
    const dropped = assignments.map((a) => `Its assignment to ${folderLabel(a.path)} was removed`);
    await record(trx, user, "delete", { id, name: policy.name }, dropped);
  });
  return policy;
}

/** "the whole View" or "folder a / b". */
export function folderLabel(path: readonly string[]): string {
  return path.length === 0 ? "the whole View" : `folder ${path.join(" / ")}`;
}

function toAssignment(row: { id: string; policy_id: string; view_id: string; path_json: string; created_at: string; created_by: string; name: string }): PolicyAssignment {
  return {
    id: row.id,
    policyId: row.policy_id,
    policyName: row.name,
    viewId: row.view_id,
    path: JSON.parse(row.path_json) as string[],
    createdAt: row.created_at,
    createdBy: row.created_by,
  };
}

export async function listAssignments(db: Db): Promise<PolicyAssignment[]> {
  const rows = await db
    .selectFrom("policy_assignment as a")
    .innerJoin("policy as p", "p.id", "a.policy_id")
    .select(["a.id", "a.policy_id", "a.view_id", "a.path_json", "a.created_at", "a.created_by", "p.name"])
    .orderBy("a.created_at")
    .orderBy("a.id")
    .execute();
  return rows.map(toAssignment);
}

function checkPath(path: unknown): string[] {
  if (!Array.isArray(path) || path.some((p) => typeof p !== "string" || p.length > 500) || path.length > 20) throw validationError("The folder path must be a list of folder names.");
  return path as string[];
}

/** Assigns a policy to a folder of a View (replacing the folder's previous assignment). */
export async function assignPolicy(db: Db, user: SessionUser, input: { policyId: string; viewId: string; path: readonly string[] }): Promise<PolicyAssignment> {
  requireAdmin(user);
  const policy = await requirePolicy(db, input.policyId);
  const path = checkPath(input.path);
  const view = await loadTreeViewUnchecked(db, input.viewId);
  if (!view) throw notFoundError(`View '${input.viewId}' was not found.`);
  if (path.length > view.levels.length) throw validationError(`The View has ${view.levels.length} levels; the folder path names ${path.length}.`);
  const pathJson = JSON.stringify(path);
  const existing = (await listAssignments(db)).find((a) => a.viewId === view.viewId && JSON.stringify(a.path) === pathJson);
  if (existing?.policyId === policy.id) return existing;
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    if (existing) await trx.deleteFrom("policy_assignment").where("id", "=", existing.id).execute();
    await trx.insertInto("policy_assignment").values({ id, policy_id: policy.id, view_id: view.viewId, path_json: pathJson, created_at: await stampAfterLatest(trx, "policy_assignment"), created_by: user.userName }).execute();
    if (existing) await record(trx, user, "unassign", { id: existing.policyId, name: existing.policyName }, [`Removed from ${folderLabel(path)} (replaced by ${policy.name})`]);
    await record(trx, user, "assign", { id: policy.id, name: policy.name }, [`Assigned to ${folderLabel(path)}`]);
  });
  return (await listAssignments(db)).find((a) => a.id === id)!;
}

/** Removes the assignment of a folder of a View; false when it had none. */
export async function unassignPolicy(db: Db, user: SessionUser, input: { viewId: string; path: readonly string[] }): Promise<boolean> {
  requireAdmin(user);
  const path = checkPath(input.path);
  const pathJson = JSON.stringify(path);
  const existing = (await listAssignments(db)).find((a) => a.viewId === input.viewId && JSON.stringify(a.path) === pathJson);
  if (!existing) return false;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("policy_assignment").where("id", "=", existing.id).execute();
    await record(trx, user, "unassign", { id: existing.policyId, name: existing.policyName }, [`Removed from ${folderLabel(path)}`]);
  });
  return true;
}

/** The latest changes first (at most `limit`). */
export async function policyHistory(db: Db, limit = 100): Promise<PolicyHistoryEntry[]> {
  const rows = await db.selectFrom("policy_history").selectAll().orderBy("at", "desc").orderBy("id", "desc").limit(Math.max(1, Math.min(1000, limit))).execute();
  return rows.map((r) => ({
    id: r.id,
    at: r.at,
    userName: r.user_name,
    action: r.action as PolicyHistoryAction,
    policyId: r.policy_id,
    policyName: r.policy_name,
    changes: JSON.parse(r.detail_json) as string[],
  }));
}

/**
 * The policies the analysis would use, with their values: every stored policy (the what-if and the analysis
 * read this one function; decision 024).
 */
export async function listAnalysisPolicies(db: Db): Promise<StoredPolicy[]> {
  return listPolicies(db);
}

export interface ContainerPolicyResolution {
  policies: StoredPolicy[];
  /** The policy each container follows, by container id. */
  byContainer: Map<string, StoredPolicy>;
}

/** Which policy each container follows (the order in the module comment). */
export async function resolveContainerPolicies(db: Db, containers: readonly { id: string; policy: string }[]): Promise<ContainerPolicyResolution> {
  const policies = await listAnalysisPolicies(db);
  const byId = new Map(policies.map((p) => [p.id, p]));
  const byName = new Map(policies.map((p) => [nameKey(p.name), p]));
  const system = policies.find((p) => p.isSystem) ?? policies[0];
  const byContainer = new Map<string, StoredPolicy>();
  const depth = new Map<string, number>();
  // Deepest first, then the latest made: the first assignment to claim a container wins.
  const assignments = (await listAssignments(db)).sort((a, b) => b.path.length - a.path.length || (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  const views = new Map<string, Awaited<ReturnType<typeof loadTreeViewUnchecked>>>();
  for (const a of assignments) {
    const policy = byId.get(a.policyId);
    if (!policy) continue;
    if (!views.has(a.viewId)) views.set(a.viewId, await loadTreeViewUnchecked(db, a.viewId));
    const view = views.get(a.viewId);
    if (!view || a.path.length > view.levels.length) continue; // the View was deleted or lost levels: the assignment rests
    const conditions = folderCondition(view.levels, a.path);
    const { rows } = await sql<{ id: string }>`select c.id from container c where ${conditions.length ? sql.join(conditions, sql` and `) : sql`1 = 1`}`.execute(db);
    for (const r of rows) {
      if (byContainer.has(r.id)) continue;
      byContainer.set(r.id, policy);
      depth.set(r.id, a.path.length);
    }
  }
  for (const c of containers) {
    if (byContainer.has(c.id)) continue;
    byContainer.set(c.id, (c.policy ? byName.get(nameKey(c.policy)) : undefined) ?? system);
  }
  return { policies, byContainer };
}

export type FolderPolicyReason =
  | { kind: "here"; policy: StoredPolicy; assignment: PolicyAssignment }
  | { kind: "inherited"; policy: StoredPolicy; assignment: PolicyAssignment }
  | { kind: "labels" };

/** Which policy a folder of a View is given and why: assigned here, inherited from a folder above, or none (labels). */
export async function folderPolicy(db: Db, viewId: string, path: readonly string[]): Promise<{ reason: FolderPolicyReason; below: PolicyAssignment[] }> {
  const [assignments, policies] = await Promise.all([listAssignments(db), listPolicies(db)]);
  const mine = assignments.filter((a) => a.viewId === viewId);
  const isPrefix = (a: readonly string[], of: readonly string[]) => a.length <= of.length && a.every((n, i) => n === of[i]);
  const above = mine.filter((a) => isPrefix(a.path, path)).sort((a, b) => b.path.length - a.path.length);
  const below = mine.filter((a) => a.path.length > path.length && isPrefix(path, a.path));
  const nearest = above[0];
  const policy = nearest && policies.find((p) => p.id === nearest.policyId);
  if (!nearest || !policy) return { reason: { kind: "labels" }, below };
  return { reason: { kind: nearest.path.length === path.length ? "here" : "inherited", policy, assignment: nearest }, below };
}

/** The names of Views by id (a deleted View is missing). */
export async function viewNames(db: Db, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.selectFrom("view_def").select(["view_id", "name"]).where("view_id", "in", unique).execute();
  return new Map(rows.map((r) => [r.view_id, r.name]));
}
