import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { copyText } from "~/components/shell/ShareButton";

/**
 * A read-only text (a manifest, a configuration snippet) with a Copy button. Without JavaScript the text is in a
 * read-only text area to select and copy by hand, and no button is shown that would do nothing.
 */
export function CopyBlock({ text, label, rows = 12, testId }: { text: string; label: string; rows?: number; testId?: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <div className="mt-2" data-testid={testId}>
      <textarea
        readOnly
        aria-label={label}
        rows={rows}
        value={text}
        spellCheck={false}
        className="w-full rounded border border-slate-300 bg-slate-50 p-2 font-mono text-xs text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
      />
      {hydrated ? (
        <div className="mt-1 flex items-center gap-2">
          <button type="button" className="btn" onClick={() => void copyText(text).then((ok) => setCopied(ok ? "copied" : "failed"))}>
            Copy
          </button>
          <span role="status" className="text-sm">
            {copied === "copied" ? "Copied." : copied === "failed" ? "Could not copy: select the text and copy it." : ""}
          </span>
        </div>
      ) : null}
    </div>
  );
}
