import { RiCloseLine, RiMenuLine } from "@remixicon/react";
import { useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { TREE_WIDTH_MAX_PCT } from "~/lib/constants";
import { clampWidth, DEFAULT_TREE_PANE, formatTreePane, TREE_PANE_COOKIE, TREE_WIDTH_MIN_PCT, type TreePaneState } from "~/lib/tree-pane";

// The open and close controls are labels of the two checkboxes (they work without JavaScript); a label may not
// take the button role (axe: aria-allowed-role), so the button inside it does, and a click on it works the label.
const PLACE = "absolute left-2 top-2 z-20";
const BUTTON = "btn cursor-pointer items-center gap-1";
const CLOSE = "inline-block cursor-pointer rounded px-1 text-sm text-slate-500 hover:text-slate-800 dark:text-slate-400 dark:hover:text-slate-200";

/** The buttons inside the labels act for the keyboard once JavaScript runs (Enter or Space): a click on the label. */
function pressOnKey(e: React.KeyboardEvent<HTMLSpanElement>) {
  if (e.key === "Enter" || e.key === " ") {
    e.preventDefault();
    e.currentTarget.click();
  }
}

/**
 * The tree pane: pinned beside the content at 1280 px and wider, an overlay drawer below that; resizable from 5
 * to 25 % and closable, the state kept per screen width in a cookie (lib/tree-pane.ts). Two CSS checkboxes open
 * and close it, so the server renders exactly what the browser keeps: nothing moves when the page hydrates and a
 * click made meanwhile lands where it was aimed. JavaScript adds the cookie, dragging and keys.
 */
export function TreePane({ tree, children }: { tree: React.ReactNode; children: React.ReactNode }) {
  const initial = useRouteLoaderData<{ treePane?: TreePaneState }>("root")?.treePane ?? DEFAULT_TREE_PANE;
  const container = useRef<HTMLDivElement>(null);
  const closedLarge = useRef<HTMLInputElement>(null);
  const openSmall = useRef<HTMLInputElement>(null);
  const separator = useRef<HTMLDivElement>(null);
  const width = useRef(initial.width);

  const save = () => {
    const state: TreePaneState = { largeOpen: !closedLarge.current?.checked, width: width.current, smallOpen: Boolean(openSmall.current?.checked) };
    document.cookie = `${TREE_PANE_COOKIE}=${formatTreePane(state)}; Path=/; SameSite=Lax; Max-Age=31536000`;
  };
  const setWidth = (pct: number) => {
    width.current = clampWidth(pct);
    container.current?.style.setProperty("--tree-w", `${width.current}%`);
    separator.current?.setAttribute("aria-valuenow", String(width.current));
  };

  useEffect(() => {
    // Escape closes the drawer on narrow screens.
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && openSmall.current?.checked) {
        openSmall.current.checked = false;
        save();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  function startResize(e: React.PointerEvent) {
    const box = container.current?.getBoundingClientRect();
    if (!box) return;
    e.preventDefault();
    const move = (ev: PointerEvent) => setWidth(((ev.clientX - box.left) / box.width) * 100);
    const up = (ev: PointerEvent) => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      // Dragged (nearly) shut: the pane closes and keeps its last width for when it opens again.
      if (((ev.clientX - box.left) / box.width) * 100 < TREE_WIDTH_MIN_PCT && closedLarge.current) closedLarge.current.checked = true;
      save();
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  }

  return (
    <div ref={container} className="relative flex min-h-0 flex-1" style={{ "--tree-w": `${initial.width}%` } as React.CSSProperties}>
      <input ref={closedLarge} type="checkbox" id="tree-closed" className="peer/closed sr-only" aria-hidden="true" tabIndex={-1} defaultChecked={!initial.largeOpen} onChange={save} />
      <input ref={openSmall} type="checkbox" id="tree-open" className="peer/open sr-only" aria-hidden="true" tabIndex={-1} defaultChecked={initial.smallOpen} onChange={save} />
      <label htmlFor="tree-open" className={`${PLACE} xl:hidden`}>
        <span role="button" tabIndex={0} onKeyDown={pressOnKey} className={BUTTON}>
          <RiMenuLine aria-hidden="true" className="h-4 w-4" /> Tree
        </span>
      </label>
      <label htmlFor="tree-closed" className={`${PLACE} hidden xl:peer-checked/closed:block`}>
        <span role="button" tabIndex={0} onKeyDown={pressOnKey} className={BUTTON}>
          <RiMenuLine aria-hidden="true" className="h-4 w-4" /> Tree
        </span>
      </label>
      <aside
        aria-label="Tree pane"
        data-testid="tree-pane"
        className="fixed inset-y-0 left-0 z-40 hidden w-[85vw] min-w-[220px] max-w-sm flex-col overflow-hidden border-r border-slate-200 bg-white shadow-2xl peer-checked/open:flex xl:relative xl:inset-auto xl:z-auto xl:flex xl:w-[var(--tree-w)] xl:max-w-none xl:shrink-0 xl:shadow-none xl:peer-checked/closed:hidden dark:border-slate-800 dark:bg-slate-900"
      >
        <div className="flex items-center justify-end px-2 pt-1">
          <label htmlFor="tree-open" className="xl:hidden">
            <span role="button" tabIndex={0} onKeyDown={pressOnKey} aria-label="Close tree pane" className={CLOSE}>
              <RiCloseLine aria-hidden="true" className="h-4 w-4" />
            </span>
          </label>
          <label htmlFor="tree-closed" className="hidden xl:inline">
            <span role="button" tabIndex={0} onKeyDown={pressOnKey} aria-label="Close tree pane" className={CLOSE}>
              <RiCloseLine aria-hidden="true" className="h-4 w-4" />
            </span>
          </label>
        </div>
        {tree}
        <div
          ref={separator}
          role="separator"
          aria-orientation="vertical"
          aria-label="Resize tree pane"
          aria-valuenow={initial.width}
          aria-valuemin={TREE_WIDTH_MIN_PCT}
          aria-valuemax={TREE_WIDTH_MAX_PCT}
          tabIndex={0}
          onPointerDown={startResize}
          onKeyDown={(e) => {
            if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
            e.preventDefault();
            setWidth(width.current + (e.key === "ArrowLeft" ? -1 : 1));
            save();
          }}
          className="absolute inset-y-0 right-0 hidden w-1.5 cursor-col-resize hover:bg-sky-400/50 focus-visible:bg-sky-400/50 xl:block"
        />
      </aside>
      <label htmlFor="tree-open" aria-hidden="true" className="fixed inset-0 z-30 hidden bg-black/40 peer-checked/open:block xl:!hidden" />
      <section className="min-w-0 flex-1 overflow-auto p-4 pt-14 xl:pt-4 xl:peer-checked/closed:pt-14">{children}</section>
    </div>
  );
}
