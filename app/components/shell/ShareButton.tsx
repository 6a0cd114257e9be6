import { useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { BANNER_MS, TEXT } from "~/lib/constants";
import { RiShareBoxLine } from "@remixicon/react";

export type ShareStatus = "idle" | "loading" | "success" | "error";

/** Pages add their own query parameters to a shared address through this hook-free registry. */
const contributors = new Set<() => Record<string, string>>();
export function addShareContributor(fn: () => Record<string, string>) {
  contributors.add(fn);
  return () => contributors.delete(fn);
}

export function shareUrl(href: string): string {
  const url = new URL(href);
  // A shared link opens the page, not the sender's tour step.
  url.searchParams.delete("tour");
  for (const fn of contributors) for (const [k, v] of Object.entries(fn())) url.searchParams.set(k, v);
  return url.toString();
}

function legacyCopy(text: string): boolean {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let ok = false;
  try {
    ok = document.execCommand("copy");
  } catch {
    ok = false;
  }
  document.body.removeChild(area);
  return ok;
}

export async function copyText(text: string): Promise<boolean> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      return legacyCopy(text);
    }
  }
  return legacyCopy(text);
}

/**
 * Copies the current address. Without JavaScript the same control is a link to a page that shows the address
 * ready to copy.
 */
export function ShareButton() {
  const [status, setStatus] = useState<ShareStatus>("idle");
  const hydrated = useHydrated();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  async function share() {
    setStatus("loading");
    const ok = await copyText(shareUrl(window.location.href));
    setStatus(ok ? "success" : "error");
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setStatus("idle"), BANNER_MS.copy);
  }

  return (
    <div className="relative">
      {hydrated ? (
        <button type="button" className="btn" onClick={share} disabled={status === "loading"} data-status={status}>
          <RiShareBoxLine aria-hidden="true" className="h-4 w-4" /> Share
        </button>
      ) : (
        <a className="btn" href="/kubex/share">
          <RiShareBoxLine aria-hidden="true" className="h-4 w-4" /> Share
        </a>
      )}
      <div aria-live="polite" className="absolute right-0 top-full z-50 mt-1 whitespace-nowrap">
        {status === "success" ? (
          <p role="status" className="rounded-md bg-emerald-600 px-3 py-1.5 text-sm text-white shadow">
            {TEXT.copied}
          </p>
        ) : status === "error" ? (
          <p role="status" className="rounded-md bg-red-600 px-3 py-1.5 text-sm text-white shadow">
            {TEXT.copyFailed}
          </p>
        ) : null}
      </div>
    </div>
  );
}
