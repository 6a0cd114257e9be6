/**
 * The Cloud Connections page (spec document 3, section 2.11) as plain forms addressed by URL (decision 002):
 * `?add=aws|azure|gcp` or `?edit=<id>` opens a dialog at step 0, `?confirm=delete&id=…` the Confirm dialog. Each
 * button posts with an `intent`; the server verifies with the provider and answers the next step. Secrets are only
 * posted, never rendered back: between Verify and Save they travel sealed (AES-256-GCM, bound to the user, 1 hour)
 * in a hidden `draft` field the browser cannot read (decision 016).
 */
import { redirect } from "@remix-run/node";
import { collectCloudConnection, storedVerifyInput, verifySettings, type VerifyInput } from "~/analysis/cloud-connections.server";
import { getDb } from "~/db/db.server";
import {
  AwsSaveSchema,
  AwsVerifySchema,
  azureVerifySchema,
  CONNECTION_TEXT,
  defaultConnectionName,
  dialogTransition,
  fieldErrors,
  GcpSaveSchema,
  INITIAL_DIALOG,
  instancesFound,
  parseGcpKey,
  platformOf,
  type AzureSubscriptionFound,
  type ConnectionPlatform,
  type VerificationResult,
} from "~/domain/cloud/connections";
import type { SessionUser } from "~/lib/auth-types";
import { readFormPost, refusal } from "~/lib/form-post.server";
import { openSecret, sealSecret } from "~/lib/secret-box.server";
import {
  deleteConnections,
  getConnection,
  insertConnection,
  listConnections,
  maxRefreshAge,
  updateConnection,
  type ConnectionCredentials,
  type ConnectionSettings,
} from "~/models/cloud-connections.server";
import { isFlagOn } from "~/models/feature-flags.server";
import { awsProviderAccountId } from "~/sources/cloud/aws.server";
import { cloudConfig } from "~/sources/cloud/config.server";
import { csrfToken, FORGED_POST_MESSAGE, requireUser, verifyCsrf } from "~/features/auth/session.server";
import { requireFlag } from "~/features/status/flag-gate.server";

export const PAGE = "/kubex/cloud/connections";
const DRAFT_TTL_MS = 60 * 60_000;

export interface ConnectionListItem {
  id: string;
  platform: ConnectionPlatform;
  name: string;
  subConnectionCount: number;
  firstCollectionAt: string | null;
  lastCollectionAt: string | null;
  lastServiceCount: number | null;
  lastStatus: string | null;
  lastError: string | null;
  lastAttemptAt: string | null;
}

export interface DialogView {
  platform: ConnectionPlatform;
  editId: string | null;
  step: 0 | 1;
  /** Non-secret values only. */
  values: Record<string, string>;
  errors: Record<string, string>;
  formError: string | null;
  verification: {
    accountId: string | null;
    instancesFound: number;
    verifiedAt: string;
    subscriptions: AzureSubscriptionFound[];
  } | null;
  /** The sealed secrets and verified settings between Verify and Save. */
  draft: string | null;
  /** The dialog's step 0 may go on with the stored secret (editing). */
  hasStoredSecret: boolean;
  awsAccountId: string | null;
}

export interface PageData {
  connections: ConnectionListItem[];
  maxRefreshAge: number;
  admin: boolean;
  sandbox: boolean;
  csrf: string;
  dialog: DialogView | null;
  confirm: { id: string; platform: ConnectionPlatform; name: string }[] | null;
  notice: string | null;
}

interface Draft {
  u: string;
  p: ConnectionPlatform;
  e: string | null;
  c: ConnectionCredentials | null;
  s: ConnectionSettings;
  subs: AzureSubscriptionFound[];
  v: string;
  x: number;
}

const draftContext = (user: SessionUser) => `cloud_connection_draft:${user.userName}`;

function sealDraft(user: SessionUser, d: Omit<Draft, "u" | "x">): string {
  return sealSecret(JSON.stringify({ ...d, u: user.userName, x: Date.now() + DRAFT_TTL_MS }), draftContext(user));
}

