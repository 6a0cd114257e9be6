/**
 * How a cloud detail row's values are shown (spec document 3, sections 3, 4, 8 and 9): every value with its unit,
 * nulls as "-", Terminate's recommended values as "-", memory with one decimal in the detail, effort by colour and
 * the reason's markup (plain text with at most <b>). Pure: the grid, the drawer, the Overview and the export agree.
 */
import type { CloudexDetail } from "~/domain/cloud/detail";
import { formatCurrency, formatDate, formatFixed } from "~/lib/format";

export const DASH = "-";

/** What Terminate hides (section 4: recommended columns shown "-"; its scores are hidden too). */
export const TERMINATE_HIDDEN: ReadonlySet<string> = new Set([
  "recommendedInstanceType",
  "recommendedEstimatedCost",
  "recommendedVcpus",
  "recommendedMemory",
  "recommendedCint2006Rate",
  "recommendedCpuPct",
  "recommendedMemPct",
  "predictedAvgGroupSize",
  "recommMinGroupSize",
  "recommMaxGroupSize",
  "recommMinMaxGroupSize",
]);

/** Terminate, also when the recommended type is idle ("Idle guest") or "-" (section 4). */
export function isTerminate(row: Pick<CloudexDetail, "recommendation" | "recommendedInstanceType">): boolean {
  return row.recommendation === "Terminate" || row.recommendedInstanceType === "Idle guest" || row.recommendedInstanceType === DASH;
}

/** A field's value as shown: null for "-" (missing, or hidden by Terminate). */
export function shownValue(row: CloudexDetail, key: string): unknown {
  if (TERMINATE_HIDDEN.has(key) && isTerminate(row)) return null;
  const v = (row as unknown as Record<string, unknown>)[key];
  return v === undefined || v === "" ? null : v;
}

export type ValueKind = "text" | "money" | "percent" | "number" | "date" | "bool" | "cores" | "gb" | "hours" | "mb";

const isNum = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

/** One value with its unit: $1,234.56, 12.5%, 4 vCPUs, 7.5 GB, 1,200 h, dates in UTC, Yes / No. */
export function formatValue(v: unknown, kind: ValueKind, digits?: number): string {
  if (v === null || v === undefined || v === "") return DASH;
  switch (kind) {
    case "money":
      return isNum(v) ? formatCurrency(v) : DASH;
    case "percent":
      return isNum(v) ? `${formatFixed(v, digits ?? 1)}%` : DASH;
    case "number":
      return isNum(v) ? formatFixed(v, digits ?? 0) : DASH;
    case "cores":
      return isNum(v) ? `${formatFixed(v, digits ?? 0)} vCPU${v === 1 ? "" : "s"}` : DASH;
    case "gb":
      return isNum(v) ? `${formatFixed(v, digits ?? 1)} GB` : DASH;
    case "mb":
      return isNum(v) ? `${formatFixed(v, digits ?? 1)} MB` : DASH;
    case "hours":
      return isNum(v) ? `${formatFixed(v, digits ?? 0)} h` : DASH;
    case "date":
      return formatDate(v as string);
    case "bool":
      return v ? "Yes" : "No";
    default:
      return String(v);
  }
}

/** Effort by colour (section 4): low or none green, moderate or medium yellow, high or very high red. */
export function effortTone(effort: string | null | undefined): "right" | "waste" | "risk" | "unknown" {
  const e = (effort ?? "").trim().toLowerCase();
  if (e === "low" || e === "none") return "right";
  if (e === "moderate" || e === "medium") return "waste";
  if (e === "high" || e === "very high") return "risk";
  return "unknown";
}

/** The reason (plain text with at most <b> tags) as text and bold runs, so it renders without raw HTML. */
export function reasonParts(html: string): { text: string; bold: boolean }[] {
  const parts: { text: string; bold: boolean }[] = [];
  const decode = (s: string) => s.replace(/<[^>]*>/g, "").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, "&");
  const re = /<b>([\s\S]*?)<\/b>/gi;
  let at = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m.index > at) parts.push({ text: decode(html.slice(at, m.index)), bold: false });
    parts.push({ text: decode(m[1]), bold: true });
    at = m.index + m[0].length;
  }
  if (at < html.length) parts.push({ text: decode(html.slice(at)), bold: false });
  return parts.filter((p) => p.text !== "");
}

export const reasonText = (html: string) =>
  reasonParts(html)
    .map((p) => p.text)
    .join("");
