/**
 * The Cluster connections page (administrators): add, edit, verify and delete a cluster's Prometheus connection,
 * and "Collect now". Plain forms, one intent each; secrets go in, never out.
 */
import { z } from "zod";
import { getStore } from "~/db/db.server";
import { csrfToken, FORGED_POST_MESSAGE, requireUser, verifyCsrf } from "~/features/auth/session.server";
import { readFormPost } from "~/lib/form-post.server";
import { isModelError } from "~/lib/errors";
import {
  collectNow,
  collectionJobStatus,
  deleteClusterConnection,
  listClusterConnections,
  saveClusterConnection,
  verifyClusterConnection,
} from "~/analysis/cluster-connections.server";

export async function loadClusterConnections(request: Request) {
  const user = await requireUser(request);
  const store = await getStore();
  if (!user.isAdmin) return { admin: false as const, connections: [], csrf: "", job: null };
  const [connections, csrf] = await Promise.all([listClusterConnections(store, user), csrfToken(request)]);
  return { admin: true as const, connections, csrf, job: collectionJobStatus() };
}

const Id = z.string().uuid("Unknown connection.");
const Intent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add") }).passthrough(),
  z.object({ intent: z.literal("edit"), id: Id }).passthrough(),
  z.object({ intent: z.literal("verify"), id: Id }),
  z.object({ intent: z.literal("delete"), id: Id }),
  z.object({ intent: z.literal("collect") }),
]);

export type ClusterConnectionsResult = { error: string; message?: undefined } | { message: string; error?: undefined };

export async function actClusterConnections(request: Request): Promise<ClusterConnectionsResult> {
  const user = await requireUser(request);
  const form = await readFormPost(request);
  if (!(await verifyCsrf(request, form))) return { error: FORGED_POST_MESSAGE };
  const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string")) as Record<string, string>;
  const parsed = Intent.safeParse(fields);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? "Invalid request." };
  const store = await getStore();
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "add": {
        const c = await saveClusterConnection(store, user, fields);
        return { message: `Connection for cluster "${c.name}" added. Verify it, then collect.` };
      }
      case "edit": {
        const c = await saveClusterConnection(store, user, fields, input.id);
        return { message: `Connection for cluster "${c.name}" saved.` };
      }
      case "verify": {
        const r = await verifyClusterConnection(store, user, input.id);
        return r.ok ? { message: r.message } : { error: r.message };
      }
      case "delete":
        await deleteClusterConnection(store, user, input.id);
        return { message: "Connection deleted. Its cluster leaves the inventory at the next collection." };
      case "collect":
        return collectNow(user)
          ? { message: "Collection started: every connected cluster, then the analysis. Reload to follow it." }
          : { message: "A collection is already running." };
    }
  } catch (error) {
    if (isModelError(error)) return { error: error.text };
    throw error;
  }
}
