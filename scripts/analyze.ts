/**
 * `npm run analyze`: analyses the whole stored inventory (PostgreSQL when DATABASE_URL is set, else the SQLite
 * file DATABASE_FILE or data/kubex.db) into a new snapshot and swaps it in atomically: interrupted, it leaves
 * the previous analysis current and whole. A progress bar on stderr when it is a terminal (percent,
 * containers/s, ETA), plain lines every few seconds otherwise; the totals at the end.
 *
 *   tsx scripts/analyze.ts [--workers N]
 */
import { migrate, openStore, type Store } from "~/db/connect.server";
import { runAnalysis, type AnalysisProgress, type AnalysisResult } from "~/analysis/run.server";

const USAGE = `Usage: tsx scripts/analyze.ts [--workers N]
  --workers N   worker threads (0: in-process); default one per core from 20,000 containers, else 0
Reads and writes PostgreSQL when DATABASE_URL is set, else the SQLite file DATABASE_FILE (default data/kubex.db).`;

export class UsageError extends Error {
  override name = "UsageError";
}

export function parseAnalyzeArgs(argv: readonly string[]): { workers?: number; help: boolean } {
  let workers: number | undefined;
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === "--help" || arg === "-h") {
      help = true;
      continue;
    }
    const m = /^--workers(?:=(.*))?$/.exec(arg);
    if (!m) throw new UsageError(`Unknown argument "${arg}".`);
    const value = m[1] ?? argv[++i];
    if (value === undefined || !/^\d+$/.test(value) || Number(value) > 64) throw new UsageError(`--workers must be a whole number from 0 to 64 (got "${value ?? ""}").`);
    workers = Number(value);
  }
  return { workers, help };
}

const duration = (ms: number) => {
  const s = Math.max(0, Math.round(ms / 1000));
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s` : `${s}s`;
};
const int = (n: number) => Math.round(n).toLocaleString("en-US");
const money = (n: number) => `${n < 0 ? "-" : ""}$${Math.abs(n).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * A progress reporter for runAnalysis: a redrawn bar on a terminal, a plain line every `everyMs` otherwise.
 * `finish()` ends the bar's line.
 */
export function progressReporter(stream: NodeJS.WriteStream = process.stderr, everyMs = 5000) {
  const tty = stream.isTTY === true;
  let lastLine = 0;
  let drawn = false;
  let lastPhase = "";
  let printedPhase = "";
  let phaseStartMs = 0;
  const line = (p: AnalysisProgress): string => {
    if (p.phase === "nodes") return `Node groups: ${int(p.done)}/${int(p.total)} nodes`;
    if (p.phase === "swap") return `Swapping in the new snapshot (${int(p.analysed)} of ${int(p.total)} containers analysed)…`;
    if (p.phase === "done") return `Done: ${int(p.total)} containers in ${duration(p.elapsedMs)}`;
    const unit = p.phase === "cloud" ? "cloud services" : "containers";
    const pct = p.total > 0 ? (p.done / p.total) * 100 : 100;
    const spent = p.elapsedMs - phaseStartMs;
    const rate = spent > 0 ? (p.done / spent) * 1000 : 0;
    const eta = rate > 0 ? ((p.total - p.done) / rate) * 1000 : 0;
    const width = 30;
    const filled = Math.round((pct / 100) * width);
    const bar = tty ? `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ` : "";
    return `${bar}${pct.toFixed(1)}%  ${int(p.done)}/${int(p.total)} ${unit}  ${int(rate)}/s  ETA ${duration(eta)}`;
  };
  return {
    onProgress(p: AnalysisProgress) {
      const now = Date.now();
      const phaseChanged = p.phase !== lastPhase;
      if (phaseChanged) phaseStartMs = p.elapsedMs;
      lastPhase = p.phase;
      if (tty) {
        if (!phaseChanged && now - lastLine < 100 && p.done < p.total) return;
        lastLine = now;
        if (phaseChanged && drawn) stream.write("\n");
        stream.write(`\r${line(p)}\x1b[K`);
        drawn = true;
        return;
      }
      if (p.phase === "containers" && p.done === 0) return; // the first chunk's line says more
      if (p.phase === printedPhase && now - lastLine < everyMs) return;
      printedPhase = p.phase;
      lastLine = now;
      stream.write(`${line(p)}\n`);
    },
    finish() {
      if (tty && drawn) stream.write("\n");
      drawn = false;
    },
  };
}

/** The summary printed after a run: containers, analysed, waterfall totals, time. */
export function analysisSummary(r: AnalysisResult): string[] {
  const w = r.waterfall;
  return [
    `Analysed ${int(r.analysedCount)} of ${int(r.containerCount)} containers (${int(r.containerCount - r.analysedCount)} not analysed: too little data) in ${(r.ms / 1000).toFixed(1)} s` +
      `${r.workers > 0 ? ` on ${r.workers} worker threads` : ""}; snapshot ${r.snapshotId}.`,
    `Optimization Breakdown ($ per month): Current Spend ${money(w.currentSpend)}, Immediate Savings ${money(w.immediateSavings)}, ` +
      `Risk Removal ${money(w.riskRemoval)}, Additional Waste ${money(w.additionalWaste)}, Optimal Spend ${money(w.optimalSpend)}.`,
    ...(r.cloudCount > 0
      ? [
          `Cloud: ${int(r.cloudCount)} services (${int(r.cloudAnalysedCount)} priced) in ${(r.phaseMs.cloud / 1000).toFixed(1)} s; Current Spend ${money(r.cloudSummary.currentCost)}, ` +
            `Optimal Spend ${money(r.cloudSummary.optimalCost)} per month (${int(r.cloudSummary.terminate)} terminate, ${int(r.cloudSummary.modernize)} modernize, ` +
            `${int(r.cloudSummary.downsize)} downsize, ${int(r.cloudSummary.downscale)} downscale, ${int(r.cloudSummary.upsize)} upsize, ${int(r.cloudSummary.upscale)} upscale).`,
        ]
      : []),
  ];
}

/** runAnalysis with the progress reporter on `stream` and the summary through `log`. */
export async function analyzeWithProgress(
  store: Store,
  options: { workers?: number; log?: (line: string) => void; stream?: NodeJS.WriteStream | null } = {},
): Promise<AnalysisResult> {
  const reporter = options.stream === null ? null : progressReporter(options.stream ?? process.stderr);
  try {
    const result = await runAnalysis(store, { workers: options.workers, onProgress: reporter?.onProgress });
    reporter?.finish();
    for (const l of analysisSummary(result)) options.log?.(l);
    return result;
  } catch (e) {
    reporter?.finish();
    throw e;
  }
}

async function main(argv: readonly string[]): Promise<number> {
  let args: ReturnType<typeof parseAnalyzeArgs>;
  try {
    args = parseAnalyzeArgs(argv);
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    console.error(`${e.message}\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  const store = openStore();
  try {
    await migrate(store);
    console.log(`Analysing the stored inventory (${store.dialect})…`);
    await analyzeWithProgress(store, { workers: args.workers, log: (l) => console.log(l) });
    return 0;
  } catch (e) {
    console.error(`Analysis failed; the previous analysis is unchanged. ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    await store.close();
  }
}

const isMain = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/^.*\/scripts\//, "/scripts/"));
if (isMain) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
