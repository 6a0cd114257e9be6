/**
 * `npm run build`: the Remix build (build/index.js, public/build), then the product's HTTP server bundled into
 * build/serve.mjs: scripts/serve.mjs with the app/lib TypeScript it imports compiled in, its packages left as
 * imports of node_modules. The server then runs on plain Node. Under tsx's loader every web process kept a
 * module-loading thread of its own for the whole run (an isolate with the transformed sources, 20-50 MB of heap per
 * process; issue 13's memory target, decision 022 §5b). Run from the app's root (npm start and the benchmarks run it
 * through scripts/build-state.ts).
 */
import { spawnSync } from "node:child_process";
import { build } from "esbuild";

const remix = spawnSync(process.execPath, ["node_modules/@remix-run/dev/dist/cli.js", "build"], {
  stdio: "inherit",
  env: { ...process.env, VITE_CJS_IGNORE_WARNING: "true", NODE_ENV: "production" },
});
if (remix.status !== 0) process.exit(remix.status ?? 1);

await build({
  entryPoints: ["scripts/serve.mjs"],
  outfile: "build/serve.mjs",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // express, @remix-run/*… stay imports: the bundle is only our own code, resolved from node_modules as before.
  packages: "external",
  logLevel: "warning",
});
