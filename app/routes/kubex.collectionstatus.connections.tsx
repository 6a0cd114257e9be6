import type { LoaderFunctionArgs } from "@remix-run/node";
import { RiCheckLine } from "@remixicon/react";
import { useLoaderData } from "@remix-run/react";
import { loadConnections } from "~/features/status/connections.server";
import { formatCount, formatDate } from "~/lib/format";
import { NoData } from "~/components/ui/NoData";
import { FREE_TRIAL_URL, TEXT } from "~/lib/constants";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadConnections(request);
}

export default function Connections() {
  const { clusters, run, sandbox } = useLoaderData<typeof loader>();
  return (
    <div className="p-4">
      <h2 className="mb-1 text-lg font-semibold">Kubernetes Connections</h2>
      <p className="muted mb-4 text-sm">
        {run
          ? `Last collection: ${formatDate(run.finished_at)} from the ${run.source} source (seed ${run.seed}), ${formatCount(run.container_count)} containers.`
          : "No collection has run yet."}
      </p>
      <section className="card mb-4" aria-labelledby="connect-title">
        <h3 id="connect-title" className="font-semibold">
          Connect a cluster
        </h3>
        {sandbox ? (
          <p className="mt-1 text-sm" data-testid="sandbox-connect">
            {TEXT.sandboxNoConnect}{" "}
            <a className="text-sky-700 underline dark:text-sky-300" href={FREE_TRIAL_URL} target="_blank" rel="noreferrer">
              {TEXT.freeTrial}
            </a>
          </p>
        ) : (
          <p className="mt-1 text-sm">
            This installation collects the built-in demo fleet (<code>npm run collect -- --seed N --size N</code> regenerates it).
            Connecting a cluster through its Prometheus (kube-state-metrics and cAdvisor series) is not available yet.
          </p>
        )}
      </section>
      {clusters.length === 0 ? (
        <NoData />
      ) : (
        <table className="card w-full p-0 text-sm">
          <thead className="text-left text-xs uppercase text-slate-500">
            <tr>
              <th className="px-4 py-2">Cluster</th>
              <th className="px-4 py-2 text-right">Containers</th>
              <th className="px-4 py-2">Status</th>
            </tr>
          </thead>
          <tbody>
            {clusters.map((c) => (
              <tr key={c.cluster} className="border-t border-slate-100 dark:border-slate-800">
                <td className="px-4 py-1.5">{c.cluster}</td>
                <td className="px-4 py-1.5 text-right tabular-nums">{formatCount(c.containers)}</td>
                <td className="px-4 py-1.5">
                  <span className="inline-flex items-center gap-1">
                    <RiCheckLine aria-hidden="true" className="h-4 w-4" /> Collecting
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
