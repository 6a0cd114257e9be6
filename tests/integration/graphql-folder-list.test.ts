/**
 * getFolderListJson over HTTP is answered by splicing the tree's cached JSON literal into the response (see
 * app/graphql/http.server.ts). These tests hold that answer to ordinary execution, byte for byte, and check that
 * everything else (errors, other fields, aliases, variables) still behaves as GraphQL does.
 */
import { createContext } from "~/graphql/context.server";
import http from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeDocument } from "~/graphql/execute.server";
import { GET_FOLDER_LIST_JSON } from "~/graphql/operations/treeview";
import { SEED_IDS } from "~/models/treeview-common.server";
import { TEST_STORES } from "./stores";
import { insertContainers, startApi, type Api, type Caller } from "./graphql-harness";

describe.each(TEST_STORES)("getFolderListJson responses on $name", (testStore) => {
  let api: Api;
  const ids = { viewId: SEED_IDS.businessUnitView, filterId: SEED_IDS.allContainers };
  beforeAll(async () => {
    api = await startApi(testStore);
    await insertContainers(api.db);
  });
  afterAll(async () => {
    await api?.close();
  });

  /** The raw HTTP answer (node's client: no Accept-Encoding unless given, no automatic decompression). */
  const post = (who: Caller, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; raw: Buffer; text: string }>((resolve, reject) => {
      const req = http.request(
        `${api.baseUrl}/api/graphql/treeview`,
        { method: "POST", headers: { "Content-Type": "application/json", Authorization: `Bearer ${who.token}`, ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("error", reject);
          res.on("end", () => {
            const raw = Buffer.concat(chunks);
            const text = (res.headers["content-encoding"] === "gzip" ? gunzipSync(raw) : raw).toString("utf8");
            resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text });
          });
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify(body));
    });
  /** What ordinary execution answers for the same document, serialised as the endpoint serialises it. */
  const ordinary = async (who: Caller, body: { query: string; variables?: Record<string, unknown>; operationName?: string }) => {
    const outcome = await executeDocument({ source: body.query, variables: body.variables, operationName: body.operationName, context: await createContext(who.user, api.db) });
    return JSON.stringify(outcome.body);
  };

  it("answers exactly what ordinary execution answers, with Content-Length", async () => {
    const body = { query: GET_FOLDER_LIST_JSON.document, variables: { ...ids, analyzedOnly: true, reload: true } };
    const answer = await post(api.analyst, body);
    expect(answer.status).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^application\/json/);
    expect(answer.headers["cache-control"]).toBe("no-store");
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(Number(answer.headers["content-length"])).toBe(answer.raw.length);
    // The mark of the spliced answer (ordinary answers have no Vary): the fast path did answer.
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.text).toBe(await ordinary(api.analyst, body));
    const root = JSON.parse(JSON.parse(answer.text).data.getFolderListJson);
    expect(root).toMatchObject({ id: "0", level: 0, containerCount: 6 });
    // A second call is served from the cache and is the same.
    expect((await post(api.analyst, body)).text).toBe(answer.text);
  });

  it("gzips it (once per tree) for clients that take gzip, and only for them", async () => {
    const body = { query: GET_FOLDER_LIST_JSON.document, variables: ids };
    const expected = await ordinary(api.analyst, body);
    for (const acceptEncoding of ["gzip", "gzip, deflate, br", "br;q=1.0, gzip;q=0.5", "*"]) {
      const answer = await post(api.analyst, body, { "Accept-Encoding": acceptEncoding });
      expect(answer.headers["content-encoding"], acceptEncoding).toBe("gzip");
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(Number(answer.headers["content-length"])).toBe(answer.raw.length);
      expect(answer.text).toBe(expected);
    }
    for (const acceptEncoding of ["identity", "gzip;q=0", "deflate"]) {
      const answer = await post(api.analyst, body, { "Accept-Encoding": acceptEncoding });
      expect(answer.headers["content-encoding"], acceptEncoding).toBeUndefined();
      expect(answer.text).toBe(expected);
    }
  });

  it("keeps an alias, inline arguments and the operation name", async () => {
    const body = {
      query: `query tree { folders: getFolderListJson(viewId: "${ids.viewId}", filterId: "${ids.filterId}") }`,
      operationName: "tree",
    };
    const answer = await post(api.admin, body, { "Accept-Encoding": "gzip" });
    expect(answer.headers.vary).toBe("Accept-Encoding");
    expect(answer.headers["content-encoding"]).toBeUndefined(); // the cached gzip body is for the plain key only
    expect(answer.text.startsWith('{"data":{"folders":"')).toBe(true);
    expect(answer.text).toBe(await ordinary(api.admin, body));
  });

  it("answers other documents and failures as GraphQL does", async () => {
    const cases: Record<string, unknown>[] = [
      // Another field beside it.
      { query: `{ getFolderListJson(viewId: "${ids.viewId}", filterId: "${ids.filterId}") getMaxFilterLines }` },
      // A View the caller cannot see: a Not Found error, not a response body from the fast path.
      { query: GET_FOLDER_LIST_JSON.document, variables: { viewId: "no-such-view", filterId: ids.filterId } },
      // A variable of the wrong type, and a missing one.
      { query: GET_FOLDER_LIST_JSON.document, variables: { viewId: 5, filterId: ids.filterId } },
      { query: GET_FOLDER_LIST_JSON.document, variables: { filterId: ids.filterId } },
      // An operation name the document does not have.
      { query: GET_FOLDER_LIST_JSON.document, variables: ids, operationName: "other" },
      // A directive on the field.
      { query: `{ getFolderListJson(viewId: "${ids.viewId}", filterId: "${ids.filterId}") @include(if: false) }` },
    ];
    for (const body of cases) {
      const answer = await post(api.analyst, body);
      const expected = await ordinary(api.analyst, body as { query: string });
      expect(answer.text, JSON.stringify(body)).toBe(expected);
      expect(answer.headers.vary, JSON.stringify(body)).toBeUndefined();
    }
    const notFound = JSON.parse((await post(api.analyst, cases[1])).text);
    expect(notFound.errors[0].message).toMatch(/^Not Found: View not found/);
    const both = JSON.parse((await post(api.analyst, cases[0])).text);
    expect(Object.keys(both.data)).toEqual(["getFolderListJson", "getMaxFilterLines"]);
  });
});
