/**
 * The kinds of cloud connection (spec document 3, sections 2.11 and 3) and the shape of a verification, in a module
 * of their own: the providers' sources (app/sources/cloud) fill them and the dialog's rules (domain) read them.
 */
import { z } from "zod";

export const GCP_KEY_TEXT = {
  keyFileRequired: "Service Account Key field is required",
  keyFileInvalid: "The service account key must be the JSON key file of a Google Cloud service account",
} as const;

export const CONNECTION_PLATFORMS = ["AWS", "AZURE", "GCP"] as const;
export type ConnectionPlatform = (typeof CONNECTION_PLATFORMS)[number];

export const PLATFORM_LABELS: Record<ConnectionPlatform, string> = { AWS: "AWS", AZURE: "Azure", GCP: "GCP" };

export function platformOf(value: string | null | undefined): ConnectionPlatform | null {
  const v = (value ?? "").toUpperCase();
  return (CONNECTION_PLATFORMS as readonly string[]).includes(v) ? (v as ConnectionPlatform) : null;
}

export interface GcpKey {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  tokenUri: string | null;
}

/** A service-account key file's fields, or the text saying what is wrong with it. */
export function parseGcpKey(text: string | null | undefined): GcpKey | { error: string } {
  if (!text || !text.trim()) return { error: GCP_KEY_TEXT.keyFileRequired };
  try {
    const raw: unknown = JSON.parse(text);
    const parsed = z
      .object({
        type: z.literal("service_account"),
        project_id: z.string().min(1),
        client_email: z.string().min(3),
        private_key: z.string().includes("PRIVATE KEY"),
        token_uri: z.string().url().optional(),
      })
      .safeParse(raw);
    if (!parsed.success) return { error: GCP_KEY_TEXT.keyFileInvalid };
    const k = parsed.data;
    return { projectId: k.project_id, clientEmail: k.client_email, privateKey: k.private_key, tokenUri: k.token_uri ?? null };
  } catch {
    return { error: GCP_KEY_TEXT.keyFileInvalid };
  }
}

export type VerificationStatus = "COMPLETE" | "INVALID";

export interface AwsInstanceFound {
  regionName: string;
  availableZone: string;
  activeInstance: number;
  inactiveInstance: number;
  oldestWorkLoad: string | null;
  newestWorkLoad: string | null;
  totalAvailableWorkLoad: number;
}

export interface AzureSubscriptionFound {
  id: string;
  displayName: string;
  usedByAccount: boolean;
  status: string;
  mostRecentCollection: string | null;
  auditAzureConnectionName: string | null;
}

export interface VerificationResult {
  platform: ConnectionPlatform;
  status: VerificationStatus;
  /** JSON array of messages, as the spec's API carries it. */
  statusDetails: string;
  /** The AWS account, Azure tenant or GCP project verified. */
  accountId: string | null;
  awsInstanceFound: AwsInstanceFound[];
  azureSubscriptionsFound: AzureSubscriptionFound[];
  gcpInstanceCount: number;
}

export function invalidResult(platform: ConnectionPlatform, messages: string[]): VerificationResult {
  return { platform, status: "INVALID", statusDetails: JSON.stringify(messages), accountId: null, awsInstanceFound: [], azureSubscriptionsFound: [], gcpInstanceCount: 0 };
}

