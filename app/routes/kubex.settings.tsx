import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { actSettings, loadSettings } from "~/features/settings/settings.server";
import { formatDate, formatDateTime } from "~/lib/format";

export const loader = ({ request }: LoaderFunctionArgs) => loadSettings(request);
export const action = ({ request }: ActionFunctionArgs) => actSettings(request);

export default function Settings() {
  const { user, flags, tokens, tokenDays, tokenDefaultDays, csrf } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="space-y-6 p-4">
      {result && "error" in result && result.error ? <p role="alert" className="rounded-md bg-red-600 px-3 py-2 text-sm text-white">{result.error}</p> : null}
      {result && "message" in result && result.message ? (
        <div role="status" className="rounded-md bg-emerald-600 px-3 py-2 text-sm text-white">
          {result.message}
          {"token" in result && result.token ? <code className="mt-1 block select-all break-all font-mono" data-testid="new-token">{result.token}</code> : null}
        </div>
      ) : null}
      {user.isAdmin ? (
        <p className="text-sm">
          <Link to="/kubex/cluster-connections" className="text-sky-700 underline dark:text-sky-400">
            Cluster connections
          </Link>{" "}
          — connect clusters through their Prometheus, verify them, collect now.
        </p>
      ) : null}
      <section className="card">
        <h2 className="mb-2 font-semibold">API tokens</h2>
        <p className="muted mb-3 text-sm">
          Scripts call the GraphQL API at /api/graphql/&lt;service&gt; with the header Authorization: Bearer &lt;token&gt;. A token
          works until it expires (at most {tokenDays[tokenDays.length - 1]} days) or is revoked.
        </p>
        <Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="csrf" value={csrf} />
          <input name="tokenName" aria-label="Token name" placeholder="Token name" className="input max-w-xs" maxLength={100} required />
          <select name="expiresInDays" aria-label="Expires in" className="input w-auto" defaultValue={String(tokenDefaultDays)}>
            {tokenDays.map((d) => (
              <option key={d} value={d}>
                Expires in {d} days
              </option>
            ))}
          </select>
          <button type="submit" name="intent" value="createToken" className="btn-primary">Create token</button>
        </Form>
        <ul className="mt-3 divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {tokens.map((t) => (
            <li key={t.id} className="flex items-center justify-between py-1.5">
              <span data-testid="token-row">
                {t.name}{" "}
                <span className="muted">
                  · created {formatDate(t.createdAt)} · {t.expired ? "expired" : "expires"} {t.expiresAt ? formatDate(t.expiresAt) : ""} · last used{" "}
                  {t.lastUsedAt ? formatDateTime(t.lastUsedAt) : "never"}
                </span>
              </span>
              <Form method="post">
                <input type="hidden" name="csrf" value={csrf} />
                <input type="hidden" name="tokenId" value={t.id} />
                <button type="submit" name="intent" value="revokeToken" className="btn-danger">Revoke</button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
      <section className="card">
        <h2 className="mb-2 font-semibold">Feature flags</h2>
        {!user.isAdmin ? <p className="muted mb-2 text-sm">Only administrators can switch flags.</p> : null}
        <ul className="grid gap-1 text-sm sm:grid-cols-2">
          {flags.map((f) => (
            <li key={f.name} className="flex items-center justify-between rounded px-2 py-1 odd:bg-slate-50 dark:odd:bg-slate-800/40">
              <code>{f.name}</code>
              <Form method="post" className="flex items-center gap-2">
                <input type="hidden" name="csrf" value={csrf} />
                <input type="hidden" name="name" value={f.name} />
                <input type="hidden" name="enabled" value={String(!f.enabled)} />
                <span>{f.enabled ? "On" : "Off"}</span>
                <button type="submit" name="intent" value="flag" className="btn px-2 py-0.5" disabled={!user.isAdmin}>
                  {f.enabled ? "Turn off" : "Turn on"}
                  <span className="sr-only"> {f.name}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
