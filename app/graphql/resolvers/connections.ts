/** Cluster connections over GraphQL: thin calls into analysis/cluster-connections.server.ts. */
import { getStore } from "~/db/db.server";
import {
  collectNow,
  deleteClusterConnection,
  listClusterConnections,
  saveClusterConnection,
  verifyClusterConnection,
} from "~/analysis/cluster-connections.server";
import type { ResolverMap } from "./types";

export const connectionsResolvers: ResolverMap = {
  Query: {
    prometheusConnections: async (_p, _a, { user }) => listClusterConnections(await getStore(), user),
  },
  Mutation: {
    addPrometheusConnection: async (_p, { input }: { input: Record<string, unknown> }, { user }) => saveClusterConnection(await getStore(), user, input),
    updatePrometheusConnection: async (_p, { id, input }: { id: string; input: Record<string, unknown> }, { user }) =>
      saveClusterConnection(await getStore(), user, input, id),
    verifyPrometheusConnection: async (_p, { id }: { id: string }, { user }) => {
      const r = await verifyClusterConnection(await getStore(), user, id);
      return { status: r.ok ? "OK" : "FAILED", message: r.message };
    },
    deletePrometheusConnection: async (_p, { id }: { id: string }, { user }) => {
      await deleteClusterConnection(await getStore(), user, id);
      return { status: "OK", message: "Connection deleted." };
    },
    collectNow: (_p, _a, { user }) =>
      collectNow(user) ? { status: "OK", message: "Collection started." } : { status: "OK", message: "A collection is already running." },
  },
};
