/**
 * Several web processes on one port (scripts/serve.mjs, decision 022). The primary listens itself and hands every
 * accepted connection to the ready web process with the fewest open connections (./least-connections); node:cluster's
 * own hand-out goes to whichever process acknowledged its previous connection first, and with keep-alive clients
 * that first split lasts the whole visit (measured 18/32 and 23/27 for 50 connections over two processes).
 *
 * The web processes do not listen: each takes the sockets it is sent and reports each one's close, so the primary's
 * counts follow. A web process says it is ready once its warm-up is over; the primary listens when the first is
 * ready and prints its "[kubex-serve]" line when all are. A web process that ends is forked again and gets
 * connections once it is ready. On SIGTERM/SIGINT the primary stops accepting and passes the signal on; each web
 * process closes its idle connections, lets the requests in progress finish (at most DRAIN_MS), then exits.
 */
import cluster, { type Worker } from "node:cluster";
import type http from "node:http";
import net from "node:net";
import { LeastConnections } from "./least-connections";

const READY = { kubex: "ready" } as const;
const CONNECTION = { kubex: "connection" } as const;
const CLOSED = { kubex: "closed" } as const;
const DRAIN_MS = 10_000;

const isMessage = (message: unknown, kind: string): boolean =>
  typeof message === "object" && message !== null && (message as { kubex?: unknown }).kubex === kind;

export interface WebClusterOptions {
  processes: number;
  port: number;
  host?: string;
  /** Node's flags for the web processes. */
  execArgv: string[];
  /** Extra environment of web process `index` (0-based; a process forked again keeps its index). */
  env?: (index: number) => Record<string, string>;
}

/** The primary: forks the web processes and hands out the connections until SIGTERM/SIGINT. */
export function runWebCluster(options: WebClusterOptions): void {
  const { processes, port, host } = options;
  cluster.setupPrimary({ execArgv: options.execArgv });
  const balancer = new LeastConnections<number>();
  const workers = new Map<number, Worker>();
  const ready = new Set<number>();
  let listenStarted = false;
  let listening = false;
  let announced = false;
  let stopping = false;

  // A connection sent to a web process is kept here (the primary's copy of the socket open) until that process says
  // it has taken it: one that dies in between would otherwise take the connection with it and leave its client
  // waiting. Then it goes to another process, as node:cluster's own hand-out does.
  const handing = new Map<number, { socket: net.Socket; index: number }>();
  let nextId = 0;
  const handOut = (socket: net.Socket, id = nextId++) => {
    const index = balancer.take();
    const worker = index === undefined ? undefined : workers.get(index);
    if (index === undefined || !worker?.isConnected()) {
      if (index !== undefined) balancer.closed(index);
      handing.delete(id);
      socket.destroy();
      return;
    }
    handing.set(id, { socket, index });
    worker.send({ ...CONNECTION, id }, socket, { keepOpen: true }, (error) => {
      if (!error || handing.get(id)?.index !== index) return;
      balancer.closed(index);
      handOut(socket, id);
    });
  };
  const taken = (id: unknown) => {
    const entry = typeof id === "number" ? handing.get(id) : undefined;
    if (!entry) return;
    handing.delete(id as number);
    // Closes only this process's copy: the web process holds the connection now.
    entry.socket.destroy();
  };
  const listener = net.createServer({ pauseOnConnect: true, noDelay: true }, (socket) => handOut(socket));
  listener.on("error", (error) => {
    console.error(`[kubex-serve] cannot listen on ${host ?? "localhost"}:${port}: ${error.message}`);
    stop("SIGTERM", 1);
  });

  const announce = () => {
    if (announced || !listening || ready.size < processes) return;
    announced = true;
    const address = listener.address();
    const shownPort = address && typeof address === "object" ? address.port : port;
    console.log(`[kubex-serve] http://${host ?? "localhost"}:${shownPort} (${processes} web processes)`);
  };

  let exitCode = 0;
  const stop = (signal: NodeJS.Signals, code = 0) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    listener.close();
    if (workers.size === 0) process.exit(exitCode);
    for (const worker of workers.values()) worker.process.kill(signal);
  };

  const fork = (index: number) => {
    const worker = cluster.fork(options.env?.(index) ?? {});
    workers.set(index, worker);
    worker.on("message", (message: unknown) => {
      if (isMessage(message, "closed")) balancer.closed(index);
      else if (isMessage(message, "taken")) taken((message as { id?: unknown }).id);
      else if (isMessage(message, "ready") && !stopping) {
        balancer.ready(index);
        ready.add(index);
        if (!listenStarted) {
          listenStarted = true;
          listener.listen(port, host, () => {
            listening = true;
            announce();
          });
        }
        announce();
      }
    });
    worker.on("exit", (code, signal) => {
      balancer.gone(index);
      ready.delete(index);
      workers.delete(index);
      for (const [id, entry] of handing) if (entry.index === index) handOut(entry.socket, id);
      if (stopping) {
        // The last one out ends the primary (tsx's IPC channel would otherwise keep it running).
        if (workers.size === 0) process.exit(exitCode);
        return;
      }
      console.error(`[kubex-serve] web process ${index} ended (${signal ?? code}); starting it again`);
      setTimeout(() => fork(index), 1000).unref();
    });
  };
  for (let i = 0; i < processes; i++) fork(i);
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.once(signal, () => stop(signal));
}

/**
 * A web process: serves the connections the primary sends it with `server` (never listening itself), tells the
 * primary it is ready, and drains on SIGTERM/SIGINT.
 */
export function serveHandedConnections(server: http.Server): void {
  // http.Server starts its connection bookkeeping (the headers and request time-outs, closeIdleConnections) on its
  // 'listening' event; this server never listens, so it is started here.
  server.emit("listening");
  const report = (message: object) => {
    if (process.connected) process.send?.(message);
  };
  let open = 0;
  let draining = false;
  process.on("message", (message: unknown, socket: unknown) => {
    if (!isMessage(message, CONNECTION.kubex) || !(socket instanceof net.Socket)) return;
    report({ kubex: "taken", id: (message as { id?: unknown }).id });
    if (draining) {
      socket.destroy();
      report(CLOSED);
      return;
    }
    open++;
    socket.once("close", () => {
      open--;
      report(CLOSED);
      if (draining && open === 0) process.exit(0);
    });
    server.emit("connection", socket);
    socket.resume();
  });
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      draining = true;
      if (open === 0) process.exit(0);
      // A keep-alive connection becomes idle when its request in progress is answered.
      server.closeIdleConnections();
      setInterval(() => server.closeIdleConnections(), 100).unref();
      setTimeout(() => process.exit(0), DRAIN_MS).unref();
    });
  }
  report(READY);
}
