import { Form } from "@remix-run/react";
import type { ParameterDefinition, ParameterGroup } from "~/engine/policy";
import { POLICIES_ROUTE } from "~/domain/policies/text";

export interface EditorErrors {
  error?: string;
  fieldErrors?: Record<string, string[]>;
  draft?: Record<string, string>;
}

function FieldErrors({ id, messages }: { id: string; messages: string[] | undefined }) {
  if (!messages?.length) return null;
  return (
    <span id={id} className="text-xs text-red-700 dark:text-red-400" data-testid="field-error">
      {messages.join(" ")}
    </span>
  );
}

function ParameterInput({ def, value, errorId, invalid }: { def: ParameterDefinition; value: string; errorId: string; invalid: boolean }) {
  const common = { id: `p-${def.name}`, name: def.name, className: "input", "aria-invalid": invalid || undefined, "aria-describedby": `${errorId} d-${def.name}` };
  switch (def.type.kind) {
    case "boolean":
      return (
        <select {...common} defaultValue={value}>
          <option value="true">Yes</option>
          <option value="false">No</option>
        </select>
      );
    case "choice":
      return (
        <select {...common} defaultValue={value}>
          {def.type.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
    case "hours":
      return <input {...common} defaultValue={value} placeholder="e.g. 2, 3" inputMode="numeric" />;
    default:
      return <input {...common} defaultValue={value} inputMode="decimal" />;
  }
}

/** The policy form: name, description and every parameter by group, each error beside its field (JavaScript off too). */
export function PolicyEditor({
  mode,
  policy,
  groups,
  definitions,
  csrf,
  errors,
  cancelHref,
}: {
  mode: "new" | "edit";
  policy: { id: string; name: string; description: string; isSystem: boolean; fields: Record<string, string> } | null;
  groups: readonly ParameterGroup[];
  definitions: readonly ParameterDefinition[];
  csrf: string;
  errors: EditorErrors | undefined;
  cancelHref: string;
}) {
  const draft = errors?.draft;
  const value = (name: string) => draft?.[name] ?? policy?.fields[name] ?? "";
  const fe = errors?.fieldErrors ?? {};
  const unit = (d: ParameterDefinition) => (d.unit && d.unit !== "x" && d.unit !== "percentile" ? ` (${d.unit})` : d.unit === "x" ? " (factor)" : "");
  return (
    <Form method="post" action={mode === "new" ? `${POLICIES_ROUTE}?new=1` : `${POLICIES_ROUTE}?edit=${encodeURIComponent(policy?.id ?? "")}`} className="space-y-4" data-testid="policy-form" noValidate>
      <input type="hidden" name="csrf" value={csrf} />
      {policy && mode === "edit" ? <input type="hidden" name="id" value={policy.id} /> : null}
      {errors?.error ? (
        <p role="alert" className="rounded-md bg-red-600 px-3 py-2 text-sm text-white">
          {errors.error}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="flex flex-col gap-1 text-sm">
          Name
          <input
            name="name"
            className="input"
            maxLength={100}
            defaultValue={draft?.name ?? policy?.name ?? ""}
            readOnly={policy?.isSystem}
            aria-invalid={fe.name ? true : undefined}
            aria-describedby="e-name"
            data-autofocus
          />
          <FieldErrors id="e-name" messages={fe.name} />
        </label>
        <label className="flex flex-col gap-1 text-sm">
          Description
          <input name="description" className="input" maxLength={500} defaultValue={draft?.description ?? policy?.description ?? ""} aria-describedby="e-description" />
          <FieldErrors id="e-description" messages={fe.description} />
        </label>
      </div>
      {groups.map((g) => (
        <fieldset key={g.groupName} className="rounded-md border border-slate-200 p-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-semibold">{g.displayName}</legend>
          <p className="muted mb-2 text-xs">{g.description}</p>
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {definitions
              .filter((d) => d.group === g.groupName)
              .map((d) => (
                <div key={d.name} className="flex flex-col gap-1 text-sm">
                  <label htmlFor={`p-${d.name}`}>
                    {d.displayName}
                    <span className="muted">{unit(d)}</span>
                  </label>
                  <ParameterInput def={d} value={value(d.name)} errorId={`e-${d.name}`} invalid={!!fe[d.name]} />
                  <span id={`d-${d.name}`} className="muted text-xs">
                    {d.description}
                  </span>
                  <FieldErrors id={`e-${d.name}`} messages={fe[d.name]} />
                </div>
              ))}
          </div>
        </fieldset>
      ))}
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value={mode === "new" ? "create" : "edit"} className="btn-primary">
          {mode === "new" ? "Create policy" : "Save policy"}
        </button>
        <a href={cancelHref} className="btn">
          Cancel
        </a>
      </div>
    </Form>
  );
}
