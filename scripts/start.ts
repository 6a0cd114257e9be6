/**
 * `npm start`: builds the app when the build is missing or older than the sources, prepares the store (first
 * start: creates the database, the demo fleet and its collection; later starts: seconds), then serves on
 * HOST/PORT (default localhost:3000) and prints the address and the demo sign-in.
 */
import { spawn } from "node:child_process";
import { openStore } from "~/db/connect.server";
import { DEMO_USERS } from "~/models/users.server";
import { setup } from "./setup";
import { serveArgv } from "./serve-command";
import { buildIsStale, runBuild } from "./build-state";
import { env } from "~/lib/env.server";

function buildIfStale() {
  if (!buildIsStale(process.cwd())) return;
  console.log("Building the app…");
  try {
    runBuild(process.cwd());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
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
  const child = spawn(process.execPath, serveArgv("build/index.js"), {
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
