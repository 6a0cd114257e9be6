import { describe, expect, it } from "vitest";
import { MAX_FILTER_VALUE_LENGTH, MAX_IN_LIST_VALUES, SERVER_MAX_FILTER_LINES, TEXT } from "~/lib/constants";
import {
  filterAstForQuery,
  normaliseIsoDate,
  OPERATORS_BY_TYPE,
  operatorChoices,
  parseFilterLines,
  POST_OPERAND_CHOICES,
  PRE_OPERAND_CHOICES,
  validateFilterSave,
  type FilterAst,
  type FilterLineInput,
} from "./filter-logic";

type Ops = Partial<Pick<FilterLineInput, "preOperand1" | "preOperand2" | "postOperand1" | "postOperand2">>;
const L = (propertyKey: string, operand: string, filterValue = "", ops: Ops = {}): FilterLineInput => ({
  propertyKey, operand, filterValue, preOperand1: "", preOperand2: "", postOperand1: "", postOperand2: "", ...ops,
});
const A = (ops: Ops = {}) => L("K8S_CLUSTER", "=", "a", ops);

function errorsOf(lines: FilterLineInput[]): string[] {
  const r = parseFilterLines(lines);
  return r.ok ? [] : r.errors;
}
function astOf(lines: FilterLineInput[]): FilterAst {
  const r = parseFilterLines(lines);
  if (!r.ok) throw new Error(r.errors.join("\n"));
  return r.ast;
}
/** The AST as a compact formula: conditions by line number. */
function shape(ast: FilterAst): string {
  return ast.kind === "condition" ? String(ast.line) : `(${ast.items.map(shape).join(ast.kind === "and" ? "&" : "|")})`;
}
const shapeOf = (lines: FilterLineInput[]) => shape(astOf(lines));

describe("operator catalogue", () => {
  it("lists the spec's operators per data type with their labels", () => {
    expect(OPERATORS_BY_TYPE.INT).toEqual(["=", "!=", ">", "<", ">=", "<="]);
    expect(OPERATORS_BY_TYPE.DAT).toEqual(["=", "!=", ">", "<", ">=", "<=", "contains", "!contains", "isNull", "isNotNull"]);
    expect(operatorChoices("STR").map((c) => c.label)).toEqual([
      "Contains", "Does Not Contain", "Equal To", "Not Equal To", "Has No Value", "Has Value", "Ends With", "Starts With", "Include List", "Exclude List",
    ]);
    expect(operatorChoices("INT").map((c) => c.label)).toEqual([
      "Equal To", "Not Equal To", "Greater Than", "Less Than", "Greater Than Or Equal", "Less Than Or Equal",
    ]);
  });

  it("offers blank, AND, OR and up to four parentheses", () => {
    expect(PRE_OPERAND_CHOICES).toEqual(["", "AND", "OR", "(", "((", "(((", "(((("]);
    expect(POST_OPERAND_CHOICES).toEqual(["", "AND", "OR", ")", "))", ")))", "))))"]);
  });
});

