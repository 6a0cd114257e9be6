/**
 * Cloud connections (spec document 3, sections 2.11, 3, 4, 5 and 6): the texts, the form rules and the dialog's
 * state machine, pure so the route, the GraphQL resolvers and the unit tests share one copy.
 */
import { z } from "zod";
import { GCP_KEY_TEXT, PLATFORM_LABELS, type ConnectionPlatform, type VerificationResult } from "~/engine/cloud-connection-kinds";

export {
  CONNECTION_PLATFORMS,
  GCP_KEY_TEXT,
  PLATFORM_LABELS,
  invalidResult,
  parseGcpKey,
  platformOf,
  type AwsInstanceFound,
  type AzureSubscriptionFound,
  type ConnectionPlatform,
  type GcpKey,
  type VerificationResult,
  type VerificationStatus,
} from "~/engine/cloud-connection-kinds";

export const CONNECTION_TEXT = {
  title: "Cloud Connections",
  add: "Add",
  delete: "Delete",
  addTip: "Add a connection",
  deleteTip: "Select the connections you want to delete",
  noAddTip: "You don't have permission to add or edit connections. Please contact your administrator if you need access",
  noDeleteTip: "You don't have permission to delete connections. Please contact your administrator if you need access",
  saveTip: "The connection must be successfully verified before it can be saved",
  nameRequired: "Connection Name field is required",
  externalIdRequired: "External ID field is required",
  roleArnRequired: "Role ARN field is required",
  applicationIdRequired: "Application ID field is required",
  secretKeyRequired: "Secret Key field is required",
  tenantIdRequired: "Tenant ID field is required",
  keyFileRequired: GCP_KEY_TEXT.keyFileRequired,
  keyFileInvalid: GCP_KEY_TEXT.keyFileInvalid,
  subscriptionsRequired: "Select at least one subscription",
  confirmTitle: "Confirm",
  confirmMessage: "Delete these connections? Their collected instances are removed with them.",
  footnote: (days: number) => `Recommendations are shown for services analysed within the last ${days} days.`,
  instancesFound: (n: number) => `${n} ${n === 1 ? "instance" : "instances"} found`,
  noAccountId: "Not available: set KUBEX_AWS_ACCOUNT_ID or give the server AWS credentials",
} as const;

/** The four steps of the instructions panel (shown to admins outside the sandbox). */
export const CONNECTION_STEPS = [
  {
    title: "Add connections",
    body: "Add an AWS account (a role this installation may assume, with an External ID), an Azure service principal with Reader and Monitoring Reader on its subscriptions, or a GCP service account key with Compute Viewer and Monitoring Viewer.",
  },
  {
    title: "Data collection",
    body: "A saved connection is collected on the same schedule as the clusters (and at once with Collect now): instances, scale groups and five-minute utilisation. A failed collection keeps the previous data and shows its reason.",
  },
  { title: "Analysis", body: "The next analysis run includes the collected services; they appear in the cloud tree under their provider, region and account." },
  { title: "Manage connections", body: "Edit a connection to change its secret or subscriptions, or select connections and Delete them: their collected data goes with them." },
] as const;

// ---- form rules (section 5) ----

const required = (message: string) => z.string({ required_error: message }).trim().min(1, message);

export const AwsVerifySchema = z.object({ externalId: required(CONNECTION_TEXT.externalIdRequired), roleArn: required(CONNECTION_TEXT.roleArnRequired) });
export const AwsSaveSchema = z.object({ connectionName: required(CONNECTION_TEXT.nameRequired) });

/** Azure step 1: Application ID and Tenant ID only when adding (disabled when editing); the secret only when given while editing. */
export function azureVerifySchema(editing: boolean, requireSecret: boolean) {
  return z.object({
    connectionName: required(CONNECTION_TEXT.nameRequired),
    applicationId: editing ? z.string().optional() : required(CONNECTION_TEXT.applicationIdRequired),
    secretKey: requireSecret ? required(CONNECTION_TEXT.secretKeyRequired) : z.string().optional(),
    tenantId: editing ? z.string().optional() : required(CONNECTION_TEXT.tenantIdRequired),
  });
}

export const GcpSaveSchema = z.object({ connectionName: required(CONNECTION_TEXT.nameRequired) });

/** First error text per field of a zod result. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Step 2's default Connection Name, derived from the time of verification (spec 5: "defaulted ... to a timestamp"). */
export function defaultConnectionName(platform: ConnectionPlatform, now: Date): string {
  const p = (n: number) => String(n).padStart(2, "0");
  const stamp = `${now.getUTCFullYear()}${p(now.getUTCMonth() + 1)}${p(now.getUTCDate())}-${p(now.getUTCHours())}${p(now.getUTCMinutes())}${p(now.getUTCSeconds())}`;
  return `${PLATFORM_LABELS[platform]}-${stamp}`;
}

// ---- verification result (section 3) and the dialog's states (section 4) ----

/** The INVALID text of the dialog: the status details joined with commas (section 8). */
export function joinedStatusDetails(statusDetails: string): string {
  try {
    const parsed: unknown = JSON.parse(statusDetails);
    if (Array.isArray(parsed)) return parsed.map(String).join(", ");
  } catch {
    // not JSON: shown as it is
  }
  return statusDetails;
}

export function instancesFound(result: Pick<VerificationResult, "awsInstanceFound" | "gcpInstanceCount" | "platform">): number {
  if (result.platform === "GCP") return result.gcpInstanceCount;
  return result.awsInstanceFound.reduce((n, r) => n + r.activeInstance + r.inactiveInstance, 0);
}

export interface DialogState {
  step: 0 | 1;
  error: string | null;
}

export type DialogEvent =
  | { type: "verified"; result: Pick<VerificationResult, "status" | "statusDetails"> }
  | { type: "failed"; message: string }
  | { type: "back" }
  | { type: "reset" };

export const INITIAL_DIALOG: DialogState = { step: 0, error: null };
/** Closing resets the step after this delay (section 9). */
export const DIALOG_RESET_MS = 200;

/** Section 4: COMPLETE moves to step 1; INVALID stays on step 0 with the joined details; a call error shows its message; Back returns to 0. */
export function dialogTransition(state: DialogState, event: DialogEvent): DialogState {
  switch (event.type) {
    case "verified":
      return event.result.status === "COMPLETE" ? { step: 1, error: null } : { step: 0, error: joinedStatusDetails(event.result.statusDetails) };
    case "failed":
      return { step: 0, error: event.message };
    case "back":
      return { step: 0, error: null };
    case "reset":
      return INITIAL_DIALOG;
  }
}

/** The grid's account column header. */
export const ACCOUNTS_HEADER = "No. of Accounts/Subscriptions/Projects";
