import { Form, Link } from "@remix-run/react";
import type { FolderPolicyPanel } from "~/features/policies/folder-policy.server";
import { folderReasonText, pathValue, POLICIES_ROUTE, POLICY_TEXT } from "~/domain/policies/text";
import { formatDateTime, formatFixed } from "~/lib/format";

/** Which policy the selected folder is given and why, and (administrators) the assign / unassign form. */
export function FolderPolicy({ panel }: { panel: FolderPolicyPanel }) {
  const r = panel.reason;
  const here = r.kind === "here";
  return (
    <section className="card mb-3 space-y-2 text-sm" aria-labelledby="folder-policy-title" data-testid="folder-policy">
      <h3 id="folder-policy-title" className="font-semibold">
        Policy of this folder
      </h3>
      <p data-testid="folder-policy-reason">
        {r.kind === "labels" ? (
          POLICY_TEXT.whyLabels
        ) : (
          <>
            {folderReasonText(r.kind, r.policyName, r.from)}{" "}
            <span className="muted">
              (by {r.by}, {formatDateTime(r.at)})
            </span>
          </>
        )}
      </p>
      {panel.below.length ? (
        <p className="muted">
          Folders below with their own policy: {panel.below.map((b) => `${b.path.slice(panel.path.length).join(" / ")} (${b.policyName})`).join("; ")}.
        </p>
      ) : null}
      {panel.analysed.length ? (
        <p data-testid="folder-policy-analysed">
          In the current analysis: {panel.analysed.map((a) => `${formatFixed(a.count)} under ${a.name}`).join(", ")}.
        </p>
      ) : null}
      {panel.admin ? (
        <div className="flex flex-wrap items-end gap-2">
          <Form method="post" action={POLICIES_ROUTE} className="flex flex-wrap items-end gap-2">
            <input type="hidden" name="csrf" value={panel.csrf} />
            <input type="hidden" name="viewId" value={panel.viewId} />
            <input type="hidden" name="path" value={pathValue(panel.path)} />
            <input type="hidden" name="returnTo" value={panel.returnTo} />
            <label className="flex flex-col gap-1">
              Assign to this folder
              <select name="policyId" className="input" defaultValue={here ? r.policyId : undefined}>
                {panel.choices.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
            <button type="submit" name="intent" value="assign" className="btn-primary">
              Assign
            </button>
          </Form>
          {here ? (
            <Form method="post" action={POLICIES_ROUTE}>
              <input type="hidden" name="csrf" value={panel.csrf} />
              <input type="hidden" name="viewId" value={panel.viewId} />
              <input type="hidden" name="path" value={pathValue(panel.path)} />
              <input type="hidden" name="returnTo" value={panel.returnTo} />
              <button type="submit" name="intent" value="unassign" className="btn">
                Unassign
              </button>
            </Form>
          ) : null}
        </div>
      ) : (
        <p className="muted">{POLICY_TEXT.readOnly}</p>
      )}
      <p>
        <Link to={POLICIES_ROUTE} className="text-sky-700 underline dark:text-sky-400">
          All policies, assignments and history
        </Link>
      </p>
    </section>
  );
}
