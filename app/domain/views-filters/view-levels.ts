/**
 * View definitions (ordered tree levels) and the pure list edits of the Manage Views / Manage Filters dialogs
 * (spec document 1, sections 4 and 5). Every helper returns new arrays so React state can be swapped whole.
 */
import { findProperty } from "./properties";
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_NAME_LENGTH,
  SERVER_MAX_FILTER_LINES,
  SERVER_MAX_VIEW_LEVELS,
  TEXT,
} from "~/lib/constants";

export interface ViewLevel {
  /** Identity: datasourceId for static sources, else attrKey. */
  propertyKey: string;
  orderIndex: number;
  displayColumn?: string;
}

export interface ValidView {
  name: string;
  description: string;
  /** Canonical keys, ordered, orderIndex 0..n-1. */
  levels: ViewLevel[];
}

export type Direction = "up" | "down";
export type EditResult<T> = { ok: true; items: T[]; selectedIndex: number } | { ok: false; title: string; error: string };

/** Levels in orderIndex order, renumbered 0..n-1 (the server's numbering may have gaps). */
export function sortLevels<T extends { orderIndex: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.orderIndex - b.orderIndex).map((it, i) => ({ ...it, orderIndex: i }));
}

function levelError(levels: readonly ViewLevel[], propertyKey: string): string | undefined {
  const p = findProperty(propertyKey);
  if (!p) return `Unknown property '${propertyKey}'.`;
  if (!p.groupable) return `${p.displayColumn} cannot be used as a view level.`;
  if (levels.some((l) => findProperty(l.propertyKey)?.key === p.key)) return `${p.displayColumn} is already a view level.`;
  return undefined;
}

export function validateView(
  input: { name: string; description?: string | null; levels: readonly ViewLevel[] },
  maxLevels = SERVER_MAX_VIEW_LEVELS,
): { ok: true; view: ValidView } | { ok: false; errors: string[] } {
  const errors: string[] = [];
  const name = (input.name ?? "").trim();
  const description = (input.description ?? "").trim();
  if (name === "") errors.push(TEXT.viewNameRequired);
  if (name.length > MAX_NAME_LENGTH) errors.push(`View Name is longer than ${MAX_NAME_LENGTH} characters.`);
  if (description.length > MAX_DESCRIPTION_LENGTH) errors.push(`Description is longer than ${MAX_DESCRIPTION_LENGTH} characters.`);
  if (input.levels.length === 0) errors.push(TEXT.viewLevelRequired);
  if (input.levels.length > maxLevels) errors.push(TEXT.maxLevels(maxLevels));
  const levels: ViewLevel[] = [];
  for (const level of sortLevels(input.levels)) {
    const error = levelError(levels, level.propertyKey);
    if (error) errors.push(error);
    else {
      const p = findProperty(level.propertyKey)!;
      levels.push({ propertyKey: p.key, orderIndex: levels.length, displayColumn: p.displayColumn });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, view: { name, description, levels } };
}

/** Property breakdown "add": appends at the end and selects it. */
export function addLevel(levels: readonly ViewLevel[], propertyKey: string, maxLevels = SERVER_MAX_VIEW_LEVELS): EditResult<ViewLevel> {
  if (levels.length >= maxLevels) return { ok: false, title: TEXT.addPropertyError, error: TEXT.maxLevels(maxLevels) };
  const error = levelError(levels, propertyKey);
  if (error) return { ok: false, title: TEXT.addPropertyError, error };
  const p = findProperty(propertyKey)!;
  const items = [...sortLevels(levels), { propertyKey: p.key, orderIndex: levels.length, displayColumn: p.displayColumn }];
  return { ok: true, items, selectedIndex: items.length - 1 };
}

/** Removing a level removes every level below it too: a breakdown is a single path of nested groups. */
export function removeLevel(levels: readonly ViewLevel[], index: number): ViewLevel[] {
  const sorted = sortLevels(levels);
  return index < 0 || index >= sorted.length ? sorted : sorted.slice(0, index);
}

/** Swaps a row with its neighbour; moving the first row up or the last row down changes nothing. */
export function moveRow<T extends { orderIndex: number }>(rows: readonly T[], index: number, direction: Direction): T[] {
  const sorted = sortLevels(rows);
  const other = direction === "up" ? index - 1 : index + 1;
  if (index < 0 || index >= sorted.length || other < 0 || other >= sorted.length) return sorted;
  [sorted[index], sorted[other]] = [{ ...sorted[other], orderIndex: index }, { ...sorted[index], orderIndex: other }];
  return sorted;
}

export const moveLevel: (levels: readonly ViewLevel[], index: number, direction: Direction) => ViewLevel[] = moveRow;

/** Which row buttons show: the first row has no up arrow, the last no down arrow, a sole row no delete. */
export function rowControls(index: number, count: number): { up: boolean; down: boolean; remove: boolean } {
  return { up: index > 0, down: index < count - 1, remove: count > 1 };
}

/** Filter "Add Row": appends and selects the new row, refused past the maximum. */
export function addRow<T extends { orderIndex: number }>(rows: readonly T[], row: T, maxLines = SERVER_MAX_FILTER_LINES): EditResult<T> {
  if (rows.length >= maxLines) return { ok: false, title: TEXT.addRowError, error: TEXT.maxLines(maxLines) };
  const items = [...sortLevels(rows), { ...row, orderIndex: rows.length }];
  return { ok: true, items, selectedIndex: items.length - 1 };
}

/** Filter row delete: the last remaining row becomes selected; a sole row stays (its delete is hidden). */
export function deleteRow<T extends { orderIndex: number }>(rows: readonly T[], index: number): { items: T[]; selectedIndex: number } {
  const sorted = sortLevels(rows);
  if (sorted.length <= 1 || index < 0 || index >= sorted.length) return { items: sorted, selectedIndex: sorted.length - 1 };
  const items = sortLevels(sorted.filter((_, i) => i !== index));
  return { items, selectedIndex: items.length - 1 };
}

/**
 * The type (icon) of a tree node at `level`: root at 0, then the view's level property at index level-1;
 * below the view's levels are the leaves themselves.
 */
export function nodeTypeForLevel(levels: readonly ViewLevel[], level: number, tree: "containers" | "cloud" = "containers"): string {
  if (level <= 0) return "root";
  const entry = sortLevels(levels)[level - 1];
  if (!entry) return tree === "cloud" ? "cloudLeaf" : "Container";
  // The spec: a node's type is the View's displayColumn at index level-1 (icons are keyed by it).
  return findProperty(entry.propertyKey)?.displayColumn ?? entry.displayColumn ?? entry.propertyKey;
}
