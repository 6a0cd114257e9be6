import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { coalescedChunks } from "./coalesce-chunks.server";

/** Writes bursts (each burst's chunks synchronously, a turn of the event loop between bursts); what comes out. */
async function run(bursts: string[][], maxBytes?: number): Promise<string[]> {
  const stream = coalescedChunks(maxBytes);
  const out: string[] = [];
  stream.on("data", (c: Buffer) => out.push(c.toString("utf8")));
  const ended = new Promise((resolve) => stream.on("end", resolve));
  for (const burst of bursts) {
    for (const chunk of burst) stream.write(Buffer.from(chunk));
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  stream.end();
  await ended;
  return out;
}

describe("coalescedChunks", () => {
  it("sends each synchronous burst of writes as one chunk, in order, byte for byte", async () => {
    const out = await run([["<html>", "<body>", "<p>Mémoire"], ["</p>", "<script>1</script>"], ["</body></html>"]]);
    expect(out).toEqual(["<html><body><p>Mémoire", "</p><script>1</script>", "</body></html>"]);
  });

  it("sends a burst without waiting for the end of the stream: a later part (a streamed boundary) is not held back", async () => {
    const stream = coalescedChunks();
    const seen: string[] = [];
    stream.on("data", (c: Buffer) => seen.push(c.toString()));
    stream.write("<div>shell</div>");
    stream.write("<div>more</div>");
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(seen).toEqual(["<div>shell</div><div>more</div>"]);
    stream.end();
  });

  it("cuts a long burst at the size bound, and passes a write larger than the bound whole", async () => {
    const out = await run([["a".repeat(6), "b".repeat(6), "c".repeat(3)], ["d".repeat(25)]], 10);
    expect(out).toEqual(["a".repeat(6) + "b".repeat(6), "c".repeat(3), "d".repeat(25)]);
  });

  it("sends what it holds when the stream ends in the same turn as the writes", async () => {
    const stream = coalescedChunks();
    const out: Buffer[] = [];
    stream.on("data", (c: Buffer) => out.push(c));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    stream.write("one");
    stream.end("two");
    await ended;
    expect(Buffer.concat(out).toString()).toBe("onetwo");
    expect(out).toHaveLength(1);
  });

  it("drops what it holds when destroyed, and sends nothing after", async () => {
    const stream = coalescedChunks();
    const sink = new PassThrough();
    const out: string[] = [];
    sink.on("data", (c: Buffer) => out.push(c.toString()));
    stream.pipe(sink);
    stream.write("held");
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(out).toEqual([]);
    expect(stream.destroyed).toBe(true);
  });
});
