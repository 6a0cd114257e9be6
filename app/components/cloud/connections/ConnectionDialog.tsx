import { useEffect, useState } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { RiCheckboxCircleFill, RiFileCopyLine } from "@remixicon/react";
import { Modal } from "~/components/ui/Modal";
import { CONNECTION_TEXT, PLATFORM_LABELS, type ConnectionPlatform } from "~/domain/cloud/connections";
import type { DialogView } from "~/features/cloud/connections.server";
import { formatDateTime } from "~/lib/format";

const PAGE = "/kubex/cloud/connections";

function Field({
  name,
  label,
  error,
  defaultValue,
  disabled,
  type = "text",
  placeholder,
  autoComplete = "off",
  onChange,
}: {
  name: string;
  label: string;
  error?: string;
  defaultValue?: string;
  disabled?: boolean;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  onChange?: (value: string) => void;
}) {
  const id = `conn-${name}`;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        name={disabled ? undefined : name}
        type={type}
        defaultValue={defaultValue}
        disabled={disabled}
        placeholder={placeholder}
        autoComplete={autoComplete}
        spellCheck={false}
        className="input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={onChange ? (e) => onChange(e.currentTarget.value) : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700 dark:text-red-300" data-testid={`error-${name}`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 p-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100" data-testid="dialog-error">
      {message}
    </p>
  );
}

function Steps({ step }: { step: 0 | 1 }) {
  const names = ["Verify connection", "Save connection"];
  return (
    <ol className="mb-4 flex gap-4 text-sm" aria-label="Steps">
      {names.map((n, i) => (
        <li key={n} aria-current={i === step ? "step" : undefined} className={i === step ? "font-semibold text-sky-700 dark:text-sky-400" : "muted"}>
          {i + 1}. {n}
        </li>
      ))}
    </ol>
  );
}

function CopyValue({ value }: { value: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), 3000);
    return () => clearTimeout(t);
  }, [copied]);
  return (
    <span className="inline-flex items-center gap-2">
      <code className="rounded bg-slate-100 px-2 py-1 text-sm dark:bg-slate-800" data-testid="provider-account-id">
        {value}
      </code>
      <button
        type="button"
        className="btn px-2 py-1"
        aria-label="Copy the account ID"
        onClick={() => {
          void navigator.clipboard?.writeText(value).then(() => setCopied(true));
        }}
      >
        <RiFileCopyLine aria-hidden="true" className="h-4 w-4" />
        {copied ? "Copied" : "Copy"}
      </button>
    </span>
  );
}

function Hidden({ dialog, csrf }: { dialog: DialogView; csrf: string }) {
  return (
    <>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="platform" value={dialog.platform} />
      {dialog.editId ? <input type="hidden" name="editId" value={dialog.editId} /> : null}
    </>
  );
}

