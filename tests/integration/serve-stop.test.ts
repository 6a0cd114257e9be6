/**
 * A server running one web process ends on SIGTERM on every store, once the requests in progress are answered
 * (scripts/serve.mjs with KUBEX_WEB_PROCESSES=1, or on a machine with one core). It used to close its listener and
 * then wait: until its keep-alive connections timed out, and on PostgreSQL forever (the store's pool kept the
 * process alive, so `docker stop` or systemd had to kill it).
 */
import { spawn } from "node:child_process";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_STORES } from "./stores";

const FIXTURE = path.join(import.meta.dirname, "serve-stop", "fixture.ts");

function get(port: number, urlPath: string): Promise<{ status: number; body: string; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: "127.0.0.1", port, path: urlPath, agent: new http.Agent({ keepAlive: true }) }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
      })
      .on("error", reject);
  });
}

describe.each(TEST_STORES)("one web process on $name", (testStore) => {
  let store: Awaited<ReturnType<typeof testStore.open>>;
  beforeAll(async () => {
    store = await testStore.open();
  });
  afterAll(async () => {
    await store.dispose();
  });

  it("answers the request in progress on SIGTERM, closing its connection, then ends", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", FIXTURE], { env: { ...process.env, ...store.env }, stdio: ["ignore", "pipe", "pipe"] });
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    let out = "";
    let err = "";
    child.stderr!.on("data", (chunk) => (err += chunk));
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout!.on("data", (chunk) => {
        out += chunk;
        const found = /listening (\d+)/.exec(out);
        if (found) resolve(Number(found[1]));
      });
      void exited.then((code) => reject(new Error(`the fixture ended before it listened (${code}): ${err}`)));
    });
    expect(await get(port, "/")).toEqual({ status: 200, body: "ok", connection: "keep-alive" });
    const slow = get(port, "/slow");
    await new Promise<void>((resolve) => {
      const check = () => (out.includes("slow request started") ? resolve() : undefined);
      child.stdout!.on("data", check);
      check();
    });
    const signalled = Date.now();
    child.kill("SIGTERM");
    // Answered, and told to close its connection: a keep-alive client would otherwise go on sending requests there.
    expect(await slow).toEqual({ status: 200, body: "slow", connection: "close" });
    // The request is answered after 300 ms and the process ends then (the fixture's keep-alive connections would
    // last a minute: the drain closes them), well within the drain's 10 s at most.
    const code = await Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve("still running after 5 s"), 5_000))]);
    if (code === "still running after 5 s") child.kill("SIGKILL");
    expect(code).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(5_000);
  }, 30_000);
});
