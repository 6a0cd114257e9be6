/** The Cluster connections page (administrators): the collection schedule, each cluster's Prometheus connection with Verify, Edit and Delete, and the form to add one. */
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { formatDateTime } from "~/lib/format";
import type { loadClusterConnections, ClusterConnectionsResult } from "~/features/status/cluster-connections.server";

type Connection = SerializeFrom<typeof loadClusterConnections>["connections"][number];

function ConnectionFields({ c }: { c?: Connection }) {
  const id = c?.id ?? "new";
  const field = "flex flex-col gap-1 text-sm";
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <label className={field}>
        Cluster name
        <input name="name" className="input" required maxLength={100} defaultValue={c?.name} placeholder="prod-eu-1" />
      </label>
      <label className={field}>
        Prometheus address
        <input name="url" type="url" className="input" required defaultValue={c?.url} placeholder="https://prometheus.monitoring:9090" />
      </label>
      <label className={field}>
        Authentication
        <select name="authKind" className="input" defaultValue={c?.authKind ?? "none"}>
          <option value="none">None</option>
          <option value="bearer">Bearer token</option>
          <option value="basic">Basic (user name and password)</option>
        </select>
      </label>
      <label className={field}>
        User name (basic)
        <input name="username" className="input" autoComplete="off" defaultValue={c?.username ?? ""} />
      </label>
      <label className={field}>
        Token or password
        <input
          name="secret"
          type="password"
          className="input"
          autoComplete="new-password"
          placeholder={c?.hasSecret ? "Stored; leave empty to keep it" : ""}
          aria-describedby={`secret-note-${id}`}
        />
        <span id={`secret-note-${id}`} className="muted text-xs">
          Encrypted at rest; never shown again.
        </span>
      </label>
      <label className={field}>
        Cluster label (one store, many clusters)
        <input name="clusterLabel" className="input" defaultValue={c?.clusterLabel ?? ""} placeholder="cluster" />
      </label>
      <label className={field}>
        Its value for this cluster (default: the name)
        <input name="clusterValue" className="input" defaultValue={c?.clusterValue ?? ""} />
      </label>
      <label className={field}>
        Tenant (Mimir or Cortex: X-Scope-OrgID)
        <input name="tenant" className="input" defaultValue={c?.tenant ?? ""} placeholder="none" />
      </label>
      <label className={`${field} sm:col-span-2`}>
        CA certificate (PEM, for HTTPS with a private CA)
        <textarea name="caCert" rows={3} className="input font-mono text-xs" defaultValue={c?.caCert ?? ""} placeholder="-----BEGIN CERTIFICATE-----" />
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" name="insecureSkipVerify" defaultChecked={c?.insecureSkipVerify} /> Skip certificate checks (trusted networks only)
      </label>
    </div>
  );
}

function Status({ ok, text }: { ok: boolean | null; text: string | null }) {
  if (ok === null) return <span className="muted">—</span>;
  return <span className={ok ? "text-emerald-700 dark:text-emerald-400" : "text-red-700 dark:text-red-400"}>{text ?? (ok ? "OK" : "Failed")}</span>;
}

