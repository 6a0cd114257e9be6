import { createElement, Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { streamDocument } from "./document-stream.server";

const options = (over: Partial<Parameters<typeof streamDocument>[1]> = {}) => ({
  status: 200,
  headers: new Headers(),
  nonce: "n0nce",
  waitForAll: false,
  deadlineMs: 5_000,
  ...over,
});

/** The deadline timers streamDocument set (the calls with its delay) and whether each was cleared. */
function watchDeadlines(deadlineMs: number) {
  const set = vi.spyOn(globalThis, "setTimeout");
  const cleared = vi.spyOn(globalThis, "clearTimeout");
  return () =>
    set.mock.calls
      .map((call, i) => ({ delay: call[1], handle: set.mock.results[i]?.value }))
      .filter((t) => t.delay === deadlineMs)
      .map((t) => ({ cleared: cleared.mock.calls.some((c) => c[0] === t.handle) }));
}

const page = createElement("html", null, createElement("body", null, createElement("main", null, "the page")));
/** A part of the page that never finishes rendering (a data read that hangs). */
function Hanging(): never {
  throw new Promise(() => {});
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("streamDocument", () => {
  it("clears the deadline once the page is rendered, so nothing of the render outlives its answer", async () => {
    const deadlines = watchDeadlines(5_000);
    const response = await streamDocument(page, options());
    expect(await response.text()).toContain("<main>the page</main>");
    expect(deadlines()).toEqual([{ cleared: true }]);
  });

  it("answers crawlers once everything is rendered, and clears the deadline too", async () => {
    const deadlines = watchDeadlines(4_000);
    const response = await streamDocument(page, options({ waitForAll: true, deadlineMs: 4_000 }));
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("Content-Security-Policy")).toContain("'nonce-n0nce'");
    expect(await response.text()).toContain("the page");
    expect(deadlines()).toEqual([{ cleared: true }]);
  });

  it("still ends a render that hangs at the deadline: the shell goes out, the hanging part is left to the browser", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const hanging = createElement(
      "html",
      null,
      createElement("body", null, createElement("main", null, "shell", createElement(Suspense, { fallback: createElement("p", null, "loading") }, createElement(Hanging)))),
    );
    const started = performance.now();
    const response = await streamDocument(hanging, options({ deadlineMs: 50 }));
    const html = await response.text();
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(html).toContain("shell");
    expect(html).toContain("<p>loading</p>");
    // React reports the aborted part (the server log's line), and the browser renders it.
    expect(logged).toHaveBeenCalled();
  });
});