function openDraft(user: SessionUser, sealed: string | null): Draft | null {
  if (!sealed) return null;
  try {
    const d = JSON.parse(openSecret(sealed, draftContext(user))) as Draft;
    return d.u === user.userName && d.x > Date.now() ? d : null;
  } catch {
    return null;
  }
}

function listItem(c: Awaited<ReturnType<typeof listConnections>>[number]): ConnectionListItem {
  return {
    id: c.id,
    platform: c.platform,
    name: c.name,
    subConnectionCount: c.subConnectionCount,
    firstCollectionAt: c.firstCollectionAt,
    lastCollectionAt: c.lastCollectionAt,
    lastServiceCount: c.lastServiceCount,
    lastStatus: c.lastStatus,
    lastError: c.lastError,
    lastAttemptAt: c.lastAttemptAt,
  };
}

async function blankDialog(platform: ConnectionPlatform, editId: string | null): Promise<DialogView> {
  const db = await getDb();
  const row = editId ? await getConnection(db, editId) : undefined;
  const values: Record<string, string> = {};
  if (row) {
    values.connectionName = row.name;
    if (row.settings.applicationId) values.applicationId = row.settings.applicationId;
    if (row.settings.tenantId) values.tenantId = row.settings.tenantId;
  }
  return {
    platform,
    editId: row ? row.id : null,
    ...INITIAL_DIALOG,
    values,
    errors: {},
    formError: null,
    verification: null,
    draft: null,
    hasStoredSecret: row !== undefined,
    awsAccountId: platform === "AWS" ? await awsProviderAccountId(cloudConfig()) : null,
  };
}

async function pageData(request: Request, user: SessionUser, dialog: DialogView | null, notice: string | null = null): Promise<PageData> {
  const db = await getDb();
  const url = new URL(request.url);
  const sandbox = await isFlagOn(db, "sandboxPlaygroundEnabled");
  const admin = user.isSaasAuditAdmin && !sandbox;
  const rows = await listConnections(db);
  let confirm: PageData["confirm"] = null;
  if (admin && url.searchParams.get("confirm") === "delete") {
    const ids = new Set(url.searchParams.getAll("id"));
    confirm = rows.filter((r) => ids.has(r.id)).map((r) => ({ id: r.id, platform: r.platform, name: r.name }));
  }
  return {
    connections: rows.map(listItem),
    maxRefreshAge: await maxRefreshAge(db),
    admin,
    sandbox,
    csrf: await csrfToken(request),
    dialog: admin ? dialog : null,
    confirm,
    notice: notice ?? url.searchParams.get("notice"),
  };
}

export async function loadCloudConnections(request: Request): Promise<PageData> {
  const user = await requireFlag(request, "cloudexShowConnections", "/kubex/cloud-tree/tree-item");
  const url = new URL(request.url);
  let dialog: DialogView | null = null;
  if (user.isSaasAuditAdmin) {
    const editId = url.searchParams.get("edit");
    const add = platformOf(url.searchParams.get("add"));
    if (editId) {
      const row = await getConnection(await getDb(), editId);
      if (row) dialog = await blankDialog(row.platform, row.id);
    } else if (add) dialog = await blankDialog(add, null);
  }
  return pageData(request, user, dialog);
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v : "";
};

/** Reads the GCP key: an uploaded file (multipart) or pasted JSON text. */
async function gcpKeyText(form: FormData): Promise<string> {
  const file = form.get("keyFile");
  if (file && typeof file !== "string" && file.size > 0) return await file.text();
  return text(form, "keyJson");
}