describe("parseFilterLines: values", () => {
  it("normalises each data type's value", () => {
    const ast = astOf([
      L("k8s_cluster", "=", "  prod  "),
      L("K8S_REPLICAS", ">=", " 2.5 "),
      L("K8S_FIRST_SEEN", "<", "2024-05-01"),
      L("team", "in", " a \n\n b\r\n  \n"),
      L("team", "isNull", "ignored"),
    ]);
    expect(ast.kind === "and" && ast.items.map((c) => (c.kind === "condition" ? [c.propertyKey, c.dataType, c.value] : []))).toEqual([
      ["K8S_CLUSTER", "STR", "prod"],
      ["K8S_REPLICAS", "INT", 2.5],
      ["K8S_FIRST_SEEN", "DAT", "2024-05-01"],
      ["team", "STR", ["a", "b"]],
      ["team", "STR", null],
    ]);
  });

  it("uses the whitelisted property's data type, not the line's", () => {
    expect(errorsOf([{ ...L("K8S_REPLICAS", "contains", "1"), dataType: "STR" }])).toEqual([
      "Line 1: condition 'contains' is not allowed for Replicas (INT).",
    ]);
  });

  it.each([
    [L("nope", "=", "x"), "Line 1: unknown property 'nope'."],
    [L("K8S_CLUSTER", "", "x"), "Line 1: a condition is required."],
    [L("K8S_CLUSTER", ">", "x"), "Line 1: condition '>' is not allowed for Cluster (STR)."],
    [L("K8S_REPLICAS", "in", "1"), "Line 1: condition 'in' is not allowed for Replicas (INT)."],
    [L("K8S_FIRST_SEEN", "%s", "2024"), "Line 1: condition '%s' is not allowed for First Seen (DAT)."],
    [L("K8S_CLUSTER", "=", "   "), "Line 1: a value is required."],
    [L("team", "in", "\n  \n"), "Line 1: a value is required."],
    [L("K8S_REPLICAS", "=", "abc"), "Line 1: 'abc' is not a number."],
    [L("K8S_REPLICAS", "=", "1e999"), "Line 1: '1e999' is not a number."],
    [L("K8S_REPLICAS", "=", "0x10"), "Line 1: '0x10' is not a number."],
    [L("K8S_FIRST_SEEN", "=", "05/01/2024"), "Line 1: '05/01/2024' is not a date (YYYY-MM-DD, optionally with a time)."],
    [L("K8S_FIRST_SEEN", "=", "2024-02-30"), "Line 1: '2024-02-30' is not a date (YYYY-MM-DD, optionally with a time)."],
    [L("K8S_FIRST_SEEN", "=", "2024-02-01T25:00"), "Line 1: '2024-02-01T25:00' is not a date (YYYY-MM-DD, optionally with a time)."],
    [L("K8S_FIRST_SEEN", "contains", "May"), "Line 1: 'May' is not part of a date (YYYY-MM-DD)."],
    [L("K8S_CLUSTER", "=", "x".repeat(MAX_FILTER_VALUE_LENGTH + 1)), `Line 1: the value is longer than ${MAX_FILTER_VALUE_LENGTH} characters.`],
    [L("team", "in", `a\n${"x".repeat(MAX_FILTER_VALUE_LENGTH + 1)}`), `Line 1: list value 2 is longer than ${MAX_FILTER_VALUE_LENGTH} characters.`],
    [L("team", "!in", Array.from({ length: MAX_IN_LIST_VALUES + 1 }, (_, i) => `v${i}`).join("\n")), `Line 1: at most ${MAX_IN_LIST_VALUES} list values are allowed.`],
  ])("rejects %j", (line, message) => {
    expect(errorsOf([line])).toEqual([message]);
  });

  it("accepts the list maximum and values at the length limit", () => {
    const list = Array.from({ length: MAX_IN_LIST_VALUES }, (_, i) => `v${i}`).join("\n");
    expect(errorsOf([L("team", "in", list), L("team", "=", "x".repeat(MAX_FILTER_VALUE_LENGTH))])).toEqual([]);
  });

  it("numbers the line in each message and reports every bad line", () => {
    expect(errorsOf([A(), L("nope", "=", "x"), A(), L("K8S_REPLICAS", "=", "")])).toEqual([
      "Line 2: unknown property 'nope'.",
      "Line 4: a value is required.",
    ]);
  });
});

describe("normaliseIsoDate", () => {
  it.each([
    ["2024-05-01", "2024-05-01"],
    ["2024-05-01T10:30", "2024-05-01T10:30"],
    ["2024-05-01 10:30:15", "2024-05-01T10:30:15"],
    ["2024-05-01T10:30:15.5Z", "2024-05-01T10:30:15.500"],
    ["2024-05-01T01:30+02:00", "2024-04-30T23:30"],
    ["2024-05-01t10:30:00-0130", "2024-05-01T12:00:00"],
    ["2024-02-29", "2024-02-29"],
  ])("%s → %s", (input, out) => expect(normaliseIsoDate(input)).toBe(out));

  it.each(["2023-02-29", "2024-13-01", "2024-1-1", "2024-05-01T24:00", "2024-05-01T10", "yesterday"])("rejects %s", (input) => {
    expect(normaliseIsoDate(input)).toBeUndefined();
  });
});

