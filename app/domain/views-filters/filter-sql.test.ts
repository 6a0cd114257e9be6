import SQLite from "better-sqlite3";
import { Kysely, SqliteDialect, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFilterLines, type FilterAst, type FilterLineInput } from "./filter-logic";
import { compileFilterCondition, FilterCompileError, levelExpression, NONE_LABEL, NotGroupableError } from "./filter-sql";

interface Db {
  container: {
    id: string;
    cluster: string;
    namespace: string;
    pod_owner_name: string;
    policy: string;
    replicas: number;
    cpu_limit: number | null;
    mem_request: number | null;
    first_seen: string;
    last_seen: string | null;
  };
  container_attribute: { container_id: string; attr_key: string; value: string };
}

// id, cluster, namespace, pod owner, policy, replicas, cpu_limit, mem_request, first_seen, last_seen
type Row = [string, string, string, string, string, number, number | null, number | null, string, string | null];
const SEEN = "2024-06-01T00:00:00.000Z";
const ROWS: Row[] = [
  ["c01", "prod-eks-1", "payments", "api", "default", 3, 1000, 512, "2024-01-15T10:00:00.000Z", SEEN],
  ["c02", "prod-eks-1", "payments", "worker", "default", 1, null, 256, "2024-02-01T08:30:00.000Z", SEEN],
  ["c03", "prod-eks-1", "checkout", "redis", "strict", 2, 200, 128, "2024-03-10T00:00:00.000Z", SEEN],
  ["c04", "PROD-GKE-2", "Checkout", "web", "default", 5, 2000, 2048, "2024-03-10T23:59:59.000Z", SEEN],
  ["c05", "dev-aks", "dev", "50%-off", "relaxed", 0, null, null, "2023-12-31T23:59:59.999Z", SEEN],
  ["c06", "dev-aks", "dev", "batch_job", "relaxed", 1, 100, 64, "2024-04-01T00:00:00.000Z", SEEN],
  ["c07", "dev-aks", "kube-system", "coredns", "default", 2, null, 70, "2024-01-01T00:00:00.000Z", SEEN],
  ["c08", "staging", "x' OR '1'='1", "500-off", "default", 1, 20, 30, "2024-05-05T05:05:05.000Z", SEEN],
  ["c09", "staging", '"; DROP TABLE container; --', "back\\slash", "default", 4, null, null, "2024-05-20T00:00:00.000Z", SEEN],
  ["c10", "prod-eks-10", "payments", "api", "default", 10, 1000, 512, "2024-01-15T09:59:59.000Z", SEEN],
  ["c11", "prod-eks-2", "payments", "report", "strict", 1, null, 256, "2024-02-29T12:00:00.000Z", ""],
  ["c12", "staging", "qa", "50off", "", 1, 50, 0.5, "2024-06-30T00:00:00.000Z", null],
];
const TEAMS: Record<string, string> = { c01: "payments", c02: "Payments", c03: "checkout", c04: "", c06: "data", c10: "payments", c11: "PAYMENTS-core" };
const ALL = ROWS.map((r) => r[0]);
const except = (...ids: string[]) => ALL.filter((id) => !ids.includes(id));

let db: Kysely<Db>;
beforeAll(async () => {
  db = new Kysely<Db>({ dialect: new SqliteDialect({ database: new SQLite(":memory:") }) });
  await sql`create table container (id text primary key, cluster text not null, namespace text not null,
    pod_owner_name text not null, policy text not null, replicas real not null, cpu_limit real, mem_request real,
    first_seen text not null, last_seen text)`.execute(db);
  await sql`create table container_attribute (container_id text not null, attr_key text not null, value text not null)`.execute(db);
  for (const [id, cluster, namespace, pod_owner_name, policy, replicas, cpu_limit, mem_request, first_seen, last_seen] of ROWS) {
    await db.insertInto("container").values({ id, cluster, namespace, pod_owner_name, policy, replicas, cpu_limit, mem_request, first_seen, last_seen }).execute();
  }
  for (const [container_id, value] of Object.entries(TEAMS)) {
    await db.insertInto("container_attribute").values({ container_id, attr_key: "team", value }).execute();
  }
  await db.insertInto("container_attribute").values({ container_id: "c01", attr_key: "business_unit", value: "Finance" }).execute();
});
afterAll(() => db.destroy());

