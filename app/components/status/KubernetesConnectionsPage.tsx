/** The Kubernetes Connections status page (spec document 3, 2.9): what each cluster's collection found, paged and searchable, and the connection instructions. */
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { CONNECTION_PAGE_SIZES } from "~/features/status/connections";
import { formatCount, formatDateTime } from "~/lib/format";
import { NoData } from "~/components/ui/NoData";
import { Modal } from "~/components/ui/Modal";
import { CopyBlock } from "~/components/ui/CopyBlock";
import { FREE_TRIAL_URLS, TEXT } from "~/lib/constants";
import type { loadConnections } from "~/features/status/connections.server";

/** The spec's columns; the counts are numbers, right-aligned under right-aligned headers. */
const COLUMNS: readonly { name: string; numeric?: boolean }[] = [
  { name: "Cluster" },
  { name: "First Collection" },
  { name: "Last Collection" },
  { name: "Latest Node Count", numeric: true },
  { name: "Latest Node Group Count", numeric: true },
  { name: "Latest Container Count", numeric: true },
  { name: "Cluster Version" },
  { name: "Automation Stack Version" },
  { name: "Prometheus Version" },
];

/** Where the last collection came from, in the user's words. */
const SOURCE_NAMES: Record<string, string> = { demo: "from the built-in demo fleet", prometheus: "from Prometheus" };

