/**
 * `npm start`: builds the app when the build is missing or older than the sources, prepares the store (first
 * start: creates the database, the demo fleet and its collection; later starts: seconds), then serves on
 * HOST/PORT (default localhost:3000) and prints the address and the demo sign-in.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { openStore } from "~/db/connect.server";
import { DEMO_USERS } from "~/models/users.server";
import { setup } from "./setup";
import { serveArgv } from "./serve-command";
import { env } from "~/lib/env.server";

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

function buildIfStale() {
  const built = "build/index.js";
  const stale =
    !fs.existsSync(built) ||
    fs.statSync(built).mtimeMs < Math.max(newestMtime("app"), fs.statSync("remix.config.js").mtimeMs);
  if (!stale) return;
  console.log("Building the app…");
  const r = spawnSync(process.execPath, ["node_modules/@remix-run/dev/dist/cli.js", "build"], {
    stdio: "inherit",
    env: { ...process.env, VITE_CJS_IGNORE_WARNING: "true", NODE_ENV: "production" },
  });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

async function main() {
  const started = Date.now();
  buildIfStale();
  const store = openStore();
  await setup(store, { log: (l) => console.log(l) });
  await store.close();
  const { HOST, PORT } = env();
  const host = HOST ?? "localhost";
  const port = String(PORT ?? 3000);
  // scripts/serve.mjs: remix-serve's work plus security headers on every response and the client's address.
  const child = spawn(process.execPath, serveArgv(process.cwd(), "build/index.js"), {
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, HOST: host, PORT: port, NODE_ENV: process.env.NODE_ENV ?? "production" },
  });
  let announced = false;
  child.stdout.on("data", (chunk: Buffer) => {
    const text = chunk.toString();
    if (!announced && text.includes("[kubex-serve]")) {
      announced = true;
      const shown = host === "0.0.0.0" ? "localhost" : host;
      console.log(`\nKubex is running at http://${shown}:${port}/kubex  (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)`);
      console.log(
        `Demo sign-in: ${DEMO_USERS.map((u) => `${u.userName} / ${u.password}${u.isAdmin ? " (admin)" : ""}`).join(",  ")}\n`,
      );
      return;
    }
    process.stdout.write(text);
  });
  const stop = () => child.kill("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  child.on("exit", (code) => process.exit(code ?? 0));
}

main().catch((e) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
