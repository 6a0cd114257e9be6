/**
 * The grid's floating filters: one text box per column under its header, kept in the address as f.<column>=<text>
 * and read here into the model's filters (compiled there into parameterised conditions over whitelisted columns).
 *   text and dates:  text → contains (case-insensitive); =text → equals; !=text → differs
 *   numbers, money, percent:  100 or =100, !=100, >100, >=100, <100, <=100
 *   yes/no:  yes or no
 *   any column:  (blank) → no value, (not blank) → has a value
 * Input that does not parse is refused with a message naming the column; that filter is then not applied.
 */
import { z } from "zod";
import { COLUMN_BY_KEY, FILTER_PREFIX, type GridColumn } from "~/domain/containers/grid-columns";

export type ParsedFilter =
  | { field: string; op: "contains"; value: string }
  | { field: string; op: "eq" | "ne" | "gt" | "ge" | "lt" | "le"; value: number | string }
  | { field: string; op: "blank" | "notBlank" };

const OPS = { "=": "eq", "!=": "ne", ">": "gt", ">=": "ge", "<": "lt", "<=": "le" } as const;
const text = z.string().trim().min(1).max(100);
const numberText = z
  .string()
  .trim()
  .regex(/^(=|!=|>=|<=|>|<)?\s*-?\d+(\.\d+)?$/);

export const NUMBER_HINT = "use a number, optionally after =, !=, >, >=, < or <= (e.g. >100)";

function parseOne(col: GridColumn, raw: string): { filter: ParsedFilter } | { error: string } {
  const field = col.sortKey!;
  const value = raw.trim();
  if (value.toLowerCase() === "(blank)") return { filter: { field, op: "blank" } };
  if (value.toLowerCase() === "(not blank)") return { filter: { field, op: "notBlank" } };
  if (col.type === "bool") {
    if (/^(yes|no)$/i.test(value)) return { filter: { field, op: "eq", value: /^yes$/i.test(value) ? 1 : 0 } };
    return { error: `${col.label}: use yes or no.` };
  }
  if (col.type === "text" || col.type === "date") {
    const t = text.safeParse(value.replace(/^!?=/, ""));
    if (!t.success) return { error: `${col.label}: a filter is 1 to 100 characters.` };
    if (value.startsWith("!=")) return { filter: { field, op: "ne", value: t.data } };
    if (value.startsWith("=")) return { filter: { field, op: "eq", value: t.data } };
    return { filter: { field, op: "contains", value: t.data } };
  }
  const n = numberText.safeParse(value);
  if (!n.success) return { error: `${col.label}: ${NUMBER_HINT}.` };
  const m = /^(=|!=|>=|<=|>|<)?\s*(.+)$/.exec(n.data)!;
  return { filter: { field, op: OPS[(m[1] ?? "=") as keyof typeof OPS], value: Number(m[2]) } };
}

/**
 * Every f.<column> of the address: the filters that parse, the texts as typed, and one message per bad one. The
 * columns are the container grid's unless another grid passes its own (the cloud services grid).
 */
export function parseGridFilters(params: URLSearchParams, allowed: (col: GridColumn) => boolean = () => true, columns: ReadonlyMap<string, GridColumn> = COLUMN_BY_KEY) {
  const filters: ParsedFilter[] = [];
  const texts: Record<string, string> = {};
  const errors: string[] = [];
  for (const [name, raw] of params) {
    if (!name.startsWith(FILTER_PREFIX) || !raw.trim()) continue;
    const col = columns.get(name.slice(FILTER_PREFIX.length));
    if (!col || !col.sortKey || !allowed(col)) {
      errors.push(`There is no column '${name.slice(FILTER_PREFIX.length)}' to filter.`);
      continue;
    }
    texts[col.key] = raw;
    const parsed = parseOne(col, raw.slice(0, 120));
    if ("error" in parsed) errors.push(parsed.error);
    else filters.push(parsed.filter);
  }
  return { filters, texts, errors };
}
