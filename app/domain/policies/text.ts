/** The Policies screen's address and texts (one module for the area). */
export const POLICIES_ROUTE = "/kubex/policies";

export const POLICY_TEXT = {
  title: "Policies",
  readOnly: "You can see the policies read-only; only administrators change them.",
  fixFields: "Nothing was saved: correct the fields marked below.",
  deletedView: "(a deleted View)",
  newPolicy: "New policy",
  noHistory: "No policy has been changed yet.",
  noAssignments: "No policy is assigned to a folder: each container follows the policy its label names, else the System Default Policy.",
  systemNote: "The System Default Policy cannot be deleted or renamed; its values can be edited and apply to every container without another policy.",
  whyLabels: "No policy is assigned to this folder or a folder above it in this View: each container follows the policy its own label names, else the System Default Policy.",
} as const;

/** How a folder's policy is explained on the Policies tab. */
export function folderReasonText(kind: "here" | "inherited", policyName: string, from: readonly string[]): string {
  if (kind === "here") return `${policyName} is assigned to this folder.`;
  return `${policyName} is inherited from ${from.length === 0 ? "the whole View" : `folder ${from.join(" / ")}`}.`;
}

/** A folder path as the forms post it. */
export function pathValue(path: readonly string[]): string {
  return JSON.stringify(path);
}
