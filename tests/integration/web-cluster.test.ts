/**
 * Several web processes on one port (app/lib/web-cluster.server.ts, used by scripts/serve.mjs): real processes, real
 * sockets. Each keep-alive connection here is an http.Agent with one socket.
 */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";

interface Answer {
  index: number;
  pid: number;
  open: number;
  remote: string;
  acceptedAt: number | null;
  now: number;
}

const FIXTURE = path.join(import.meta.dirname, "web-cluster", "fixture.ts");
let running: ChildProcess | undefined;

function spawnCluster(env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, ["--import", "tsx", FIXTURE], {
    env: { ...process.env, PORT: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running = child;
  return child;
}

async function startCluster(): Promise<{ child: ChildProcess; port: number; exited: Promise<number | null>; output: () => string }> {
  const child = spawnCluster({});
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let text = "";
  child.stdout!.on("data", (chunk) => (text += chunk));
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on("data", () => {
      const found = /\[kubex-serve\] http:\/\/127\.0\.0\.1:(\d+) \(2 web processes\)/.exec(text);
      if (found) resolve(Number(found[1]));
    });
    void exited.then((code) => reject(new Error(`the cluster stopped before it was ready (${code})`)));
  });
  return { child, port, exited, output: () => text };
}

function connection() {
  return new http.Agent({ keepAlive: true, maxSockets: 1 });
}

function get(port: number, agent: http.Agent, urlPath = "/"): Promise<{ status: number; answer: Answer }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: urlPath, agent }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, answer: JSON.parse(body) as Answer }));
      })
      .on("error", reject);
  });
}

afterEach(() => {
  if (running && running.exitCode === null) running.kill("SIGKILL");
  running = undefined;
});