export async function actCloudConnections(request: Request): Promise<PageData | Response> {
  const user = await requireUser(request);
  const form = await readFormPost(request);
  if (!(await verifyCsrf(request, form))) throw refusal(403, FORGED_POST_MESSAGE);
  const db = await getDb();
  if (!user.isSaasAuditAdmin) throw refusal(403, CONNECTION_TEXT.noAddTip);
  if (await isFlagOn(db, "sandboxPlaygroundEnabled")) throw refusal(403, "Connecting your own environment is not available in this sandbox.");
  const intent = text(form, "intent");

  if (intent === "delete") {
    const ids = form.getAll("id").filter((v): v is string => typeof v === "string");
    const n = await deleteConnections(db, ids);
    return redirect(`${PAGE}?notice=${encodeURIComponent(`${n} ${n === 1 ? "connection" : "connections"} deleted.`)}`);
  }
  if (intent === "collect") {
    const id = text(form, "id");
    const outcome = await collectCloudConnection(id, db);
    const notice = outcome.ok ? `Collected ${outcome.services} ${outcome.services === 1 ? "service" : "services"}.` : `Collection failed: ${outcome.reason}`;
    return redirect(`${PAGE}?notice=${encodeURIComponent(notice)}`);
  }

  const platform = platformOf(text(form, "platform"));
  if (!platform) throw refusal(400, "Unknown cloud platform.");
  const editId = text(form, "editId") || null;
  const row = editId ? await getConnection(db, editId) : undefined;
  if (editId && !row) return redirect(`${PAGE}?notice=${encodeURIComponent("That connection no longer exists.")}`);
  const dialog = await blankDialog(platform, row?.id ?? null);
  if (row?.platform && row.platform !== platform) throw refusal(400, "The connection belongs to another platform.");

  if (intent === "back") {
    // Back: step 0 again with the non-secret values; the secrets must be entered again (or the stored ones used).
    const view = { ...dialog, ...dialogTransition({ step: 1, error: null }, { type: "back" }) };
    for (const k of ["connectionName", "applicationId", "tenantId"]) if (!row && text(form, k)) view.values[k] = text(form, k);
    return pageData(request, user, view);
  }
  if (intent === "verify") return verifyStep(request, user, form, dialog, row ?? null);
  if (intent === "save") return saveStep(request, user, form, dialog);
  throw refusal(400, "Unknown action.");
}

async function verifyStep(request: Request, user: SessionUser, form: FormData, dialog: DialogView, row: Awaited<ReturnType<typeof getConnection>> | null): Promise<PageData | Response> {
  const db = await getDb();
  const platform = dialog.platform;
  const editing = row !== null;
  let input: VerifyInput;
  const settings: ConnectionSettings = {};
  let newCredentials: ConnectionCredentials | null = null;
  const view: DialogView = { ...dialog, values: { ...dialog.values } };

  if (platform === "AWS") {
    const raw = { externalId: text(form, "externalId"), roleArn: text(form, "roleArn") };
    const useStored = editing && !raw.externalId.trim() && !raw.roleArn.trim();
    if (!useStored) {
      const parsed = AwsVerifySchema.safeParse(raw);
      if (!parsed.success) return pageData(request, user, { ...view, errors: fieldErrors(parsed.error) });
      newCredentials = { externalId: parsed.data.externalId, roleArn: parsed.data.roleArn };
    }
    input = useStored ? await storedVerifyInput(db, row!) : { platform, credentials: newCredentials! };
  } else if (platform === "AZURE") {
    const raw = {
      connectionName: editing ? row!.name : text(form, "connectionName"),
      applicationId: editing ? row!.settings.applicationId : text(form, "applicationId"),
      secretKey: text(form, "secretKey"),
      tenantId: editing ? row!.settings.tenantId : text(form, "tenantId"),
    };
    if (!editing) for (const k of ["connectionName", "applicationId", "tenantId"] as const) view.values[k] = raw[k] ?? "";
    const parsed = azureVerifySchema(editing, !editing).safeParse(raw);
    if (!parsed.success) return pageData(request, user, { ...view, errors: fieldErrors(parsed.error) });
    settings.applicationId = (raw.applicationId ?? "").trim();
    settings.tenantId = (raw.tenantId ?? "").trim();
    view.values.connectionName = raw.connectionName.trim();
    if (raw.secretKey.trim()) newCredentials = { secretKey: raw.secretKey };
    input = newCredentials
      ? { platform, credentials: newCredentials, applicationId: settings.applicationId, tenantId: settings.tenantId }
      : await storedVerifyInput(db, row!);
  } else {
    const keyText = await gcpKeyText(form);
    if (!(editing && !keyText.trim())) {
      const key = parseGcpKey(keyText);
      if ("error" in key) return pageData(request, user, { ...view, errors: { keyFile: key.error } });
      newCredentials = { keyJson: keyText };
      settings.projectId = key.projectId;
      settings.clientEmail = key.clientEmail;
    } else {
      settings.projectId = row!.settings.projectId;
      settings.clientEmail = row!.settings.clientEmail;
    }
    input = newCredentials ? { platform, credentials: newCredentials } : await storedVerifyInput(db, row!);
  }

  const result: VerificationResult = await verifySettings(db, input, row?.id ?? null);
  const state = dialogTransition(INITIAL_DIALOG, { type: "verified", result });
  if (state.step === 0) return pageData(request, user, { ...view, formError: state.error });
  const now = new Date();
  if (platform === "AWS") settings.accountId = result.accountId ?? row?.settings.accountId;
  const draft = sealDraft(user, { p: platform, e: row?.id ?? null, c: newCredentials, s: settings, subs: result.azureSubscriptionsFound, v: now.toISOString() });
  if (!view.values.connectionName) view.values.connectionName = row?.name ?? defaultConnectionName(platform, now);
  return pageData(request, user, {
    ...view,
    step: 1,
    draft,
    verification: {
      accountId: platform === "AZURE" ? (settings.tenantId ?? null) : (result.accountId ?? null),
      instancesFound: instancesFound(result),
      verifiedAt: now.toISOString(),
      subscriptions: result.azureSubscriptionsFound,
    },
  });
}

