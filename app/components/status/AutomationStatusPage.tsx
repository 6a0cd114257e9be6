/** The Automation status page (spec document 3, 2.10): per cluster, whether the webhook is deployed and what it changed; the set-up steps for administrators. */
import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { RiCheckLine, RiCloseLine } from "@remixicon/react";
import { formatCount, formatDate, formatDateTime } from "~/lib/format";
import { NoData } from "~/components/ui/NoData";
import { CopyBlock } from "~/components/ui/CopyBlock";
import type { loadAutomation } from "~/features/automation/page.server";

const COLUMNS = ["Cluster", "Automation Deployed", "Automation Status", "Last Optimization Time", "Optimizations (Last 24h)", "Total Optimizations"];
const th = "whitespace-nowrap px-3 py-2";
const td = "px-3 py-1.5";

function Deployed({ yes }: { yes: boolean }) {
  return yes ? (
    <span className="inline-flex items-center gap-1 text-green-700 dark:text-green-400">
      <RiCheckLine aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">Deployed</span>
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-red-700 dark:text-red-400">
      <RiCloseLine aria-hidden="true" className="h-4 w-4" />
      <span className="sr-only">Not deployed</span>
    </span>
  );
}

export function AutomationStatusPage({ data }: { data: SerializeFrom<typeof loadAutomation> }) {
  const { clusters, totals, settings, decisions, admin, sandbox, manifests, setup } = data;
  return (
    <div className="p-4">
      <h2 className="mb-1 text-lg font-semibold">Automation</h2>
      <p className="muted mb-4 text-sm">
        A mutating admission webhook in each cluster sets the requests and limits of new pods to the latest analysis, for the containers whose automation is
        enabled in the tree (right-click a tree item, or use the buttons under a selection).
      </p>
      {clusters.length === 0 ? (
        <NoData />
      ) : (
        <div className="card mb-4 overflow-x-auto p-0" role="region" aria-label="Automation by cluster" tabIndex={0}>
          <table className="w-full text-sm" data-testid="automation-grid">
            <thead className="text-left text-xs uppercase text-slate-500">
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c} className={th}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {clusters.map((c) => (
                <tr key={c.clusterName} className="border-t border-slate-100 dark:border-slate-800" data-testid="automation-row">
                  <td className={td}>{c.clusterName}</td>
                  <td className={td}>
                    <Deployed yes={c.macDeployed} />
                  </td>
                  <td className={td} title={c.macStatusDetail}>
                    {c.macStatus}
                  </td>
                  <td className={td}>{c.macLatestMutation ? formatDateTime(c.macLatestMutation) : "-"}</td>
                  <td className={`${td} text-right tabular-nums`}>{formatCount(c.numMutations)}</td>
                  <td className={`${td} text-right tabular-nums`}>{formatCount(c.totalMutations)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t-2 border-slate-300 font-semibold dark:border-slate-600" data-testid="automation-total">
                <td className={td}>Grand Total</td>
                <td className={td}>
                  {formatCount(totals.deployed)} of {formatCount(clusters.length)}
                </td>
                <td className={td} />
                <td className={td}>{totals.latest ? formatDateTime(totals.latest) : "-"}</td>
                <td className={`${td} text-right tabular-nums`}>{formatCount(totals.numMutations)}</td>
                <td className={`${td} text-right tabular-nums`}>{formatCount(totals.totalMutations)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      )}
      {sandbox ? null : (
        <section className="card mb-4" aria-labelledby="deploy-title" data-testid="automation-instructions">
          <h3 id="deploy-title" className="font-semibold">
            Deploy the mutating admission controller
          </h3>
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
            <li>
              Give Kubex a TLS certificate the clusters can reach it by: the server settings <code>KUBEX_WEBHOOK_CERT_FILE</code> and{" "}
              <code>KUBEX_WEBHOOK_KEY_FILE</code>, and <code>KUBEX_WEBHOOK_URL</code> for the address clusters call (
              <Link to="/kubex/help/automation" className="text-sky-700 underline dark:text-sky-300">
                Help: Automation
              </Link>
              ). {setup.configured ? `The webhook listens; clusters call ${setup.baseUrl}.` : setup.reason}
            </li>
            <li>
              Apply the cluster&apos;s manifest below with <code>kubectl apply -f</code>. It never blocks a pod (<code>failurePolicy: Ignore</code>); a pod opts
              out with the label <code>kubex.io/automation: &quot;off&quot;</code>.
            </li>
            <li>Enable automation on a folder or a container of the tree. New pods of those workloads start with the recommended requests and limits.</li>
          </ol>
          {!admin ? (
            <p className="muted mt-2 text-sm">Administrators see each cluster&apos;s manifest here.</p>
          ) : manifests.length === 0 ? (
            <p className="muted mt-2 text-sm">
              No cluster is connected yet: add one on{" "}
              <Link to="/kubex/cluster-connections" className="text-sky-700 underline dark:text-sky-300">
                Cluster connections
              </Link>
              .
            </p>
          ) : (
            manifests.map((m) => (
              <details key={m.clusterName} className="mt-3" data-testid="automation-manifest">
                <summary className="cursor-pointer text-sm font-semibold">MutatingWebhookConfiguration for {m.clusterName}</summary>
                {m.yaml ? <CopyBlock text={m.yaml} label={`Manifest for ${m.clusterName}`} rows={16} /> : <p className="mt-1 text-sm">{setup.reason}</p>}
              </details>
            ))
          )}
        </section>
      )}
      <h3 className="mb-1 font-semibold">Latest decisions</h3>
      {decisions.length === 0 ? (
        <NoData text="The webhook has not been called yet." />
      ) : (
        <div className="card mb-4 overflow-x-auto p-0" role="region" aria-label="Latest decisions" tabIndex={0}>
          <table className="w-full text-sm" data-testid="automation-decisions">
            <thead className="text-left text-xs uppercase text-slate-500">
              <tr>
                {["Time", "Cluster", "Namespace", "Workload", "Containers", "Outcome", "Reason"].map((c) => (
                  <th key={c} className={th}>
                    {c}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {decisions.map((d, i) => (
                <tr key={`${d.at}-${i}`} className="border-t border-slate-100 dark:border-slate-800">
                  <td className={`${td} whitespace-nowrap`}>{formatDateTime(d.at)}</td>
                  <td className={td}>{d.cluster}</td>
                  <td className={td}>{d.namespace || "-"}</td>
                  <td className={td}>{d.workload}</td>
                  <td className={td}>{d.containers || "-"}</td>
                  <td className={td}>{d.outcome}</td>
                  <td className={`${td} max-w-md`}>{d.reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 className="mb-1 font-semibold">Automation switches</h3>
      {settings.length === 0 ? (
        <NoData text="No automation settings yet." />
      ) : (
        <table className="card w-full p-0 text-sm" data-testid="automation-settings">
          <thead className="text-left text-xs uppercase text-slate-500">
            <tr>
              <th className="px-4 py-2">Tree</th>
              <th className="px-4 py-2">Scope</th>
              <th className="px-4 py-2">Target</th>
              <th className="px-4 py-2">Automation</th>
              <th className="px-4 py-2">Changed by</th>
              <th className="px-4 py-2">When</th>
            </tr>
          </thead>
          <tbody>
            {settings.map((s) => (
              <tr key={s.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className="px-4 py-1.5">{s.ctx}</td>
                <td className="px-4 py-1.5">{s.scope === "entity" ? "Entity" : "Tree path"}</td>
                <td className="max-w-md truncate px-4 py-1.5" title={s.target}>
                  {s.target}
                </td>
                <td className="px-4 py-1.5">
                  <span className="inline-flex items-center gap-1">
                    {s.enabled ? <RiCheckLine aria-hidden="true" className="h-4 w-4" /> : <RiCloseLine aria-hidden="true" className="h-4 w-4" />}
                    {s.enabled ? "Enabled" : "Disabled"}
                  </span>
                </td>
                <td className="px-4 py-1.5">{s.updated_by}</td>
                <td className="px-4 py-1.5">{formatDate(s.updated_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
