import { useLocation } from "@remix-run/react";
import { useEffect } from "react";
import { KEEP_ALIVE_MS } from "~/lib/constants";

const KEY = "kubex.keepAlive.lastSent";

/** A HEAD to the server-info path at most every 5 minutes, tracked in session storage; failures are only logged. */
export function useKeepAlive() {
  const { pathname } = useLocation();
  useEffect(() => {
    let last = 0;
    try {
      last = Number(sessionStorage.getItem(KEY) ?? 0);
    } catch {
      // No session storage: send once per page.
    }
    if (Date.now() - last < KEEP_ALIVE_MS) return;
    try {
      sessionStorage.setItem(KEY, String(Date.now()));
    } catch {
      // ignore
    }
    fetch("/api/server-info", { method: "HEAD", credentials: "same-origin" }).catch((e) => console.warn("Keep-alive failed", e));
  }, [pathname]);
}
