import { useEffect, useRef, useState } from "react";

/** The error notice's life (spec section 9): 3 s, paused while hovered and resumed 1.2 s after the pointer leaves. */
const NOTICE_MS = 3000;
const RESUME_MS = 1200;

type State = "idle" | "loading" | "success" | "error";

/**
 * "Download Impact Analysis Report" (spec document 3, sections 2.5, 4, 7, 8): a plain download link without
 * JavaScript; with it, the report is fetched as a blob and saved as provider_system_objectId.pdf, the button says
 * it is loading, and a failure shows an error notice at the top right for 3 seconds (and is logged).
 */
export function ReportDownload({ href, fileName, className = "btn" }: { href: string; fileName: string; className?: string }) {
  const [state, setState] = useState<State>("idle");
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const hideLater = (ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setError(null);
      setState("idle");
    }, ms);
  };
  const download = async (e: React.MouseEvent) => {
    // Download does nothing without a URL (section 5).
    if (!href) {
      e.preventDefault();
      return;
    }
    e.preventDefault();
    if (state === "loading") return;
    setState("loading");
    setError(null);
    try {
      const res = await fetch(href, { credentials: "same-origin" });
      if (!res.ok) throw new Error(`The report could not be downloaded (${res.status} ${res.statusText || "error"}).`);
      const blob = await res.blob();
      const url = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = url;
      a.download = fileName;
      document.body.append(a);
      a.click();
      a.remove();
      URL.revokeObjectURL(url);
      setState("success");
      hideLater(NOTICE_MS);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      console.warn("Impact analysis report:", message);
      setError(message);
      setState("error");
      hideLater(NOTICE_MS);
    }
  };
  return (
    <>
      <a href={href || undefined} download={fileName} onClick={download} className={className} aria-busy={state === "loading"} data-testid="download-report" data-state={state}>
        {state === "loading" ? "Downloading…" : "Download Impact Analysis Report"}
      </a>
      {error ? (
        <div
          role="alert"
          className="fixed right-4 top-4 z-[60] max-w-sm rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 shadow-lg dark:border-red-800 dark:bg-red-950 dark:text-red-100"
          onMouseEnter={() => clearTimeout(timer.current)}
          onMouseLeave={() => hideLater(RESUME_MS)}
          data-testid="report-error"
        >
          {error}
        </div>
      ) : null}
    </>
  );
}
