/**
 * What the load benchmarks share (load.bench.ts: a probe's latency beside one heavy request; soak.bench.ts: 20
 * connections for minutes): the production server as `npm start` runs it over a given store, its memory sampled
 * (the whole process tree: the serve script's primary and its web processes), signed-in cookies, a streamed download and the probe;
 * the seven deep links of users.bench.ts and pair.bench.ts, and a process tree's CPU time.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import autocannon from "autocannon";
import { cleanups, freePort, isPostgresUrl, signIn, startServer, storeEnv, waitForServer } from "./harness";
import type { Store } from "~/db/connect.server";
import type { TreeNode } from "~/domain/tree/types";

export interface Server {
  port: number;
  pid: number;
  child: ChildProcess;
  /** RSS of the server's process tree, every 250 ms. */
  rss: { t: number; mb: number }[];
  /** PSS of the same tree, every second: pages shared by its processes (the binary, the fork's copy-on-write
   * pages, the store's mapped files) count once, split among them, where RSS counts them in each. */
  pss: { t: number; mb: number }[];
  errors: () => string;
}

function childrenOf(pid: number): number[] {
  try {
    return fs
      .readdirSync(`/proc/${pid}/task`)
      .flatMap((task) => fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim().split(/\s+/))
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/** The pids of a process and all its descendants that are still there. */
function processTree(pid: number): number[] {
  const tree: number[] = [];
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    if (!fs.existsSync(`/proc/${p}`)) continue;
    tree.push(p);
    stack.push(...childrenOf(p));
  }
  return tree;
}

/** Sum in MB of one /proc/PID/<file> field (kB) over a process tree (undefined when it is gone). */
function treeSumMb(pid: number, file: "status" | "smaps_rollup", field: RegExp): number | undefined {
  let kb = 0;
  let found = false;
  for (const p of processTree(pid)) {
    try {
      const v = field.exec(fs.readFileSync(`/proc/${p}/${file}`, "utf8"))?.[1];
      if (v) {
        kb += Number(v);
        found = true;
      }
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return found ? kb / 1024 : undefined;
}

/** RSS in MB of a process and all its descendants (undefined when it is gone). */
export const treeRssMb = (pid: number) => treeSumMb(pid, "status", /VmRSS:\s+(\d+)/);
/** PSS in MB of a process and all its descendants: what they hold together, shared pages counted once. */
export const treePssMb = (pid: number) => treeSumMb(pid, "smaps_rollup", /^Pss:\s+(\d+)/m);

/** The server from `cwd`'s build over the SQLite file `db`, on a free loopback port, its RSS sampled. */
export async function startSampledServer(cwd: string, db: string): Promise<Server> {
  const port = await freePort();
  const { server: child, errors } = startServer(cwd, port, storeEnv(db));
  await waitForServer(port, child, 180_000);
  const server: Server = { port, pid: child.pid!, child, rss: [], pss: [], errors };
  const timer = setInterval(() => {
    const mb = treeRssMb(server.pid);
    if (mb !== undefined) server.rss.push({ t: Date.now(), mb });
  }, 250);
  // Less often: smaps_rollup walks every mapping of a process, a few ms for a 1 GB one.
  const pssTimer = setInterval(() => {
    const mb = treePssMb(server.pid);
    if (mb !== undefined) server.pss.push({ t: Date.now(), mb });
  }, 1000);
  timer.unref();
  pssTimer.unref();
  cleanups.push(() => clearInterval(timer), () => clearInterval(pssTimer));
  return server;
}

/** A session cookie header for a demo user, signed in through the form. */
export async function cookieFor(port: number, user: string, password: string): Promise<string> {
  return `kubex_session=${await signIn(port, user, password)}`;
}

export const maxRssBetween = (s: Server, from: number, to: number) => Math.max(0, ...s.rss.filter((r) => r.t >= from && r.t <= to).map((r) => r.mb));
export const maxPssBetween = (s: Server, from: number, to: number) => Math.max(0, ...s.pss.filter((r) => r.t >= from && r.t <= to).map((r) => r.mb));
export const rssBefore = (s: Server, at: number) => [...s.rss].reverse().find((r) => r.t <= at)?.mb ?? 0;

/** Streams a GET to the end without keeping it: status, first byte, last byte, bytes. */
export function download(port: number, urlPath: string, cookie: string): Promise<{ status: number; ttfb: number; total: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const req = http.get({ host: "127.0.0.1", port, path: urlPath, headers: { Cookie: cookie } }, (res) => {
      let ttfb = -1;
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        if (ttfb < 0) ttfb = performance.now() - t0;
        bytes += chunk.length;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, ttfb, total: performance.now() - t0, bytes }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

/** The probe: a cheap signed-in GraphQL query (who am I), as fast as 2 connections allow. */
export const PROBE_BODY = JSON.stringify({ query: "{ getLoginUserInfo { userName } }" });

export function probe(port: number, cookie: string, seconds: number): { stop(): void; done: Promise<autocannon.Result> } {
  let instance: autocannon.Instance | undefined;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    instance = autocannon(
      {
        url: `http://127.0.0.1:${port}/api/graphql/user`,
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookie },
        body: PROBE_BODY,
        connections: 2,
        duration: seconds,
        timeout: 120,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
  return { stop: () => instance?.stop(), done };
}

export interface Link {
  name: string;
  url: string;
  /** Text the page must contain (checked on the first answer). */
  expect: string;
}

/** `connections` spread over `links` links, the first ones one more when they do not divide. */
export const connectionsPerLink = (links: number, connections: number): number[] =>
  Array.from({ length: links }, (_, i) => Math.floor(connections / links) + (i < connections % links ? 1 : 0));

/** The store's Cluster View over All Containers as its admin sees it, given to `use` with the store (closed after). */
export async function withClusterViewTree<T>(db: string, use: (tree: TreeNode, store: Store) => Promise<T>): Promise<T> {
  const { openStore } = await import("~/db/connect.server");
  const { resolveTreeScope } = await import("~/models/trees.server");
  const { getUserByName } = await import("~/models/users.server");
  const { SEED_IDS } = await import("~/models/treeview-common.server");
  const store = openStore(isPostgresUrl(db) ? { databaseUrl: db } : { sqliteFile: db });
  try {
    const admin = await getUserByName(store.db, "admin");
    if (!admin) throw new Error("The store has no admin user: run scripts/setup.ts on it.");
    const user = { ...admin, ctx: "containers" as const, isSaasUserAdmin: false, isSaasAuditAdmin: false };
    return await use((await resolveTreeScope(store.db, user, { ctx: "containers", viewId: SEED_IDS.clusterView, filterId: SEED_IDS.allContainers })).cached.tree, store);
  } finally {
    await store.close();
  }
}

/** The seven deep links, from the store itself: the biggest folder 3 levels deep and a container of it. */
export async function deepLinks(db: string): Promise<{ links: Link[]; facts: string }> {
  return withClusterViewTree(db, async (tree, store) => {
    type N = typeof tree;
    const biggest = (n: N) => [...(n.children ?? [])].sort((a, b) => (b.containerCount ?? 0) - (a.containerCount ?? 0))[0];
    let deep: N | undefined = tree;
    for (let level = 0; level < 3 && deep; level++) deep = biggest(deep);
    if (!deep || deep.level !== 3) throw new Error("The Cluster View has no folder 3 levels deep.");
    const container = await store.db.selectFrom("container").select("id").where("cluster", "=", deep.fullPath.split("/")[1] ?? "").orderBy("id").limit(1).executeTakeFirst();
    if (!container) throw new Error("No container in the selected folder's cluster.");
    const containers = (await store.db.selectFrom("container").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst())?.n ?? 0;
    const nodes = (await store.db.selectFrom("k8s_node").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirst())?.n ?? 0;
    const q = (extra: Record<string, string>) => new URLSearchParams(extra).toString();
    const links: Link[] = [
      { name: "containers tree root, Summary", url: "/kubex/containers-tree", expect: "Summary" },
      { name: "folder 3 levels deep, Summary", url: `/kubex/containers-tree/tree-item?${q({ fullPath: deep.fullPath })}`, expect: deep.name ?? "" },
      { name: "grid at the root, sorted by Current Cost, search `worker`", url: `/kubex/containers-tree/tree-item?${q({ tabGroup1: "analysis-details", sort: "currentCost", dir: "desc", q: "worker" })}`, expect: "AI Analysis Details" },
      { name: "grid at the root, page 50 of 20 rows", url: `/kubex/containers-tree/tree-item?${q({ tabGroup1: "analysis-details", page: "50" })}`, expect: "AI Analysis Details" },
      { name: "a workload (overview)", url: `/kubex/containers-tree/tree-item?${q({ entityId: String(container.id) })}`, expect: "Overview" },
      { name: "Node Group Analysis grid, all clusters", url: "/kubex/nodes-tree", expect: "node-group-grid" },
      { name: "Nodes grid, all clusters", url: "/kubex/nodes-tree?tabGroupNode=node-detail", expect: "node-grid" },
    ];
    return { links, facts: `${Number(containers).toLocaleString("en-US")} containers, ${Number(nodes).toLocaleString("en-US")} nodes; folder \`${deep.fullPath}\` (${deep.containerCount} containers)` };
  });
}

/** CPU time (user + system) in ms of each process of a tree (the root first), from /proc (clock ticks of 10 ms). */
export function cpuByProcess(pid: number): Map<number, number> {
  const byPid = new Map<number, number>();
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      byPid.set(p, (Number(fields[11]) + Number(fields[12])) * 10); // utime, stime (fields 14 and 15 of stat)
      for (const task of fs.readdirSync(`/proc/${p}/task`)) {
        stack.push(...fs.readFileSync(`/proc/${p}/task/${task}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number));
      }
    } catch {
      continue;
    }
  }
  return byPid;
}

/** CPU time (user + system) in ms of a process and its descendants. */
export function treeCpuMs(pid: number): number {
  let ms = 0;
  for (const v of cpuByProcess(pid).values()) ms += v;
  return ms;
}
