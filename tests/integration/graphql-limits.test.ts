/**
 * The request limits over HTTP (app/graphql/limits.server.ts, app/lib/user-slots.server.ts): the alias
 * bomb and folder-list aliases are refused at once with their catalogue messages, a slow execution is answered at
 * the time limit, and a user running too many expensive documents gets a 429 while other users go on.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getSchema } from "~/graphql/schema.server";
import { setGraphQLLimits } from "~/graphql/limits.server";
import { setSlotsPerUser, slotsInUse } from "~/lib/user-slots.server";
import { SEED_IDS } from "~/models/treeview-common.server";
import { startApi, insertContainers, type Api } from "./graphql-harness";
import { TEST_STORES } from "./stores";

const FOLDER_LIST = `getFolderListJson(ctx: "containers", viewId: "${SEED_IDS.clusterView}", filterId: "${SEED_IDS.allContainers}")`;

/** Makes nodeTreeJson wait `ms` before answering, until the returned function puts it back. */
function slowNodeTree(ms: number): () => void {
  const field = getSchema().getQueryType()!.getFields().nodeTreeJson;
  const original = field.resolve!;
  field.resolve = async (...args) => {
    await new Promise((r) => setTimeout(r, ms));
    return original(...args);
  };
  return () => (field.resolve = original);
}

describe.each(TEST_STORES)("GraphQL request limits on $name", (testStore) => {
  let api: Api;
  const undo: (() => void)[] = [];
  beforeAll(async () => {
    api = await startApi(testStore);
    await insertContainers(api.db);
  });
  afterAll(() => api.close());
  afterEach(() => {
    for (const fn of undo.splice(0).reverse()) fn();
  });

  it("refuses the 50-alias nodeTreeJson bomb with a 400 before anything runs", async () => {
    const bomb = `{ ${Array.from({ length: 50 }, (_, i) => `a${i}:nodeTreeJson`).join(" ")} }`;
    const t0 = performance.now();
    const answer = await api.gql(api.analyst, bomb, undefined, "k8s/node");
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ errors: [{ message: "Bad Request: The query has 50 aliases; at most 10 are allowed.", extensions: { code: "BAD_REQUEST" } }] });
  });

  it("refuses ten folder lists in one document by cost, and takes one", async () => {
    const ten = `{ ${Array.from({ length: 10 }, (_, i) => `f${i}: ${FOLDER_LIST}`).join(" ")} }`;
    const answer = await api.gql(api.analyst, ten);
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0].message).toBe(
      "Bad Request: The query costs 6000; at most 1000 is allowed. Ask for fewer folder lists, trees, series or aggregates in one request.",
    );
    const one = await api.gql(api.analyst, `{ ${FOLDER_LIST} }`);
    expect(one.status).toBe(200);
    expect(JSON.parse(one.body.data!.getFolderListJson as string)).toHaveProperty("containerCount", 6);
  });

  it("refuses a query nested past the depth limit", async () => {
    const nested = `{ ${"... on Query { ".repeat(12)} nodeTreeJson ${"} ".repeat(12)}}`;
    const answer = await api.gql(api.analyst, nested, undefined, "k8s/node");
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0].message).toBe("Bad Request: The query is nested 13 levels deep; at most 10 are allowed.");
  });

  it("answers a slow execution at the time limit with a Request Timeout error", async () => {
    undo.push(setGraphQLLimits({ timeLimitMs: 100 }), slowNodeTree(600));
    const t0 = performance.now();
    const answer = await api.gql(api.analyst, "{ nodeTreeJson }", undefined, "k8s/node");
    expect(performance.now() - t0).toBeLessThan(550);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ data: null, errors: [{ message: expect.stringMatching(/^Request Timeout: The request ran longer than 0.1 s/), extensions: { code: "TIMEOUT" } }] });
    // The user's slot is held until the work really ends, then given back.
    expect(slotsInUse(api.analyst.user.id)).toBe(1);
    await new Promise((r) => setTimeout(r, 700));
    expect(slotsInUse(api.analyst.user.id)).toBe(0);
  });

  it("caps each user's expensive documents at once with a 429, other users and cheap documents unaffected", async () => {
    undo.push(slowNodeTree(300));
    const previous = setSlotsPerUser(1);
    undo.push(() => setSlotsPerUser(previous));
    const first = api.gql(api.analyst, "{ nodeTreeJson }", undefined, "k8s/node");
    await new Promise((r) => setTimeout(r, 50));
    const second = await api.gql(api.analyst, "{ nodeTreeJson }", undefined, "k8s/node");
    expect(second.status).toBe(429);
    expect(second.body.errors?.[0]).toEqual({
      message:
        "Too Many Requests: You already have 1 expensive request running (folder lists, node trees, metric series or exports); wait for one to finish and try again.",
      extensions: { code: "TOO_MANY_REQUESTS" },
    });
    const [other, cheap] = await Promise.all([
      api.gql(api.carol, "{ nodeTreeJson }", undefined, "k8s/node"),
      api.gql(api.analyst, "{ getMaxFilterLines }"),
    ]);
    expect([other.status, cheap.status]).toEqual([200, 200]);
    expect((await first).status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    expect((await api.gql(api.analyst, "{ nodeTreeJson }", undefined, "k8s/node")).status).toBe(200);
  });
});
