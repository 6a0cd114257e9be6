/** The Policies screen (issue 15, decision 024): every stored policy, its assignments and history; administrators edit. */
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link } from "@remix-run/react";
import type { actPolicies, loadPolicies } from "~/features/policies/policies.server";
import { PolicyEditor } from "~/components/policies/PolicyEditor";
import { Modal } from "~/components/ui/Modal";
import { POLICIES_ROUTE, POLICY_TEXT } from "~/domain/policies/text";
import { formatDateTime } from "~/lib/format";

const ACTION_WORDS: Record<string, string> = { create: "created", copy: "created as a copy", edit: "edited", delete: "deleted", assign: "assigned", unassign: "unassigned" };

export function PoliciesPage({ data, result }: { data: SerializeFrom<typeof loadPolicies>; result?: SerializeFrom<typeof actPolicies> }) {
  const { admin, csrf, policies, assignments, history, status } = data;
  const editing = data.editor?.mode === "edit" ? policies.find((p) => p.id === data.editor?.id) ?? null : null;
  const deleting = data.confirmDelete ? policies.find((p) => p.id === data.confirmDelete) : null;
  // A refused edit keeps its dialog open with the draft (the action answers on the page's own address).
  const errors = result && "error" in result ? result : undefined;
  return (
    <div className="space-y-6 p-4" data-testid="policies-page">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{POLICY_TEXT.title}</h2>
          <p className="muted max-w-3xl text-sm">
            The rules the analysis sizes containers by. A policy assigned to a folder of a View applies to every container under it (the deepest
            assignment wins); other containers follow the policy their label names, else the System Default Policy. Assign from a folder&apos;s{" "}
            <Link to="/kubex/containers-tree?tabGroup1=policies" className="underline">
              Policies tab
            </Link>
            .
          </p>
        </div>
        {admin ? (
          <Link to={`${POLICIES_ROUTE}?new=1`} className="btn-primary" data-testid="new-policy">
            {POLICY_TEXT.newPolicy}
          </Link>
        ) : null}
      </div>
      {!admin ? (
        <p role="note" className="rounded-md bg-slate-100 px-3 py-2 text-sm dark:bg-slate-800" data-testid="read-only-note">
          {POLICY_TEXT.readOnly}
        </p>
      ) : null}
      {data.notice ? (
        <p role="status" className="rounded-md bg-emerald-700 px-3 py-2 text-sm text-white" data-testid="notice">
          {data.notice}
        </p>
      ) : null}
      {errors && !data.editor ? (
        <p role="alert" className="rounded-md bg-red-600 px-3 py-2 text-sm text-white" data-testid="action-error">
          {errors.error}
        </p>
      ) : null}
      {status ? (
        <p className="muted text-sm" data-testid="reanalysis-status">
          {status.state === "running"
            ? `Re-analysing the containers whose policy changed (started ${formatDateTime(status.startedAt)})…`
            : status.state === "failed"
              ? `The latest re-analysis failed: ${status.error}`
              : `Latest re-analysis: ${status.reanalysed} of ${status.total} containers analysed again in ${((status.ms ?? 0) / 1000).toFixed(1)} s, finished ${formatDateTime(status.finishedAt ?? status.startedAt)}.`}
        </p>
      ) : null}

      <section aria-labelledby="policies-title" className="space-y-3">
        <h3 id="policies-title" className="font-semibold">
          Policies ({policies.length})
        </h3>
        <ul className="space-y-3">
          {policies.map((p) => (
            <li key={p.id} className="card space-y-2" data-testid="policy-card" data-policy={p.name}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h4 className="font-semibold">
                    {p.name} {p.isSystem ? <span className="muted text-xs font-normal">(system)</span> : null}
                  </h4>
                  <p className="muted text-sm">{p.description}</p>
                  <p className="muted text-xs">
                    Last changed {formatDateTime(p.updatedAt)} by {p.updatedBy}
                  </p>
                </div>
                {admin ? (
                  <div className="flex flex-wrap gap-2">
                    <Link to={`${POLICIES_ROUTE}?edit=${encodeURIComponent(p.id)}`} className="btn px-2 py-0.5" aria-label={`Edit ${p.name}`}>
                      Edit
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="csrf" value={csrf} />
                      <input type="hidden" name="id" value={p.id} />
                      <button type="submit" name="intent" value="copy" className="btn px-2 py-0.5" aria-label={`Copy ${p.name}`}>
                        Copy
                      </button>
                    </Form>
                    {!p.isSystem ? (
                      <Link to={`${POLICIES_ROUTE}?delete=${encodeURIComponent(p.id)}`} className="btn-danger px-2 py-0.5" aria-label={`Delete ${p.name}`}>
                        Delete
                      </Link>
                    ) : null}
                  </div>
                ) : null}
              </div>
              <details>
                <summary className="cursor-pointer text-sm text-sky-700 dark:text-sky-400">Settings</summary>
                <div className="mt-2 grid gap-3 md:grid-cols-2">
                  {p.groups.map((g) => (
                    <div key={g.id}>
                      <h5 className="text-sm font-semibold">{g.name}</h5>
                      <dl className="grid grid-cols-[minmax(0,1fr)_auto] gap-x-3 text-sm">
                        {g.parameters.map((x) => (
                          <div key={x.id} className="contents">
                            <dt className="muted">{x.displayName}</dt>
                            <dd className="text-right tabular-nums">{x.value}</dd>
                          </div>
                        ))}
                      </dl>
                    </div>
                  ))}
                </div>
              </details>
            </li>
          ))}
        </ul>
        <p className="muted text-xs">{POLICY_TEXT.systemNote}</p>
      </section>

      <section aria-labelledby="assignments-title" className="card space-y-2">
        <h3 id="assignments-title" className="font-semibold">
          Assignments
        </h3>
        {assignments.length === 0 ? (
          <p className="text-sm">{POLICY_TEXT.noAssignments}</p>
        ) : (
          <ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800" data-testid="assignments">
            {assignments.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-1.5">
                <span>
                  <span className="font-medium">{a.policyName}</span> → {a.viewName}: {a.path.length === 0 ? "the whole View" : a.path.join(" / ")}
                  <span className="muted"> · by {a.createdBy}, {formatDateTime(a.createdAt)}</span>
                </span>
                {admin ? (
                  <Form method="post">
                    <input type="hidden" name="csrf" value={csrf} />
                    <input type="hidden" name="viewId" value={a.viewId} />
                    <input type="hidden" name="path" value={JSON.stringify(a.path)} />
                    <input type="hidden" name="returnTo" value={POLICIES_ROUTE} />
                    <button type="submit" name="intent" value="unassign" className="btn px-2 py-0.5">
                      Unassign
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="history-title" className="card space-y-2">
        <h3 id="history-title" className="font-semibold">
          History
        </h3>
        {history.length === 0 ? (
          <p className="text-sm">{POLICY_TEXT.noHistory}</p>
        ) : (
          <ol className="divide-y divide-slate-100 text-sm dark:divide-slate-800" data-testid="policy-history">
            {history.map((h) => (
              <li key={h.id} className="py-1.5" data-testid="history-entry">
                <span className="muted tabular-nums">{formatDateTime(h.at)}</span> · <span className="font-medium">{h.userName}</span>{" "}
                {ACTION_WORDS[h.action] ?? h.action} <span className="font-medium">{h.policyName}</span>
                {h.changes.length ? (
                  <ul className="ml-4 list-disc">
                    {h.changes.map((c, i) => (
                      <li key={i}>{c}</li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>

      {admin && data.editor ? (
        <Modal title={data.editor.mode === "new" ? POLICY_TEXT.newPolicy : `Edit ${editing?.name ?? "policy"}`} closeHref={POLICIES_ROUTE} maxWidth={1000} testId="policy-dialog">
          <PolicyEditor
            mode={data.editor.mode}
            policy={editing}
            groups={data.groups}
            definitions={data.definitions}
            csrf={csrf}
            errors={errors}
            cancelHref={POLICIES_ROUTE}
          />
        </Modal>
      ) : null}
      {admin && deleting ? (
        <Modal title={`Delete ${deleting.name}?`} closeHref={POLICIES_ROUTE} maxWidth={480} role="alertdialog" testId="delete-dialog">
          <p className="text-sm">Its assignments are removed too; its containers then follow their labels or the System Default Policy.</p>
          <Form method="post" className="mt-3 flex gap-2">
            <input type="hidden" name="csrf" value={csrf} />
            <input type="hidden" name="id" value={deleting.id} />
            <button type="submit" name="intent" value="delete" className="btn-danger" data-autofocus>
              Delete
            </button>
            <a href={POLICIES_ROUTE} className="btn">
              Cancel
            </a>
          </Form>
        </Modal>
      ) : null}
    </div>
  );
}
