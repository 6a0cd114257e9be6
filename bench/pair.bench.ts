/**
 * Two builds side by side, loaded at the same moment (issue 13). This machine's speed moves by 20-40 % within an
 * hour for the same build (bench/README.md, users.bench.ts), so two users.bench runs one after the other compare
 * the hours as much as the builds, and a 5 % change needs many interleaved runs to show. Here each build runs in
 * one web process over the same store, and both take the seven deep links of users.bench.ts at once (25
 * connections each, half of users.bench's 50, so the two processes share the two cores as users.bench's two web
 * processes do). Whatever the machine does during the run, it does to both. The figure to compare is each side's
 * CPU per answered request (user + system time of its process tree over the measured seconds, from /proc).
 *
 *   npx tsx bench/pair.bench.ts --db FILE|URL --a DIR[@NAME=VALUE...] --b DIR[@NAME=VALUE...]
 *                               [--seconds 40] [--warm 10] [--connections 25] [--rounds 2]
 *
 * DIR: where a build is (build/ and public/ under it, as `npm run build` leaves them: a `git worktree` of a commit,
 * or a copy of build/, public/ and package.json with node_modules linked). @NAME=VALUE sets an environment variable
 * for that side only, so one build can be measured against itself with a setting changed:
 * `--a DIR@KUBEX_REQUESTS_PER_PROCESS=2 --b DIR`; @--FLAG[=VALUE] gives that side's Node a command-line flag
 * (V8's among them, which NODE_OPTIONS refuses): `--b DIR@--single-threaded-gc`. Each side gets the V8 flags
 * `npm start`'s forked web processes get (WEB_PROCESS_V8_FLAGS), those it names itself excepted. --db: a demo store
 * as for users.bench.ts (only read).
 * Each round starts both servers afresh (their own warm-up first), loads both for --warm seconds unmeasured, then
 * --seconds measured; round 2 starts side b's load first, in case the order matters. Loopback only.
 * Results and how to read them: bench/README.md, "pair.bench.ts".
 */
import autocannon from "autocannon";
import { runBench, freePort, ms, quantile, readStoreOptions, startServer, storeEnv, UsageError, waitForServer } from "./harness";
import { connectionsPerLink, cookieFor, deepLinks, treeCpuMs, type Link } from "./load-common";
import { WEB_PROCESS_V8_FLAGS } from "../scripts/serve-command";

const USAGE = "npx tsx bench/pair.bench.ts --db FILE|URL --a DIR[@NAME=VALUE...] --b DIR[@NAME=VALUE...] [--seconds 40] [--warm 10] [--connections 25] [--rounds 2]";
const options = readStoreOptions<{ a: string; b: string; seconds: number; warm: number; connections: number; rounds: number }>(
  USAGE,
  { a: "", b: "", seconds: 40, warm: 10, connections: 25, rounds: 2 },
  {
    numbers: { "--seconds": ["seconds", 5, 3600], "--warm": ["warm", 0, 600], "--connections": ["connections", 7, 500], "--rounds": ["rounds", 1, 20] },
    values: {
      "--a": (text, o) => (o.a = text),
      "--b": (text, o) => (o.b = text),
    },
  },
);

interface Side {
  /** As given: the directory and its settings. */
  spec: string;
  cwd: string;
  env: Record<string, string>;
  nodeFlags: string[];
}

function side(spec: string, flag: string): Side {
  if (!spec) throw new UsageError(`${flag} DIR is required. Usage: ${USAGE}`);
  const [cwd, ...settings] = spec.split("@");
  const env: Record<string, string> = {};
  const named: string[] = [];
  for (const s of settings) {
    if (s.startsWith("--")) {
      named.push(s);
      continue;
    }
    const eq = s.indexOf("=");
    if (eq < 1) throw new UsageError(`${flag}: '${s}' is not NAME=VALUE.`);
    env[s.slice(0, eq)] = s.slice(eq + 1);
  }
  const nameOf = (flag: string) => flag.split("=")[0];
  const nodeFlags = [...WEB_PROCESS_V8_FLAGS.filter((f) => !named.some((n) => nameOf(n) === nameOf(f))), ...named];
  return { spec, cwd, env, nodeFlags };
}

interface Running {
  side: Side;
  port: number;
  pid: number;
  cookie: string;
  errors: () => string;
  stop: () => Promise<void>;
}

