import { Form, Link, useLocation, useNavigate, useNavigation, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { formatContainerCount, formatCount, formatCurrency } from "~/lib/format";
import type { DetailsGridData } from "~/features/containers/details.server";
import { PAGE_SIZES } from "~/features/containers/page-sizes";
import { COLUMN_BY_KEY, FILTER_PREFIX, type GridColumn } from "~/domain/containers/grid-columns";
import { drawerHref } from "~/features/drawers/drawer";
import { ContainerDrawer } from "~/components/drawers/ContainerDrawer";
import { FailedDrawer, MissingDrawer, PolicyDrawer } from "~/components/drawers/PolicyDrawer";
import { CellValue, fmtNumber, isNumeric, shade, unitOf, type GridRow } from "./GridCells";
import { UtilizationPanel } from "./UtilizationPanel";
import { GridViewsBar } from "~/components/grid-views/GridViewsBar";
import { EmptyGridRow } from "~/components/ui/EmptyGridRow";

/** Search debounce (spec section 9: 200 ms). */
const SEARCH_DEBOUNCE_MS = 200;
const BLANK_GROUP = "(blank)";

/** Hidden inputs that carry the address through a GET form, except the names the form sets itself. */
function Carry({ search, except }: { search: string; except: (name: string) => boolean }) {
  return (
    <>
      {[...new URLSearchParams(search)]
        .filter(([k]) => !except(k))
        .map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
    </>
  );
}

export function DetailsGrid({ grid }: { grid: DetailsGridData }) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const link = (changes: Record<string, string | null>) => {
    const p = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) p.delete(k);
      else p.set(k, v);
    }
    return `${pathname}?${p}`;
  };
  const exportHref = (format: "csv" | "xlsx") => {
    const p = new URLSearchParams(search);
    for (const k of ["page", "size", "tabGroup1", "bar", "drawer", "sel", "charts", "group", "open"]) p.delete(k);
    p.set("format", format);
    return `/kubex/containers-tree/export?${p}`;
  };
  const columns = grid.columns.map((k) => COLUMN_BY_KEY.get(k)!).filter(Boolean);
  const filterable = columns.some((c) => c.sortKey);
  const hasFilters = Object.keys(grid.filterTexts).length > 0;

  // Search as you type (trimmed, debounced 200 ms); without JavaScript the form submits.
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  const onSearch = (value: string) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const term = value.trim();
      if (term === grid.search) return;
      navigate(link({ q: term || null, page: null }), { replace: true, preventScrollReset: true });
    }, SEARCH_DEBOUNCE_MS);
  };

  const containerHref = (r: GridRow) => drawerHref(pathname, search, { kind: "container", id: r.entityId });
  const policyHref = (r: GridRow) => drawerHref(pathname, search, { kind: "policy", id: r.policyInstanceId, entityId: r.entityId });
  const closeHref = drawerHref(pathname, search, null);
  const first = (grid.page - 1) * grid.pageSize + 1;
  const shown = grid.groupBy ? grid.groups.length : grid.rows.length;
  const openGroups = new Set(new URLSearchParams(search).getAll("open"));
  const groupToggle = (value: string) => {
    const p = new URLSearchParams(search);
    const open = p.getAll("open");
    p.delete("open");
    for (const v of open.includes(value) ? open.filter((x) => x !== value) : [...open, value]) p.append("open", v);
    return `${pathname}?${p}`;
  };
  const showGroupHref = (value: string | null) => {
    const p = new URLSearchParams(search);
    for (const k of ["group", "open", "page"]) p.delete(k);
    p.set(`${FILTER_PREFIX}${grid.groupBy}`, value === null ? BLANK_GROUP : `=${value}`);
    return `${pathname}?${p}`;
  };

  const rowView = (r: GridRow, nested = false) => {
    const selected = grid.utilization.selected?.entityId === r.entityId;
    return (
      <tr
        key={r.entityId}
        data-testid="grid-row"
        aria-selected={selected}
        onClick={(e) => {
          if ((e.target as HTMLElement).closest("a,button,input")) return;
          navigate(link({ sel: r.entityId }), { replace: true, preventScrollReset: true });
        }}
        className={`h-[30px] border-t border-slate-100 min-[1281px]:h-10 dark:border-slate-800 ${selected ? "bg-sky-50 dark:bg-sky-950/40" : ""}`}
      >
        {columns.map((c, i) => (
          <td
            key={c.key}
            style={c.shade ? shade(r[c.key]) : undefined}
            className={`whitespace-nowrap px-3 py-0 ${isNumeric(c) ? "text-right tabular-nums" : ""} ${i === 0 ? `sticky left-0 ${selected ? "bg-sky-50 dark:bg-sky-950" : "bg-white dark:bg-slate-900"} ${nested ? "pl-6" : ""}` : ""}`}
          >
            <CellValue col={c} row={r} containerHref={containerHref(r)} policyHref={policyHref(r)} />
          </td>
        ))}
        <td className="w-8 px-2 text-center">
          <Link to={link({ sel: r.entityId })} replace preventScrollReset aria-label={`Show utilization charts of ${r.containerName}`} title="Show its charts below" className="text-slate-400 hover:text-sky-600">
            {selected ? "◉" : "○"}
          </Link>
        </td>
      </tr>
    );
  };

  return (
    <div className={navigation.state === "loading" ? "opacity-70 transition-opacity" : ""}>
      {grid.gridViews ? <GridViewsBar bar={grid.gridViews} /> : null}
      <div className="mb-3 flex flex-wrap items-center gap-2" data-testid="grid-toolbar">
        {/* The rows' condition, unless the views bar already names it (a built-in view or a histogram bar). */}
        {grid.gridViewTitle && grid.gridViewTitle !== grid.gridViews?.selected?.title ? (
          <span className="rounded-full bg-sky-100 px-3 py-1 text-sm text-sky-900 dark:bg-sky-900/60 dark:text-sky-100" data-testid="grid-view">
            {grid.gridViewTitle}{" "}
            <Link to={link({ gridViewId: null, page: null })} aria-label="Show all rows" className="ml-1">
              ✕
            </Link>
          </span>
        ) : null}
        {grid.unknownGridView && !grid.gridViews ? <span className="text-sm text-amber-600">Unknown grid view “{grid.unknownGridView}”: all rows are shown.</span> : null}
        <Form method="get" className="flex items-center gap-1" role="search" onSubmit={() => clearTimeout(timer.current)}>
          <Carry search={search} except={(k) => k === "q" || k === "page"} />
          <input
            type="search"
            name="q"
            defaultValue={grid.search}
            onChange={(e) => onSearch(e.currentTarget.value)}
            aria-label="Search containers"
            placeholder="Search containers…"
            className="input w-56"
            maxLength={100}
          />
          <button type="submit" className="btn">
            Search
          </button>
        </Form>
        <Form method="get" className="flex items-center gap-1">
          <Carry search={search} except={(k) => ["group", "open", "page"].includes(k)} />
          <label htmlFor="grid-group" className="muted whitespace-nowrap text-sm">
            Group by
          </label>
          <select id="grid-group" name="group" defaultValue={grid.groupBy ?? ""} className="input py-1" onChange={(e) => submit(e.currentTarget.form, { replace: true, preventScrollReset: true })}>
            <option value="">None</option>
            {grid.groupable.map((g) => (
              <option key={g.key} value={g.key}>
                {g.label}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className="btn">
              Group
            </button>
          </noscript>
        </Form>
        <ColumnsChooser grid={grid} search={search} resetHref={link({ cols: null })} />
        <span className="ml-auto flex items-center gap-1 text-sm">
          <span className="muted">Export:</span>
          {/* Plain download links (they work without JavaScript); the server streams every matching row. */}
          <a className="btn" href={exportHref("csv")} download>
            CSV
          </a>
          <a className="btn" href={exportHref("xlsx")} download>
            Excel
          </a>
        </span>
      </div>
      {grid.filterErrors.length ? (
        <div role="alert" className="mb-3 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100" data-testid="filter-errors">
          <p className="font-medium">Some filters were not applied:</p>
          <ul className="list-disc pl-5">
            {grid.filterErrors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {/* The floating filters' form: its inputs sit in the header row (form attribute), Enter applies them. */}
      <Form id="grid-filters" method="get" className="hidden">
        <Carry search={search} except={(k) => k.startsWith(FILTER_PREFIX) || k === "page"} />
      </Form>
      <div className="card relative overflow-x-auto p-0">
        <table className="w-full text-sm" data-testid="details-grid">
          <thead className="bg-slate-50 text-left text-xs text-slate-500 dark:bg-slate-800/60 dark:text-slate-400">
            <tr>
              {columns.map((c, i) => (
                <HeaderCell key={c.key} col={c} first={i === 0} grid={grid} link={link} />
              ))}
              <th scope="col" className="w-8 px-2">
                <span className="sr-only">Charts</span>
              </th>
            </tr>
            {filterable ? (
              <tr data-testid="floating-filters">
                {columns.map((c, i) => (
                  <td key={c.key} className={`px-2 py-1 ${i === 0 ? "sticky left-0 bg-slate-50 dark:bg-slate-800" : ""}`}>
                    {c.sortKey ? (
                      <input
                        form="grid-filters"
                        name={`${FILTER_PREFIX}${c.key}`}
                        defaultValue={grid.filterTexts[c.key] ?? ""}
                        aria-label={`Filter ${c.label}`}
                        placeholder={isNumeric(c) ? ">0" : c.type === "bool" ? "yes/no" : "Filter…"}
                        title={
                          isNumeric(c)
                            ? "A number, optionally after =, !=, >, >=, < or <= (e.g. >100); (blank) for no value. Enter applies."
                            : c.type === "bool"
                              ? "yes or no; Enter applies."
                              : "Text the value contains; =text for equal, !=text for different, (blank) for no value. Enter applies."
                        }
                        className="input h-7 w-full min-w-[5rem] px-1.5 py-0 text-xs font-normal normal-case"
                        maxLength={120}
                        onKeyDown={(e) => {
                          if (e.key === "Enter") {
                            e.preventDefault();
                            submit(e.currentTarget.form, { replace: true, preventScrollReset: true });
                          }
                        }}
                      />
                    ) : null}
                  </td>
                ))}
                <td className="px-2 py-1">
                  <button type="submit" form="grid-filters" className="btn px-2 py-0.5 text-xs" aria-label="Apply filters" title="Apply filters">
                    ⏎
                  </button>
                </td>
              </tr>
            ) : null}
          </thead>
          <tbody>
            {shown === 0 ? (
              <EmptyGridRow colSpan={columns.length + 1} testId="grid-empty" />
            ) : null}
            {grid.groupBy
              ? grid.groups.map((g) => {
                  const key = g.value ?? BLANK_GROUP;
                  const open = openGroups.has(key);
                  const rows = grid.groupRows.find((x) => x.value === g.value)?.rows ?? [];
                  return [
                    <tr key={`g-${key}`} className="border-t border-slate-200 bg-slate-100/70 dark:border-slate-700 dark:bg-slate-800/70" data-testid="group-row" data-count={g.count}>
                      <td colSpan={columns.length + 1} className="px-2 py-1.5">
                        <Link to={groupToggle(key)} replace preventScrollReset aria-expanded={open} className="font-medium hover:underline">
                          <span aria-hidden="true">{open ? "▾" : "▸"}</span> {grid.groupLabel}: {g.value ?? "-"}
                        </Link>
                        {" "}
                        <span className="muted ml-3 text-xs">
                          <span title={g.count.toLocaleString("en-US")}>{formatContainerCount(g.count)}</span> containers · Current Cost {formatCurrency(g.currentCost)} · Net Savings {formatCurrency(g.netSavings)} · CPU surplus {fmtNumber(g.totalCpuSurplus)} mCores · Memory surplus {fmtNumber(g.totalMemSurplus)} MB
                        </span>
                      </td>
                    </tr>,
                    ...(open ? rows.map((r) => rowView(r as unknown as GridRow, true)) : []),
                    open && g.count > rows.length ? (
                      <tr key={`more-${key}`}>
                        <td colSpan={columns.length + 1} className="px-6 py-1 text-xs">
                          <Link to={showGroupHref(g.value)} className="text-sky-700 hover:underline dark:text-sky-300">
                            Show all {formatCount(g.count)} rows of this group
                          </Link>
                        </td>
                      </tr>
                    ) : null,
                  ];
                })
              : grid.rows.map((r) => rowView(r as unknown as GridRow))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Pages" className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="muted" data-testid="grid-range">
          {shown
            ? grid.groupBy
              ? `${formatCount(first)}–${formatCount(first + shown - 1)} of ${formatCount(grid.totalGroups)} groups (${formatCount(grid.total)} rows)`
              : `${formatCount(first)}–${formatCount(first + shown - 1)} of ${formatCount(grid.total)}`
            : "0 rows"}
        </span>
        {hasFilters ? (
          <Link to={clearFilters(pathname, search)} className="text-sky-700 hover:underline dark:text-sky-300">
            Clear filters
          </Link>
        ) : null}
        <span className="flex-1" />
        {grid.page > 1 ? (
          <Link className="btn" to={link({ page: String(grid.page - 1) })}>
            ‹ Previous
          </Link>
        ) : null}
        <span>
          Page {grid.page} of {grid.lastPage}
        </span>
        {grid.page < grid.lastPage ? (
          <Link className="btn" to={link({ page: String(grid.page + 1) })}>
            Next ›
          </Link>
        ) : null}
        <span className="flex items-center gap-2 whitespace-nowrap">
          <span className="muted ml-2">Rows per page:</span>
          {PAGE_SIZES.map((s) => (
            <Link key={s} to={link({ size: String(s), page: null })} aria-current={s === grid.pageSize ? "true" : undefined} className={s === grid.pageSize ? "font-semibold underline" : "hover:underline"}>
              {s}
            </Link>
          ))}
        </span>
      </nav>
      <p className="muted mt-2 text-xs">Data is derived from past 7 days</p>
      <UtilizationPanel data={grid.utilization} />
      {grid.drawer?.kind === "container" ? <ContainerDrawer data={grid.drawer} closeHref={closeHref} /> : null}
      {grid.drawer?.kind === "policy" ? <PolicyDrawer data={grid.drawer} closeHref={closeHref} /> : null}
      {grid.drawer?.kind === "missing" ? <MissingDrawer closeHref={closeHref} /> : null}
      {grid.drawer?.kind === "error" ? <FailedDrawer closeHref={closeHref} /> : null}
    </div>
  );
}

function clearFilters(pathname: string, search: string) {
  const p = new URLSearchParams(search);
  for (const k of [...p.keys()]) if (k.startsWith(FILTER_PREFIX) || k === "page") p.delete(k);
  return `${pathname}?${p}`;
}

function HeaderCell({ col, first, grid, link }: { col: GridColumn; first: boolean; grid: DetailsGridData; link: (c: Record<string, string | null>) => string }) {
  const active = grid.sort === col.sortKey;
  const nextDir = active && grid.dir === "desc" ? "asc" : "desc";
  const unit = unitOf(col);
  const label = (
    <>
      {col.label}
      {unit ? <span className="ml-1 font-normal normal-case">({unit})</span> : null}
      {active ? (grid.dir === "asc" ? " ▲" : " ▼") : ""}
    </>
  );
  return (
    <th
      scope="col"
      aria-sort={active ? (grid.dir === "asc" ? "ascending" : "descending") : undefined}
      className={`whitespace-nowrap px-3 py-2 font-semibold uppercase ${isNumeric(col) ? "text-right" : ""} ${first ? "sticky left-0 bg-slate-50 dark:bg-slate-800" : ""}`}
    >
      {col.sortKey ? (
        <Link to={link({ sort: col.sortKey, dir: active ? nextDir : isNumeric(col) ? "desc" : "asc", page: null })} className="hover:underline">
          {label}
        </Link>
      ) : (
        label
      )}
    </th>
  );
}

/** The columns chooser: a disclosure with one checkbox per column, applied by a GET form (cols in the address). */
function ColumnsChooser({ grid, search, resetHref }: { grid: DetailsGridData; search: string; resetHref: string }) {
  const visible = new Set(grid.columns);
  return (
    <details className="relative">
      <summary className="btn cursor-pointer list-none" data-testid="columns-button">
        Columns ({grid.columns.length})
      </summary>
      <Form method="get" className="absolute left-0 z-30 mt-1 w-72 rounded-md border border-slate-200 bg-white p-3 shadow-xl dark:border-slate-700 dark:bg-slate-900">
        <Carry search={search} except={(k) => k === "cols" || k === "page"} />
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">Columns shown</legend>
          <div className="max-h-72 space-y-0.5 overflow-y-auto pr-1 text-sm">
            {grid.available.map((k) => (
              <label key={k} className="flex items-center gap-2">
                <input type="checkbox" name="cols" value={k} defaultChecked={visible.has(k)} disabled={k === "containerName"} />
                {COLUMN_BY_KEY.get(k)?.label ?? k}
              </label>
            ))}
          </div>
        </fieldset>
        <input type="hidden" name="cols" value="containerName" />
        <div className="mt-3 flex items-center gap-2">
          <button type="submit" className="btn">
            Apply
          </button>
          <Link to={resetHref} className="text-sm text-sky-700 hover:underline dark:text-sky-300">
            Default columns
          </Link>
        </div>
      </Form>
    </details>
  );
}
