import { useNavigate } from "@remix-run/react";
import { isPlainClick } from "~/components/ui/AppLink";
import { RiLoader4Line } from "@remixicon/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { TEXT } from "~/lib/constants";
import { formatContainerCount, formatCount } from "~/lib/format";
import { TreeChevron, TreeIcon } from "./tree-icons";
import { revealInScrollBox } from "./reveal";
import { fragmentKey, useServerFragments } from "~/components/server-fragments";
import { itemKeys } from "./item-keys";

export type { TreeRow } from "~/features/tree/slice";
import type { TreeRow } from "~/features/tree/slice";

export interface TreeViewProps {
  /** The page's slice made whole (expandSlice). */
  root: TreeRow;
  selectedId: string;
  showCount: boolean;
  /** URL of a JSON endpoint returning { children: TreeRow[] } for ?fullPath=... (lazy folders). */
  childrenUrl?: (row: TreeRow) => string;
  onContextMenu?: (row: TreeRow, x: number, y: number) => void;
}

/** Tree item links carry viewId, filterId and navigationFrom 'Link' in the history state (spec document 1, section 2). */
function linkState(href: string) {
  const params = new URLSearchParams(href.split("?")[1] ?? "");
  return { viewId: params.get("viewId"), filterId: params.get("filterId"), navigationFrom: "Link" };
}

function ancestorsOf(id: string): string[] {
  const parts = id.split(".");
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join("."));
}

function hasLoadedChildren(row: TreeRow, id: string): boolean {
  if (row.id === id) return Boolean(row.children?.length);
  return Boolean(row.children?.some((c) => id.startsWith(`${c.id}.`) || c.id === id ? hasLoadedChildren(c, id) : false));
}

const serverItemKeys = itemKeys();

function flatten(row: TreeRow, expanded: Set<string>, out: TreeRow[] = []) {
  out.push(row);
  if (row.children && expanded.has(row.id)) for (const c of row.children) flatten(c, expanded, out);
  return out;
}

function replaceChildren(row: TreeRow, id: string, children: TreeRow[]): TreeRow {
  if (row.id === id) return { ...row, children };
  if (!row.children || !id.startsWith(`${row.id}.`)) return row;
  return { ...row, children: row.children.map((c) => replaceChildren(c, id, children)) };
}

/**
 * An accessible tree (WAI-ARIA tree pattern). Every item is a link, so it works without JavaScript; with it,
 * arrows move and expand, Enter navigates, folders open in place and lazy folders load their children.
 */
