/**
 * The tree pane's state (spec document 1: pinned at 1280 px and wider, a drawer below; resizable up to 25 %;
 * closable; kept per screen width) as a small cookie, so the server renders the pane as the user left it and the
 * page never moves when it hydrates. Format: "<large open 0|1>,<large width %>,<small open 0|1>".
 */
import { TREE_WIDTH_DEFAULT_PCT, TREE_WIDTH_MAX_PCT } from "./constants";

export const TREE_PANE_COOKIE = "kubex_tree_pane";
/** Narrowest the pinned pane is kept at; dragging below closes it. */
export const TREE_WIDTH_MIN_PCT = 5;

export interface TreePaneState {
  /** Pinned pane shown (screens of 1280 px and wider). */
  largeOpen: boolean;
  /** Pinned pane width in % of the page. */
  width: number;
  /** Drawer open (narrower screens). */
  smallOpen: boolean;
}

export const DEFAULT_TREE_PANE: TreePaneState = { largeOpen: true, width: TREE_WIDTH_DEFAULT_PCT, smallOpen: false };

export function clampWidth(width: number): number {
  if (!Number.isFinite(width)) return TREE_WIDTH_DEFAULT_PCT;
  return Math.round(Math.min(TREE_WIDTH_MAX_PCT, Math.max(TREE_WIDTH_MIN_PCT, width)) * 10) / 10;
}

/** The state a cookie value holds; anything malformed is the default. */
export function parseTreePane(value: string | undefined | null): TreePaneState {
  const m = /^([01]),(\d{1,2}(?:\.\d)?),([01])$/.exec(value ?? "");
  if (!m) return DEFAULT_TREE_PANE;
  return { largeOpen: m[1] === "1", width: clampWidth(Number(m[2])), smallOpen: m[3] === "1" };
}

export function formatTreePane(s: TreePaneState): string {
  return `${s.largeOpen ? 1 : 0},${clampWidth(s.width)},${s.smallOpen ? 1 : 0}`;
}
