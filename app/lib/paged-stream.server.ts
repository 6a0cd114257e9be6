/**
 * The one way a large download leaves the server (container, node and cloud exports): pages of rows are read one
 * at a time and written to a bounded buffer that the response drains. Between pages the producer
 *   - waits while the buffer is full (back-pressure: a slow client holds one buffer, not the whole file),
 *   - gives the event loop a turn (the synchronous SQLite driver never does: without this, the first byte left
 *     after the last page was read, and every other user's request waited for the whole export),
 *   - stops when the client goes away.
 * A page read is the caller's and must be bounded (a page of ids, a LIMIT): it is the longest time the export
 * holds the thread at once.
 */
import { PassThrough, type Writable } from "node:stream";
import { once } from "node:events";
import { setImmediate as nextTurn, setTimeout as sleep } from "node:timers/promises";
import { createReadableStreamFromReadable } from "@remix-run/node";

/** What the buffer holds before the producer waits for the client. */
export const STREAM_BUFFER_BYTES = 1 << 20;

export interface PagedStreamOptions {
  /** Response headers (type, disposition). */
  headers: Record<string, string>;
  /**
   * Writes the file into `out`, calling `ready()` between pages (with the bytes a writer still holds before `out`,
   * e.g. exceljsBacklog); resolves when the file is complete.
   */
  produce: (out: Writable, ready: (backlog?: () => number) => Promise<boolean>) => Promise<void>;
  /** The request's signal: the producer stops when the client goes away. */
  signal?: AbortSignal;
  /** Called once when the response ends, fails or is abandoned (releases a user's slot). */
  onClose?: () => void;
}

/**
 * Waits until `out` has room and the event loop has had a turn; false when the download should stop (the client
 * left, or the stream was destroyed), so the producer returns without reading another page.
 */
export async function readyForPage(out: Writable, signal?: AbortSignal, backlog?: () => number): Promise<boolean> {
  const stopped = () => out.destroyed || !!signal?.aborted;
  if (stopped()) return false;
  if (out.writableNeedDrain) {
    const aborted = new Promise<void>((resolve) => signal?.addEventListener("abort", () => resolve(), { once: true }));
    await Promise.race([once(out, "drain").catch(() => undefined), once(out, "close").catch(() => undefined), aborted]);
  }
  // A writer with its own buffer (exceljs's zip compresses on the thread pool) is waited for too.
  while (backlog && backlog() > STREAM_BUFFER_BYTES && !stopped()) await sleep(5);
  await nextTurn();
  return !stopped();
}

/**
 * What exceljs's streaming writer holds of a worksheet before its zip entry has compressed it: the sheet's XML
 * waits in the pipes between the worksheet stream and the deflater, unbounded, when rows come faster than zlib
 * takes them. Reads exceljs 4's internals (WorksheetWriter.stream is a StreamBuf whose `pipes` are Node
 * writables), so anything unexpected counts as no backlog.
 */
export function exceljsBacklog(worksheet: unknown): () => number {
  return () => {
    const pipes = (worksheet as { stream?: { pipes?: unknown } }).stream?.pipes;
    if (!Array.isArray(pipes)) return 0;
    return pipes.reduce((n: number, p: { writableLength?: unknown }) => n + (typeof p?.writableLength === "number" ? p.writableLength : 0), 0);
  };
}

/** Every page of a paged read, one at a time: stops after a short page or when `total` rows were read. */
export async function* pagesOf<T>(read: (page: number) => Promise<{ rows: T[]; total: number }>, pageSize: number): AsyncGenerator<T[]> {
  for (let page = 1; ; page++) {
    const r = await read(page);
    if (r.rows.length) yield r.rows;
    if (r.rows.length < pageSize || page * pageSize >= r.total) return;
  }
}

/** A streamed 200 response whose body `produce` writes page by page (see the module comment). */
export function pagedStreamResponse(options: PagedStreamOptions): Response {
  const out = new PassThrough({ highWaterMark: STREAM_BUFFER_BYTES });
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    options.onClose?.();
  };
  out.once("close", close);
  const abort = () => out.destroy();
  options.signal?.addEventListener("abort", abort, { once: true });
  options
    .produce(out, (backlog) => readyForPage(out, options.signal, backlog))
    .then(
      () => {
        if (!out.destroyed) out.end();
      },
      (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
    )
    .finally(() => options.signal?.removeEventListener("abort", abort));
  return new Response(createReadableStreamFromReadable(out), { status: 200, headers: options.headers });
}