export function ClusterConnectionsPage({ data, result }: { data: SerializeFrom<typeof loadClusterConnections>; result?: ClusterConnectionsResult }) {
  const { admin, connections, csrf, job } = data;
  if (!admin) {
    return (
      <div className="p-4">
        <h2 className="mb-2 text-lg font-semibold">Cluster connections</h2>
        <p className="text-sm">Only administrators manage cluster connections.</p>
      </div>
    );
  }
  return (
    <div className="space-y-6 p-4">
      <div>
        <h2 className="text-lg font-semibold">Cluster connections</h2>
        <p className="muted text-sm">
          Each cluster is read from its Prometheus (kube-state-metrics and cAdvisor series). A collection replaces the demo fleet with the connected
          clusters; see <Link to="/kubex/collectionstatus/connections" className="underline">Kubernetes Connections</Link> for what was collected.
        </p>
      </div>
      {result?.error ? (
        <p role="alert" className="rounded-md bg-red-600 px-3 py-2 text-sm text-white">
          {result.error}
        </p>
      ) : null}
      {result?.message ? (
        <p role="status" className="rounded-md bg-emerald-600 px-3 py-2 text-sm text-white">
          {result.message}
        </p>
      ) : null}
      <section className="card" aria-labelledby="schedule-title">
        <h3 id="schedule-title" className="mb-1 font-semibold">
          Collection and analysis
        </h3>
        <p className="text-sm" data-testid="collect-schedule">
          {job
            ? job.schedule === "off"
              ? "The schedule is off (KUBEX_COLLECT_SCHEDULE=off)."
              : `Scheduled "${job.schedule}" (UTC)${job.nextRunAt ? `, next ${formatDateTime(job.nextRunAt)}` : ""}.`
            : "No schedule is running in this process."}{" "}
          {job?.running ? "A collection is running now." : null}
          {job?.lastFinishedAt ? ` Last run finished ${formatDateTime(job.lastFinishedAt)}${job.lastError ? `: ${job.lastError}` : "."}` : null}
        </p>
        <Form method="post" className="mt-2">
          <input type="hidden" name="csrf" value={csrf} />
          <button type="submit" name="intent" value="collect" className="btn-primary" disabled={connections.length === 0}>
            Collect now
          </button>
        </Form>
      </section>
      <section className="card p-0" aria-labelledby="list-title">
        <h3 id="list-title" className="px-4 pt-3 font-semibold">
          Connections
        </h3>
        {connections.length === 0 ? (
          <p className="px-4 py-3 text-sm">No cluster is connected: the product shows the demo fleet.</p>
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {connections.map((c) => (
              <li key={c.id} className="space-y-2 px-4 py-3 text-sm" data-testid="connection-row">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <span className="font-semibold">{c.name}</span> <span className="muted">{c.url}</span>{" "}
                    <span className="muted">· {c.authKind === "none" ? "no authentication" : c.authKind === "bearer" ? "bearer token" : `basic (${c.username})`}</span>
                  </div>
                  <div className="flex gap-2">
                    <Form method="post">
                      <input type="hidden" name="csrf" value={csrf} />
                      <input type="hidden" name="id" value={c.id} />
                      <button type="submit" name="intent" value="verify" className="btn px-2 py-0.5">
                        Verify
                      </button>
                    </Form>
                    <Form method="post">
                      <input type="hidden" name="csrf" value={csrf} />
                      <input type="hidden" name="id" value={c.id} />
                      <button type="submit" name="intent" value="delete" className="btn-danger px-2 py-0.5" aria-label={`Delete ${c.name}`}>
                        Delete
                      </button>
                    </Form>
                  </div>
                </div>
                <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
                  <dt className="muted">Verified</dt>
                  <dd>
                    {c.verifiedAt ? `${formatDateTime(c.verifiedAt)}: ` : null}
                    <Status ok={c.verifyOk} text={c.verifyMessage} />
                  </dd>
                  <dt className="muted">Last collection</dt>
                  <dd>
                    {c.lastCollectionOk === false ? (
                      <Status ok={false} text={c.lastCollectionMessage} />
                    ) : c.lastCollectionAt ? (
                      `${formatDateTime(c.lastCollectionAt)}: ${c.containerCount} containers, ${c.nodeCount} nodes in ${c.nodeGroupCount} node groups (Kubernetes ${c.clusterVersion ?? "?"}, Prometheus ${c.prometheusVersion ?? "?"})`
                    ) : (
                      <span className="muted">never</span>
                    )}
                  </dd>
                </dl>
                <details>
                  <summary className="cursor-pointer text-sky-700 dark:text-sky-400">Edit</summary>
                  <Form method="post" className="mt-2 space-y-3">
                    <input type="hidden" name="csrf" value={csrf} />
                    <input type="hidden" name="id" value={c.id} />
                    <ConnectionFields c={c} />
                    <button type="submit" name="intent" value="edit" className="btn-primary">
                      Save
                    </button>
                  </Form>
                </details>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card" aria-labelledby="add-title">
        <h3 id="add-title" className="mb-2 font-semibold">
          Add a connection
        </h3>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="csrf" value={csrf} />
          <ConnectionFields />
          <button type="submit" name="intent" value="add" className="btn-primary">
            Add connection
          </button>
        </Form>
      </section>
    </div>
  );
}