function VerifyStep({ dialog, csrf }: { dialog: DialogView; csrf: string }) {
  const editing = dialog.editId !== null;
  const [secretTyped, setSecretTyped] = useState(false);
  const verifyLabel = editing && !secretTyped ? "Next" : "Verify";
  const p = dialog.platform;
  return (
    <Form method="post" encType={p === "GCP" ? "multipart/form-data" : undefined} data-testid="verify-form">
      <Hidden dialog={dialog} csrf={csrf} />
      <FormError message={dialog.formError} />
      {p === "AWS" ? (
        <>
          <p className="mb-1 text-sm font-medium">Account ID to trust</p>
          <p className="muted mb-2 text-xs">Create a role in your account that trusts this account, with the External ID below as its condition, and read-only access to EC2 and CloudWatch.</p>
          <div className="mb-3">{dialog.awsAccountId ? <CopyValue value={dialog.awsAccountId} /> : <span className="muted text-sm">{CONNECTION_TEXT.noAccountId}</span>}</div>
          {editing ? <p className="muted mb-2 text-xs">Leave both empty to verify again with the stored role.</p> : null}
          <Field name="externalId" label="External ID" error={dialog.errors.externalId} onChange={(v) => setSecretTyped(v !== "")} />
          <Field name="roleArn" label="Role ARN" error={dialog.errors.roleArn} placeholder="arn:aws:iam::123456789012:role/kubex-read" onChange={(v) => setSecretTyped(v !== "")} />
        </>
      ) : p === "AZURE" ? (
        <>
          <Field name="connectionName" label="Connection Name" error={dialog.errors.connectionName} defaultValue={dialog.values.connectionName} disabled={editing} />
          <Field name="applicationId" label="Application ID" error={dialog.errors.applicationId} defaultValue={dialog.values.applicationId} disabled={editing} />
          <Field
            name="secretKey"
            label="Secret Key"
            type="password"
            autoComplete="new-password"
            error={dialog.errors.secretKey}
            placeholder={editing ? "Leave empty to keep the stored secret" : undefined}
            onChange={(v) => setSecretTyped(v !== "")}
          />
          <Field name="tenantId" label="Tenant ID" error={dialog.errors.tenantId} defaultValue={dialog.values.tenantId} disabled={editing} />
        </>
      ) : (
        <>
          <div className="mb-3">
            <label htmlFor="conn-keyFile" className="mb-1 block text-sm font-medium">
              Service Account Key (JSON)
            </label>
            <p className="muted mb-2 text-xs">A key file of a service account with the Compute Viewer and Monitoring Viewer roles on the project.{editing ? " Leave empty to keep the stored key." : ""}</p>
            <input
              id="conn-keyFile"
              name="keyFile"
              type="file"
              accept="application/json,.json"
              className="block w-full text-sm"
              aria-invalid={dialog.errors.keyFile ? true : undefined}
              onChange={(e) => setSecretTyped((e.currentTarget.files?.length ?? 0) > 0)}
            />
            {dialog.errors.keyFile ? (
              <p className="mt-1 text-xs text-red-700 dark:text-red-300" data-testid="error-keyFile">
                {dialog.errors.keyFile}
              </p>
            ) : null}
          </div>
        </>
      )}
      <div className="mt-4 flex justify-end gap-2">
        <a className="btn" href={PAGE}>
          Cancel
        </a>
        <button type="submit" name="intent" value="verify" className="btn-primary" data-testid="verify">
          {verifyLabel}
        </button>
      </div>
    </Form>
  );
}

function SaveStep({ dialog, csrf }: { dialog: DialogView; csrf: string }) {
  const v = dialog.verification;
  const editing = dialog.editId !== null;
  const verified = dialog.draft !== null;
  return (
    <Form method="post" data-testid="save-form">
      <Hidden dialog={dialog} csrf={csrf} />
      {dialog.draft ? <input type="hidden" name="draft" value={dialog.draft} /> : null}
      <input type="hidden" name="found" value={String(v?.instancesFound ?? 0)} />
      <FormError message={dialog.formError} />
      {dialog.platform === "AZURE" ? (
        <AzureSubscriptions dialog={dialog} />
      ) : (
        <>
          <Field name="connectionName" label="Connection Name" error={dialog.errors.connectionName} defaultValue={dialog.values.connectionName} />
          <dl className="mb-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="muted">{dialog.platform === "AWS" ? "Account ID" : "Project"}</dt>
            <dd data-testid="verified-account">{v?.accountId ?? "-"}</dd>
            <dt className="muted">Instances</dt>
            <dd data-testid="instances-found">{CONNECTION_TEXT.instancesFound(v?.instancesFound ?? 0)}</dd>
            <dt className="muted">Last verified</dt>
            <dd data-testid="verified-at">{formatDateTime(v?.verifiedAt)}</dd>
          </dl>
        </>
      )}
      <div className="mt-4 flex justify-end gap-2">
        <button type="submit" name="intent" value="back" className="btn" formNoValidate>
          Back
        </button>
        <span title={verified ? undefined : CONNECTION_TEXT.saveTip}>
          <button type="submit" name="intent" value="save" className="btn-primary" disabled={!verified} data-testid="save">
            {editing ? "Save changes" : "Save"}
          </button>
        </span>
      </div>
    </Form>
  );
}