export function TreeView({ root: initialRoot, selectedId, showCount, childrenUrl, onContextMenu }: TreeViewProps) {
  const navigate = useNavigate();
  const [root, setRoot] = useState(initialRoot);
  const [expanded, setExpanded] = useState(() => new Set([...ancestorsOf(selectedId), selectedId, "0"]));
  const [focusId, setFocusId] = useState(selectedId);
  // Arrow keys select (highlight) without navigating; Enter navigates to the highlighted item.
  const [activeId, setActiveId] = useState<string | null>(null);
  const [loading, setLoading] = useState<string | null>(null);
  const refs = useRef(new Map<string, HTMLAnchorElement>());

  useEffect(() => {
    setRoot(initialRoot);
    // Folders opened in place stay open only if the new data still holds their children.
    setExpanded((prev) => new Set([...[...prev].filter((id) => hasLoadedChildren(initialRoot, id)), ...ancestorsOf(selectedId), selectedId]));
    setFocusId(selectedId);
    setActiveId(null);
  }, [initialRoot, selectedId]);

  useEffect(() => {
    const item = refs.current.get(selectedId);
    if (item) revealInScrollBox(item);
  }, [selectedId]);

  const visible = useMemo(() => flatten(root, expanded), [root, expanded]);

  const toggle = useCallback(
    async (row: TreeRow, open?: boolean) => {
      const willOpen = open ?? !expanded.has(row.id);
      if (willOpen && !row.children && row.hasChildren && childrenUrl) {
        setLoading(row.id);
        try {
          const res = await fetch(childrenUrl(row), { headers: { Accept: "application/json" } });
          // An expired session: reload the page, which leads to sign-in (spec document 1, section 8).
          if (res.status === 401) {
            console.warn(TEXT.unauthorized);
            window.location.reload();
            return;
          }
          if (res.ok) {
            const body = (await res.json()) as { children: TreeRow[] };
            setRoot((r) => replaceChildren(r, row.id, body.children));
          }
        } catch (e) {
          console.warn("Could not load the folder's children", e);
        } finally {
          setLoading(null);
        }
      }
      setExpanded((prev) => {
        const next = new Set(prev);
        if (willOpen) next.add(row.id);
        else next.delete(row.id);
        return next;
      });
    },
    [expanded, childrenUrl],
  );

  function focusRow(id: string) {
    setFocusId(id);
    setActiveId(id);
    refs.current.get(id)?.focus();
  }

  function onKeyDown(e: React.KeyboardEvent, row: TreeRow, index: number) {
    const open = expanded.has(row.id);
    switch (e.key) {
      case "ArrowDown":
        e.preventDefault();
        if (visible[index + 1]) focusRow(visible[index + 1].id);
        break;
      case "ArrowUp":
        e.preventDefault();
        if (visible[index - 1]) focusRow(visible[index - 1].id);
        break;
      case "ArrowRight":
        e.preventDefault();
        if (row.hasChildren && !open) void toggle(row, true);
        else if (open && row.children?.[0]) focusRow(row.children[0].id);
        break;
      case "ArrowLeft":
        e.preventDefault();
        if (open && row.hasChildren && row.level > 0) void toggle(row, false);
        else if (row.level > 0) focusRow(row.id.split(".").slice(0, -1).join("."));
        break;
      case "Home":
        e.preventDefault();
        focusRow(visible[0].id);
        break;
      case "End":
        e.preventDefault();
        focusRow(visible[visible.length - 1].id);
        break;
      case "Enter":
        e.preventDefault();
        navigate(row.href);
        break;
    }
  }

  // What each visible item shows: its markup is a function of this alone (TreeItem), so on the server the items'
  // markup is made once per distinct list and reused by every page that shows the same items (issue 13).
  const itemsOf = () => visible.map((row) => itemModel(row, { selectedId, activeId, focusId, open: expanded.has(row.id), showCount, loading: loading === row.id }));
  const fragments = useServerFragments();
  const treeProps = { role: "tree", "aria-label": "Navigation tree", className: "select-none text-sm", "data-testid": "tree", "data-tour": "tree" } as const;
  if (fragments && !loading) {
    // The server renders the first state only (the selection's folders open, nothing active or loading), so the
    // items follow from the root, the selection and the count setting.
    const key = serverItemKeys(root, `${selectedId}|${showCount}`, () => fragmentKey("tree-items", itemsOf()));
    const html = fragments.html(key, () => (
      <>
        {itemsOf().map((item) => (
          <TreeItem key={item.id} item={item} />
        ))}
      </>
    ));
    return <ul {...treeProps} dangerouslySetInnerHTML={{ __html: html }} />;
  }

  return (
    <ul {...treeProps}>
      {itemsOf().map((item, index) => {
        const row = visible[index];
        return (
          <TreeItem
            key={item.id}
            item={item}
            handlers={{
              onContextMenu: onContextMenu
                ? (e) => {
                    e.preventDefault();
                    onContextMenu(row, e.clientX, e.clientY);
                  }
                : undefined,
              onToggle: () => void toggle(row),
              linkRef: (el) => {
                if (el) refs.current.set(row.id, el);
                else refs.current.delete(row.id);
              },
              onClick: (e) => {
                if (!isPlainClick(e)) return;
                e.preventDefault();
                navigate(row.href, { state: linkState(row.href) });
              },
              onKeyDown: (e) => onKeyDown(e, row, index),
              onFocus: () => setFocusId(row.id),
            }}
          />
        );
      })}
      {loading ? (
        <li role="none" className="muted px-6 py-1 text-xs">
          {TEXT.loading}
        </li>
      ) : null}
    </ul>
  );
}

