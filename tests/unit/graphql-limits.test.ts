/**
 * The GraphQL request limits (app/graphql/limits.server.ts): every operation the app and its clients send passes
 * them with room to spare, and each limit refuses what it should with its catalogue message.
 */
import { afterEach, describe, expect, it } from "vitest";
import { buildSchema, execute, parse, type GraphQLSchema } from "graphql";
import { createSchema } from "~/graphql/schema.server";
import { prepareDocument, executeDocument } from "~/graphql/execute.server";
import { formatError } from "~/graphql/errors";
import { checkShape, costError, DocumentCache, documentCost, graphQLLimits, guardResolvers, isExpensive, setGraphQLLimits, withinTimeLimit } from "~/graphql/limits.server";
import type { GraphQLContext } from "~/graphql/context.server";
import * as userOps from "../graphql-operations/user";
import * as featureOps from "../graphql-operations/feature-set";
import * as treeviewOps from "~/graphql/operations/treeview";
import * as nodeOps from "../graphql-operations/node";
import * as checkOps from "../graphql-operations/data-checks";
import * as containerOps from "../graphql-operations/containers";
import * as policyOps from "../graphql-operations/policy";
import * as metricsOps from "../graphql-operations/metrics";
import * as gridViewOps from "~/graphql/operations/grid-view";
import * as cloudOps from "../graphql-operations/cloud";
import type { TypedDocument } from "~/graphql/operations/typed-document";

const schema = createSchema();
const operations = [userOps, featureOps, treeviewOps, nodeOps, checkOps, containerOps, policyOps, metricsOps, gridViewOps, cloudOps]
  .flatMap((m) => Object.entries(m))
  .filter((e): e is [string, TypedDocument<unknown>] => typeof e[1] === "object" && e[1] !== null && "document" in e[1]);

const messages = (source: string) => {
  const prepared = prepareDocument(source);
  return "kind" in prepared ? [] : prepared.map((e) => formatError(e).message);
};

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe("the GraphQL request limits", () => {
  it("let every known operation through, at most half the cost budget", () => {
    expect(operations.length).toBeGreaterThan(40);
    for (const [name, op] of operations) {
      const document = parse(op.document);
      expect(checkShape(schema, document).map((e) => e.message), name).toEqual([]);
      const cost = documentCost(schema, document, {}, op.operationName);
      // Required variables are absent here; the cost walk then skips the document (execution refuses it anyway).
      if (cost !== undefined) expect(cost, name).toBeLessThanOrEqual(graphQLLimits().maxCost / 2 + 200);
    }
  });

  it("refuse the 50-alias node tree bomb before anything runs", () => {
    const bomb = `{ ${Array.from({ length: 50 }, (_, i) => `a${i}: nodeTreeJson`).join(" ")} }`;
    expect(messages(bomb)).toEqual(["Bad Request: The query has 50 aliases; at most 10 are allowed."]);
  });

  it("count aliases inside fragments", () => {
    const q = `query { ...F } fragment F on Query { ${Array.from({ length: 11 }, (_, i) => `x${i}: __typename y${i}: getMaxFilterLines`).join(" ")} }`;
    expect(messages(q)[0]).toMatch(/^Bad Request: The query has 11 aliases; at most 10 are allowed\.$/);
  });

  it("refuse a query nested deeper than the limit, and one nested 2,000 deep without overflowing the stack", () => {
    const nest = (n: number) => `${"{ ... on Query ".repeat(n)}{ getMaxFilterLines }${" }".repeat(n)}`;
    expect(messages(nest(8))).toEqual([]);
    expect(messages(nest(12))).toEqual(["Bad Request: The query is nested 13 levels deep; at most 10 are allowed."]);
    const deep = `${"{a".repeat(2000)}${"}".repeat(2000)}`;
    expect(messages(deep)).toEqual(["Bad Request: The query is nested more than 40 levels deep; at most 10 levels of fields are allowed."]);
    // Braces inside strings and comments are not nesting.
    expect(messages(`{ getMaxFilterLines(filters: ["${"{".repeat(100)}"]) } # ${"[".repeat(100)}`)[0] ?? "").not.toMatch(/nested/);
  });

  it("refuse a document over the cost budget, two whole trees for instance, with @include deciding by the variables", () => {
    const two = `{ a: getFolderListJson(viewId: "v", filterId: "f") b: getFolderListJson(viewId: "v", filterId: "f") }`;
    const doc = parse(two);
    expect(formatError(costError(documentCost(schema, doc))!).message).toBe(
      "Bad Request: The query costs 1200; at most 1000 is allowed. Ask for fewer folder lists, trees, series or aggregates in one request.",
    );
    const optional = parse(`query q($more: Boolean!) { a: nodeTreeJson b: nodeTreeJson @include(if: $more) }`);
    expect(documentCost(schema, optional, { more: false })).toBe(600);
    expect(costError(documentCost(schema, optional, { more: true }))).toBeDefined();
  });

  it("price a grid page by what it reads, not by how many columns it selects", () => {
    const wide = documentCost(schema, parse(cloudOps.CLOUDEX_DETAILS.document), { viewId: "v", filterId: "f", treeviewPath: "" }, cloudOps.CLOUDEX_DETAILS.operationName);
    expect(wide).toBe(50);
    expect(isExpensive(wide)).toBe(false);
    expect(isExpensive(documentCost(schema, parse(`{ nodeTreeJson }`)))).toBe(true);
  });

  it("answer a timeout at the time limit and start no resolver after it", async () => {
    restore = setGraphQLLimits({ timeLimitMs: 50 });
    const started: string[] = [];
    const slow: GraphQLSchema = buildSchema(`type Query { slow: String later: String }`);
    const fields = slow.getQueryType()!.getFields();
    fields.slow.resolve = () => new Promise((r) => setTimeout(() => r("done"), 200));
    fields.later.resolve = () => {
      started.push("later");
      return "x";
    };
    guardResolvers(slow);
    const context = {};
    const t0 = Date.now();
    const bounded = withinTimeLimit(context, async () => execute({ schema: slow, document: parse("{ slow }"), contextValue: context }));
    const result = await bounded.result;
    expect(Date.now() - t0).toBeLessThan(180);
    expect("timedOut" in result && formatError(result.timedOut).message).toBe(
      "Request Timeout: The request ran longer than 0.05 s and was stopped. Ask for less (a smaller folder, fewer fields) or try again later.",
    );
    await bounded.settled;
    const late = await execute({ schema: slow, document: parse("{ later }"), contextValue: context });
    expect(late.errors?.[0].message).toMatch(/^Request Timeout:/);
    expect(started).toEqual([]);
  });

  it("time out through executeDocument with the catalogue's code", async () => {
    restore = setGraphQLLimits({ timeLimitMs: 30 });
    const context = { user: { id: "u" } } as unknown as GraphQLContext;
    const field = (await import("~/graphql/schema.server")).getSchema().getQueryType()!.getFields().getMaxFilterLines;
    const original = field.resolve;
    field.resolve = () => new Promise((r) => setTimeout(() => r(5), 300));
    try {
      const outcome = await executeDocument({ source: "{ getMaxFilterLines }", context });
      expect(outcome.body.errors?.[0].extensions?.code).toBe("TIMEOUT");
      expect(outcome.body.data).toBeNull();
    } finally {
      field.resolve = original;
    }
  });
});

