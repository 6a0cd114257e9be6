/**
 * Filter lines (spec document 1, sections 3 and 5) to a validated boolean AST. Pure: the AST names properties
 * only by their whitelisted identity, so the SQL compiler never sees anything the whitelist does not know.
 */
import { findProperty, type DataType } from "./properties";
import {
  MAX_FILTER_VALUE_LENGTH,
  MAX_IN_LIST_VALUES,
  MAX_NAME_LENGTH,
  PAREN_MAX,
  SERVER_MAX_FILTER_LINES,
  TEXT,
} from "~/lib/constants";

export type Operator =
  | "="
  | "!="
  | ">"
  | "<"
  | ">="
  | "<="
  | "contains"
  | "!contains"
  | "isNull"
  | "isNotNull"
  | "e%"
  | "%s"
  | "in"
  | "!in";

export const OPERATOR_LABELS: Readonly<Record<Operator, string>> = {
  "=": "Equal To",
  "!=": "Not Equal To",
  ">": "Greater Than",
  "<": "Less Than",
  ">=": "Greater Than Or Equal",
  "<=": "Less Than Or Equal",
  contains: "Contains",
  "!contains": "Does Not Contain",
  isNull: "Has No Value",
  isNotNull: "Has Value",
  "e%": "Ends With",
  "%s": "Starts With",
  in: "Include List",
  "!in": "Exclude List",
};

const COMPARE: readonly Operator[] = ["=", "!=", ">", "<", ">=", "<="];
export const OPERATORS_BY_TYPE: Readonly<Record<DataType, readonly Operator[]>> = {
  INT: COMPARE,
  DAT: [...COMPARE, "contains", "!contains", "isNull", "isNotNull"],
  STR: ["contains", "!contains", "=", "!=", "isNull", "isNotNull", "e%", "%s", "in", "!in"],
};

/** The Condition menu for a property's data type, in the spec's order. */
export function operatorChoices(dataType: DataType): { value: Operator; label: string }[] {
  return OPERATORS_BY_TYPE[dataType].map((value) => ({ value, label: OPERATOR_LABELS[value] }));
}

/** The null operators take no value (the value input is disabled for them). */
export function operatorTakesValue(operator: string): boolean {
  return operator !== "isNull" && operator !== "isNotNull";
}

export const PRE_OPERAND_CHOICES: readonly string[] = ["", "AND", "OR", ...parens("(")];
export const POST_OPERAND_CHOICES: readonly string[] = ["", "AND", "OR", ...parens(")")];
function parens(ch: string): string[] {
  return Array.from({ length: PAREN_MAX }, (_, i) => ch.repeat(i + 1));
}

export interface FilterLineInput {
  /** datasourceId for static sources, else attrKey. */
  propertyKey: string;
  operand: string;
  filterValue: string;
  /** Informational: the whitelisted property's own data type is what counts. */
  dataType?: string;
  preOperand1: string;
  preOperand2: string;
  postOperand1: string;
  postOperand2: string;
}

export type FilterValue = string | number | string[] | null;

export interface FilterCondition {
  kind: "condition";
  /** 1-based line number, for messages. */
  line: number;
  propertyKey: string;
  dataType: DataType;
  operator: Operator;
  /** null for the null operators, number for INT, string[] for in/!in, else trimmed text. */
  value: FilterValue;
}

export type FilterAst = FilterCondition | { kind: "and" | "or"; items: FilterAst[] };

export type FilterParseResult = { ok: true; ast: FilterAst } | { ok: false; errors: string[] };

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;
/** contains on a date compares text, so a fragment such as "2024-05" is a fair value. */
const DATE_FRAGMENT_RE = /^[0-9TZ:.+\- ]+$/i;

/**
 * Normalises an ISO date to the stored form (UTC, "YYYY-MM-DD[THH:MM[:SS[.sss]]]"), keeping the precision typed:
 * the SQL compares the stored text cut to the same length, so "= 2024-05-01" means that whole day.
 */
