import { describe, expect, it, vi } from "vitest";
import { parseAnalyzeArgs, progressReporter, UsageError } from "../../scripts/analyze";
import { parseCollectArgs } from "../../scripts/collect";

function stream(isTTY: boolean) {
  const chunks: string[] = [];
  return { isTTY, write: (s: string) => chunks.push(s) > 0, chunks } as unknown as NodeJS.WriteStream & { chunks: string[] };
}

const p = (phase: "nodes" | "containers" | "swap" | "done", done: number, total: number, elapsedMs: number) => ({ phase, done, total, analysed: done, elapsedMs });

describe("scripts/analyze.ts", () => {
  it("parses --workers and rejects anything else", () => {
    expect(parseAnalyzeArgs([])).toEqual({ workers: undefined, help: false });
    expect(parseAnalyzeArgs(["--workers", "2"])).toEqual({ workers: 2, help: false });
    expect(parseAnalyzeArgs(["--workers=0", "-h"])).toEqual({ workers: 0, help: true });
    expect(() => parseAnalyzeArgs(["--workers", "two"])).toThrow(UsageError);
    expect(() => parseAnalyzeArgs(["--fast"])).toThrow('Unknown argument "--fast".');
  });

  it("draws a bar with percent, rate and ETA on a terminal", () => {
    vi.spyOn(Date, "now").mockReturnValue(1_000_000);
    const out = stream(true);
    const r = progressReporter(out);
    r.onProgress(p("nodes", 10, 10, 1000));
    r.onProgress(p("containers", 0, 1000, 2000));
    vi.spyOn(Date, "now").mockReturnValue(1_000_500);
    r.onProgress(p("containers", 250, 1000, 4000)); // 250 in 2 s: 125/s, 750 left: 6 s
    r.finish();
    const text = out.chunks.join("");
    expect(text).toContain("Node groups: 10/10 nodes");
    expect(text).toContain("\r[########----------------------] 25.0%  250/1,000 containers  125/s  ETA 6s");
    expect(text.endsWith("\n")).toBe(true);
  });

  it("writes plain lines, at most one per interval and phase, when not a terminal", () => {
    let now = 0;
    vi.spyOn(Date, "now").mockImplementation(() => now);
    const out = stream(false);
    const r = progressReporter(out, 5000);
    r.onProgress(p("containers", 0, 100, 0));
    for (let i = 1; i <= 10; i++) {
      now += 1000;
      r.onProgress(p("containers", i * 10, 100, now));
    }
    r.onProgress(p("done", 100, 100, now));
    expect(out.chunks).toEqual([
      "10.0%  10/100 containers  10/s  ETA 9s\n",
      "60.0%  60/100 containers  10/s  ETA 4s\n",
      "Done: 100 containers in 10s\n",
    ]);
  });
});

describe("scripts/collect.ts", () => {
  it("analyses after collecting unless --no-analyze", () => {
    expect(parseCollectArgs(["--size", "300"])).toMatchObject({ size: 300, analyze: true });
    expect(parseCollectArgs(["--no-analyze", "--seed=7"])).toMatchObject({ seed: 7, analyze: false });
  });
});
