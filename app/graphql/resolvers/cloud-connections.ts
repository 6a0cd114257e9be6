/** Cloud connections over GraphQL: reading for every user; verifying, deleting and collecting for audit administrators. */
import { collectCloudConnection, verifySettings } from "~/analysis/cloud-connections.server";
import { platformOf } from "~/domain/cloud/connections";
import { forbiddenError, validationError } from "~/lib/errors";
import type { SessionUser } from "~/lib/auth-types";
import { deleteConnections, listConnections, maxRefreshAge, type ConnectionRow } from "~/models/cloud-connections.server";
import { awsProviderAccountId } from "~/sources/cloud/aws.server";
import { cloudConfig } from "~/sources/cloud/config.server";
import type { ResolverMap } from "./types";

export const NOT_CONNECTION_ADMIN = "Only audit administrators may add, edit, verify or delete cloud connections.";

function requireConnectionAdmin(user: SessionUser) {
  if (!user.isSaasAuditAdmin) throw forbiddenError(NOT_CONNECTION_ADMIN);
}

function shape(c: ConnectionRow) {
  return {
    id: c.id,
    cloudPlatform: c.platform,
    connectionName: c.name,
    lastSuccessfulVerificationDate: c.lastVerifiedAt,
    createdBy: c.createdBy,
    createdOn: c.createdAt,
    updatedBy: c.updatedBy,
    updatedOn: c.updatedAt,
    lastestAuditServiceCount: c.lastServiceCount,
    subConnectionCount: c.subConnectionCount,
    lastestAuditDate: c.lastCollectionAt,
    earliestAuditDate: c.firstCollectionAt,
    lastCollectionStatus: c.lastStatus,
    lastCollectionError: c.lastError,
    lastCollectionAttempt: c.lastAttemptAt,
  };
}

interface VerifyArgs {
  awsSettings?: { roleArn: string; externalId: string } | null;
  azureSettings?: { tenantId: string; secretKey: string; servicePrincipal: string } | null;
  gcpSettings?: { serviceAccountKey: string } | null;
}

export const cloudConnectionsResolvers: ResolverMap = {
  Query: {
    connectionList: async (_p, args: { platform?: string | null }, { db }) => {
      const platform = args.platform ? platformOf(args.platform) : null;
      if (args.platform && !platform) throw validationError("platform must be AWS, AZURE or GCP.");
      const [rows, age] = await Promise.all([listConnections(db, platform), maxRefreshAge(db)]);
      return { maxRefreshAge: age, connections: rows.map(shape) };
    },
    verifyConnectionSettings: async (_p, args: VerifyArgs, { db, user }) => {
      requireConnectionAdmin(user);
      const given = [args.awsSettings, args.azureSettings, args.gcpSettings].filter(Boolean).length;
      if (given !== 1) throw validationError("Give exactly one of awsSettings, azureSettings and gcpSettings.");
      if (args.awsSettings) return verifySettings(db, { platform: "AWS", credentials: { roleArn: args.awsSettings.roleArn, externalId: args.awsSettings.externalId } });
      if (args.azureSettings) {
        const a = args.azureSettings;
        return verifySettings(db, { platform: "AZURE", credentials: { secretKey: a.secretKey }, applicationId: a.servicePrincipal, tenantId: a.tenantId });
      }
      return verifySettings(db, { platform: "GCP", credentials: { keyJson: args.gcpSettings!.serviceAccountKey } });
    },
    getKubexAWSAccountId: () => awsProviderAccountId(cloudConfig()),
  },
  Mutation: {
    deleteCloudConnections: async (_p, args: { ids: string[] }, { db, user }) => {
      requireConnectionAdmin(user);
      return deleteConnections(db, args.ids);
    },
    collectCloudConnection: async (_p, args: { id: string }, { db, user }) => {
      requireConnectionAdmin(user);
      const outcome = await collectCloudConnection(args.id, db);
      return { ...outcome, ms: Math.round(outcome.ms) };
    },
  },
};
