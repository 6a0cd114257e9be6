import { useEffect, useRef, useState } from "react";
import { RiCloseLine, RiMenuLine } from "@remixicon/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { LARGE_SCREEN_PX, TREE_WIDTH_DEFAULT_PCT, TREE_WIDTH_MAX_PCT } from "~/lib/constants";

interface PaneState {
  open: boolean;
  width: number;
}

function storageKey(large: boolean) {
  return `kubex.treePane.${large ? "large" : "small"}`;
}

function readState(large: boolean): PaneState {
  try {
    const raw = localStorage.getItem(storageKey(large));
    if (raw) {
      const s = JSON.parse(raw) as PaneState;
      return { open: Boolean(s.open), width: Math.min(TREE_WIDTH_MAX_PCT, Math.max(0, Number(s.width) || TREE_WIDTH_DEFAULT_PCT)) };
    }
  } catch {
    // Private mode or a corrupt value: fall back to the defaults.
  }
  return { open: large, width: TREE_WIDTH_DEFAULT_PCT };
}

/**
 * The tree pane: pinned beside the content at 1280 px and wider, an overlay drawer below that. Resizable up to
 * 25 % and closable; the state is remembered per screen width. Without JavaScript a CSS checkbox opens the
 * drawer and the pinned pane keeps its default width.
 */
export function TreePane({ tree, children }: { tree: React.ReactNode; children: React.ReactNode }) {
  const [large, setLarge] = useState(true);
  const [state, setState] = useState<PaneState>({ open: true, width: TREE_WIDTH_DEFAULT_PCT });
  const hydrated = useHydrated();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const mq = window.matchMedia(`(min-width: ${LARGE_SCREEN_PX}px)`);
    const apply = () => {
      setLarge(mq.matches);
      setState(readState(mq.matches));
    };
    apply();
    mq.addEventListener("change", apply);
    return () => mq.removeEventListener("change", apply);
  }, []);

  function update(next: PaneState) {
    setState(next);
    try {
      localStorage.setItem(storageKey(large), JSON.stringify(next));
    } catch {
      // Storage unavailable: the state lasts for this page only.
    }
  }

  function startResize(e: React.PointerEvent) {
    const box = container.current?.getBoundingClientRect();
    if (!box) return;
    e.preventDefault();
    const move = (ev: PointerEvent) => {
      const pct = ((ev.clientX - box.left) / box.width) * 100;
      setState((s) => ({ ...s, width: Math.min(TREE_WIDTH_MAX_PCT, Math.max(0, Math.round(pct * 10) / 10)) }));
    };
    const up = () => {
      window.removeEventListener("pointermove", move);
      window.removeEventListener("pointerup", up);
      setState((s) => {
        const next = { ...s, open: s.width > 0 };
        try {
          localStorage.setItem(storageKey(large), JSON.stringify(next));
        } catch {
          // ignore
        }
        return next.width > 0 ? next : { open: false, width: TREE_WIDTH_DEFAULT_PCT };
      });
    };
    window.addEventListener("pointermove", move);
    window.addEventListener("pointerup", up);
  }

  const pinned = large;
  const open = hydrated ? state.open : true;
  return (
    <div ref={container} className="relative flex min-h-0 flex-1">
      <input type="checkbox" id="tree-drawer" className="peer sr-only" aria-hidden="true" tabIndex={-1} />
      {hydrated ? (
        !open ? (
          <button type="button" className="btn absolute left-2 top-2 z-20" onClick={() => update({ ...state, open: true })}>
            <RiMenuLine aria-hidden="true" className="h-4 w-4" /> Tree
          </button>
        ) : null
      ) : (
        <label htmlFor="tree-drawer" className="btn absolute left-2 top-2 z-20 cursor-pointer xl:hidden">
          <RiMenuLine aria-hidden="true" className="h-4 w-4" /> Tree
        </label>
      )}
      <aside
        aria-label="Tree pane"
        data-testid="tree-pane"
        data-mode={pinned ? "pinned" : "drawer"}
        style={pinned && hydrated ? { width: `${state.width}%` } : undefined}
        className={
          hydrated
            ? `${open ? "flex" : "hidden"} ${
                pinned
                  ? "relative shrink-0"
                  : "fixed inset-y-0 left-0 z-40 w-[85vw] max-w-sm shadow-2xl"
              } min-w-[220px] flex-col overflow-hidden border-r border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900`
            : "fixed inset-y-0 left-0 z-40 hidden w-[85vw] max-w-sm flex-col overflow-hidden border-r border-slate-200 bg-white shadow-2xl peer-checked:flex xl:relative xl:inset-auto xl:z-auto xl:flex xl:w-[20%] xl:min-w-[220px] xl:max-w-none xl:shadow-none dark:border-slate-800 dark:bg-slate-900"
        }
      >
        <div className="flex items-center justify-end px-2 pt-1">
          {hydrated ? (
            <button
              type="button"
              className="text-sm text-slate-500 hover:text-slate-800 dark:hover:text-slate-200"
              aria-label="Close tree pane"
              onClick={() => update({ ...state, open: false })}
            >
              <RiCloseLine aria-hidden="true" className="h-4 w-4" />
            </button>
          ) : (
            <label htmlFor="tree-drawer" className="cursor-pointer text-sm text-slate-500 xl:hidden" aria-label="Close tree pane">
              <RiCloseLine aria-hidden="true" className="h-4 w-4" />
            </label>
          )}
        </div>
        {tree}
        {hydrated && pinned ? (
          <div
            role="separator"
            aria-orientation="vertical"
            aria-label="Resize tree pane"
            tabIndex={0}
            onPointerDown={startResize}
            onKeyDown={(e) => {
              if (e.key === "ArrowLeft") update({ ...state, width: Math.max(5, state.width - 1) });
              if (e.key === "ArrowRight") update({ ...state, width: Math.min(TREE_WIDTH_MAX_PCT, state.width + 1) });
            }}
            className="absolute inset-y-0 right-0 w-1.5 cursor-col-resize hover:bg-sky-400/50"
          />
        ) : null}
      </aside>
      {hydrated && !pinned && open ? (
        <button
          type="button"
          aria-label="Close tree pane"
          className="fixed inset-0 z-30 bg-black/40"
          onClick={() => update({ ...state, open: false })}
        />
      ) : null}
      <section className={`min-w-0 flex-1 overflow-auto p-4 ${hydrated && !open ? "pt-14" : "pt-14 xl:pt-4"}`}>{children}</section>
    </div>
  );
}
