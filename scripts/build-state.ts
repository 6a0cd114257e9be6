/**
 * Whether the app's build is missing or older than its sources, and the build itself (scripts/build.mjs), for
 * `npm start` and the benchmarks: both rebuild a stale build before they serve it.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** What scripts/build.mjs writes: the Remix server build and the bundled HTTP server beside it. */
const OUTPUTS = ["build/index.js", "build/serve.mjs"];
/** What they are made from, besides app/. */
const SOURCES = ["remix.config.js", "scripts/serve.mjs", "scripts/build.mjs"];

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

export function buildIsStale(root: string): boolean {
  const outputs = OUTPUTS.map((f) => path.join(root, f));
  if (!outputs.every((f) => fs.existsSync(f))) return true;
  const built = Math.min(...outputs.map((f) => fs.statSync(f).mtimeMs));
  const sources = SOURCES.map((f) => path.join(root, f)).filter((f) => fs.existsSync(f));
  return built < Math.max(newestMtime(path.join(root, "app")), ...sources.map((f) => fs.statSync(f).mtimeMs));
}

/**
 * Builds the app in `root`; the time it took in ms. `quiet`: the build's output is shown only when it fails (a
 * passing build can print harmless esbuild noise).
 */
export function runBuild(root: string, quiet = false): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ["scripts/build.mjs"], {
    cwd: root,
    stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`The app build failed (exit ${r.status ?? r.signal})${quiet ? `:\n${r.stdout}${r.stderr}` : ""}`);
  return performance.now() - t0;
}
