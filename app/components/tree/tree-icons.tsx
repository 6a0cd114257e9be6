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
 * The tree draws its icons from one sprite: each tree row on a page (hundreds on a deep folder) carries a `<use>`
 * of ~100 bytes where an inline Remix icon was 300-800 bytes, two per row (issue 8's benchmark: the folder page grew
 * 447 -> 614 kB with the icons inline).
 */
const SPRITE = [...new Set([...Object.values(ICONS), RiArrowRightSLine])];
const spriteId = (icon: typeof RiFolderLine) => `kx-ti-${SPRITE.indexOf(icon)}`;

export function TreeIconSprite() {
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute h-0 w-0 overflow-hidden">
      {SPRITE.map((Icon, i) => (
        <symbol key={i} id={`kx-ti-${i}`} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

function SpriteIcon({ icon, className }: { icon: typeof RiFolderLine; className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="currentColor" className={className}>
      <use href={`#${spriteId(icon)}`} />
    </svg>
  );
}

/** The node type's icon, always with the label beside it (decorative). Needs a TreeIconSprite on the page. */
export function TreeIcon({ type }: { type: string }) {
  return <SpriteIcon icon={ICONS[type] ?? RiFolderLine} className="h-4 w-4 shrink-0 text-slate-400" />;
}

/** The expand arrow of a tree row, turned down when the row is open. */
export function TreeChevron({ open }: { open: boolean }) {
  return <SpriteIcon icon={RiArrowRightSLine} className={`mx-auto h-4 w-4 transition-transform ${open ? "rotate-90" : ""}`} />;
}
