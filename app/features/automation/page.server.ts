/**
 * The Automation screen (spec document 3, 2.10; decision 019): per cluster, the webhook's figures from the recorded
 * decisions and the grand total; for administrators, each connected cluster's MutatingWebhookConfiguration (its
 * address carries the cluster's token, so only administrators see it); the latest decisions; the tree's switches.
 */
import { getDb } from "~/db/db.server";
import { requireFlag } from "~/features/status/flag-gate.server";
import { latestDecisions, mutationControllerSummary } from "~/models/admission.server";
import { listAutomationSettings } from "~/models/automation-list.server";
import { listConnections } from "~/models/cluster-connections.server";
import { isFlagOn } from "~/models/feature-flags.server";
import { webhookManifest } from "./manifest";
import { webhookSetup, webhookUrl } from "./webhook.server";

export async function loadAutomation(request: Request) {
  const user = await requireFlag(request, "showAutomationNav", "/kubex/home");
  const db = await getDb();
  const [clusters, settings, decisions, sandbox] = await Promise.all([
    mutationControllerSummary(db),
    listAutomationSettings(db),
    latestDecisions(db, 20),
    isFlagOn(db, "sandboxPlaygroundEnabled"),
  ]);
  const totals = {
    deployed: clusters.filter((c) => c.macDeployed).length,
    numMutations: clusters.reduce((s, c) => s + c.numMutations, 0),
    totalMutations: clusters.reduce((s, c) => s + c.totalMutations, 0),
    latest: clusters.reduce<string | null>((m, c) => (c.macLatestMutation && (!m || c.macLatestMutation > m) ? c.macLatestMutation : m), null),
  };
  const admin = user.isAdmin || user.isSaasAuditAdmin;
  const setup = webhookSetup();
  const manifests =
    admin && !sandbox
      ? (await listConnections(db)).map((c) => ({
          clusterName: c.name,
          yaml: setup.caPem ? webhookManifest({ clusterName: c.name, url: webhookUrl(setup.baseUrl, c.id), caPem: setup.caPem }) : null,
        }))
      : [];
  return { clusters, totals, settings, decisions, admin, sandbox, manifests, setup: { configured: setup.configured, reason: setup.reason, baseUrl: setup.baseUrl } };
}
