/**
 * The Policies tab (spec document 2, section 2.4): every policy's settings as rows, grouped by policy, paged
 * 10 / 15 / 20, "None" for a missing value. Pure: policies are data (app/engine/policy).
 */
import { pageParam, sizeParam } from "~/lib/params";
import { formatParameterValue, PARAMETER_DEFINITIONS, PARAMETER_GROUPS, POLICIES, type Policy } from "~/engine/policy";

export const POLICY_PAGE_SIZES = [10, 15, 20] as const;

export interface PolicyRow {
  policy: string;
  group: string;
  parameter: string;
  description: string;
  value: string;
  unit: string;
  isDefault: boolean;
}

export function policyRows(policies: readonly Policy[] = POLICIES): PolicyRow[] {
  const groupTitle = new Map(PARAMETER_GROUPS.map((g) => [g.groupName, g.displayName]));
  return policies.flatMap((p) =>
    PARAMETER_DEFINITIONS.map((d) => {
      const value = p.values[d.name];
      return {
        policy: p.name,
        group: groupTitle.get(d.group) ?? d.group,
        parameter: d.displayName,
        description: d.description,
        value: formatParameterValue(d, value),
        unit: d.unit,
        isDefault: formatParameterValue(d, value) === formatParameterValue(d, d.defaultValue),
      };
    }),
  );
}

export function policyPage(params: URLSearchParams, rows: PolicyRow[] = policyRows()) {
  const size = sizeParam(params, POLICY_PAGE_SIZES, 10, "psize");
  const lastPage = Math.max(1, Math.ceil(rows.length / size));
  const page = Math.min(lastPage, pageParam(params, "ppage"));
  return { rows: rows.slice((page - 1) * size, page * size), total: rows.length, page, lastPage, size };
}