type Ops = Partial<Pick<FilterLineInput, "preOperand1" | "preOperand2" | "postOperand1" | "postOperand2">>;
const L = (propertyKey: string, operand: string, filterValue = "", ops: Ops = {}): FilterLineInput => ({
  propertyKey, operand, filterValue, preOperand1: "", preOperand2: "", postOperand1: "", postOperand2: "", ...ops,
});

function astOf(lines: FilterLineInput[]): FilterAst {
  const r = parseFilterLines(lines);
  if (!r.ok) throw new Error(r.errors.join("\n"));
  return r.ast;
}
const query = (ast: FilterAst | null) => db.selectFrom("container as c").select("c.id").where(compileFilterCondition(ast)).orderBy("c.id");
const select = async (...lines: FilterLineInput[]) => (await query(astOf(lines)).execute()).map((r) => r.id);

describe("compileFilterCondition on SQLite: text properties", () => {
  it.each([
    ["=", "payments", ["c01", "c02", "c10"]],
    ["!=", "payments", except("c01", "c02", "c10")], // rows without a team are "not payments"
    ["contains", "PAY", ["c01", "c02", "c10", "c11"]],
    ["!contains", "pay", except("c01", "c02", "c10", "c11")],
    ["%s", "pay", ["c01", "c02", "c10", "c11"]],
    ["e%", "CORE", ["c11"]],
    ["isNull", "", ["c04", "c05", "c07", "c08", "c09", "c12"]], // no attribute, or an empty one
    ["isNotNull", "", ["c01", "c02", "c03", "c06", "c10", "c11"]],
    ["in", "payments\n  checkout \n\n", ["c01", "c02", "c03", "c10"]],
    ["!in", "payments\ncheckout", except("c01", "c02", "c03", "c10")],
  ])("attribute team %s %j", async (op, value, ids) => {
    expect(await select(L("team", op, value))).toEqual(ids);
  });

  it.each([
    ["K8S_CLUSTER", "=", "prod-gke-2", ["c04"]],
    ["K8S_CLUSTER", "%s", "PROD", ["c01", "c02", "c03", "c04", "c10", "c11"]],
    ["K8S_CLUSTER", "e%", "-1", ["c01", "c02", "c03"]],
    ["K8S_NAMESPACE", "in", "CHECKOUT\nqa", ["c03", "c04", "c12"]],
    ["K8S_POLICY", "isNull", "", ["c12"]],
    ["K8S_POLICY", "isNotNull", "", except("c12")],
    ["K8S_POLICY", "!=", "default", ["c03", "c05", "c06", "c11", "c12"]],
  ])("static %s %s %j", async (key, op, value, ids) => {
    expect(await select(L(key, op, value))).toEqual(ids);
  });

  it("escapes LIKE wildcards and the escape character", async () => {
    expect(await select(L("K8S_POD_OWNER_NAME", "contains", "50%"))).toEqual(["c05"]);
    expect(await select(L("K8S_POD_OWNER_NAME", "contains", "_"))).toEqual(["c06"]);
    expect(await select(L("K8S_POD_OWNER_NAME", "contains", "\\"))).toEqual(["c09"]);
    expect(await select(L("K8S_POD_OWNER_NAME", "%s", "50"))).toEqual(["c05", "c08", "c12"]);
    expect(await select(L("K8S_POD_OWNER_NAME", "!contains", "off"))).toEqual(except("c05", "c08", "c12"));
  });
});