describe("several web processes on one port", () => {
  it("splits keep-alive connections evenly, and sends new ones to the process whose connections closed", async () => {
    const { port } = await startCluster();
    const agents = Array.from({ length: 10 }, connection);
    // All ten open at once, each held by a slow request, as 50 users arriving together do.
    const first = await Promise.all(agents.map((agent) => get(port, agent, "/slow")));
    expect(first.every((r) => r.status === 200)).toBe(true);
    const byProcess = [0, 1].map((index) => agents.filter((_, i) => first[i].answer.index === index));
    expect(byProcess.map((list) => list.length)).toEqual([5, 5]);
    expect(first[0].answer.remote).toBe("127.0.0.1");
    // The same connection stays with its process.
    for (let i = 0; i < agents.length; i++) expect((await get(port, agents[i])).answer.index).toBe(first[i].answer.index);

    // Process 0 loses four of its connections; once it has seen them close, the next four go to it.
    const [keep0, ...closing] = byProcess[0];
    for (const agent of closing) agent.destroy();
    for (let seen = 5; seen !== 1; ) seen = (await get(port, keep0)).answer.open;
    const fresh = Array.from({ length: 4 }, connection);
    const next: number[] = [];
    for (const agent of fresh) next.push((await get(port, agent)).answer.index);
    expect(next).toEqual([0, 0, 0, 0]);
    for (const agent of [...agents, ...fresh]) agent.destroy();
  });

  it("tells the web process when the primary accepted a connection, for the connection's first request only", async () => {
    const { port } = await startCluster();
    const agent = connection();
    const before = Date.now();
    const first = (await get(port, agent)).answer;
    const second = (await get(port, agent)).answer;
    expect(first.acceptedAt).not.toBeNull();
    expect(first.acceptedAt!).toBeGreaterThanOrEqual(before);
    expect(first.acceptedAt!).toBeLessThanOrEqual(first.now);
    expect(second.acceptedAt).toBeNull();
    agent.destroy();
  });

  it("takes connections only once every web process is ready, so the first ones are spread over both", async () => {
    // Web process 1 is ready 1.5 s after process 0. Keep-alive clients that connect as soon as they can must not
    // all land on process 0 and stay there.
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, "127.0.0.1", () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    spawnCluster({ PORT: String(port), READY_DELAY_MS_1: "1500" });
    const started = Date.now();
    let indexes: number[] | undefined;
    while (!indexes && Date.now() - started < 30_000) {
      const agents = [connection(), connection(), connection(), connection()];
      try {
        indexes = (await Promise.all(agents.map((agent) => get(port, agent)))).map((r) => r.answer.index);
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 20));
      } finally {
        for (const agent of agents) agent.destroy();
      }
    }
    expect(indexes?.sort()).toEqual([0, 0, 1, 1]);
  });

  it("moves keep-alive clients back to a web process forked again after a crash", async () => {
    const { port } = await startCluster();
    const agents = [connection(), connection(), connection(), connection()];
    const where = async () => {
      const answers = [];
      // A connection that closed under a request (its process died) is retried on a new one.
      for (const agent of agents) answers.push(await get(port, agent).catch(() => get(port, agent)));
      return answers.map((r) => r.answer);
    };
    const first = await where();
    expect(first.map((a) => a.index).sort()).toEqual([0, 0, 1, 1]);
    const victim = first.find((a) => a.index === 0)!;
    process.kill(victim.pid, "SIGKILL");
    // Its clients reconnect to the survivor, which now holds all four.
    let now = await where();
    for (let tries = 0; tries < 20 && now.some((a) => a.index === 0); tries++) now = await where();
    expect(now.map((a) => a.index)).toEqual([1, 1, 1, 1]);
    // Once the new process is ready, the survivor closes two of them after an answer; they come back to process 0.
    const started = Date.now();
    while (Date.now() - started < 20_000 && !now.some((a) => a.index === 0)) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      now = await where();
    }
    for (let tries = 0; tries < 5 && now.filter((a) => a.index === 0).length < 2; tries++) now = await where();
    expect(now.map((a) => a.index).sort()).toEqual([0, 0, 1, 1]);
    expect(now.find((a) => a.index === 0)!.pid).not.toBe(victim.pid);
    // And it stays so: no more connections are closed.
    const later = await where();
    expect(later.map((a) => a.index)).toEqual(now.map((a) => a.index));
    for (const agent of agents) agent.destroy();
  });

  it("sends no connection to a web process whose channel closed, and forks it again", async () => {
    const { port } = await startCluster();
    const agents = [connection(), connection()];
    const first = await Promise.all(agents.map((agent) => get(port, agent, "/slow")));
    const leaving = first.find((r) => r.answer.index === 0)!.answer;
    const leaver = agents[first.findIndex((r) => r.answer.index === 0)];
    expect((await get(port, leaver, "/disconnect")).answer.pid).toBe(leaving.pid);
    // Every new connection is answered (by the other process, until the new process 0 is ready); none is reset.
    const seen: Answer[] = [];
    const started = Date.now();
    while (Date.now() - started < 20_000 && !seen.some((a) => a.index === 0 && a.pid !== leaving.pid)) {
      const agent = connection();
      const r = await get(port, agent);
      agent.destroy();
      expect(r.status).toBe(200);
      seen.push(r.answer);
    }
    expect(seen.filter((a) => a.pid === leaving.pid)).toEqual([]);
    expect(seen.some((a) => a.index === 0 && a.pid !== leaving.pid)).toBe(true);
    for (const agent of agents) agent.destroy();
  });

  it("forks a web process that died again and keeps answering meanwhile", async () => {
    const { port } = await startCluster();
    const a = connection();
    const b = connection();
    const [ra, rb] = await Promise.all([get(port, a, "/slow"), get(port, b, "/slow")]);
    expect(new Set([ra.answer.index, rb.answer.index])).toEqual(new Set([0, 1]));
    const victim = ra.answer;
    process.kill(victim.pid, "SIGKILL");
    // Until the new one is ready every connection goes to the survivor; then it is used again.
    const seen = new Set<number>();
    for (let tries = 0; tries < 400 && !seen.has(victim.index); tries++) {
      const agent = connection();
      const r = await get(port, agent);
      expect(r.status).toBe(200);
      if (r.answer.index === victim.index) expect(r.answer.pid).not.toBe(victim.pid);
      seen.add(r.answer.index);
      agent.destroy();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen).toEqual(new Set([0, 1]));
    a.destroy();
    b.destroy();
  });

  it("finishes the requests in progress on SIGTERM, then stops", async () => {
    const { child, port, exited, output } = await startCluster();
    const agent = connection();
    const slow = get(port, agent, "/slow");
    const started = new Promise<void>((resolve) => {
      const check = () => (output().includes("slow request started") ? resolve() : undefined);
      child.stdout!.on("data", check);
      check();
    });
    await started;
    child.kill("SIGTERM");
    const answered = await slow;
    expect(answered.status).toBe(200);
    agent.destroy();
    expect(await exited).toBe(0);
  });
});
