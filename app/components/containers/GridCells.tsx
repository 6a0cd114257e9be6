import { useLocation } from "@remix-run/react";
import { AppLink } from "~/components/ui/AppLink";
import { formatCurrency, formatDate, formatFixed, gradientColor } from "~/lib/format";
import type { GridColumn } from "~/domain/containers/grid-columns";
import { drawerHref } from "~/features/drawers/drawer";
import { DirectionBadge, RecommendationBadge } from "./badges";

export type GridRow = Record<string, unknown> & { entityId: string; containerName: string; policyName: string; policyInstanceId: string };

const dash = "-";
const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);
// Exactly `digits` decimals, never compacted: a grid compares values down the column (spec 9: one decimal for percents, two for the rating).
export const fmtNumber = (v: unknown, digits = 0) => (isNum(v) ? formatFixed(v, digits) : dash);

/** Shading of a waste or surplus cell: yellow for positive, red for negative, by magnitude up to 1000 (spec 2.3, 9). */
export function shade(v: unknown): React.CSSProperties | undefined {
  if (!isNum(v) || v === 0) return undefined;
  const pct = Math.min(Math.abs(v), 1000) / 10;
  return { backgroundColor: gradientColor(v > 0 ? "yellow" : "red", pct), color: "#0f172a" };
}

export const isNumeric = (c: GridColumn) => ["number", "money", "percent", "change"].includes(c.type);

/** One cell's content: null shows a dash; names open the drawers. */
export function CellValue({ col, row }: { col: GridColumn; row: GridRow }) {
  const v = row[col.key];
  if (col.key === "containerName" || col.key === "policyName") return <DrawerLink row={row} kind={col.key === "containerName" ? "container" : "policy"} />;
  if (col.key === "recommendation") {
    if (v === null && row.notAnalysedReason) return <span className="muted">Not analysed: {String(row.notAnalysedReason)}</span>;
    return <RecommendationBadge value={(v as string | null) ?? null} />;
  }
  if (col.key === "podService") return <>{`${String(row.podService)} (${String(row.controllerType)})`}</>;
  switch (col.type) {
    case "change": {
      const badges = row.badges as Record<string, string> | null;
      return (
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
          <span className="tabular-nums">
            {fmtNumber(row[col.from!])} → {fmtNumber(v)}
          </span>
          {badges && col.badge ? <DirectionBadge badge={badges[col.badge]} /> : null}
        </span>
      );
    }
    case "money":
      return <>{isNum(v) ? formatCurrency(v) : dash}</>;
    case "percent":
      return <>{isNum(v) ? `${fmtNumber(v, 1)}%` : dash}</>;
    case "number":
      return <>{fmtNumber(v, col.digits ?? 0)}</>;
    case "bool":
      return <>{v === null || v === undefined ? dash : v ? "Yes" : "No"}</>;
    case "date":
      return <>{formatDate(v as string | null)}</>;
    case "list": {
      const list = Array.isArray(v) ? (v as string[]) : [];
      if (!list.length) return <>{dash}</>;
      // A grid row carries its group's first few node names and the count (nodeCount), not every name.
      const total = col.key === "nodes" && isNum(row.nodeCount) ? Math.max(row.nodeCount, list.length) : list.length;
      const more = total > list.length ? `, … (${total} nodes)` : "";
      return <span title={list.join(", ") + more}>{total > 2 ? `${list.slice(0, 2).join(", ")} +${total - 2}` : list.join(", ")}</span>;
    }
    default:
      return <>{v === null || v === undefined || v === "" ? dash : String(v)}</>;
  }
}

/** The header's unit caption: mCores, MB, $/month, %. */
export function unitOf(col: GridColumn): string | null {
  if (col.type === "money") return "$/month";
  return col.unit ?? null;
}

/** A container's or policy's name: opens its drawer (drawer=… in the address), the rest of the page kept. */
function DrawerLink({ row, kind }: { row: GridRow; kind: "container" | "policy" }) {
  const { pathname, search } = useLocation();
  const container = kind === "container";
  const ref = container ? { kind: "container" as const, id: row.entityId } : { kind: "policy" as const, id: row.policyInstanceId, entityId: row.entityId };
  return (
    <AppLink
      to={drawerHref(pathname, search, ref)}
      preventScrollReset
      className={container ? "font-medium text-sky-700 hover:underline dark:text-sky-300" : "text-sky-700 hover:underline dark:text-sky-300"}
      data-testid={`${kind}-link`}
    >
      {container ? row.containerName : row.policyName}
    </AppLink>
  );
}
