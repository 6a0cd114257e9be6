import { useEffect, useState } from "react";
import { BANNER_MS } from "~/lib/constants";

const KIND_CLASS = {
  info: "border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-800 dark:bg-sky-950/70 dark:text-sky-100",
  success: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950/70 dark:text-emerald-100",
  warning: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950/70 dark:text-amber-100",
  error: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/70 dark:text-red-100",
} as const;

const suppressedKey = (key: string) => `kubex.banner.suppressed.${key}`;

/**
 * The transient message banner: fades out after its duration (default 5 s) and, when it has a suppress key,
 * offers "Don't show again", remembered in local storage. Without JavaScript it simply stays.
 */
export function Banner({
  text,
  kind = "info",
  durationMs = BANNER_MS.default,
  suppressKey,
}: {
  text: string;
  kind?: keyof typeof KIND_CLASS;
  durationMs?: number;
  suppressKey?: string;
}) {
  const [phase, setPhase] = useState<"shown" | "fading" | "gone">("shown");
  useEffect(() => {
    setPhase("shown");
    if (suppressKey) {
      try {
        if (localStorage.getItem(suppressedKey(suppressKey)) === "1") {
          setPhase("gone");
          return;
        }
      } catch {
        // Storage unavailable: show the banner.
      }
    }
    const fade = setTimeout(() => setPhase("fading"), Math.max(0, durationMs - 200));
    const gone = setTimeout(() => setPhase("gone"), durationMs);
    return () => {
      clearTimeout(fade);
      clearTimeout(gone);
    };
  }, [text, durationMs, suppressKey]);

  if (phase === "gone") return null;
  return (
    <div
      role={kind === "error" ? "alert" : "status"}
      data-duration={durationMs}
      className={`mb-2 flex flex-wrap items-start gap-x-3 gap-y-1 rounded-md border px-3 py-2 text-sm transition-opacity duration-200 ${KIND_CLASS[kind]} ${
        phase === "fading" ? "opacity-0" : "opacity-100"
      }`}
    >
      {/* At least 10rem of text before the action wraps under it: in the narrow tree pane the text used to wrap every ~10 characters beside "Don't show again". */}
      <span className="min-w-[10rem] flex-1" data-testid="banner-text">
        {text}
      </span>
      {suppressKey ? (
        <button
          type="button"
          className="text-xs underline"
          onClick={() => {
            try {
              localStorage.setItem(suppressedKey(suppressKey), "1");
            } catch {
              // ignore
            }
            setPhase("gone");
          }}
        >
          Don&apos;t show again
        </button>
      ) : null}
    </div>
  );
}
