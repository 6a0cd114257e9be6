import { Transform } from "node:stream";

/*
 * Remix's <Scripts> asks for every module the page hydrates with as <link rel="modulepreload">, which Chromium
 * fetches at High priority: on the containers Summary that is 46 scripts, ~250 kB compressed, requested while the
 * render-blocking stylesheets and the font are still on their way. Every page here is complete without JavaScript
 * (the server renders it; forms and links work before hydration), so the first paint should win that race: the
 * preloads are marked fetchpriority="low", and the browser fetches the stylesheets and the font first, then the
 * scripts, still in parallel and still before the module graph asks for them. <Scripts> takes no attribute for
 * its links, so the document stream adds it; the links are not diffed at hydration in a production build (React
 * only warns of extra server attributes in development, so the stream is left as it is there).
 */
const TAG = Buffer.from('<link rel="modulepreload"');
const LOW = Buffer.from(' fetchpriority="low"');

/** How many bytes at the end of `buf` (after `from`) could be the start of the tag, to hold for the next chunk. */
function pendingPrefix(buf: Buffer, from: number): number {
  for (let keep = Math.min(TAG.length - 1, buf.length - from); keep > 0; keep--) {
    if (buf.compare(TAG, 0, keep, buf.length - keep, buf.length) === 0) return keep;
  }
  return 0;
}

/** A pass-through for the document's bytes that adds fetchpriority="low" to every modulepreload link. */
export function modulePreloadsAtLowPriority(): Transform {
  let held: Buffer = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const incoming = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      const buf = held.length ? Buffer.concat([held, incoming]) : incoming;
      const parts: Buffer[] = [];
      let from = 0;
      for (let at = buf.indexOf(TAG, from); at !== -1; at = buf.indexOf(TAG, from)) {
        parts.push(buf.subarray(from, at + TAG.length), LOW);
        from = at + TAG.length;
      }
      const keep = pendingPrefix(buf, from);
      parts.push(buf.subarray(from, buf.length - keep));
      held = Buffer.from(buf.subarray(buf.length - keep));
      done(null, parts.length === 1 ? parts[0] : Buffer.concat(parts));
    },
    flush(done) {
      done(null, held.length ? held : undefined);
    },
  });
}
