/**
 * The product tour (spec document 1, section 4): a welcome, a choice of section, steps with Back/Next and a step
 * count, and an end step offering the other tours. The tour is addressed by the `tour` query parameter, so each
 * step is a link and the tour works without JavaScript too.
 */
import { BASE } from "~/lib/constants";

export type SectionId = "containers" | "nodes" | "cloud";

export interface TourStep {
  target: string;
  title: string;
  text: string;
  path: string;
}

export const SECTIONS: Record<SectionId, { title: string; steps: TourStep[] }> = {
  containers: {
    title: "Container Analysis",
    steps: [
      { target: "nav-containers", path: `${BASE}/containers-tree`, title: "Containers", text: "Every container of every connected cluster, grouped into a tree." },
      { target: "tree", path: `${BASE}/containers-tree`, title: "The tree", text: "Pick any folder to see what is under it. Arrow keys move and open folders; Enter opens the selection." },
      { target: "tree-view-selector", path: `${BASE}/containers-tree`, title: "Tree View", text: "A View decides how the tree is grouped: by cluster, namespace, business unit, and more." },
      { target: "tree-filter-selector", path: `${BASE}/containers-tree`, title: "Tree Filter", text: "A Filter narrows the tree to the containers you care about; every total follows it." },
      { target: "tree-search", path: `${BASE}/containers-tree`, title: "Search", text: "Find a folder by any part of its name; Next and Previous walk through the matches." },
      { target: "share", path: `${BASE}/containers-tree`, title: "Share", text: "Copies the address of exactly what you see, so a colleague lands on the same page." },
    ],
  },
  nodes: {
    title: "Node Analysis",
    steps: [
      { target: "nav-nodes", path: `${BASE}/nodes-tree`, title: "Nodes", text: "Clusters, node groups and nodes, with their capacity." },
      { target: "tree", path: `${BASE}/nodes-tree`, title: "Node tree", text: "Open a cluster, then a node group, then a node." },
    ],
  },
  cloud: {
    title: "Cloud Analysis",
    steps: [
      { target: "nav-cloud", path: `${BASE}/cloud-tree`, title: "Cloud", text: "AWS, Azure and GCP machines by provider, region and account." },
      { target: "tree", path: `${BASE}/cloud-tree`, title: "Cloud tree", text: "Pick a provider, region or account to see its machines." },
    ],
  },
};

export type TourState =
  | { kind: "welcome" }
  | { kind: "choose" }
  | { kind: "step"; section: SectionId; index: number }
  | { kind: "end"; section: SectionId };

export function parseTour(value: string | null): TourState | undefined {
  if (!value) return undefined;
  if (value === "welcome") return { kind: "welcome" };
  if (value === "choose") return { kind: "choose" };
  const m = /^(containers|nodes|cloud)(?::(\d{1,2}|end))?$/.exec(value);
  if (!m) return undefined;
  const section = m[1] as SectionId;
  if (m[2] === "end") return { kind: "end", section };
  const index = Math.min(Number(m[2] ?? 0), SECTIONS[section].steps.length - 1);
  return { kind: "step", section, index };
}

/** The spec's progress: current step over (total steps minus one). */
export function tourProgress(index: number, total: number): number {
  return total <= 1 ? 1 : index / (total - 1);
}

/** The sections a user can take: containers only with container data, cloud only with cloud data. */
export function availableSections(data: { containers: boolean; cloud: boolean; nodes: boolean }): SectionId[] {
  return (["containers", "nodes", "cloud"] as const).filter((s) => data[s]);
}