async function saveStep(request: Request, user: SessionUser, form: FormData, dialog: DialogView): Promise<PageData | Response> {
  const db = await getDb();
  const draft = openDraft(user, text(form, "draft"));
  if (!draft || draft.p !== dialog.platform || draft.e !== dialog.editId) {
    return pageData(request, user, { ...dialog, formError: CONNECTION_TEXT.saveTip });
  }
  const row = dialog.editId ? await getConnection(db, dialog.editId) : undefined;
  const name = dialog.platform === "AZURE" && row ? row.name : text(form, "connectionName");
  // Azure's name is typed on step 0 and carried to step 1 (a hidden field); the others' on step 1.
  const schema = dialog.platform === "AWS" ? AwsSaveSchema : GcpSaveSchema;
  const parsed = schema.safeParse({ connectionName: name });
  const stepOne: DialogView = {
    ...dialog,
    step: 1,
    draft: text(form, "draft"),
    values: { ...dialog.values, connectionName: name },
    verification: { accountId: draft.s.accountId ?? draft.s.tenantId ?? draft.s.projectId ?? null, instancesFound: Number(text(form, "found")) || 0, verifiedAt: draft.v, subscriptions: draft.subs },
  };
  if (!parsed.success) return pageData(request, user, { ...stepOne, errors: fieldErrors(parsed.error) });
  const settings: ConnectionSettings = { ...(row?.settings ?? {}), ...draft.s };
  if (dialog.platform === "AZURE") {
    const chosen = new Set(form.getAll("subscription").filter((v): v is string => typeof v === "string"));
    const subs = draft.subs.filter((s) => chosen.has(s.id) && !s.usedByAccount).map((s) => ({ id: s.id, name: s.displayName }));
    if (subs.length === 0) return pageData(request, user, { ...stepOne, errors: { subscription: CONNECTION_TEXT.subscriptionsRequired } });
    settings.subscriptions = subs;
  }
  let id: string;
  if (row) {
    await updateConnection(db, row.id, { name: parsed.data.connectionName, settings, credentials: draft.c ?? undefined, verifiedAt: draft.v, user: user.userName });
    id = row.id;
  } else {
    if (!draft.c) return pageData(request, user, { ...stepOne, formError: CONNECTION_TEXT.saveTip });
    id = await insertConnection(db, { platform: dialog.platform, name: parsed.data.connectionName, settings, credentials: draft.c, verifiedAt: draft.v, user: user.userName });
  }
  // The first collection starts at once (its outcome shows on the grid); Collect now runs one and waits for it.
  void collectCloudConnection(id, db);
  return redirect(`${PAGE}?notice=${encodeURIComponent(`Connection "${parsed.data.connectionName}" saved; its first collection has started.`)}`);
}
