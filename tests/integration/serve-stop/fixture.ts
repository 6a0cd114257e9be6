/**
 * One web process as scripts/serve.mjs runs it alone (KUBEX_WEB_PROCESSES=1): the product's store opened from the
 * environment (DATABASE_URL or DATABASE_FILE) and read once, so its pool holds a connection as a serving process's
 * does, and an HTTP server that drains on SIGTERM (app/lib/web-cluster.server.ts, drainOnSignals).
 * `/slow` says it started on stdout and answers after 300 ms. Prints `listening <port>` when ready. Keep-alive
 * connections stay open for a minute (Node's default is 5 s), so only the drain's own closing ends them in time.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getDb } from "../../../app/db/db.server";
import { drainOnSignals } from "../../../app/lib/web-cluster.server";

const db = await getDb();
await db.selectFrom("meta").select("value").limit(1).execute();
const server = http.createServer((req, res) => {
  if (req.url === "/slow") {
    console.log("slow request started");
    setTimeout(() => res.end("slow"), 300);
    return;
  }
  res.end("ok");
});
server.keepAliveTimeout = 60_000;
server.listen(0, "127.0.0.1", () => {
  drainOnSignals(server);
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
