/**
 * Several web processes on one port (scripts/serve.mjs, decision 022). The primary listens itself and hands every
 * accepted connection to the ready web process with the fewest open connections (./least-connections); node:cluster's
 * own hand-out goes to whichever process acknowledged its previous connection first, and with keep-alive clients
 * that first split lasts the whole visit (measured 18/32 and 23/27 for 50 connections over two processes).
 *
 * The web processes do not listen: each takes the sockets it is sent and reports each one's close, so the primary's
 * counts follow. A web process says it is ready once its warm-up is over; the primary listens when all are ready
 * (or ALL_READY_WAIT_MS after the first, should one be slow) and prints its "[kubex-serve]" line when all are. A web
 * process that ends is forked again and gets connections once it is ready. On SIGTERM/SIGINT the primary stops
 * accepting and passes the signal on; each web process closes its idle connections, lets the requests in progress
 * finish (at most DRAIN_MS), then exits.
 */
import cluster, { type Worker } from "node:cluster";
import type http from "node:http";
import net from "node:net";
import { LeastConnections } from "./least-connections";
import { noteAccepted } from "./connection-arrival.server";

const READY = { kubex: "ready" } as const;
const CONNECTION = { kubex: "connection" } as const;
const CLOSED = { kubex: "closed" } as const;
/** Primary to a web process: answer the next `count` requests with `Connection: close` (their clients reconnect). */
const SHED = { kubex: "shed" } as const;
const DRAIN_MS = 10_000;
/**
 * How long the primary waits, once one web process is ready, for the others before it listens anyway. It used to
 * listen at the first: keep-alive clients that connected in the second or so before the other process was ready all
 * went to the first and stayed there for their whole visit (one users.bench run at 500,000 containers: every one of
 * 2,692 requests answered by one of the two processes, 44.4 requests/s instead of 55-66). The web processes warm up
 * side by side and are ready within about a second of each other; their warm renders stop at 20 s.
 */