async function start(s: Side): Promise<Running> {
  const port = await freePort();
  const { server, errors } = startServer(s.cwd, port, { ...storeEnv(options.db), KUBEX_WEB_PROCESSES: "1", ...s.env }, s.nodeFlags);
  await waitForServer(port, server, 300_000);
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));
  const stop = () => {
    if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
    return exited;
  };
  return { side: s, port, pid: server.pid!, cookie: await cookieFor(port, "analyst", "kubex-analyst"), errors, stop };
}

interface Load {
  times: number[];
  bad: number;
}

/** `connections` spread over the links, for `seconds`. */
function load(r: Running, links: Link[], connections: number, seconds: number): Promise<Load> {
  const times: number[] = [];
  let bad = 0;
  const perLink = connectionsPerLink(links.length, connections);
  return Promise.all(
    links.map(
      (link, i) =>
        new Promise<void>((resolve, reject) => {
          const instance = autocannon(
            { url: `http://127.0.0.1:${r.port}${link.url}`, headers: { Cookie: r.cookie, Accept: "text/html" }, connections: perLink[i], duration: seconds },
            (error, result) => {
              if (error) return reject(error);
              bad += result.errors + result.timeouts + result.non2xx;
              resolve();
            },
          );
          instance.on("response", (_client, status, _bytes, responseTime) => {
            if (status === 200) times.push(responseTime);
          });
        }),
    ),
  ).then(() => ({ times, bad }));
}

interface Measured {
  /** 0 for side a, 1 for side b. */
  side: number;
  requests: number;
  bad: number;
  cpuMs: number;
  p50: number;
  p99: number;
}

async function round(n: number, sides: Side[], links: Link[]): Promise<Measured[]> {
  const running: Running[] = [];
  try {
    // One at a time: two warm-ups at once would each take twice as long and prove nothing.
    for (const s of sides) running.push(await start(s));
    const order = n % 2 === 0 ? running : [...running].reverse();
    if (options.warm > 0) await Promise.all(order.map((r) => load(r, links, options.connections, options.warm)));
    const cpu0 = running.map((r) => treeCpuMs(r.pid));
    const loads = await Promise.all(order.map((r) => load(r, links, options.connections, options.seconds)));
    const cpu1 = running.map((r) => treeCpuMs(r.pid));
    return running.map((r, i) => {
      const l = loads[order.indexOf(r)];
      const sorted = [...l.times].sort((x, y) => x - y);
      return { side: i, requests: l.times.length, bad: l.bad, cpuMs: cpu1[i] - cpu0[i], p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
    });
  } finally {
    for (const r of running) {
      await r.stop();
      const errs = r.errors();
      if (errs.trim()) console.error(`Server stderr of ${r.side.spec} (last 4000 characters):\n${errs}`);
    }
  }
}

async function main() {
  const sides = [side(options.a, "--a"), side(options.b, "--b")];
  const { links, facts } = await deepLinks(options.db);
  console.log(`# Two builds under the same load at once\n\n${facts}. ${options.connections} connections per side over the seven links of users.bench.ts, ${options.warm} s unmeasured then ${options.seconds} s measured, ${options.rounds} round(s).\n`);
  console.log("| round | side | requests | req/s | p50 ms | p99 ms | bad | CPU s | **CPU ms per request** |");
  console.log("|---|---|---|---|---|---|---|---|---|");
  const perSide = sides.map(() => ({ cpuMs: 0, requests: 0 }));
  for (let n = 0; n < options.rounds; n++) {
    for (const m of await round(n, sides, links)) {
      const perRequest = m.cpuMs / Math.max(1, m.requests);
      console.log(`| ${n + 1} | ${"ab"[m.side]}: \`${sides[m.side].spec}\` | ${m.requests} | ${(m.requests / options.seconds).toFixed(1)} | ${ms(m.p50)} | ${ms(m.p99)} | ${m.bad} | ${(m.cpuMs / 1000).toFixed(1)} | **${perRequest.toFixed(2)}** |`);
      perSide[m.side].cpuMs += m.cpuMs;
      perSide[m.side].requests += m.requests;
    }
  }
  const [a, b] = perSide;
  const aMs = a.cpuMs / a.requests;
  const bMs = b.cpuMs / b.requests;
  console.log(`\nAll rounds: a ${aMs.toFixed(2)} ms, b ${bMs.toFixed(2)} ms of CPU per answered request; b/a = **${(bMs / aMs).toFixed(3)}** (one build against itself: up to ~10 % apart in a round, ~2-8 % over two; bench/README.md).`);
}

runBench(main);
