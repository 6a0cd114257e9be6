import { pipeline } from "node:stream";
import type { ReactNode } from "react";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { renderToPipeableStream } from "react-dom/server";
import { applySecurityHeaders, documentCsp } from "./security-headers";
import { modulePreloadsAtLowPriority } from "./script-priority.server";
import { coalescedChunks } from "./coalesce-chunks.server";

export interface DocumentOptions {
  status: number;
  headers: Headers;
  /** The page's nonce: React's own inline scripts carry it, and the Content-Security-Policy names it. */
  nonce: string;
  /** Answer once everything is rendered (crawlers), instead of once the shell is. */
  waitForAll: boolean;
  /** How long a render may go on before React gives up on what is still pending (the client renders it then). */
  deadlineMs: number;
}

/**
 * A document rendered with React's streaming renderer, as the page's Response. The deadline's timer is cleared as soon
 * as React has rendered everything: a pending timer holds React's request, and through it the page's whole Remix
 * context (loader data, tree slices), for the rest of the deadline after the answer has gone. Under the 50-user load
 * that kept the data of every answer of the last 5 s alive, all of it copied into V8's old space and marked again by
 * each major collection (issue 13; bench/README.md, "Later on 2026-12-07").
 */
export function streamDocument(document: ReactNode, options: DocumentOptions): Promise<Response> {
  const { headers, nonce, waitForAll, deadlineMs } = options;
  let status = options.status;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let allRendered = false;
    let deadline: NodeJS.Timeout | undefined;
    const respond = () => {
      shellRendered = true;
      // React's small chunks go out a burst at a time (each chunk is a socket write and a compression flush).
      const coalesced = coalescedChunks();
      // The build's mode, fixed by the compiler: React diffs the links' attributes only in development.
      const body = process.env.NODE_ENV === "production" ? pipeline(coalesced, modulePreloadsAtLowPriority(), () => {}) : coalesced;
      headers.set("Content-Type", "text/html; charset=utf-8");
      headers.set("Content-Security-Policy", documentCsp(nonce));
      applySecurityHeaders(headers);
      resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
      pipe(coalesced);
    };
    const { pipe, abort } = renderToPipeableStream(document, {
      // React's own inline scripts (Suspense boundaries streamed in after the shell) carry the nonce too.
      nonce,
      onShellReady() {
        if (!waitForAll) respond();
      },
      onAllReady() {
        allRendered = true;
        clearTimeout(deadline);
        if (waitForAll) respond();
      },
      onShellError(error: unknown) {
        clearTimeout(deadline);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (shellRendered) console.error(error);
      },
    });
    if (!allRendered) deadline = setTimeout(abort, deadlineMs);
  });
}
