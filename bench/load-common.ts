/**
 * What the load benchmarks share (load.bench.ts: a probe's latency beside one heavy request; soak.bench.ts: 20
 * connections for minutes): the production server as `npm start` runs it over a given store, its memory sampled
 * (the whole process tree: the serve script runs under tsx), signed-in cookies, a streamed download and the probe.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import autocannon from "autocannon";
import { cleanups, freePort, signIn, startServer, storeEnv, waitForServer } from "./harness";

export interface Server {
  port: number;
  pid: number;
  child: ChildProcess;
  /** RSS of the server's process tree, every 250 ms. */
  rss: { t: number; mb: number }[];
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

/** RSS in MB of a process and all its descendants (undefined when it is gone). */
export function treeRssMb(pid: number): number | undefined {
  let kb = 0;
  let found = false;
  const stack = [pid];
  while (stack.length) {
    const p = stack.pop()!;
    try {
      const v = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, "utf8"))?.[1];
      if (v) {
        kb += Number(v);
        found = true;
      }
    } catch {
      continue;
    }
    stack.push(...childrenOf(p));
  }
  return found ? kb / 1024 : undefined;
}

/** The server from `cwd`'s build over the SQLite file `db`, on a free loopback port, its RSS sampled. */
export async function startSampledServer(cwd: string, db: string): Promise<Server> {
  const port = await freePort();
  const { server: child, errors } = startServer(cwd, port, storeEnv(db));
  await waitForServer(port, child, 180_000);
  const server: Server = { port, pid: child.pid!, child, rss: [], errors };
  const timer = setInterval(() => {
    const mb = treeRssMb(server.pid);
    if (mb !== undefined) server.rss.push({ t: Date.now(), mb });
  }, 250);
  timer.unref();
  cleanups.push(() => clearInterval(timer));
  return server;
}

/** A session cookie header for a demo user, signed in through the form. */
export async function cookieFor(port: number, user: string, password: string): Promise<string> {
  return `kubex_session=${await signIn(port, user, password)}`;
}

export const maxRssBetween = (s: Server, from: number, to: number) => Math.max(0, ...s.rss.filter((r) => r.t >= from && r.t <= to).map((r) => r.mb));
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