export const ALL_READY_WAIT_MS = 15_000;

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
  const handing = new Map<number, { socket: net.Socket; index: number; acceptedAt: number }>();
  // Per web process, the connections waiting to be sent to it, sent one at a time (node's channel waits for each
  // handle's acknowledgement anyway): each message says how many more follow, and the web process starts no new
  // request until the last has come (serveHandedConnections' onHandoffs). A busy process reads its channel once per
  // turn of its event loop, one request's work: 50 connections opened at once reached their process up to 1.3 s
  // after they were accepted at 150,000 containers, their first requests with them.
  const queued = new Map<number, number[]>();
  const sending = new Map<number, number>();
  let nextId = 0;
  const handOut = (socket: net.Socket, id = nextId++, acceptedAt = Date.now()) => {
    let index = balancer.take();
    // A process whose channel has closed (killed, its exit not yet seen) can take nothing more: the connection goes to
    // another. Destroying it instead reset a client's request (a CI run: read ECONNRESET right after a crash).
    while (index !== undefined && !workers.get(index)?.isConnected()) {
      balancer.gone(index);
      index = balancer.take();
    }
    if (index === undefined) {
      handing.delete(id);
      socket.destroy();
      return;
    }
    handing.set(id, { socket, index, acceptedAt });
    const queue = queued.get(index) ?? [];
    queued.set(index, queue);
    queue.push(id);
    sendNext(index);
  };
  const sendNext = (index: number): void => {
    if (sending.has(index)) return;
    const queue = queued.get(index) ?? [];
    const id = queue.shift();
    if (id === undefined) return;
    const entry = handing.get(id);
    if (!entry) return sendNext(index);
    const worker = workers.get(index);
    if (!worker?.isConnected()) {
      balancer.closed(index);
      handOut(entry.socket, id, entry.acceptedAt);
      return sendNext(index);
    }
    sending.set(index, id);
    worker.send({ ...CONNECTION, id, acceptedAt: entry.acceptedAt, more: queue.length }, entry.socket, { keepOpen: true }, (error) => {
      if (!error) return;
      if (sending.get(index) === id) sending.delete(index);
      if (handing.get(id)?.index === index) {
        balancer.closed(index);
        handOut(entry.socket, id, entry.acceptedAt);
      }
      sendNext(index);
    });
  };
  const taken = (index: number, id: unknown) => {
    if (sending.get(index) === id) sending.delete(index);
    const entry = typeof id === "number" ? handing.get(id) : undefined;
    if (entry) {
      handing.delete(id as number);
      // Closes only this process's copy: the web process holds the connection now.
      entry.socket.destroy();
    }
    sendNext(index);
  };
  const listener = net.createServer({ pauseOnConnect: true, noDelay: true }, (socket) => handOut(socket));
  listener.on("error", (error) => {
    console.error(`[kubex-serve] cannot listen on ${host ?? "localhost"}:${port}: ${error.message}`);
    stop("SIGTERM", 1);
  });

  let allReadyTimer: NodeJS.Timeout | undefined;
  const listen = () => {
    clearTimeout(allReadyTimer);
    if (listenStarted || stopping) return;
    listenStarted = true;
    listener.listen(port, host, () => {
      listening = true;
      announce();
    });
  };

  const announce = () => {
    if (announced || !listening || ready.size < processes) return;
    announced = true;
    const address = listener.address();
    const shownPort = address && typeof address === "object" ? address.port : port;
    console.log(`[kubex-serve] http://${host ?? "localhost"}:${shownPort} (${processes} web processes)`);
  };

  let exitCode = 0;
  /** Web processes already sent SIGTERM (a channel closed under them, below). */
  const told = new WeakSet<Worker>();
  const stop = (signal: NodeJS.Signals, code = 0) => {
    exitCode = Math.max(exitCode, code);
    if (stopping) return;
    stopping = true;
    listener.close();
    if (workers.size === 0) process.exit(exitCode);
    // A process already told to end is draining; a second signal would meet Node's default action and cut its
    // requests off.
    for (const worker of workers.values()) if (!told.has(worker)) worker.process.kill(signal);
  };

  const fork = (index: number) => {
    const worker = cluster.fork(options.env?.(index) ?? {});
    workers.set(index, worker);
    worker.on("message", (message: unknown) => {
      if (isMessage(message, "closed")) balancer.closed(index);
      else if (isMessage(message, "taken")) taken(index, (message as { id?: unknown }).id);
      else if (isMessage(message, "ready") && !stopping) {
        balancer.ready(index);
        ready.add(index);
        // A process ready after the others (forked again after a crash) would get only new connections while the
        // keep-alive ones stay where they are: the busier processes close a few after their next answers, and
        // their clients reconnect through the primary, which hands them here.
        for (const [other, count] of balancer.excess()) if (other !== index) workers.get(other)?.send({ ...SHED, count });
        if (ready.size >= processes) listen();
        else if (!allReadyTimer) allReadyTimer = setTimeout(listen, ALL_READY_WAIT_MS).unref();
        announce();
      }
    });
    const leave = () => {
      balancer.gone(index);
      ready.delete(index);
      queued.delete(index);
      sending.delete(index);
      for (const [id, entry] of handing) if (entry.index === index) handOut(entry.socket, id, entry.acceptedAt);
    };
    worker.on("disconnect", () => {
      if (workers.get(index) !== worker) return;
      leave();
      // Without its channel it can be sent no connections. A web process whose channel closes unexpectedly exits at
      // once (Node's cluster code does); one that closed it itself runs on, so it is told to finish the requests it
      // has and end, and the exit below forks it again. (Node reports no 'disconnect' while a connection sent to the
      // process awaits its acknowledgement; then handOut's check above and the exit below do the same work.)
      if (!stopping) {
        told.add(worker);
        worker.process.kill("SIGTERM");
      }
    });
    worker.on("exit", (code, signal) => {
      leave();
      workers.delete(index);
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
 * primary it is ready, and drains on SIGTERM/SIGINT. `onHandoffs` hears, after each connection, how many more are
 * on their way (scripts/serve.mjs holds new requests back meanwhile: app/lib/admission.server.ts).
 */
export function serveHandedConnections(
  server: http.Server,
  options: {
    /** After each handed connection: how many more the primary has waiting for this process (0: the last). */
    onHandoffs?: (more: number) => void;
  } = {},
): void {
  // http.Server starts its connection bookkeeping (the headers and request time-outs, closeIdleConnections) on its
  // 'listening' event; this server never listens, so it is started here.
  server.emit("listening");
  const report = (message: object) => {
    if (process.connected) process.send?.(message);
  };
  let open = 0;
  let draining = false;
  let toShed = 0;
  const shedding = new WeakSet<net.Socket>();
  server.prependListener("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (toShed <= 0 || shedding.has(req.socket)) return;
    toShed--;
    shedding.add(req.socket);
    // Node ends the connection after this answer; the client opens another for its next request.
    res.setHeader("Connection", "close");
  });
  process.on("message", (message: unknown, socket: unknown) => {
    if (isMessage(message, SHED.kubex)) {
      const count = Number((message as { count?: unknown }).count);
      // The latest word replaces the previous one: the primary counts from the connections open now.
      if (Number.isInteger(count) && count >= 0) toShed = Math.min(count, open);
      return;
    }
    if (!isMessage(message, CONNECTION.kubex) || !(socket instanceof net.Socket)) return;
    report({ kubex: "taken", id: (message as { id?: unknown }).id });
    if (draining) {
      socket.destroy();
      report(CLOSED);
      return;
    }
    noteAccepted(socket, Number((message as { acceptedAt?: unknown }).acceptedAt));
    open++;
    socket.once("close", () => {
      open--;
      report(CLOSED);
      if (draining && open === 0) process.exit(0);
    });
    server.emit("connection", socket);
    socket.resume();
    const more = Number((message as { more?: unknown }).more);
    options.onHandoffs?.(Number.isInteger(more) && more > 0 ? more : 0);
  });
  const drain = drainer(server);
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      draining = true;
      if (open === 0) process.exit(0);
      drain();
    });
  }
  report(READY);
}

