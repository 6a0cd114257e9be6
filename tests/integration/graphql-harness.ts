/**
 * A real HTTP server around handleGraphQLRequest for the GraphQL integration tests, on a store from TEST_STORES,
 * with the demo users (admin, analyst) plus a third user (carol), API tokens and small named fixtures.
 */
import http from "node:http";
import { Readable } from "node:stream";
import type { AddressInfo } from "node:net";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { setStore } from "~/db/db.server";
import type { SessionUser } from "~/lib/auth-types";
import { handleGraphQLRequest } from "~/graphql/http.server";
import { createApiToken, createSession, createUser, getUserByName, seedDemoUsers } from "~/models/users.server";
import { seedFeatureFlags, setFlag } from "~/models/feature-flags.server";
import { seedTreeviewDefaults } from "~/models/views.server";
import { clearTreeCache } from "~/models/tree-scope.server";
import { clearNodeTreeCache } from "~/models/node-tree.server";
import { LATEST_COLLECTION_META_KEY } from "~/db/meta-keys";
import type { TestStore } from "./stores";

export interface Caller {
  user: SessionUser;
  token: string;
}

export interface GqlAnswer<T = Record<string, any>> {
  status: number;
  body: { data?: T | null; errors?: { message: string; extensions?: { code?: string } }[] };
}

export interface Api {
  db: Kysely<Database>;
  baseUrl: string;
  admin: Caller;
  analyst: Caller;
  carol: Caller;
  /** POSTs {query, variables} to /api/graphql/<service> with the caller's bearer token. */
  gql<T = Record<string, any>>(caller: Caller | null, query: string, variables?: Record<string, unknown>, service?: string): Promise<GqlAnswer<T>>;
  /** Like gql, but fails the test on any error and answers data. */
  data<T = Record<string, any>>(caller: Caller, query: string, variables?: Record<string, unknown>, service?: string): Promise<T>;
  /** The first error's message of an answer that must have failed. */
  error(caller: Caller, query: string, variables?: Record<string, unknown>): Promise<string>;
  sessionCookie(caller: Caller): Promise<string>;
  close(): Promise<void>;
}

function toRequest(req: http.IncomingMessage, baseUrl: string): Request {
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (Array.isArray(v)) v.forEach((x) => headers.append(k, x));
    else if (v !== undefined) headers.set(k, v);
  }
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  // Node's fetch needs duplex "half" for a streamed body.
  const init: RequestInit & { duplex: "half" } = {
    method: req.method,
    headers,
    body: hasBody ? (Readable.toWeb(req) as ReadableStream) : undefined,
    duplex: "half",
  };
  return new Request(new URL(req.url ?? "/", baseUrl), init);
}

