/** One small glyph per node type (spec document 1, section 3), always with the label beside it. */
const ICONS: Record<string, string> = {
  root: "◉",
  ROOT: "◉",
  Cluster: "◈",
  CLUSTER: "◈",
  Namespace: "▤",
  Pod: "◫",
  "Pod Owner Name": "◫",
  "Pod Owner Kind": "◫",
  Technology: "⚙",
  "Node Group": "⬡",
  Policy: "§",
  Team: "☺",
  Environment: "◐",
  Container: "▪",
  containerleaf: "▪",
  "Business Unit": "▥",
  technology: "⚙",
  NODEGROUP: "⬡",
  NODE: "⬢",
  AWS: "☁",
  AZURE: "☁",
  GCP: "☁",
  Region: "⌖",
  locationType: "⌖",
  cloudLeaf: "▫",
  noData: "∅",
  lazyLoadFolder: "…",
  folder: "▸",
};

export function TreeIcon({ type }: { type: string }) {
  return (
    <span aria-hidden="true" className="inline-block w-4 text-center text-slate-400">
      {ICONS[type] ?? "▸"}
    </span>
  );
}
