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
  RiArrowRightSLine,
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

/**
 * The tree draws its icons with CSS: each icon is one empty `<span>` whose class names a mask image made from the
 * Remix icon (tree-icons.css, generated from these components by scripts/tree-icons-css.ts). A deep folder's page
 * has hundreds of tree rows with two icons each; as inline SVG (or an SVG `<use>` of a sprite) each icon was two or
 * three elements React had to create on the server and hydrate in the browser, the page's largest block of
 * elements (issue 8's benchmark: 1,283 elements on a folder page with glyph icons, 1,963 with the SVG sprite).
 */
export const TREE_ICON_SET: readonly (typeof RiFolderLine)[] = [...new Set([...Object.values(ICONS), RiArrowRightSLine])];
const iconClass = (icon: typeof RiFolderLine) => `kx-ti kx-ti-${TREE_ICON_SET.indexOf(icon)}`;

/** The node type's icon, always with the label beside it (decorative). */
export function TreeIcon({ type }: { type: string }) {
  return <span aria-hidden="true" className={`${iconClass(ICONS[type] ?? RiFolderLine)} h-4 w-4 shrink-0 text-slate-400`} />;
}

/** The expand arrow of a tree row, turned down when the row is open. */
export function TreeChevron({ open }: { open: boolean }) {
  return <span aria-hidden="true" className={`${iconClass(RiArrowRightSLine)} mx-auto block h-4 w-4 transition-transform ${open ? "rotate-90" : ""}`} />;
}