describe("parseFilterLines: connectors and parentheses", () => {
  it("binds AND tighter than OR, left to right", () => {
    expect(shapeOf([A({ postOperand1: "OR" }), A({ postOperand1: "AND" }), A()])).toBe("(1|(2&3))");
    expect(shapeOf([A({ postOperand1: "AND" }), A({ postOperand1: "OR" }), A()])).toBe("((1&2)|3)");
    expect(shapeOf([A(), A({ preOperand1: "OR" }), A({ preOperand1: "OR" })])).toBe("(1|2|3)");
  });

  it("reads adjacent conditions as AND", () => {
    expect(shapeOf([A(), A()])).toBe("(1&2)");
    expect(shapeOf([A({ postOperand1: "OR" }), A(), A()])).toBe("(1|(2&3))");
    expect(shapeOf([A({ preOperand1: "(", postOperand1: ")" }), A({ preOperand1: "(", postOperand1: ")" })])).toBe("(1&2)");
  });

  it("groups with parentheses, up to four deep, in either slot of its side", () => {
    expect(shapeOf([A({ preOperand1: "(", postOperand1: "OR" }), A({ postOperand1: ")" }), A({ preOperand1: "AND" })])).toBe("((1|2)&3)");
    expect(shapeOf([A({ postOperand1: "AND" }), A({ preOperand2: "(", postOperand2: "OR" }), A({ postOperand1: ")" })])).toBe("(1&(2|3))");
    expect(shapeOf([A({ preOperand2: "((((" }), A({ preOperand1: "OR", postOperand1: "))))" })])).toBe("(1|2)");
    const deep = [
      A({ preOperand1: "((((" }),
      A({ preOperand1: "OR", postOperand1: ")" }),
      A({ preOperand1: "AND", postOperand1: ")" }),
      A({ preOperand1: "OR", postOperand1: ")" }),
      A({ preOperand1: "AND", postOperand1: ")" }),
    ];
    expect(shapeOf(deep)).toBe("((((1|2)&3)|4)&5)");
    expect(shapeOf([A({ preOperand1: "((", preOperand2: "((" }), A({ preOperand1: "OR", postOperand1: "))", postOperand2: "))" })])).toBe("(1|2)");
  });

  it("accepts lower case connectors and surrounding spaces", () => {
    expect(shapeOf([A({ postOperand1: " or " }), A()])).toBe("(1|2)");
  });

  it.each<[string, FilterLineInput[], string[]]>([
    ["a leading connector", [A({ preOperand1: "AND" }), A()], ["Line 1: a filter cannot start with AND."]],
    ["a trailing connector", [A(), A({ postOperand2: "OR" })], ["Line 2: a filter cannot end with OR."]],
    ["two connectors in a row", [A({ postOperand1: "AND" }), A({ preOperand1: "OR" })], ["Line 2: two connectors in a row (AND OR)."]],
    ["two connectors in one slot pair", [A({ postOperand1: "AND", postOperand2: "AND" }), A()], ["Line 1: two connectors in a row (AND AND)."]],
    ["a connector after '('", [A({ preOperand1: "(", preOperand2: "AND" }), A({ postOperand1: ")" })], ["Line 1: AND cannot follow an opening parenthesis."]],
    ["a connector before ')'", [A({ preOperand1: "(" }), A({ postOperand1: "OR", postOperand2: ")" })], ["Line 2: OR cannot precede a closing parenthesis."]],
    ["an unclosed '('", [A({ preOperand1: "((" }), A({ postOperand1: ")" })], ["Unbalanced parentheses: 1 not closed (opened on line 1)."]],
    ["an unopened ')'", [A({ postOperand1: ")" }), A()], ["Unbalanced parentheses: line 1 closes a parenthesis that was never opened."]],
    ["')' before its '('", [A({ postOperand1: ")" }), A({ preOperand1: "(" })], [
      "Unbalanced parentheses: line 1 closes a parenthesis that was never opened.",
      "Unbalanced parentheses: 1 not closed (opened on line 2).",
    ]],
    ["'(' in a post slot", [A({ postOperand1: "(" })], ["Line 1: '(' cannot be used as a post-operand."]],
    ["')' in a pre slot", [A({ preOperand2: "))" })], ["Line 1: '))' cannot be used as a pre-operand."]],
    ["five parentheses", [A({ preOperand1: "(((((" }), A({ postOperand1: "))))" })], [
      "Line 1: at most 4 parentheses per operand.",
      "Unbalanced parentheses: line 2 closes a parenthesis that was never opened.",
    ]],
    ["an unknown operand", [A({ preOperand1: "XOR" })], ["Line 1: unknown operand 'XOR'."]],
    ["mixed parentheses", [A({ preOperand1: "()" })], ["Line 1: unknown operand '()'."]],
  ])("rejects %s", (_, lines, errors) => {
    expect(errorsOf(lines)).toEqual(errors);
  });

  it("reports value and structure errors together", () => {
    expect(errorsOf([L("nope", "=", "x", { preOperand1: "(" }), A({ postOperand1: "AND" })])).toEqual([
      "Line 1: unknown property 'nope'.",
      "Line 2: a filter cannot end with AND.",
      "Unbalanced parentheses: 1 not closed (opened on line 1).",
    ]);
  });
});

describe("line count", () => {
  it("needs at least one line to save", () => {
    expect(parseFilterLines([])).toEqual({ ok: false, errors: [TEXT.filterLineRequired] });
  });

  it("allows the server maximum and refuses one more", () => {
    const lines = Array.from({ length: SERVER_MAX_FILTER_LINES }, () => A());
    expect(parseFilterLines(lines).ok).toBe(true);
    expect(parseFilterLines([...lines, A()])).toEqual({ ok: false, errors: [TEXT.maxLines(SERVER_MAX_FILTER_LINES)] });
    expect(parseFilterLines([A(), A(), A()], 2)).toEqual({ ok: false, errors: [TEXT.maxLines(2)] });
  });

  it("treats no lines as 'match everything' when querying", () => {
    expect(filterAstForQuery([])).toEqual({ ok: true, ast: null });
    expect(filterAstForQuery(null)).toEqual({ ok: true, ast: null });
    expect(filterAstForQuery([A()])).toMatchObject({ ok: true, ast: { kind: "condition", line: 1 } });
    expect(filterAstForQuery([L("nope", "=", "x")])).toEqual({ ok: false, errors: ["Line 1: unknown property 'nope'."] });
  });
});

describe("validateFilterSave", () => {
  it("requires a trimmed name of bounded length, then valid lines", () => {
    expect(validateFilterSave({ name: "  ", lines: [] })).toEqual({ ok: false, errors: [TEXT.filterNameRequired, TEXT.filterLineRequired] });
    expect(validateFilterSave({ name: "x".repeat(101), lines: [A()] })).toEqual({ ok: false, errors: ["Filter Name is longer than 100 characters."] });
    expect(validateFilterSave({ name: "Prod", lines: [A()] }).ok).toBe(true);
  });
});
