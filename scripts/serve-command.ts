/**
 * The command line of the product's HTTP server (scripts/serve.mjs), for `npm start` and the benchmarks: Node with
 * tsx's loader imported into the process itself (serve.mjs imports app/lib's TypeScript). Not tsx's command-line
 * wrapper: that is one more Node process (~57 MB) between the caller and the server, doing nothing but relaying
 * signals, which serve.mjs handles itself (issue 13: the web server's memory).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";

export function serveArgv(root: string, build: string): string[] {
  const loader = pathToFileURL(path.join(root, "node_modules/tsx/dist/loader.mjs")).href;
  return [`--import=${loader}`, path.join(root, "scripts/serve.mjs"), build];
}
