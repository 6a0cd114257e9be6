import { Transform } from "node:stream";

/*
 * React writes a document in chunks of ~2 kB, and Remix's Node adapter writes each chunk of the response to the
 * socket and then flushes the compression stream (a zlib sync flush per chunk: a 600 kB page made ~300 flushes,
 * ~300 socket writes and a worse ratio). Profiled under load at 150,000 containers, those flushes and writes were
 * 16 % of a web process's CPU (issue 13). React writes each part of the page in one synchronous burst, so the
 * chunks of a burst are sent as one, once the burst ends (the next turn of the event loop) or once they reach
 * `maxBytes`: nothing waits on a later part, and a streamed Suspense boundary still goes out as soon as it is
 * rendered.
 */
export const COALESCE_MAX_BYTES = 64 * 1024;

/** A pass-through that sends each synchronous burst of writes as one chunk (at most `maxBytes`, unless one write is larger). */
export function coalescedChunks(maxBytes = COALESCE_MAX_BYTES): Transform {
  let held: Buffer[] = [];
  let size = 0;
  let scheduled: NodeJS.Immediate | undefined;
  const release = (stream: Transform) => {
    if (scheduled) clearImmediate(scheduled);
    scheduled = undefined;
    if (size === 0) return;
    const out = held.length === 1 ? held[0] : Buffer.concat(held, size);
    held = [];
    size = 0;
    stream.push(out);
  };
  return new Transform({
    // Strings written to it arrive as Buffers (the stream's decodeStrings default).
    transform(chunk: Buffer, _encoding, done) {
      held.push(chunk);
      size += chunk.length;
      if (size >= maxBytes) release(this);
      else scheduled ??= setImmediate(() => release(this));
      done();
    },
    flush(done) {
      release(this);
      done();
    },
    destroy(error, done) {
      if (scheduled) clearImmediate(scheduled);
      scheduled = undefined;
      held = [];
      done(error);
    },
  });
}
