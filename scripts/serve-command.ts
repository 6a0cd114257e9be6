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