describe("the parsed-document cache", () => {
  it("is bounded by bytes as well as entries, and keeps no oversized document", () => {
    const cache = new DocumentCache({ maxEntries: 100, maxBytes: 60_000, maxDocumentBytes: 4_000 });
    const doc = parse("{ __typename }");
    for (let i = 0; i < 100; i++) cache.set(`{ __typename } # ${i} ${"x".repeat(1_500)}`, doc);
    expect(cache.size.bytes).toBeLessThanOrEqual(60_000);
    expect(cache.size.entries).toBeLessThan(100);
    cache.set(`# ${"y".repeat(3_000)}`, doc);
    expect(cache.get(`# ${"y".repeat(3_000)}`)).toBeUndefined();
    const last = `{ __typename } # 99 ${"x".repeat(1_500)}`;
    expect(cache.get(last)).toBe(doc);
  });
});

describe("the answer-size cap (http.server.ts encodeAnswer)", () => {
  it("writes the same JSON as JSON.stringify, one root field at a time, and refuses an answer over the cap", async () => {
    const { encodeAnswer } = await import("~/graphql/http.server");
    const bodies = [
      { data: { a: [1, 2, { b: "é" }], "we\"ird": null } },
      { data: null, errors: [{ message: "x" }] },
      { errors: [{ message: "y" }] },
      { data: {} },
    ];
    for (const body of bodies) expect(encodeAnswer(body, 1_000)?.join("")).toBe(JSON.stringify(body));
    const big = { data: { a: "x".repeat(600), b: "y".repeat(600) } };
    expect(encodeAnswer(big, 1_000)).toBeUndefined();
    expect(encodeAnswer(big, 2_000)?.length).toBeGreaterThan(2);
  });

  it("does not count brackets inside block strings as nesting", () => {
    expect(messages(`{ getMaxFilterLines(filters: ["""${"{".repeat(100)}"""]) }`)[0] ?? "").not.toMatch(/nested/);
  });
});
