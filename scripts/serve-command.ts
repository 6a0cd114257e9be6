/**
 * The command line of the product's HTTP server, for `npm start` and the benchmarks: plain Node running the server
 * bundle scripts/build.mjs writes beside the Remix build (build/serve.mjs), with that build. No tsx: neither its
 * command-line wrapper (one more Node process, ~57 MB, relaying signals serve.mjs handles itself) nor its loader
 * (a module-loading thread in every web process; issue 13: the web server's memory).
 */
import path from "node:path";

export function serveArgv(build: string): string[] {
  return [path.join(path.dirname(build), "serve.mjs"), build];
}

/**
 * The V8 flags scripts/serve.mjs gives the web processes it forks (each unless NODE_OPTIONS or its own command line
 * names it). With one web process there is no fork and they are not set; bench/pair.bench.ts, which runs each
 * side as one process, gives them on the command line so a side is a production web process.
 *
 * A page's render makes MBs of short-lived objects, and requests served side by side keep each other's alive
 * through V8's young-generation collections (16 MB semi-spaces by default), which then promote them. 64 MB
 * semi-spaces cut the CPU per request by ~8-15 % in-process at 150,000 containers (the seven deep links, 30
 * rounds: 32.6-37.2 -> 30.1-32.8 ms), for at most ~150 MB more per process (issue 13).
 *
 * V8 lets a process's old generation grow to up to ~4x what survived its last full collection before the next
 * one; under load a web process keeps ~300 MB live at 500,000 containers and its heap sat at 1.1-1.2 GB, mostly
 * garbage waiting for that collection (decision 022 §5). --heap-growing-percent=50 let it grow by half: the
 * server's processes peaked at 2,143 MB instead of 3,405 MB under the 50-user load at 500,000 containers, 1,626
 * instead of 2,543 MB at 150,000, for ~8-10 % fewer answers per second (more full collections). Once the live
 * set had shrunk (2026-12-06), 40 % took another 100-140 MB off that peak at no CPU per request the interleaved
 * runs could tell apart from 50 %'s.
 */
export const WEB_PROCESS_V8_FLAGS: readonly string[] = ["--max-semi-space-size=64", "--heap-growing-percent=40"];
