/**
 * The Help pages' titles by slug (decision 026): what the header's Help menu and the document title need on every
 * page. Kept apart from the pages' text (pages.ts, read by the Help route's loader and its search), which would
 * otherwise be in every page's first-load JavaScript (32 kB of source: bench/first-load.ts).
 */
import { ownValue } from "~/lib/own-key";

export const HELP_TITLES = {
  "containers-summary": "Containers: Summary",
  "containers-breakdown": "Containers: Breakdown",
  "containers-histograms": "Containers: Histograms",
  "containers-analysis-details": "Containers: AI Analysis Details",
  policies: "Containers: Policies",
  workload: "A container's screen",
  "node-groups": "Nodes: Node Group Analysis",
  nodes: "Nodes: the Nodes grid and a node",
  "cloud-summary": "Cloud: folder summary",
  "cloud-services": "Cloud: services grid",
  "cloud-service": "Cloud: a service's Overview",
  "catalog-map": "Cloud: Catalog Map",
  "cluster-connections": "Kubernetes Connections",
  "cloud-connections": "Cloud Connections",
  automation: "Automation",
  settings: "Settings and API tokens",
  "views-filters": "Views and Filters",
  share: "Share",
  "graphql-api": "The GraphQL API",
} as const;

export type HelpSlug = keyof typeof HELP_TITLES;

/** A Help page's title, or undefined for a slug that names no page. */
export function helpTitle(slug: string): string | undefined {
  return ownValue(HELP_TITLES, slug);
}
