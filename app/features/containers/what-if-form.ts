/**
 * The what-if form (issue 15, must-show 3; decision 025): a plain GET form, so the address holds the whole
 * question and the page works with JavaScript off. `policy` names the policy to start from; with `edit=1` every
 * parameter is a field `p.<name>` pre-filled from that policy, and the what-if runs an unsaved copy with the
 * values given. Each field is checked with its own message (validatePolicyValues); nothing is saved.
 */
import { editedName } from "~/domain/containers/what-if";
import { PARAMETER_DEFINITIONS, validatePolicyValues, type ParameterDefinition, type Policy, type PolicyValues } from "~/engine/policy";

export const FIELD_PREFIX = "p.";

/** A field's text as the form shows it (hours comma-separated, Yes/No as true/false). */
export function fieldText(def: ParameterDefinition, value: unknown): string {
  if (def.type.kind === "hours") return Array.isArray(value) ? value.join(", ") : "";
  return value === undefined || value === null ? "" : String(value);
}

/** A field's typed value from its text; the text itself when it cannot be read (validation then says why). */
export function parseField(def: ParameterDefinition, text: string): unknown {
  const t = text.trim();
  switch (def.type.kind) {
    case "boolean":
      return t === "true" ? true : t === "false" ? false : t;
    case "hours":
      if (t === "") return [];
      return t.split(/[\s,]+/).filter(Boolean).map((h) => (/^-?\d+(\.\d+)?$/.test(h) ? Number(h) : h));
    case "choice":
      return t;
    case "integer":
    case "number":
      return t !== "" && Number.isFinite(Number(t)) ? Number(t) : t;
  }
}

export interface WhatIfQuestion {
  /** The policy chosen to start from (null: none chosen yet, or an unknown name). */
  base: Policy | null;
  /** The name asked for, as given (for the message when unknown). */
  asked: string | null;
  editing: boolean;
  /** Every field's text as shown: submitted, else the base policy's value. */
  fields: Record<string, string>;
  /** Per parameter, what is wrong with it (and "policy" for a rule across parameters). */
  errors: Record<string, string>;
  /** The policy to analyse with: the base, or its edited copy when every field is valid; null otherwise. */
  policy: Policy | null;
}

/** Reads the form from the address's parameters against the policies one may choose. */
export function readWhatIfQuestion(params: URLSearchParams, policies: readonly Policy[]): WhatIfQuestion {
  const asked = params.get("policy");
  const base = asked ? (policies.find((p) => p.name.toLowerCase() === asked.trim().toLowerCase()) ?? null) : null;
  const editing = params.get("edit") === "1";
  const fields: Record<string, string> = {};
  const errors: Record<string, string> = {};
  if (asked && !base) errors.policy = `There is no policy named "${asked.slice(0, 100)}".`;
  if (!base) return { base, asked, editing, fields, errors, policy: null };
  // Fields edited from another policy (`from`, the form's hidden field) are dropped: the new choice starts afresh.
  const from = params.get("from");
  const sameBase = from === null || from.trim().toLowerCase() === base.name.toLowerCase();
  const submitted = sameBase && PARAMETER_DEFINITIONS.some((d) => params.has(FIELD_PREFIX + d.name));
  const values: Record<string, unknown> = {};
  for (const def of PARAMETER_DEFINITIONS) {
    const given = params.get(FIELD_PREFIX + def.name);
    const text = editing && submitted && given !== null ? given.slice(0, 200) : fieldText(def, base.values[def.name]);
    fields[def.name] = text;
    values[def.name] = editing && submitted && given !== null ? parseField(def, text) : base.values[def.name];
  }
  if (!editing || !submitted) return { base, asked, editing, fields, errors, policy: base };
  const checked = validatePolicyValues(values);
  if (!checked.ok) {
    for (const e of checked.errors) errors[e.parameter] ??= e.message;
    return { base, asked, editing, fields, errors, policy: null };
  }
  const changed = PARAMETER_DEFINITIONS.some((d) => JSON.stringify(checked.values[d.name]) !== JSON.stringify(base.values[d.name]));
  const policy: Policy = changed
    ? { id: `${base.id}-edited`, name: editedName(base.name), description: `An unsaved copy of ${base.name}.`, values: checked.values as PolicyValues }
    : base;
  return { base, asked, editing, fields, errors, policy };
}