export function KubernetesConnectionsPage({ data }: { data: SerializeFrom<typeof loadConnections> }) {
  const { clusters, run, sandbox, q, size, page, pages, total, admin, instructionsOpen, snippet } = data;
  const href = (p: { page?: number; size?: number; extra?: Record<string, string> }) => {
    const sp = new URLSearchParams();
    if (q) sp.set("q", q);
    sp.set("size", String(p.size ?? size));
    sp.set("page", String(p.page ?? page));
    for (const [k, v] of Object.entries(p.extra ?? {})) sp.set(k, v);
    return `?${sp.toString()}`;
  };
  return (
    <div className="p-4">
      <h2 className="mb-1 text-lg font-semibold">Kubernetes Connections</h2>
      <p className="muted mb-4 text-sm">
        {run
          ? `Last collection: ${formatDateTime(run.finished_at)}, ${SOURCE_NAMES[run.source] ?? run.source}, ${formatCount(run.container_count)} containers.`
          : "No collection has run yet."}
      </p>
      <section className="card mb-4" aria-labelledby="connect-title">
        <h3 id="connect-title" className="font-semibold">
          Connect a cluster
        </h3>
        {sandbox ? (
          <p className="mt-1 text-sm" data-testid="sandbox-connect">
            {TEXT.sandboxNoConnect}{" "}
            <a className="text-sky-700 underline dark:text-sky-300" href={FREE_TRIAL_URLS.kubernetes}>
              {TEXT.freeTrial}
            </a>
          </p>
        ) : (
          <p className="mt-1 text-sm">
            Clusters are read from their Prometheus (kube-state-metrics and cAdvisor series): administrators add them on{" "}
            <Link to="/kubex/cluster-connections" className="text-sky-700 underline dark:text-sky-400">
              Cluster connections
            </Link>
            . Until a cluster is connected and collected, the built-in demo fleet is shown.
          </p>
        )}
      </section>
      {sandbox ? null : (
        <section className="card mb-4" aria-labelledby="instructions-title" data-testid="connection-instructions">
          <div className="flex items-center justify-between gap-2">
            <h3 id="instructions-title" className="font-semibold">
              How to connect a cluster
            </h3>
            {/* A link, not a <details>: it sets a cookie on the way, so the panel stays as left, with or without script. */}
            <Link to={href({ extra: { instructions: instructionsOpen ? "hide" : "show" } })} className="text-sm text-sky-700 underline dark:text-sky-300" aria-expanded={instructionsOpen} aria-controls="instructions-steps">
              {instructionsOpen ? "Hide instructions" : "Show instructions"}
            </Link>
          </div>
          {instructionsOpen ? (
            <ol id="instructions-steps" className="mt-2 list-decimal space-y-2 pl-5 text-sm">
              <li>
                Deploy data collection: the cluster&apos;s Prometheus with kube-state-metrics (node labels allowed) and cAdvisor; then add its connection on{" "}
                <Link to="/kubex/cluster-connections" className="text-sky-700 underline dark:text-sky-300">
                  Cluster connections
                </Link>{" "}
                and Verify it.{" "}
                {admin ? (
                  <Link to={href({ extra: { dialog: "credentials" } })} className="btn ml-1 inline-block" data-testid="open-credentials">
                    Connection parameters
                  </Link>
                ) : null}{" "}
                <Link to="/kubex/collectionstatus/automation" className="text-sky-700 underline dark:text-sky-300">
                  Deployment docs (webhook manifests)
                </Link>
              </li>
              <li>Data collection validation: Collect now, or wait for the schedule; the cluster appears below once a collection has completed (up to an hour).</li>
              <li>Analysis runs after each collection, daily; a new cluster has recommendations the next day.</li>
            </ol>
          ) : null}
        </section>
      )}
      {snippet ? (
        <Modal title="Secure connection parameters" closeHref={href({})} maxWidth={640} testId="credentials-dialog">
          <p className="text-sm">The parameters a job in the cluster uses to reach this installation. The token acts as you; it is listed under Settings, API tokens.</p>
          <CopyBlock text={snippet} label="Connection parameters" rows={10} testId="credentials-snippet" />
          <div className="mt-3 flex justify-end">
            <Link to={href({})} className="btn btn-primary" data-autofocus>
              OK
            </Link>
          </div>
        </Modal>
      ) : null}
      <p className="muted mb-2 text-sm" data-testid="connections-note">
        Note that these counts reflect the most recent data collection while analysis is based on data from the last 7 days.
      </p>
      <Form method="get" className="mb-2 flex flex-wrap items-center gap-2" role="search">
        <input type="search" name="q" defaultValue={q} aria-label="Search clusters" placeholder="Search" className="input max-w-xs" />
        <input type="hidden" name="size" value={size} />
        <button type="submit" className="btn">
          Search
        </button>
      </Form>
      {clusters.length === 0 ? (
        <NoData />
      ) : (
        // A region keyboard users can focus and scroll sideways: the table has no link or button to reach it by.
        <div className="card overflow-x-auto p-0" role="region" aria-label="Clusters" tabIndex={0}>
          <table className="w-full text-sm" data-testid="connections-grid">
            <thead className="text-left text-xs uppercase text-slate-500">
              <tr>
                {COLUMNS.map((c) => (
                  <th key={c.name} scope="col" className={`whitespace-nowrap px-3 py-2${c.numeric ? " text-right" : ""}`}>
                    {c.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {clusters.map((c) => (
                <tr key={c.clusterName} className="border-t border-slate-100 dark:border-slate-800">
                  <td className="whitespace-nowrap px-3 py-1.5 font-medium">{c.clusterName}</td>
                  <td className="whitespace-nowrap px-3 py-1.5">{c.firstAuditTime ? formatDateTime(c.firstAuditTime) : "-"}</td>
                  <td className="whitespace-nowrap px-3 py-1.5">{c.lastAuditTime ? formatDateTime(c.lastAuditTime) : "-"}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(c.nodeCount)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(c.nodeGroupCount)}</td>
                  <td className="px-3 py-1.5 text-right tabular-nums">{formatCount(c.containerCount)}</td>
                  <td className="px-3 py-1.5">{c.clusterVersion ?? "-"}</td>
                  <td className="px-3 py-1.5" title={c.forwarderVersion ? undefined : "No webhook call from this cluster in the last 7 days"}>
                    {c.forwarderVersion ?? "-"}
                  </td>
                  <td className="px-3 py-1.5">{c.prometheusVersion ?? "-"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav aria-label="Pages" className="mt-2 flex flex-wrap items-center gap-3 text-sm">
        <span>
          {total === 0 ? "0" : `${(page - 1) * size + 1}–${Math.min(total, page * size)}`} of {formatCount(total)}
        </span>
        {page > 1 ? <Link to={href({ page: page - 1 })}>Previous</Link> : null}
        {page < pages ? <Link to={href({ page: page + 1 })}>Next</Link> : null}
        <span className="muted">Page size:</span>
        {CONNECTION_PAGE_SIZES.map((n) =>
          n === size ? (
            <span key={n} aria-current="true" className="font-semibold">
              {n}
            </span>
          ) : (
            <Link key={n} to={href({ size: n, page: 1 })}>
              {n}
            </Link>
          ),
        )}
      </nav>
    </div>
  );
}
