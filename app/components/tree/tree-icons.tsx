import {
  RiBox3Line,
  RiBuildingLine,
  RiCloudLine,
  RiCloseLine,
  RiContrastLine,
  RiFolderLine,
  RiHexagonLine,
  RiInstanceLine,
  RiMapPinLine,
  RiGroupLine,
  RiLayoutGridLine,
  RiMoreFill,
  RiNodeTree,
  RiServerLine,
  RiSettingsLine,
  RiShieldLine,
} from "@remixicon/react";

/** One small Remix icon per node type (spec document 1, section 3), always with the label beside it (decorative). */
const ICONS: Record<string, typeof RiFolderLine> = {
  root: RiNodeTree,
  ROOT: RiNodeTree,
  Cluster: RiLayoutGridLine,
  CLUSTER: RiLayoutGridLine,
  Namespace: RiFolderLine,
  Pod: RiInstanceLine,
  "Pod Owner Name": RiInstanceLine,
  "Pod Owner Kind": RiInstanceLine,
  Technology: RiSettingsLine,
  "Node Group": RiHexagonLine,
  Policy: RiShieldLine,
  Team: RiGroupLine,
  Environment: RiContrastLine,
  Container: RiBox3Line,
  containerleaf: RiBox3Line,
  "Business Unit": RiBuildingLine,
  technology: RiSettingsLine,
  NODEGROUP: RiHexagonLine,
  NODE: RiServerLine,
  AWS: RiCloudLine,
  AZURE: RiCloudLine,
  GCP: RiCloudLine,
  Region: RiMapPinLine,
  locationType: RiMapPinLine,
  cloudLeaf: RiInstanceLine,
  noData: RiCloseLine,
  lazyLoadFolder: RiMoreFill,
  folder: RiFolderLine,
};

export function TreeIcon({ type }: { type: string }) {
  const Icon = ICONS[type] ?? RiFolderLine;
  return <Icon aria-hidden="true" className="h-4 w-4 shrink-0 text-slate-400" />;
}