describe("compileFilterCondition on SQLite: numbers and dates", () => {
  it.each([
    ["K8S_REPLICAS", "=", "1", ["c02", "c06", "c08", "c11", "c12"]],
    ["K8S_REPLICAS", "!=", "1", ["c01", "c03", "c04", "c05", "c07", "c09", "c10"]],
    ["K8S_REPLICAS", ">", "2", ["c01", "c04", "c09", "c10"]], // 10 > 2 numerically, not as text
    ["K8S_REPLICAS", "<", "1", ["c05"]],
    ["K8S_REPLICAS", ">=", "4", ["c04", "c09", "c10"]],
    ["K8S_REPLICAS", "<=", "0", ["c05"]],
    ["K8S_CPU_LIMIT", "!=", "200", except("c03")], // NULL limits included
    ["K8S_CPU_LIMIT", ">", "100", ["c01", "c03", "c04", "c10"]], // NULL limits excluded
    ["K8S_MEM_REQUEST", ">=", "255.5", ["c01", "c02", "c04", "c10", "c11"]],
    ["K8S_MEM_REQUEST", "<=", "0.5", ["c12"]],
    ["K8S_MEM_REQUEST", "=", "-1", []],
  ])("%s %s %s", async (key, op, value, ids) => {
    expect(await select(L(key, op, value))).toEqual(ids);
  });

  it.each([
    ["=", "2024-03-10", ["c03", "c04"]], // the whole day
    ["!=", "2024-03-10", except("c03", "c04")],
    [">", "2024-03-10", ["c06", "c08", "c09", "c12"]],
    [">=", "2024-03-10", ["c03", "c04", "c06", "c08", "c09", "c12"]],
    ["<", "2024-01-15", ["c05", "c07"]],
    ["<=", "2024-01-15", ["c01", "c05", "c07", "c10"]],
    ["=", "2024-01-15T10:00", ["c01"]],
    ["<", "2024-01-15 10:00:00", ["c05", "c07", "c10"]],
    [">=", "2024-03-10T00:30+01:00", ["c03", "c04", "c06", "c08", "c09", "c12"]], // 2024-03-09T23:30Z
    ["contains", "2024-03", ["c03", "c04"]],
    ["contains", "t23:59", ["c04", "c05"]],
    ["!contains", "2024-0", ["c05"]],
  ])("first seen %s %s", async (op, value, ids) => {
    expect(await select(L("K8S_FIRST_SEEN", op, value))).toEqual(ids);
  });

  it("treats a NULL or empty date as no value, and a missing date as 'not equal'", async () => {
    expect(await select(L("K8S_LAST_SEEN", "isNull"))).toEqual(["c11", "c12"]);
    expect(await select(L("K8S_LAST_SEEN", "isNotNull"))).toEqual(except("c11", "c12"));
    expect(await select(L("K8S_LAST_SEEN", "!=", "2024-06-01"))).toEqual(["c11", "c12"]);
  });
});

describe("compileFilterCondition on SQLite: AND, OR and parentheses", () => {
  const dev = (ops: Ops = {}) => L("K8S_CLUSTER", "%s", "dev", ops);
  const payments = (ops: Ops = {}) => L("K8S_NAMESPACE", "=", "payments", ops);
  const big = (ops: Ops = {}) => L("K8S_REPLICAS", ">", "2", ops);

  it("binds AND tighter than OR", async () => {
    expect(await select(dev({ postOperand1: "OR" }), payments({ postOperand1: "AND" }), big())).toEqual(["c01", "c05", "c06", "c07", "c10"]);
  });

  it("lets parentheses override precedence", async () => {
    const lines = [dev({ preOperand1: "(", postOperand1: "OR" }), payments({ postOperand1: ")", postOperand2: "AND" }), big()];
    expect(await select(...lines)).toEqual(["c01", "c10"]);
  });

  it("nests four parentheses deep", async () => {
    const lines = [
      L("team", "=", "payments", { preOperand1: "((((" }),
      L("K8S_NAMESPACE", "=", "dev", { preOperand1: "OR", postOperand1: ")" }),
      L("K8S_REPLICAS", ">=", "1", { preOperand1: "AND", postOperand1: ")" }),
      L("K8S_POLICY", "=", "strict", { preOperand1: "OR", postOperand1: ")" }),
      L("K8S_CLUSTER", "%s", "prod", { preOperand1: "AND", postOperand1: ")" }),
    ];
    expect(await select(...lines)).toEqual(["c01", "c02", "c03", "c10", "c11"]);
    const flat = lines.map((l) => ({ ...l, postOperand1: "", preOperand1: l.preOperand1.startsWith("(") ? "" : l.preOperand1 }));
    expect(await select(...flat)).toEqual(["c01", "c02", "c03", "c06", "c10", "c11"]);
  });

  it("reads two adjacent conditions without a connector as AND", async () => {
    expect(await select(L("K8S_CLUSTER", "%s", "prod"), payments())).toEqual(["c01", "c02", "c10", "c11"]);
    expect(await select(dev({ postOperand1: "OR" }), payments(), big())).toEqual(["c01", "c05", "c06", "c07", "c10"]);
  });

  it("matches everything for a null AST (no filter lines)", async () => {
    expect((await query(null).execute()).map((r) => r.id)).toEqual(ALL);
  });

  it("treats empty hand-built groups as TRUE (and) / FALSE (or)", async () => {
    expect((await query({ kind: "and", items: [] }).execute()).length).toBe(12);
    expect((await query({ kind: "or", items: [] }).execute()).length).toBe(0);
  });

  it("refuses a hand-built AST naming a property outside the whitelist", () => {
    const ast: FilterAst = { kind: "condition", line: 1, propertyKey: "id; drop table container", dataType: "STR", operator: "=", value: "x" };
    expect(() => compileFilterCondition(ast)).toThrow(FilterCompileError);
  });
});

