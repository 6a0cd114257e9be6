/**
 * The GraphQL endpoint over real HTTP: service paths, authentication, body checks, and the shell's operations
 * (user, feature flags, properties, limits, data checks, nodes tree), plus the in-process and HTTP clients.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_MAX_FILTER_LINES, SERVER_MAX_VIEW_LEVELS, TEXT } from "~/lib/constants";
import { GRAPHQL_SERVICES, MAX_BODY_BYTES } from "~/graphql/http.server";
import { createHttpClient, GraphQLRequestError, runGraphQL } from "~/graphql/client.server";
import { GET_LOGIN_USER_INFO } from "../graphql-operations/user";
import { ALL_FEATURE_SET } from "../graphql-operations/feature-set";
import { GET_VIEW_DETAILS } from "~/graphql/operations/treeview";
import { HAS_CLOUD_TRANSFORM_DATA, HAS_CONTAINER_TRANSFORM_DATA } from "../graphql-operations/data-checks";
import { NODE_TREE_JSON } from "../graphql-operations/node";
import { displayError } from "~/graphql/errors";
import type { TreeNode } from "~/domain/tree/types";
import { TEST_STORES } from "./stores";
import { insertCloudInstances, insertContainers, insertNodes, startApi, type Api } from "./graphql-harness";

const USER_QUERY = GET_LOGIN_USER_INFO.document;

describe.each(TEST_STORES)("GraphQL endpoint on $name", (testStore) => {
  let api: Api;
  beforeAll(async () => {
    api = await startApi(testStore);
  });
  afterAll(async () => {
    await api?.close();
  });

  async function post(service: string, init: RequestInit & { token?: string | null } = {}) {
    const { token = api.admin.token, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (token) headers.set("Authorization", `Bearer ${token}`);
    if (!headers.has("Content-Type") && rest.body !== undefined) headers.set("Content-Type", "application/json");
    const res = await fetch(`${api.baseUrl}/api/graphql/${service}`, { method: "POST", ...rest, headers });
    return { status: res.status, headers: res.headers, body: (await res.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] } };
  }

  it("serves the one schema at every service path the spec names", async () => {
    for (const service of GRAPHQL_SERVICES) {
      const answer = await post(service, { body: JSON.stringify({ query: USER_QUERY }) });
      expect(answer.status, service).toBe(200);
      expect(answer.body.data.getLoginUserInfo.userName).toBe("admin");
    }
  });

  it("answers 404 with a GraphQL-shaped error for an unknown service path", async () => {
    const answer = await post("no-such-service", { body: JSON.stringify({ query: USER_QUERY }) });
    expect(answer.status).toBe(404);
    expect(answer.body.errors?.[0].message).toBe("Not Found: There is no GraphQL service at '/api/graphql/no-such-service'.");
    expect(answer.body.errors?.[0].extensions?.code).toBe("NOT_FOUND");
  });

  it("answers 401 with the spec's text without a session or token, and with a wrong token", async () => {
    for (const token of [null, "kbx_not-a-real-token"]) {
      const answer = await post("user", { token, body: JSON.stringify({ query: USER_QUERY }) });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ errors: [{ message: TEXT.unauthorized, extensions: { code: "UNAUTHENTICATED" } }] });
    }
    const blankBasic = await post("user", { token: null, headers: { Authorization: "Basic ", App: "Kubex" }, body: JSON.stringify({ query: USER_QUERY }) });
    expect(blankBasic.status).toBe(401);
  });

  it("accepts the browser's way: a blank Basic value, the App header and the session cookie", async () => {
    const cookie = await api.sessionCookie(api.analyst);
    const answer = await post("user", { token: null, headers: { Authorization: "Basic ", App: "Kubex", Cookie: cookie }, body: JSON.stringify({ query: USER_QUERY }) });
    expect(answer.status).toBe(200);
    expect(answer.body.data.getLoginUserInfo.userName).toBe("analyst");
  });

  it("answers 405 with Allow: POST to GET", async () => {
    const res = await fetch(`${api.baseUrl}/api/graphql/treeview?query=${encodeURIComponent(USER_QUERY)}`, {
      headers: { Authorization: `Bearer ${api.admin.token}` },
    });
    expect(res.status).toBe(405);
    expect(res.headers.get("Allow")).toBe("POST");
  });

  it("answers 400 to malformed bodies, naming the problem", async () => {
    const cases: [string, string][] = [
      ["{not json", "Bad Request: The request body is not valid JSON."],
      ["[1,2]", "Bad Request: The request body must be a JSON object."],
      ["\"text\"", "Bad Request: The request body must be a JSON object."],
      ["{}", "Bad Request: 'query' is required."],
      [JSON.stringify({ query: 42 }), "Bad Request: 'query' must be a string."],
      [JSON.stringify({ query: USER_QUERY, variables: [1] }), "Bad Request: 'variables' must be an object."],
      [JSON.stringify({ query: USER_QUERY, variables: "x" }), "Bad Request: 'variables' must be an object."],
    ];
    for (const [body, message] of cases) {
      const answer = await post("treeview", { body });
      expect(answer.status, body).toBe(400);
      expect(answer.body.errors?.[0].message, body).toBe(message);
    }
  });

  it("answers 400 to a document that does not parse or validate, and 413 to an oversized body", async () => {
    const syntax = await post("treeview", { body: JSON.stringify({ query: "query { getLoginUserInfo { " }) });
    expect(syntax.status).toBe(400);
    expect(syntax.body.errors?.[0].message).toMatch(/^Syntax Error: /);
    const unknown = await post("treeview", { body: JSON.stringify({ query: "{ noSuchField }" }) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors?.[0].message).toBe('Bad Request: Cannot query field "noSuchField" on type "Query".');
    const big = await post("treeview", { body: JSON.stringify({ query: USER_QUERY, variables: { pad: "x".repeat(MAX_BODY_BYTES) } }) });
    expect(big.status).toBe(413);
    for (const type of ["text/plain", "application/x-www-form-urlencoded", ""]) {
      const res = await fetch(`${api.baseUrl}/api/graphql/treeview`, {
        method: "POST",
        headers: { Authorization: `Bearer ${api.admin.token}`, ...(type ? { "Content-Type": type } : {}) },
        body: type ? JSON.stringify({ query: USER_QUERY }) : new Blob([JSON.stringify({ query: USER_QUERY })]),
      });
      expect(res.status, type).toBe(415);
      expect(((await res.json()) as { errors: { message: string }[] }).errors[0].message).toBe("Bad Request: Send the body as application/json.");
    }
  });

  it("reports a missing required variable as a clear error", async () => {
    const answer = await api.gql(api.admin, GET_VIEW_DETAILS.document, {});
    expect(answer.body.errors?.[0].message).toBe('Bad Request: Variable "$viewId" of required type "String!" was not provided.');
    expect(displayError(answer.body.errors?.[0].message)).toBe('Variable "$viewId" of required type "String!" was not provided.');
  });

  it("getLoginUserInfo answers the caller's identity and flags", async () => {
    const admin = await api.data(api.admin, USER_QUERY, {}, "user");
    expect(admin.getLoginUserInfo).toEqual({ userName: "admin", email: "admin@kubex.local", isSaasUserAdmin: true, isSaasAuditAdmin: true, isAdmin: true });
    const analyst = await api.data(api.analyst, USER_QUERY, {}, "user");
    expect(analyst.getLoginUserInfo).toEqual({ userName: "analyst", email: "analyst@kubex.local", isSaasUserAdmin: false, isSaasAuditAdmin: false, isAdmin: false });
  });

  it("allFeatureSet answers every stored flag with its state", async () => {
    const { allFeatureSet } = await api.data<{ allFeatureSet: { name: string; enabled: boolean }[] }>(api.analyst, ALL_FEATURE_SET.document, {}, "feature-set");
    const byName = Object.fromEntries(allFeatureSet.map((f) => [f.name, f.enabled]));
    expect(byName.showManageViews).toBe(true);
    expect(byName.sandboxPlaygroundEnabled).toBe(false);
    expect(allFeatureSet.map((f) => f.name)).toEqual([...allFeatureSet.map((f) => f.name)].sort());
  });

  it("getAllAvailableProperties offers groupable properties for views and all for filters; getMaxFilterLines the limits", async () => {
    const q = `query($ctx: String, $filters: Boolean) { getAllAvailableProperties(ctx: $ctx, filters: $filters) { propertyList { displayColumn staticSource datasourceId attrKey dataType tableSource columnSource } } }`;
    const views = (await api.data(api.analyst, q, { filters: false })).getAllAvailableProperties.propertyList;
    const filters = (await api.data(api.analyst, q, { ctx: "containers", filters: true })).getAllAvailableProperties.propertyList;
    expect(views.every((p: { dataType: string }) => p.dataType === "STR")).toBe(true);
    expect(views.map((p: { displayColumn: string }) => p.displayColumn)).toContain("Business Unit");
    expect(filters.length).toBeGreaterThan(views.length);
    expect(filters.find((p: { datasourceId: string }) => p.datasourceId === "K8S_CPU_REQUEST")).toMatchObject({ dataType: "INT", staticSource: true, attrKey: "" });
    const cloud = (await api.data(api.analyst, q, { ctx: "cloud" })).getAllAvailableProperties.propertyList;
    expect(cloud.map((p: { displayColumn: string }) => p.displayColumn)).toEqual(["Cloud Provider", "Region", "Account"]);
    const max = `query($filters: Boolean) { getMaxFilterLines(filters: $filters) }`;
    expect((await api.data(api.analyst, max, { filters: true })).getMaxFilterLines).toBe(SERVER_MAX_FILTER_LINES);
    expect((await api.data(api.analyst, max, { filters: false })).getMaxFilterLines).toBe(SERVER_MAX_VIEW_LEVELS);
    expect((await api.data(api.analyst, max)).getMaxFilterLines).toBe(SERVER_MAX_VIEW_LEVELS);
  });

  it("rejects an unknown tree context clearly", async () => {
    const message = await api.error(api.analyst, `{ getViewDefinitions(ctx: "galaxy") { publicList { viewId } } }`);
    expect(message).toBe("Validation Error: Unknown tree context 'galaxy'. Use one of: containers, cloud.");
  });

  it("data checks and the nodes tree follow the inventory", async () => {
    const checks = `{ hasContainerTransformData hasCloudTransformData hasCloudTransformAsgData }`;
    expect(await api.data(api.analyst, checks)).toEqual({ hasContainerTransformData: false, hasCloudTransformData: false, hasCloudTransformAsgData: false });
    const emptyNodes = JSON.parse((await api.data(api.analyst, NODE_TREE_JSON.document, {}, "k8s/node")).nodeTreeJson) as TreeNode[];
    expect(emptyNodes).toHaveLength(1);
    expect(emptyNodes[0]).toMatchObject({ type: "ROOT", count: 0, children: [] });

    await insertContainers(api.db);
    await insertCloudInstances(api.db);
    await insertNodes(api.db);
    expect((await api.data(api.analyst, HAS_CONTAINER_TRANSFORM_DATA.document)).hasContainerTransformData).toBe(true);
    expect(await api.data(api.analyst, HAS_CLOUD_TRANSFORM_DATA.document)).toEqual({ hasCloudTransformData: true, hasCloudTransformAsgData: true });

    const [root] = JSON.parse((await api.data(api.analyst, NODE_TREE_JSON.document, {}, "k8s/node")).nodeTreeJson) as TreeNode[];
    expect(root).toMatchObject({ id: "0", level: 0, type: "ROOT", name: TEXT.rootName, count: 3 });
    expect(root.children!.map((c) => [c.name, c.type, c.count])).toEqual([
      ["dev-gke-3", "CLUSTER", 1],
      ["prod-eks-1", "CLUSTER", 2],
    ]);
    const prod = root.children![1];
    expect(prod.children!.map((g) => [g.name, g.type, g.entityId, g.count])).toEqual([
      ["general", "NODEGROUP", "ng-prod-general", 2],
      ["gpu", "NODEGROUP", "ng-prod-gpu", 0],
    ]);
    expect(prod.children![0].children!.map((n) => [n.id, n.name, n.type, n.entityId, n.fullPath])).toEqual([
      ["0.1.0.0", "ip-10-0-0-1", "NODE", "n-1", `${TEXT.rootName}/prod-eks-1/general/ip-10-0-0-1`],
      ["0.1.0.1", "ip-10-0-0-2", "NODE", "n-2", `${TEXT.rootName}/prod-eks-1/general/ip-10-0-0-2`],
    ]);
  });

  it("runs documents in-process with the same answers and typed errors", async () => {
    const info = await runGraphQL(api.analyst.user, GET_LOGIN_USER_INFO);
    expect(info.getLoginUserInfo.userName).toBe("analyst");
    const failure = await runGraphQL(api.analyst.user, GET_VIEW_DETAILS, { viewId: "11111111-1111-4111-8111-111111111111" }).catch((e) => e);
    expect(failure).toBeInstanceOf(GraphQLRequestError);
    expect(failure.code).toBe("NOT_FOUND");
    expect(failure.message).toBe("Not Found: View not found. It may have been deleted, or it is private to another user.");
    expect(failure.displayMessage).toBe("View not found. It may have been deleted, or it is private to another user.");
  });

  it("the HTTP client sends the spec's headers: a bearer token, or a blank Basic value, App and the cookie", async () => {
    const withToken = createHttpClient(`${api.baseUrl}/api/graphql/user`, api.analyst.token);
    expect((await withToken.request<{ getLoginUserInfo: { userName: string } }>(USER_QUERY)).getLoginUserInfo.userName).toBe("analyst");
    const withCookie = createHttpClient(`${api.baseUrl}/api/graphql/user`, null, { cookie: await api.sessionCookie(api.admin) });
    expect((await withCookie.request<{ getLoginUserInfo: { userName: string } }>(USER_QUERY)).getLoginUserInfo.userName).toBe("admin");
    const anonymous = createHttpClient(`${api.baseUrl}/api/graphql/user`);
    const failure = await anonymous.request(USER_QUERY).catch((e) => e);
    expect(failure.response?.status).toBe(401);
    expect(displayError(failure.response?.errors?.[0]?.message)).toBe(TEXT.unauthorized);
  });
});