function AzureSubscriptions({ dialog }: { dialog: DialogView }) {
  // Page size 5 without pagination (spec 2.11): five rows in view, the rest by scrolling.
  const all = dialog.verification?.subscriptions ?? [];
  return (
    <div className="mb-3">
      <input type="hidden" name="connectionName" value={dialog.values.connectionName ?? ""} />
      {dialog.errors.connectionName ? (
        <p className="mb-2 text-xs text-red-700 dark:text-red-300" data-testid="error-connectionName">
          {dialog.errors.connectionName}
        </p>
      ) : null}
      <p className="mb-2 text-sm">
        <span className="font-medium">{dialog.values.connectionName}</span> <span className="muted">· tenant {dialog.verification?.accountId}</span>
      </p>
      <div className="max-h-[15.5rem] overflow-auto rounded-md border border-slate-200 dark:border-slate-700">
        <table className="w-full text-sm" data-testid="subscriptions-grid">
          <thead className="text-left text-xs uppercase text-slate-500 dark:text-slate-400">
            <tr>
              <th className="w-8 px-2 py-1.5">
                <span className="sr-only">Select</span>
              </th>
              <th className="px-2 py-1.5">Subscription Name</th>
              <th className="px-2 py-1.5">Subscription ID</th>
              <th className="px-2 py-1.5">Most Recent Collection</th>
              <th className="px-2 py-1.5">Status</th>
            </tr>
          </thead>
          <tbody>
            {all.map((s) => (
              <tr key={s.id} className="border-t border-slate-100 dark:border-slate-800" data-testid="subscription-row">
                <td className="px-2 py-1.5">
                  <input
                    type="checkbox"
                    name="subscription"
                    value={s.id}
                    defaultChecked={!s.usedByAccount}
                    disabled={s.usedByAccount}
                    aria-label={`Collect ${s.displayName}`}
                    title={s.usedByAccount ? `Already collected by ${s.auditAzureConnectionName}` : undefined}
                    className="h-4 w-4"
                  />
                </td>
                <td className="px-2 py-1.5">{s.displayName}</td>
                <td className="px-2 py-1.5 font-mono text-xs">{s.id}</td>
                <td className="px-2 py-1.5">{formatDateTime(s.mostRecentCollection)}</td>
                <td className="px-2 py-1.5">
                  {s.status === "Loaded" ? (
                    <span className="inline-flex items-center gap-1">
                      <RiCheckboxCircleFill aria-hidden="true" className="h-4 w-4 text-emerald-600 dark:text-emerald-400" /> Loaded
                    </span>
                  ) : (
                    s.status
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {dialog.errors.subscription ? (
        <p className="mt-1 text-xs text-red-700 dark:text-red-300" data-testid="error-subscription">
          {dialog.errors.subscription}
        </p>
      ) : null}
    </div>
  );
}

export function ConnectionDialog({ dialog, csrf }: { dialog: DialogView; csrf: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post";
  const title = `${dialog.editId ? "Edit" : "Add"} ${PLATFORM_LABELS[dialog.platform as ConnectionPlatform]} connection`;
  return (
    <Modal title={title} closeHref={PAGE} maxWidth={dialog.platform === "AZURE" && dialog.step === 1 ? 820 : 560} testId="connection-dialog">
      <Steps step={dialog.step} />
      <div aria-busy={busy || undefined}>
        {dialog.step === 0 ? <VerifyStep key={`v-${dialog.editId}`} dialog={dialog} csrf={csrf} /> : <SaveStep key={`s-${dialog.draft}`} dialog={dialog} csrf={csrf} />}
      </div>
    </Modal>
  );
}

export function ConfirmDeleteDialog({ items, csrf }: { items: { id: string; platform: ConnectionPlatform; name: string }[]; csrf: string }) {
  return (
    <Modal title={CONNECTION_TEXT.confirmTitle} closeHref={PAGE} maxWidth={480} role="alertdialog" testId="confirm-delete">
      {items.length === 0 ? (
        <p className="text-sm">{CONNECTION_TEXT.deleteTip}.</p>
      ) : (
        <>
          <p className="mb-2 text-sm">{CONNECTION_TEXT.confirmMessage}</p>
          <ul className="mb-2 list-disc pl-5 text-sm" data-testid="confirm-items">
            {items.map((i) => (
              <li key={i.id}>
                <span className="font-medium">{PLATFORM_LABELS[i.platform]}</span>: {i.name}
              </li>
            ))}
          </ul>
        </>
      )}
      <Form method="post" action={PAGE} className="mt-4 flex justify-end gap-2">
        <input type="hidden" name="csrf" value={csrf} />
        {items.map((i) => (
          <input key={i.id} type="hidden" name="id" value={i.id} />
        ))}
        <a className="btn" href={PAGE}>
          Cancel
        </a>
        <button type="submit" name="intent" value="delete" className="btn-danger" disabled={items.length === 0} data-testid="confirm-delete-button">
          Delete
        </button>
      </Form>
    </Modal>
  );
}
