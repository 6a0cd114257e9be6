import { Writable } from "node:stream";
import type { ReactNode } from "react";
import type { renderToPipeableStream } from "react-dom/server";

/**
 * Renders `node` with a stream renderer (the module's, or a given build's) and collects every write once everything,
 * Suspense boundaries streamed after the shell included, is out.
 */
export function streamedPage(render: typeof renderToPipeableStream, node: ReactNode): Promise<{ html: string; writes: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        done();
      },
    });
    sink.on("finish", () => resolve({ html: Buffer.concat(chunks).toString("utf8"), writes: chunks.length }));
    const { pipe } = render(node, { onShellReady: () => pipe(sink), onShellError: reject, onError: reject });
  });
}
