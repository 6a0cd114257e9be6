/** Settings (user menu): API tokens for scripts and, for administrators, the feature flags by area with what each does. */
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import { FEATURE_FLAG_AREAS, FEATURE_FLAG_INFO, type FeatureFlagName } from "~/lib/constants";
import { formatDate, formatDateTime } from "~/lib/format";
import type { actSettings, loadSettings } from "~/features/settings/settings.server";

type Data = SerializeFrom<typeof loadSettings>;
type Flag = Data["flags"][number];

export function SettingsPage({ data, result }: { data: Data; result: SerializeFrom<typeof actSettings> | undefined }) {
  const { user, flags, tokens, tokenDays, tokenDefaultDays, csrf } = data;
  return (
    <div className="space-y-6 p-4">
      {result && "error" in result && result.error ? (
        <p role="alert" className="rounded-md bg-red-600 px-3 py-2 text-sm text-white">
          {result.error}
        </p>
      ) : null}
      {result && "message" in result && result.message ? (
        <div role="status" className="rounded-md bg-emerald-700 px-3 py-2 text-sm text-white">
          {result.message}
          {"token" in result && result.token ? (
            <code className="mt-1 block select-all break-all font-mono" data-testid="new-token">
              {result.token}
            </code>
          ) : null}
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
      <ApiTokens tokens={tokens} tokenDays={tokenDays} tokenDefaultDays={tokenDefaultDays} csrf={csrf} />
      <FeatureFlags flags={flags} isAdmin={user.isAdmin} csrf={csrf} />
    </div>
  );
}

function ApiTokens({ tokens, tokenDays, tokenDefaultDays, csrf }: Pick<Data, "tokens" | "tokenDays" | "tokenDefaultDays" | "csrf">) {
  return (
    <section className="card" aria-labelledby="tokens-title">
      <h2 id="tokens-title" className="mb-2 font-semibold">
        API tokens
      </h2>
      <p className="muted mb-3 text-sm">
        Scripts call the GraphQL API at /api/graphql/&lt;service&gt; with the header Authorization: Bearer &lt;token&gt;. A token works
        until it expires (at most {tokenDays[tokenDays.length - 1]} days) or is revoked.
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
        <button type="submit" name="intent" value="createToken" className="btn-primary">
          Create token
        </button>
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
              <button type="submit" name="intent" value="revokeToken" className="btn-danger">
                Revoke
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

const info = (name: string) => FEATURE_FLAG_INFO[name as FeatureFlagName];
/** A flag's place in its area: the order FEATURE_FLAG_INFO lists them in. */
const ORDER = new Map(Object.keys(FEATURE_FLAG_INFO).map((name, i) => [name, i]));

/** The flags in their areas (the loader lists only the flags the product knows, each described). */
function FeatureFlags({ flags, isAdmin, csrf }: { flags: Data["flags"]; isAdmin: boolean; csrf: string }) {
  const known = flags.filter((f) => info(f.name));
  return (
    <section className="card" aria-labelledby="flags-title">
      <h2 id="flags-title" className="mb-1 font-semibold">
        Features
      </h2>
      <p className="muted mb-3 text-sm">
        {isAdmin ? "Switch parts of the product on or off for everyone. " : "Only administrators can switch flags. "}
        The name under each is the flag&apos;s name in the GraphQL API (featureSet).
      </p>
      <div className="grid gap-x-8 gap-y-4 lg:grid-cols-2">
        {FEATURE_FLAG_AREAS.map((area) => {
          const inArea = known.filter((f) => info(f.name).area === area).sort((a, b) => ORDER.get(a.name)! - ORDER.get(b.name)!);
          if (inArea.length === 0) return null;
          return (
            <section key={area} aria-labelledby={`flags-${area}`}>
              <h3 id={`flags-${area}`} className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
                {area}
              </h3>
              <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
                {inArea.map((f) => (
                  <FlagRow key={f.name} flag={f} isAdmin={isAdmin} csrf={csrf} />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </section>
  );
}

function FlagRow({ flag, isAdmin, csrf }: { flag: Flag; isAdmin: boolean; csrf: string }) {
  const { label, description } = info(flag.name);
  return (
    <li className="flex items-start justify-between gap-4 py-2" data-testid="flag-row" data-flag={flag.name}>
      <div className="min-w-0">
        <div className="font-medium">{label}</div>
        <p className="muted text-xs">{description}</p>
        <code className="text-xs text-slate-600 dark:text-slate-400">{flag.name}</code>
      </div>
      <Form method="post" className="flex shrink-0 items-center gap-2">
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="name" value={flag.name} />
        <input type="hidden" name="enabled" value={String(!flag.enabled)} />
        <span className={flag.enabled ? "font-medium text-emerald-700 dark:text-emerald-400" : "muted"}>{flag.enabled ? "On" : "Off"}</span>
        <button type="submit" name="intent" value="flag" className="btn px-2 py-0.5" disabled={!isAdmin}>
          {flag.enabled ? "Turn off" : "Turn on"}
          <span className="sr-only"> {label}</span>
        </button>
      </Form>
    </li>
  );
}