describe("compileFilterCondition on SQLite: injection attempts are data", () => {
  it.each([
    ["x' OR '1'='1", ["c08"]],
    ['"; DROP TABLE container; --', ["c09"]],
    ["' OR 1=1 --", []],
  ])("namespace = %j", async (value, ids) => {
    expect(await select(L("K8S_NAMESPACE", "=", value))).toEqual(ids);
    expect(await select(L("team", "in", `${value}\npayments`))).toEqual(["c01", "c02", "c10"]);
    const count = await db.selectFrom("container").select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    expect(count.n).toBe(12);
  });

  it("puts every user value in a parameter, never in the SQL text", () => {
    const values = ["payments", "x' OR '1'='1", "DROP TABLE", "50%", "2024-03-10", "12345"];
    const compiled = query(
      astOf([
        L("team", "=", "payments", { postOperand1: "OR" }),
        L("K8S_NAMESPACE", "in", "x' OR '1'='1\n\"; DROP TABLE container; --"),
        L("K8S_POD_OWNER_NAME", "contains", "50%"),
        L("K8S_FIRST_SEEN", ">=", "2024-03-10"),
        L("K8S_REPLICAS", "<", "12345"),
      ]),
    ).compile();
    for (const v of values) expect(compiled.sql).not.toContain(v);
    expect(compiled.parameters).toEqual(expect.arrayContaining(["team", "payments", "x' OR '1'='1", "%50\\%%", "2024-03-10", 12345]));
  });
});

describe("levelExpression", () => {
  it("groups by a column or an attribute, naming missing values", async () => {
    const group = async (key: string) => {
      const level = levelExpression(key);
      const rows = await db.selectFrom("container as c").select([level.as("name"), sql<number>`count(*)`.as("n")]).groupBy(level).orderBy("name").execute();
      return Object.fromEntries(rows.map((r) => [r.name, r.n]));
    };
    expect(await group("K8S_POLICY")).toEqual({ [NONE_LABEL]: 1, default: 7, relaxed: 2, strict: 2 });
    expect(await group("team")).toEqual({ [NONE_LABEL]: 6, "PAYMENTS-core": 1, Payments: 1, checkout: 1, data: 1, payments: 2 });
  });

  it("inlines only whitelisted names, so GROUP BY repeats the same text", () => {
    const compiled = db.selectFrom("container as c").select(levelExpression("team").as("n")).compile();
    expect(compiled.parameters).toEqual([]);
    expect(compiled.sql).toContain(`coalesce(nullif((select a.value from container_attribute a where a.container_id = c.id and a.attr_key = 'team'), ''), '${NONE_LABEL}')`);
  });

  it.each(["K8S_REPLICAS", "K8S_FIRST_SEEN", "nope", "team'--"])("refuses %s", (key) => {
    expect(() => levelExpression(key)).toThrow(NotGroupableError);
  });
});
