import { RiDownload2Line } from "@remixicon/react";
import { useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { fileNameFromDisposition, REPORT_ERROR_NOTICE_MS, REPORT_ERROR_RESUME_MS, REPORT_TEXT, reportHeaders } from "~/features/cloud/report";

type State = "idle" | "loading" | "success" | "error";

/**
 * The download's error notice at the top right (spec 4, 8, 9): hides after 3 s; hovering or focusing it holds it,
 * and once the pointer or focus leaves it hides 1.2 s later.
 */
function ErrorNotice({ text, onClose }: { text: string; onClose: () => void }) {
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const arm = (ms: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(onClose, ms);
  };
  const hold = () => clearTimeout(timer.current);
  useEffect(() => {
    timer.current = setTimeout(onClose, REPORT_ERROR_NOTICE_MS);
    return () => clearTimeout(timer.current);
  }, [text, onClose]);
  return (
    <div
      role="alert"
      className="fixed right-4 top-4 z-[70] max-w-sm rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 shadow-lg dark:border-red-800 dark:bg-red-950 dark:text-red-100"
      data-testid="report-error"
      onMouseEnter={hold}
      onMouseLeave={() => arm(REPORT_ERROR_RESUME_MS)}
      onFocus={hold}
      onBlur={() => arm(REPORT_ERROR_RESUME_MS)}
    >
      <div className="flex items-start gap-3">
        <span className="flex-1">{text}</span>
        <button type="button" className="text-xs underline" onClick={onClose}>
          Close
        </button>
      </div>
    </div>
  );
}

/** The answer's error text: the server's plain-text or JSON message, else the status. */
async function errorText(res: Response): Promise<string> {
  const body = (await res.text().catch(() => "")).trim();
  if (body.startsWith("{")) {
    try {
      const j = JSON.parse(body) as { message?: string; errors?: { message?: string }[] };
      const m = j.message ?? j.errors?.[0]?.message;
      if (m) return m;
    } catch {
      // Not JSON after all: the text itself.
    }
  }
  return body && body.length < 300 ? body : `The report could not be downloaded (HTTP ${res.status}).`;
}

/**
 * "Download Impact Analysis Report" (spec 2.5, 7): without JavaScript a plain link to the PDF; with it, a fetch
 * with the spec's headers, the blob saved under the file name, and the states idle, loading, success and error.
 * Without a URL it does nothing.
 */
export function DownloadReportButton({ url, fileName, token, className }: { url: string | null | undefined; fileName: string; token?: string | null; className?: string }) {
  const [state, setState] = useState<State>("idle");
  const [error, setError] = useState<string | null>(null);
  const closeError = useCallback(() => setError(null), []);

  const onClick = async (e: MouseEvent<HTMLAnchorElement>) => {
    e.preventDefault();
    if (!url || state === "loading") return;
    setState("loading");
    setError(null);
    try {
      const res = await fetch(url, { headers: reportHeaders(token), credentials: "same-origin" });
      if (!res.ok) throw new Error(await errorText(res));
      const blob = await res.blob();
      const name = fileNameFromDisposition(res.headers.get("Content-Disposition")) ?? fileName;
      const href = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = href;
      a.download = name;
      document.body.appendChild(a);
      a.click();
      a.remove();
      // Some browsers read the object URL after click returns.
      setTimeout(() => URL.revokeObjectURL(href), 1000);
      setState("success");
    } catch (err) {
      const text = err instanceof Error && err.message ? err.message : "The report could not be downloaded.";
      // The spec logs a failed download (section 8); a warning, as it is the server's answer, not a fault here.
      console.warn("Impact analysis report download failed:", text);
      setError(text);
      setState("error");
    }
  };

  const label = state === "loading" ? REPORT_TEXT.loading : REPORT_TEXT.button;
  const cls = className ?? "btn inline-flex items-center gap-1.5";
  return (
    <>
      {url ? (
        <a href={url} download={fileName} onClick={onClick} className={cls} aria-busy={state === "loading" || undefined} data-state={state} data-testid="download-report">
          <RiDownload2Line aria-hidden="true" className="h-4 w-4" />
          {label}
        </a>
      ) : (
        <button type="button" className={cls} disabled data-state="idle" data-testid="download-report">
          <RiDownload2Line aria-hidden="true" className="h-4 w-4" />
          {REPORT_TEXT.button}
        </button>
      )}
      <span role="status" className="sr-only">
        {state === "success" ? REPORT_TEXT.success : state === "loading" ? REPORT_TEXT.loading : ""}
      </span>
      {error ? <ErrorNotice text={error} onClose={closeError} /> : null}
    </>
  );
}