export async function startApi(testStore: TestStore): Promise<Api> {
  const store = await testStore.open();
  setStore(store);
  const db = store.db;
  await seedDemoUsers(db);
  await seedFeatureFlags(db, "sandboxPlaygroundEnabled");
  await setFlag(db, "sandboxPlaygroundEnabled", false);
  await seedTreeviewDefaults(db);
  if (!(await getUserByName(db, "carol"))) {
    await createUser(db, { userName: "carol", password: "carol-pass-123", email: "carol@kubex.local" });
  }
  const caller = async (name: string): Promise<Caller> => {
    const user = (await getUserByName(db, name))!;
    return { user, token: await createApiToken(db, user.id, "integration test") };
  };
  const [admin, analyst, carol] = [await caller("admin"), await caller("analyst"), await caller("carol")];

  let baseUrl = "";
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", baseUrl);
    const match = /^\/api\/graphql\/(.*)$/.exec(url.pathname);
    if (!match) {
      res.writeHead(404).end();
      return;
    }
    handleGraphQLRequest(toRequest(req, baseUrl), match[1]).then(
      async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      },
      (e) => {
        res.writeHead(599).end(String(e));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const gql: Api["gql"] = async (who, query, variables, service = "treeview") => {
    const res = await fetch(`${baseUrl}/api/graphql/${service}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(who ? { Authorization: `Bearer ${who.token}` } : {}) },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, body: (await res.json()) as GqlAnswer["body"] } as GqlAnswer<any>;
  };

  return {
    db,
    baseUrl,
    admin,
    analyst,
    carol,
    gql,
    async data(who, query, variables, service) {
      const answer = await gql(who, query, variables, service);
      if (answer.status !== 200 || answer.body.errors) {
        throw new Error(`Expected data, got ${answer.status}: ${JSON.stringify(answer.body.errors)}`);
      }
      return answer.body.data as any;
    },
    async error(who, query, variables) {
      const answer = await gql(who, query, variables);
      if (!answer.body.errors?.length) throw new Error(`Expected an error, got ${JSON.stringify(answer.body.data)}`);
      return answer.body.errors[0].message;
    },
    async sessionCookie(who) {
      const { id } = await createSession(db, who.user.id);
      return `kubex_session=${encodeURIComponent(id)}`;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      clearTreeCache(db);
      clearNodeTreeCache(db);
      setStore(undefined);
      await store.dispose();
    },
  };
}

type ContainerFixture = {
  id: string;
  cluster: string;
  namespace: string;
  owner: string;
  container: string;
  nodeGroup?: string;
  cpuRequest?: number | null;
  attrs?: Record<string, string>;
};

/**
 * Six containers in two clusters. prod-eks-1 is environment=prod (4 containers), dev-gke-3 environment=dev (2);
 * payments belongs to business unit Finance, web to Marketing; the batch runner has no CPU request.
 */
export const CONTAINERS: ContainerFixture[] = [
  { id: "c-prod-api", cluster: "prod-eks-1", namespace: "payments", owner: "api", container: "api", cpuRequest: 500, attrs: { environment: "prod", business_unit: "Finance" } },
  { id: "c-prod-envoy", cluster: "prod-eks-1", namespace: "payments", owner: "api", container: "envoy", cpuRequest: 100, attrs: { environment: "prod", business_unit: "Finance" } },
  { id: "c-prod-worker", cluster: "prod-eks-1", namespace: "payments", owner: "worker", container: "worker", cpuRequest: 1000, attrs: { environment: "prod", business_unit: "Finance" } },
  { id: "c-prod-nginx", cluster: "prod-eks-1", namespace: "web", owner: "frontend", container: "nginx", cpuRequest: 250, attrs: { environment: "prod", business_unit: "Marketing" } },
  { id: "c-dev-api", cluster: "dev-gke-3", namespace: "payments", owner: "api", container: "api", cpuRequest: 200, attrs: { environment: "dev", business_unit: "Finance" } },
  { id: "c-dev-runner", cluster: "dev-gke-3", namespace: "batch", owner: "nightly", container: "runner", cpuRequest: null, attrs: { environment: "dev" } },
];

export async function insertContainers(db: Kysely<Database>, rows: ContainerFixture[] = CONTAINERS) {
  const now = "2025-01-15T00:00:00.000Z";
  for (const c of rows) {
    await db
      .insertInto("container")
      .values({
        id: c.id,
        cluster: c.cluster,
        namespace: c.namespace,
        pod_owner_kind: "Deployment",
        pod_owner_name: c.owner,
        container_name: c.container,
        node_group: c.nodeGroup ?? "general",
        policy: "default",
        replicas: 2,
        cpu_request: c.cpuRequest === undefined ? 100 : c.cpuRequest,
        cpu_limit: null,
        mem_request: 256,
        mem_limit: 512,
        first_seen: now,
        last_seen: now,
      })
      .execute();
    for (const [attr_key, value] of Object.entries(c.attrs ?? {})) {
      await db.insertInto("container_attribute").values({ container_id: c.id, attr_key, value }).execute();
    }
  }
}

export async function insertCloudInstances(db: Kysely<Database>) {
  const base = { vcpus: 2, memory_mb: 4096, hourly_price: 0.1, group_name: null, instance_type: "m5.large" };
  await db
    .insertInto("cloud_instance")
    .values([
      { ...base, id: "i-web-1", provider: "AWS", region: "us-east-1", account_id: "111111111111", account_name: "prod-account", service: "EC2", name: "web-1" },
      { ...base, id: "asg-web", provider: "AWS", region: "us-east-1", account_id: "111111111111", account_name: "prod-account", service: "ASG", name: "web-asg" },
      { ...base, id: "vm-a", provider: "AZURE", region: "eastus", account_id: "sub-0001", account_name: "sub-a", service: "Virtual Machine", name: "vm-1" },
      { ...base, id: "gce-x", provider: "GCP", region: "us-central1", account_id: "proj-x", account_name: "proj-x", service: "Compute Engine", name: "gce-1" },
    ])
    .execute();
}

export async function insertNodes(db: Kysely<Database>) {
  await db
    .insertInto("node_group")
    .values([
      { id: "ng-prod-general", cluster: "prod-eks-1", name: "general", instance_type: "m5.large", node_count: 2 },
      { id: "ng-prod-gpu", cluster: "prod-eks-1", name: "gpu", instance_type: "p3.2xlarge", node_count: 0 },
      { id: "ng-dev-general", cluster: "dev-gke-3", name: "general", instance_type: "e2-standard-4", node_count: 1 },
    ])
    .execute();
  const node = { cpu_capacity: 2000, mem_capacity: 8192, pod_capacity: 110, cpu_allocatable: 1900, mem_allocatable: 7500 };
  await db
    .insertInto("k8s_node")
    .values([
      { ...node, id: "n-1", cluster: "prod-eks-1", node_group: "general", name: "ip-10-0-0-1", instance_type: "m5.large" },
      { ...node, id: "n-2", cluster: "prod-eks-1", node_group: "general", name: "ip-10-0-0-2", instance_type: "m5.large" },
      { ...node, id: "n-3", cluster: "dev-gke-3", node_group: "general", name: "gke-dev-1", instance_type: "e2-standard-4" },
    ])
    .execute();  // Written without a collection run, which is what the product's node tree cache follows.
  clearNodeTreeCache(db);
}

/**
 * A collection run as the product records one (sources/collect.server.ts): its row and, in the same transaction,
 * the meta row naming it, which the inventory's caches are keyed on. For fixtures that write inventory by hand and
 * then stand for a new collection.
 */
export async function recordCollection(db: Kysely<Database>, run: { id: string; at: string; containers: number }) {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("collection_run")
      .values({ id: run.id, source: "test", seed: 1, size: run.containers, status: "complete", started_at: run.at, finished_at: run.at, container_count: run.containers })
      .execute();
    await trx.deleteFrom("meta").where("key", "=", LATEST_COLLECTION_META_KEY).execute();
    await trx.insertInto("meta").values({ key: LATEST_COLLECTION_META_KEY, value: JSON.stringify({ runId: run.id, source: "test" }) }).execute();
  });
}

/**
 * Removes what recordCollection wrote: the run's row, and the meta row if it still names that run (the one before
 * it is not put back: the inventory's key then reads "none", a new inventory as far as the caches know).
 */
export async function forgetCollection(db: Kysely<Database>, runId: string) {
  await db.deleteFrom("collection_run").where("id", "=", runId).execute();
  await db.deleteFrom("meta").where("key", "=", LATEST_COLLECTION_META_KEY).where("value", "=", JSON.stringify({ runId, source: "test" })).execute();
}
