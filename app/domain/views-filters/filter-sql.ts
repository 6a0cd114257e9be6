/**
 * Filter AST and View levels to SQL over `container c`. Only Kysely's `sql` template is used: column names come
 * from the property whitelist (sql.ref) and every user value is a bound parameter, so no user text reaches the
 * SQL string. The same text runs on SQLite and PostgreSQL: lower(), substr(), nullif(), coalesce() and
 * LIKE ... ESCAPE '\' exist in both with the same meaning.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import { findProperty, type PropertyDef } from "./properties";
import type { FilterAst, FilterCondition } from "./filter-logic";
import { isOwnKey } from "~/lib/own-key";

/** The group name shown for containers whose level property is NULL or empty. */
export const NONE_LABEL = "(none)";

export class FilterCompileError extends Error {
  override name = "FilterCompileError";
}

export class NotGroupableError extends Error {
  override name = "NotGroupableError";
  constructor(readonly propertyKey: string) {
    super(`'${propertyKey}' cannot be used as a view level.`);
  }
}

/** Comparison operators as SQL text; the keys are the only operators that reach sql.raw. */
const COMPARE_SQL = { "=": "=", "!=": "<>", ">": ">", "<": "<", ">=": ">=", "<=": "<=" } as const;
type CompareOp = keyof typeof COMPARE_SQL;

function propertyOf(key: string): PropertyDef {
  const p = findProperty(key);
  if (!p) throw new FilterCompileError(`Unknown property '${key}'.`);
  return p;
}

/**
 * The property's value for the current container row. `literalKey` inlines the (whitelisted) attribute key:
 * PostgreSQL treats two parameters as different expressions, so a parameter would break GROUP BY on the level.
 */
function valueOf(p: PropertyDef, literalKey = false): RawBuilder<unknown> {
  if (p.column) return sql.ref(`c.${p.column}`);
  const key = literalKey ? sql.lit(p.attrKey) : sql`${p.attrKey}`;
  return sql`(select a.value from container_attribute a where a.container_id = c.id and a.attr_key = ${key})`;
}

/** Escapes LIKE wildcards (used with `escape '\\'`). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

function like(col: RawBuilder<unknown>, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${col}) like lower(${pattern}) escape '\\'`;
}

function compare(p: PropertyDef, col: RawBuilder<unknown>, op: CompareOp, value: unknown): RawBuilder<SqlBool> {
  const o = sql.raw(COMPARE_SQL[op]);
  if (p.dataType === "INT") return sql<SqlBool>`${col} ${o} ${Number(value)}`;
  if (p.dataType === "DAT") {
    // Stored dates are ISO text; cutting them to the typed precision makes "= 2024-05-01" mean that day.
    const text = String(value);
    return sql<SqlBool>`substr(${col}, 1, ${text.length}) ${o} ${text}`;
  }
  return sql<SqlBool>`lower(${col}) ${o} lower(${String(value)})`;
}

function listOf(value: unknown): string[] {
  if (!Array.isArray(value) || value.length === 0) throw new FilterCompileError("A list condition needs values.");
  return value.map(String);
}

function positive(p: PropertyDef, col: RawBuilder<unknown>, cond: FilterCondition, op: string): RawBuilder<SqlBool> {
  const text = String(cond.value ?? "");
  switch (op) {
    case "contains":
      return like(col, `%${escapeLike(text)}%`);
    case "%s":
      return like(col, `${escapeLike(text)}%`);
    case "e%":
      return like(col, `%${escapeLike(text)}`);
    case "in":
      return sql<SqlBool>`lower(${col}) in (${sql.join(listOf(cond.value).map((v) => sql`lower(${v})`))})`;
    default:
      if (isOwnKey(COMPARE_SQL, op)) return compare(p, col, op, cond.value);
      throw new FilterCompileError(`Unknown operator '${op}'.`);
  }
}

function condition(cond: FilterCondition): RawBuilder<SqlBool> {
  const p = propertyOf(cond.propertyKey);
  const col = valueOf(p);
  // An empty string is "no value" for text, as the dialog shows it; numbers can only be NULL.
  const isNull = p.dataType === "INT" ? sql<SqlBool>`${col} is null` : sql<SqlBool>`(${col} is null or ${col} = '')`;
  switch (cond.operator) {
    case "isNull":
      return isNull;
    case "isNotNull":
      return sql<SqlBool>`not (${isNull})`;
    case "!=":
    case "!contains":
    case "!in": {
      // Negations also match a missing value: a container without a team is "not payments". Plain NOT would
      // drop those rows, because NOT (NULL = 'x') is NULL in SQL.
      const inner = positive(p, col, cond, cond.operator === "!=" ? "=" : cond.operator.slice(1));
      return sql<SqlBool>`(${col} is null or not (${inner}))`;
    }
    default:
      return sql<SqlBool>`(${positive(p, col, cond, cond.operator)})`;
  }
}

/** The WHERE condition for a filter over `container c`; null (no lines) matches every container. */
export function compileFilterCondition(ast: FilterAst | null): Expression<SqlBool> {
  return compile(ast);
}

function compile(ast: FilterAst | null): RawBuilder<SqlBool> {
  if (!ast) return sql<SqlBool>`1 = 1`;
  if (ast.kind === "condition") return condition(ast);
  if (ast.items.length === 0) return ast.kind === "and" ? sql<SqlBool>`1 = 1` : sql<SqlBool>`1 = 0`;
  return sql<SqlBool>`(${sql.join(ast.items.map(compile), sql.raw(ast.kind === "and" ? " and " : " or "))})`;
}

/** The grouping value of a View level over `container c`, with NULL or empty shown as NONE_LABEL. */
export function levelExpression(propertyKey: string): RawBuilder<string> {
  const p = findProperty(propertyKey);
  if (!p || !p.groupable) throw new NotGroupableError(propertyKey);
  return sql<string>`coalesce(nullif(${valueOf(p, true)}, ''), ${sql.lit(NONE_LABEL)})`;
}
