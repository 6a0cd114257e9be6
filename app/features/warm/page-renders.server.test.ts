import { describe, expect, it } from "vitest";
import { isWarmRequest } from "~/lib/warm-request.server";
import { warmPageRenders, type PageHandler } from "./page-renders.server";

/** A handler that records what it was asked and whether each body was read to its end. */
function recorder(status: (path: string) => number = () => 200) {
  const asked: { path: string; warm: boolean; accept: string | null }[] = [];
  let unread = 0;
  const handle: PageHandler = async (request) => {
    const url = new URL(request.url);
    asked.push({ path: url.pathname + url.search, warm: isWarmRequest(request), accept: request.headers.get("Accept") });
    unread++;
    const body = new ReadableStream({
      pull(controller) {
        controller.enqueue(new TextEncoder().encode("<html></html>"));
        controller.close();
        unread--;
      },
    });
    return new Response(body, { status: status(url.pathname) });
  };
  return { handle, asked, unread: () => unread };
}

describe("the warm-up renders", () => {
  it("renders every address once per round, in order, as warm requests for HTML, reading each page to its end", async () => {
    const { handle, asked, unread } = recorder();
    const result = await warmPageRenders(handle, ["/a", "/b?x=1"], { rounds: 3 });
    expect(result.renders).toBe(6);
    expect(result.stopped).toBeUndefined();
    expect(asked.map((a) => a.path)).toEqual(["/a", "/b?x=1", "/a", "/b?x=1", "/a", "/b?x=1"]);
    expect(asked.every((a) => a.warm && a.accept === "text/html")).toBe(true);
    expect(unread()).toBe(0);
  });

  it("stops at a page that does not answer 200 (a store with no data redirects), without failing", async () => {
    const { handle, asked } = recorder((path) => (path === "/b" ? 302 : 200));
    const result = await warmPageRenders(handle, ["/a", "/b", "/c"], { rounds: 5 });
    expect(result).toMatchObject({ renders: 1, stopped: "HTTP 302 from /b" });
    expect(asked).toHaveLength(2);
  });

  it("stops once its time budget is spent", async () => {
    const { handle, asked } = recorder();
    let clock = 0;
    const takes30ms: PageHandler = (request) => {
      clock += 30;
      return handle(request);
    };
    const result = await warmPageRenders(takes30ms, ["/a"], { rounds: 1000, budgetMs: 100, now: () => clock });
    // Renders start at 0, 30, 60 and 90 ms; at 120 ms the budget is spent.
    expect(result).toEqual({ renders: 4, ms: 120, stopped: "the 100 ms budget" });
    expect(asked).toHaveLength(4);
  });
});