export function normaliseIsoDate(text: string): string | undefined {
  const m = DATE_RE.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const day = new Date(Date.UTC(+y, +mo - 1, +d));
  if (day.getUTCFullYear() !== +y || day.getUTCMonth() !== +mo - 1 || day.getUTCDate() !== +d) return undefined;
  if (h === undefined) return `${y}-${mo}-${d}`;
  if (+h > 23 || +mi > 59 || +(s ?? 0) > 59) return undefined;
  const offset = !zone || zone.toUpperCase() === "Z" ? "Z" : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const at = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s ?? "00"}${(frac ?? "").slice(0, 4)}${offset}`);
  if (Number.isNaN(at.getTime())) return undefined;
  return at.toISOString().slice(0, s === undefined ? 16 : frac === undefined ? 19 : 23);
}

type Parsed = { value: FilterValue } | { error: string };

function parseValue(raw: string, dataType: DataType, operator: Operator, n: number): Parsed {
  if (!operatorTakesValue(operator)) return { value: null };
  if (operator === "in" || operator === "!in") {
    const items = raw.split(/\r?\n/).map((v) => v.trim()).filter(Boolean);
    if (items.length === 0) return { error: `Line ${n}: a value is required.` };
    if (items.length > MAX_IN_LIST_VALUES) return { error: `Line ${n}: at most ${MAX_IN_LIST_VALUES} list values are allowed.` };
    const long = items.findIndex((v) => v.length > MAX_FILTER_VALUE_LENGTH);
    if (long >= 0) return { error: `Line ${n}: list value ${long + 1} is longer than ${MAX_FILTER_VALUE_LENGTH} characters.` };
    return { value: items };
  }
  const text = raw.trim();
  if (text === "") return { error: `Line ${n}: a value is required.` };
  if (text.length > MAX_FILTER_VALUE_LENGTH) return { error: `Line ${n}: the value is longer than ${MAX_FILTER_VALUE_LENGTH} characters.` };
  if (dataType === "INT") {
    const num = Number(text);
    return NUMBER_RE.test(text) && Number.isFinite(num) ? { value: num } : { error: `Line ${n}: '${text}' is not a number.` };
  }
  if (dataType === "DAT" && (operator === "contains" || operator === "!contains")) {
    return DATE_FRAGMENT_RE.test(text) ? { value: text.toUpperCase() } : { error: `Line ${n}: '${text}' is not part of a date (YYYY-MM-DD).` };
  }
  if (dataType === "DAT") {
    const iso = normaliseIsoDate(text);
    return iso ? { value: iso } : { error: `Line ${n}: '${text}' is not a date (YYYY-MM-DD, optionally with a time).` };
  }
  return { value: text };
}

function parseCondition(line: FilterLineInput, n: number, errors: string[]): FilterCondition | undefined {
  const property = findProperty(line.propertyKey ?? "");
  if (!property) {
    errors.push(`Line ${n}: unknown property '${line.propertyKey ?? ""}'.`);
    return undefined;
  }
  const operator = (line.operand ?? "").trim() as Operator;
  if (!OPERATORS_BY_TYPE[property.dataType].includes(operator)) {
    errors.push(
      operator === ("" as string)
        ? `Line ${n}: a condition is required.`
        : `Line ${n}: condition '${operator}' is not allowed for ${property.displayColumn} (${property.dataType}).`,
    );
    return undefined;
  }
  const parsed = parseValue(line.filterValue ?? "", property.dataType, operator, n);
  if ("error" in parsed) {
    errors.push(parsed.error);
    return undefined;
  }
  return { kind: "condition", line: n, propertyKey: property.key, dataType: property.dataType, operator, value: parsed.value };
}

type Token = { t: "(" | ")" | "AND" | "OR"; line: number } | { t: "cond"; line: number; cond?: FilterCondition };

function slotTokens(raw: string, slot: "pre" | "post", n: number, errors: string[]): Token[] {
  const v = (raw ?? "").trim().toUpperCase();
  if (v === "") return [];
  if (v === "AND" || v === "OR") return [{ t: v, line: n }];
  const open = v === "(".repeat(v.length), close = v === ")".repeat(v.length);
  if ((open || close) && v.length > PAREN_MAX) {
    errors.push(`Line ${n}: at most ${PAREN_MAX} parentheses per operand.`);
  } else if ((open && slot === "post") || (close && slot === "pre")) {
    errors.push(`Line ${n}: '${v}' cannot be used as a ${slot === "pre" ? "pre" : "post"}-operand.`);
  } else if (open || close) {
    return Array.from({ length: v.length }, () => ({ t: v[0] as "(" | ")", line: n }));
  } else errors.push(`Line ${n}: unknown operand '${raw}'.`);
  return [];
}

/** Checks the token order so that the parser below can assume a well-formed stream. */
function checkStructure(tokens: Token[], errors: string[]): void {
  let prev: Token | undefined;
  const opened: number[] = [];
  for (const tok of tokens) {
    const n = tok.line;
    if (tok.t === "AND" || tok.t === "OR") {
      if (!prev) errors.push(`Line ${n}: a filter cannot start with ${tok.t}.`);
      else if (prev.t === "(") errors.push(`Line ${n}: ${tok.t} cannot follow an opening parenthesis.`);
      else if (prev.t === "AND" || prev.t === "OR") errors.push(`Line ${n}: two connectors in a row (${prev.t} ${tok.t}).`);
    } else if (tok.t === "(") opened.push(n);
    else if (tok.t === ")") {
      if (opened.length === 0) errors.push(`Unbalanced parentheses: line ${n} closes a parenthesis that was never opened.`);
      else if (prev?.t === "(") errors.push(`Line ${n}: empty parentheses.`);
      else if (prev?.t === "AND" || prev?.t === "OR") errors.push(`Line ${n}: ${prev.t} cannot precede a closing parenthesis.`);
      opened.pop();
    }
    prev = tok;
  }
  if (prev && (prev.t === "AND" || prev.t === "OR")) errors.push(`Line ${prev.line}: a filter cannot end with ${prev.t}.`);
  if (opened.length > 0) {
    errors.push(`Unbalanced parentheses: ${opened.length} not closed (opened on line ${[...new Set(opened)].join(", ")}).`);
  }
}

/** Recursive descent: or := and (OR and)*; and := factor (AND? factor)*; factor := '(' or ')' | condition. */
function parse(tokens: Token[]): FilterAst {
  let i = 0;
  const group = (kind: "and" | "or", items: FilterAst[]): FilterAst => (items.length === 1 ? items[0] : { kind, items });
  const factor = (): FilterAst => {
    const tok = tokens[i++];
    if (tok.t === "(") {
      const inner = or();
      i++; // the matching ')', guaranteed by checkStructure
      return inner;
    }
    return (tok as { cond: FilterCondition }).cond;
  };
  const and = (): FilterAst => {
    const items = [factor()];
    while (i < tokens.length && tokens[i].t !== "OR" && tokens[i].t !== ")") {
      if (tokens[i].t === "AND") i++;
      items.push(factor());
    }
    return group("and", items);
  };
  const or = (): FilterAst => {
    const items = [and()];
    while (i < tokens.length && tokens[i].t === "OR") {
      i++;
      items.push(and());
    }
    return group("or", items);
  };
  return or();
}

/** Validates filter lines for saving or querying: at least one line, at most maxLines. */
export function parseFilterLines(lines: readonly FilterLineInput[], maxLines = SERVER_MAX_FILTER_LINES): FilterParseResult {
  if (lines.length === 0) return { ok: false, errors: [TEXT.filterLineRequired] };
  if (lines.length > maxLines) return { ok: false, errors: [TEXT.maxLines(maxLines)] };
  const errors: string[] = [];
  const tokens: Token[] = [];
  lines.forEach((line, idx) => {
    const n = idx + 1;
    tokens.push(...slotTokens(line.preOperand1, "pre", n, errors), ...slotTokens(line.preOperand2, "pre", n, errors));
    tokens.push({ t: "cond", line: n, cond: parseCondition(line, n, errors) });
    tokens.push(...slotTokens(line.postOperand1, "post", n, errors), ...slotTokens(line.postOperand2, "post", n, errors));
  });
  checkStructure(tokens, errors);
  // "))))" with nothing open would otherwise say the same thing four times.
  return errors.length > 0 ? { ok: false, errors: [...new Set(errors)] } : { ok: true, ast: parse(tokens) };
}

/**
 * For querying a stored filter: no lines (a system "All" filter, or no filter chosen) means match everything,
 * shown as a null AST, which compileFilterCondition turns into TRUE.
 */
export function filterAstForQuery(
  lines: readonly FilterLineInput[] | null | undefined,
): { ok: true; ast: FilterAst | null } | { ok: false; errors: string[] } {
  return !lines || lines.length === 0 ? { ok: true, ast: null } : parseFilterLines(lines);
}

/** Save-time check of a whole filter: the name (spec texts) and its lines. */
export function validateFilterSave(input: { name: string; lines: readonly FilterLineInput[] }, maxLines?: number): FilterParseResult {
  const name = (input.name ?? "").trim();
  const nameErrors = name === "" ? [TEXT.filterNameRequired] : name.length > MAX_NAME_LENGTH ? [`Filter Name is longer than ${MAX_NAME_LENGTH} characters.`] : [];
  const parsed = parseFilterLines(input.lines, maxLines);
  if (nameErrors.length === 0) return parsed;
  return { ok: false, errors: [...nameErrors, ...(parsed.ok ? [] : parsed.errors)] };
}