/**
 * How a web process drains, given its server before it serves: once the returned function is called, every answer
 * whose head is not out yet closes its connection (Node keeps answering on a keep-alive connection after close(),
 * so a busy client or a load balancer would go on sending requests there until DRAIN_MS), idle connections are
 * closed now and every 100 ms, and the process exits after DRAIN_MS whatever is left.
 */
function drainer(server: http.Server): () => void {
  let draining = false;
  const answering = new Set<http.ServerResponse>();
  server.prependListener("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (draining) {
      res.setHeader("Connection", "close");
      return;
    }
    answering.add(res);
    res.once("close", () => answering.delete(res));
  });
  return () => {
    if (draining) return;
    draining = true;
    for (const res of answering) if (!res.headersSent) res.setHeader("Connection", "close");
    // A keep-alive connection becomes idle when its request in progress is answered.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
    setTimeout(() => process.exit(0), DRAIN_MS).unref();
  };
}

/**
 * The one web process of a server that runs no others (KUBEX_WEB_PROCESSES=1, or a machine with one core), given
 * its server once it listens: on SIGTERM/SIGINT it stops listening, answers the requests in progress (at most
 * DRAIN_MS), then exits. It ends itself: closing the server alone left the process to end when nothing else held
 * it, and the database's pool (idle PostgreSQL connections) or a scheduled job in progress does; on PostgreSQL it
 * never ended. A job in progress is cut off at the exit; a collection or an analysis cut off leaves the stored
 * data as it was (decision 017).
 */
export function drainOnSignals(server: http.Server): void {
  const drain = drainer(server);
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      server.close(() => process.exit(0));
      drain();
    });
  }
}
