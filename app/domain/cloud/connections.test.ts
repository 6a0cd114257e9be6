import { describe, expect, it } from "vitest";
import {
  AwsSaveSchema,
  AwsVerifySchema,
  azureVerifySchema,
  CONNECTION_TEXT,
  defaultConnectionName,
  dialogTransition,
  fieldErrors,
  INITIAL_DIALOG,
  instancesFound,
  joinedStatusDetails,
  parseGcpKey,
  platformOf,
} from "./connections";

const errors = (r: { success: boolean; error?: unknown }) => (r.success ? {} : fieldErrors(r.error as never));

describe("connection form rules (spec document 3, section 5)", () => {
  it("AWS: External ID and Role ARN are required with the spec's texts; blanks do not count", () => {
    expect(errors(AwsVerifySchema.safeParse({ externalId: "", roleArn: "  " }))).toEqual({
      externalId: CONNECTION_TEXT.externalIdRequired,
      roleArn: CONNECTION_TEXT.roleArnRequired,
    });
    expect(errors(AwsVerifySchema.safeParse({}))).toEqual({ externalId: "External ID field is required", roleArn: "Role ARN field is required" });
    expect(AwsVerifySchema.safeParse({ externalId: "x", roleArn: "arn" }).success).toBe(true);
    expect(errors(AwsSaveSchema.safeParse({ connectionName: "" }))).toEqual({ connectionName: "Connection Name field is required" });
  });

  it("Azure: Application ID and Tenant ID only when adding; the secret only when it must be given", () => {
    expect(errors(azureVerifySchema(false, true).safeParse({ connectionName: "", applicationId: "", secretKey: "", tenantId: "" }))).toEqual({
      connectionName: "Connection Name field is required",
      applicationId: "Application ID field is required",
      secretKey: "Secret Key field is required",
      tenantId: "Tenant ID field is required",
    });
    expect(errors(azureVerifySchema(true, false).safeParse({ connectionName: "prod", secretKey: "" }))).toEqual({});
    expect(errors(azureVerifySchema(true, true).safeParse({ connectionName: "prod", secretKey: "" }))).toEqual({ secretKey: "Secret Key field is required" });
  });

  it("GCP: a service account key file, or the text saying what is wrong", () => {
    expect(parseGcpKey("")).toEqual({ error: CONNECTION_TEXT.keyFileRequired });
    expect(parseGcpKey("not json")).toEqual({ error: CONNECTION_TEXT.keyFileInvalid });
    expect(parseGcpKey('{"type":"authorized_user"}')).toEqual({ error: CONNECTION_TEXT.keyFileInvalid });
    const key = JSON.stringify({ type: "service_account", project_id: "p1", client_email: "a@p1.iam.gserviceaccount.com", private_key: "-----BEGIN PRIVATE KEY-----\nx\n-----END PRIVATE KEY-----\n" });
    expect(parseGcpKey(key)).toMatchObject({ projectId: "p1", clientEmail: "a@p1.iam.gserviceaccount.com", tokenUri: null });
  });

  it("Connection Name defaults to the platform and the verification's UTC time", () => {
    expect(defaultConnectionName("AWS", new Date("2026-11-25T09:05:03Z"))).toBe("AWS-20261125-090503");
    expect(defaultConnectionName("AZURE", new Date("2026-01-02T23:59:59Z"))).toBe("Azure-20260102-235959");
  });

  it("platforms are read case-insensitively and nothing else is one", () => {
    expect([platformOf("aws"), platformOf("Azure"), platformOf("GCP"), platformOf("oracle"), platformOf(null)]).toEqual(["AWS", "AZURE", "GCP", null, null]);
  });
});

describe("the connection dialog's states (spec document 3, section 4)", () => {
  it("COMPLETE moves to step 1 and clears the error", () => {
    expect(dialogTransition({ step: 0, error: "old" }, { type: "verified", result: { status: "COMPLETE", statusDetails: "[]" } })).toEqual({ step: 1, error: null });
  });
  it("INVALID stays on step 0 with the status details joined by commas", () => {
    expect(dialogTransition(INITIAL_DIALOG, { type: "verified", result: { status: "INVALID", statusDetails: '["Role refused","Try again"]' } })).toEqual({
      step: 0,
      error: "Role refused, Try again",
    });
    expect(joinedStatusDetails("not json")).toBe("not json");
  });
  it("a call error shows its message; Back returns to step 0; closing resets", () => {
    expect(dialogTransition(INITIAL_DIALOG, { type: "failed", message: "Network down" })).toEqual({ step: 0, error: "Network down" });
    expect(dialogTransition({ step: 1, error: null }, { type: "back" })).toEqual({ step: 0, error: null });
    expect(dialogTransition({ step: 1, error: "x" }, { type: "reset" })).toEqual(INITIAL_DIALOG);
  });
  it("counts the instances found: AWS over its zones, GCP its project's", () => {
    const zone = { regionName: "r", availableZone: "z", oldestWorkLoad: null, newestWorkLoad: null, totalAvailableWorkLoad: 0 };
    expect(instancesFound({ platform: "AWS", gcpInstanceCount: 0, awsInstanceFound: [{ ...zone, activeInstance: 2, inactiveInstance: 1 }, { ...zone, activeInstance: 4, inactiveInstance: 0 }] })).toBe(7);
    expect(instancesFound({ platform: "GCP", gcpInstanceCount: 3, awsInstanceFound: [] })).toBe(3);
    expect(CONNECTION_TEXT.instancesFound(1)).toBe("1 instance found");
    expect(CONNECTION_TEXT.instancesFound(5)).toBe("5 instances found");
  });
});
