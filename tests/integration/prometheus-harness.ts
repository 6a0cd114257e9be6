/**
 * A real Prometheus for the integration tests (Debian's `prometheus` package): OpenMetrics written here with known
 * values, loaded with `promtool tsdb create-blocks-from openmetrics`, served on a free loopback port. The test that
 * starts it stops it (only the process it started), and removes its data.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const PROMETHEUS_BIN = process.env.PROMETHEUS_PATH ?? "/usr/bin/prometheus";
export const PROMTOOL_BIN = process.env.PROMTOOL_PATH ?? "/usr/bin/promtool";
export const hasPrometheus = fs.existsSync(PROMETHEUS_BIN) && fs.existsSync(PROMTOOL_BIN);

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
  });
}

/** OpenMetrics text, series by series (the format wants every sample of a series together, times ascending). */
export class OpenMetricsWriter {
  private readonly families = new Map<string, { type: string; lines: string[] }>();
  series(metric: string, type: "gauge" | "counter", labels: Record<string, string>, points: Iterable<readonly [tSec: number, value: number]>) {
    let fam = this.families.get(metric);
    if (!fam) this.families.set(metric, (fam = { type, lines: [] }));
    const name = type === "counter" ? `${metric}_total` : metric;
    const l = Object.entries(labels)
      .map(([k, v]) => `${k}="${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`)
      .join(",");
    for (const [t, v] of points) fam.lines.push(`${name}{${l}} ${v} ${t}`);
  }
  text(): string {
    const out: string[] = [];
    for (const [metric, fam] of this.families) {
      // A counter family is named without _total in its TYPE line.
      out.push(`# TYPE ${metric} ${fam.type}`);
      out.push(...fam.lines);
    }
    out.push("# EOF");
    return out.join("\n") + "\n";
  }
}

export interface RunningPrometheus {
  url: string;
  stop(): Promise<void>;
}

/** Loads `openMetrics` into a new TSDB and serves it on a free loopback port; resolves once /-/ready answers 200. */
export async function startPrometheus(openMetrics: string): Promise<RunningPrometheus> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-prom-"));
  const file = path.join(dir, "data.om");
  fs.writeFileSync(file, openMetrics);
  const load = spawnSync(PROMTOOL_BIN, ["tsdb", "create-blocks-from", "openmetrics", file, path.join(dir, "tsdb")], { encoding: "utf8" });
  if (load.status !== 0) throw new Error(`promtool failed: ${load.stderr || load.stdout}`);
  fs.writeFileSync(path.join(dir, "prometheus.yml"), "global:\n  scrape_interval: 1m\n");
  const port = await freePort();
  const logFile = path.join(dir, "prometheus.log");
  const log = fs.openSync(logFile, "w");
  const child: ChildProcess = spawn(
    PROMETHEUS_BIN,
    [`--storage.tsdb.path=${path.join(dir, "tsdb")}`, `--web.listen-address=127.0.0.1:${port}`, `--config.file=${path.join(dir, "prometheus.yml")}`, "--storage.tsdb.retention.time=3650d"],
    { stdio: ["ignore", log, log] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    fs.closeSync(log);
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // Wait for the ready state (a poll every 100 ms; gives up after 30 s with the log).
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      const text = fs.readFileSync(logFile, "utf8");
      await stop();
      throw new Error(`prometheus exited: ${text.slice(-2000)}`);
    }
    const ok = await fetch(`${url}/-/ready`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { url, stop };
    if (Date.now() > deadline) {
      const text = fs.readFileSync(logFile, "utf8");
      await stop();
      throw new Error(`prometheus not ready after 30 s: ${text.slice(-2000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A loopback HTTP server answering with `handler`; for the slow and garbage stores. */
export async function startFakeServer(handler: http.RequestListener): Promise<{ url: string; stop(): Promise<void> }> {
  const server = http.createServer(handler);
  const sockets = new Set<net.Socket>();
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/** Reads a request body (form-encoded PromQL) to text. */
export function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
