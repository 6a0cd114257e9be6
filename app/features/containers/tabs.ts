/**
 * The container tabs (spec document 2, section 2.1), held in tabGroup1. Only tabs whose screens exist are listed;
 * "overview" is the spec's value for the Summary tab when the container-summary feature is off.
 */
export type ContainerTab = "summary" | "breakdown" | "histograms" | "analysis-details" | "policies";

export const CONTAINER_TAB_LABELS: Record<ContainerTab, string> = {
  summary: "Summary",
  breakdown: "Breakdown",
  histograms: "Histograms",
  "analysis-details": "AI Analysis Details",
  policies: "Policies",
};

export function containerTabs(flags: { showContainerSummary: boolean; showPolicyTab: boolean }): ContainerTab[] {
  const tabs: ContainerTab[] = flags.showContainerSummary ? ["summary", "breakdown", "histograms", "analysis-details"] : ["histograms", "summary", "analysis-details"];
  return flags.showPolicyTab ? [...tabs, "policies"] : tabs;
}

export function selectedContainerTab(value: string | null, tabs: readonly ContainerTab[]): ContainerTab {
  const v = value === "overview" ? "summary" : value;
  return (tabs as readonly string[]).includes(v ?? "") ? (v as ContainerTab) : tabs[0];
}
