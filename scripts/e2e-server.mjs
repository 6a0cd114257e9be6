// Starts the product for the end-to-end tests on a fresh throwaway SQLite database with a small demo fleet.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "kubex-e2e-"));
const env = {
  ...process.env,
  DATABASE_FILE: path.join(dir, "e2e.db"),
  DATABASE_URL: "",
  KUBEX_DEMO_SIZE: process.env.KUBEX_DEMO_SIZE ?? "400",
  KUBEX_DEMO_SEED: process.env.KUBEX_DEMO_SEED ?? "7",
  // One web process: the tests read in-process state (job status, stand-ins' timing) from the process they talk to.
  KUBEX_WEB_PROCESSES: process.env.KUBEX_WEB_PROCESSES ?? "1",
  // The end-to-end tests exercise public items and count badges, and switch the tour on themselves, so these start off.
  KUBEX_FLAGS_OFF: process.env.KUBEX_FLAGS_OFF ?? "sandboxPlaygroundEnabled,lazyLoadFolder,kubexShowProductTour",
};
// The admission webhook (decision 019): a self-signed certificate for 127.0.0.1 and a free port; the Automation
// screen's manifests carry the address it got.
execFileSync(
  "openssl",
  ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-keyout", path.join(dir, "webhook.key"), "-out", path.join(dir, "webhook.crt"), "-days", "2", "-subj", "/CN=kubex-webhook-e2e", "-addext", "subjectAltName=IP:127.0.0.1"],
  { stdio: "ignore" },
);
Object.assign(env, {
  KUBEX_WEBHOOK_CERT_FILE: path.join(dir, "webhook.crt"),
  KUBEX_WEBHOOK_KEY_FILE: path.join(dir, "webhook.key"),
  KUBEX_WEBHOOK_PORT: "0",
  KUBEX_WEBHOOK_HOST: "127.0.0.1",
});
// The cloud connections' providers: loopback stand-ins (tests/integration/stand-ins) the server's SDKs are pointed at.
const standIns = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "tests/integration/stand-ins/serve.ts", "--key-file", "tests/e2e/.artifacts/gcp-key.json"], {
  stdio: ["ignore", "pipe", "inherit"],
});
const cloudEnv = await new Promise((resolve, reject) => {
  let text = "";
  standIns.stdout.on("data", (chunk) => {
    text += chunk;
    const line = text.split("\n").find((l) => l.startsWith("STAND-INS "));
    if (line) resolve(JSON.parse(line.slice("STAND-INS ".length)));
  });
  standIns.on("exit", (code) => reject(new Error(`The cloud stand-ins stopped (${code}).`)));
});
Object.assign(env, cloudEnv, { KUBEX_CLOUD_TIMEOUT_MS: "5000" });
const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/start.ts"], { env, stdio: "inherit" });
const stop = () => {
  child.kill("SIGTERM");
  standIns.kill("SIGTERM");
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => {
  standIns.kill("SIGTERM");
  fs.rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