/** Everything an item's markup shows (and nothing else: on the server it is the key of the items' cached markup). */
interface TreeItemModel {
  id: string;
  level: number;
  label: string;
  fullPath: string;
  type: string;
  href: string;
  hasChildren: boolean;
  open: boolean;
  selected: boolean;
  focused: boolean;
  current: boolean;
  loading: boolean;
  badge: number | undefined;
}

function itemModel(
  row: TreeRow,
  state: { selectedId: string; activeId: string | null; focusId: string; open: boolean; showCount: boolean; loading: boolean },
): TreeItemModel {
  return {
    id: row.id,
    level: row.level,
    label: row.label,
    fullPath: row.fullPath,
    type: row.type,
    href: row.href,
    hasChildren: row.hasChildren,
    open: state.open,
    selected: row.id === (state.activeId ?? state.selectedId),
    focused: row.id === state.focusId,
    current: row.id === state.selectedId,
    loading: state.loading,
    badge: state.showCount && row.count !== undefined ? row.count : undefined,
  };
}

interface TreeItemHandlers {
  onContextMenu?: (e: React.MouseEvent) => void;
  onToggle: () => void;
  linkRef: (el: HTMLAnchorElement | null) => void;
  onClick: (e: React.MouseEvent<HTMLAnchorElement>) => void;
  onKeyDown: (e: React.KeyboardEvent) => void;
  onFocus: () => void;
}

/** One item. Without handlers (the server's cached markup) it renders the same markup: handlers and refs make none. */
function TreeItem({ item, handlers }: { item: TreeItemModel; handlers?: TreeItemHandlers }) {
  return (
    <li
      role="treeitem"
      aria-level={item.level + 1}
      aria-selected={item.selected}
      aria-expanded={item.hasChildren ? item.open : undefined}
      data-node-id={item.id}
      className={`group flex items-center rounded ${item.selected ? "bg-sky-100 dark:bg-sky-900/60" : item.focused ? "bg-slate-100 dark:bg-slate-800" : ""}`}
      style={{ paddingLeft: `${item.level * 14 + 4}px` }}
      onContextMenu={handlers?.onContextMenu}
    >
      {item.hasChildren ? (
        <button
          type="button"
          tabIndex={-1}
          aria-label={item.open ? `Collapse ${item.label}` : `Expand ${item.label}`}
          className="w-5 shrink-0 text-slate-400 hover:text-slate-700 dark:hover:text-slate-200"
          onClick={handlers?.onToggle}
        >
          {item.loading ? <RiLoader4Line aria-hidden="true" className="mx-auto h-4 w-4 motion-safe:animate-spin" /> : <TreeChevron open={item.open} />}
        </button>
      ) : (
        <span className="w-5 shrink-0" />
      )}
      {/* A plain anchor, not Remix's <Link>: the app's hrefs are absolute, so nothing needs resolving, and a
          Link per item resolved it on every server render (issue 13: a folder 3 levels deep, 343 items,
          32.0 -> 26.6 ms in-process). */}
      <a
        ref={handlers?.linkRef}
        href={item.href}
        onClick={handlers?.onClick}
        tabIndex={item.focused ? 0 : -1}
        onKeyDown={handlers?.onKeyDown}
        onFocus={handlers?.onFocus}
        aria-label={item.label}
        aria-current={item.current ? "page" : undefined}
        className={`flex min-w-0 flex-1 items-center gap-1.5 py-1 pr-2 ${item.current ? "font-semibold" : ""}`}
      >
        <TreeIcon type={item.type} />
        <span className="truncate" title={item.fullPath} data-label>
          {item.label}
        </span>
      </a>
      {/* The count sits beside the link, not in it: the link's name is the item's label, and visible text
          inside a link must be part of its name (axe label-content-name-mismatch). */}
      {item.badge !== undefined ? (
        <span title={`${formatCount(item.badge)} below`} className="mr-2 shrink-0 rounded-full bg-slate-200 px-2 text-xs text-slate-700 dark:bg-slate-700 dark:text-slate-200">
          {formatContainerCount(item.badge)}
        </span>
      ) : null}
    </li>
  );
}
