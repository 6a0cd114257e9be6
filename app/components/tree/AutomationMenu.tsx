import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Banner } from "~/components/ui/Banner";
import { BANNER_MS, TEXT } from "~/lib/constants";
import type { TreeRow } from "./TreeView";

/** Right-click menu of a tree item: Enable Automation... / Disable Automation..., confirmed, then the result. */
export function AutomationMenu(props: {
  row: TreeRow;
  x: number;
  y: number;
  ctx: string;
  viewId: string;
  filterId: string;
  csrf: string;
  onClose: () => void;
}) {
  const fetcher = useFetcher<{ status?: string; error?: string }>();
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const { row } = props;
  const isEntity = Boolean(row.entityId) && !row.hasChildren;

  useEffect(() => {
    const close = (e: KeyboardEvent) => e.key === "Escape" && props.onClose();
    document.addEventListener("keydown", close);
    return () => document.removeEventListener("keydown", close);
  }, [props]);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) {
      if (fetcher.data.error) console.warn(TEXT.mutationFailed, fetcher.data.error);
      const t = setTimeout(props.onClose, BANNER_MS.automation);
      return () => clearTimeout(t);
    }
  }, [fetcher.state, fetcher.data, props.onClose]);

  const scope = isEntity ? `'${row.label}'` : `every ${row.count !== undefined ? `one of the ${row.count} ` : ""}entit${row.count === 1 ? "y" : "ies"} under '${row.label}'`;
  return (
    <div className="fixed z-50" style={{ left: Math.min(props.x, window.innerWidth - 300), top: Math.min(props.y, window.innerHeight - 200) }}>
      <div role="menu" aria-label={`Automation for ${row.label}`} className="w-72 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-xl dark:border-slate-700 dark:bg-slate-900">
        {fetcher.data ? (
          <div className="p-1">
            <Banner text={fetcher.data.status ?? fetcher.data.error ?? ""} kind={fetcher.data.error ? "error" : "success"} durationMs={BANNER_MS.automation} />
          </div>
        ) : confirming === null ? (
          <>
            <button role="menuitem" type="button" className="block w-full rounded px-3 py-2 text-left hover:bg-slate-100 dark:hover:bg-slate-800" onClick={() => setConfirming(true)} autoFocus>
              Enable Automation...
            </button>
            <button role="menuitem" type="button" className="block w-full rounded px-3 py-2 text-left hover:bg-slate-100 dark:hover:bg-slate-800" onClick={() => setConfirming(false)}>
              Disable Automation...
            </button>
          </>
        ) : (
          <fetcher.Form method="post" action="/kubex/automation" className="space-y-2 p-2">
            <p>
              {confirming ? "Enable" : "Disable"} automation for {scope}?
            </p>
            <input type="hidden" name="csrf" value={props.csrf} />
            <input type="hidden" name="ctx" value={props.ctx} />
            <input type="hidden" name="viewId" value={props.viewId} />
            <input type="hidden" name="filterId" value={props.filterId} />
            <input type="hidden" name="treeviewPath" value={row.fullPath} />
            {isEntity ? <input type="hidden" name="entityId" value={row.entityId} /> : null}
            <input type="hidden" name="enable" value={String(confirming)} />
            <div className="flex justify-end gap-2">
              <button type="button" className="btn" onClick={props.onClose}>
                Cancel
              </button>
              <button type="submit" className="btn-primary" disabled={fetcher.state !== "idle"}>
                {confirming ? "Enable" : "Disable"}
              </button>
            </div>
          </fetcher.Form>
        )}
      </div>
    </div>
  );
}
