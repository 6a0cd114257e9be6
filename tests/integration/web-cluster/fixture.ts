/**
 * Two web processes behind app/lib/web-cluster.server.ts's primary, each a tiny HTTP server that says which process
 * answered, how many connections it holds and when the primary accepted the connection of a connection's first
 * request (tests/integration/web-cluster.test.ts). `/slow` says it started on stdout and answers after 300 ms;
 * `/disconnect` closes the process's channel to the primary (it goes on serving the connections it has).
 * Usage: tsx fixture.ts (PORT, 0 for any; READY_DELAY_MS_<index>: that process says it is ready so much later).
 */
import cluster from "node:cluster";
import http from "node:http";
import { runWebCluster, serveHandedConnections } from "../../../app/lib/web-cluster.server";
import { arrivalOf } from "../../../app/lib/connection-arrival.server";

if (cluster.isPrimary) {
  runWebCluster({
    processes: 2,
    port: Number(process.env.PORT ?? 0),
    host: "127.0.0.1",
    execArgv: process.execArgv,
    env: (index) => ({ WEB_INDEX: String(index) }),
  });
} else {
  let open = 0;
  const server = http.createServer((req, res) => {
    // When the primary accepted this request's connection, if this is the connection's first request (else null).
    const accepted = arrivalOf(req.socket, Number.MAX_SAFE_INTEGER);
    const answer = () => {
      res.setHeader("content-type", "application/json");
      res.end(
        JSON.stringify({
          index: Number(process.env.WEB_INDEX),
          pid: process.pid,
          open,
          remote: req.socket.remoteAddress,
          acceptedAt: accepted === Number.MAX_SAFE_INTEGER ? null : accepted,
          now: Date.now(),
        }),
      );
    };
    if (req.url === "/disconnect") {
      // Closes this process's channel to the primary and keeps the process running (the timer: its keep-alive
      // connection would otherwise close after 5 s and let it end by itself), as a process killed but not yet reaped
      // looks to the primary for a moment. It ends only when told to (SIGTERM); answers once the channel is closed.
      setInterval(() => {}, 1000);
      cluster.worker!.once("disconnect", answer);
      cluster.worker!.disconnect();
    } else if (req.url === "/slow") {
      console.log(`slow request started in web process ${process.env.WEB_INDEX}`);
      setTimeout(answer, 300);
    }
    else answer();
  });
  server.on("connection", (socket) => {
    open++;
    socket.once("close", () => open--);
  });
  const readyDelay = Number(process.env[`READY_DELAY_MS_${process.env.WEB_INDEX}`] ?? 0);
  setTimeout(() => serveHandedConnections(server), readyDelay);
}
