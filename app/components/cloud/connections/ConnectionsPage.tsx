import { useMemo } from "react";
import type { ColumnDef } from "@tanstack/react-table";
import { RiAddLine, RiCheckboxCircleFill, RiDeleteBinLine, RiErrorWarningFill, RiPencilLine, RiRefreshLine } from "@remixicon/react";
import { DataTable } from "~/components/grid/DataTable";
import { opaquePinnedTd, type GridLook } from "~/components/grid/look";
import { DisclosureMenu } from "~/components/ui/DisclosureMenu";
import { ACCOUNTS_HEADER, CONNECTION_STEPS, CONNECTION_TEXT, PLATFORM_LABELS } from "~/domain/cloud/connections";
import type { ConnectionListItem, PageData } from "~/features/cloud/connections.server";
import { formatCount, formatDateTime } from "~/lib/format";
import { FREE_TRIAL_URLS, TEXT } from "~/lib/constants";
import { ConfirmDeleteDialog, ConnectionDialog } from "./ConnectionDialog";

export const PAGE = "/kubex/cloud/connections";
const DELETE_FORM = "connections-delete";

/** A note that shows on hover and focus (CSS only), for a button that may be disabled (which takes no focus itself). */
export function Tip({ id, text, children }: { id: string; text: string; children: React.ReactNode }) {
  return (
    <span className="group relative inline-flex" tabIndex={-1}>
      <span aria-describedby={id} className="inline-flex">
        {children}
      </span>
      <span
        id={id}
        role="tooltip"
        className="pointer-events-none invisible absolute left-0 top-full z-30 mt-1 w-64 whitespace-normal rounded-md border border-slate-200 bg-white p-2 text-xs font-normal text-slate-700 shadow-lg group-focus-within:visible group-hover:visible dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
      >
        {text}
      </span>
    </span>
  );
}

const look: GridLook<ConnectionListItem> = {
  card: "card overflow-x-auto p-0",
  thead: "text-left text-xs uppercase text-slate-500 dark:text-slate-400",
  th: "border-b border-slate-200 px-3 py-2 align-bottom font-semibold dark:border-slate-700",
  td: "whitespace-nowrap border-t border-slate-100 px-3 py-1.5 dark:border-slate-800",
  pinnedTh: "sticky left-0 z-10 bg-white dark:bg-slate-900",
  pinnedTd: opaquePinnedTd,
  row: (row) => ({ "data-testid": "connection-row", "data-connection": row.original.name }),
};

function columns(data: PageData): ColumnDef<ConnectionListItem>[] {
  const cols: ColumnDef<ConnectionListItem>[] = [];
  if (data.admin) {
    cols.push({
      id: "select",
      header: () => <span className="sr-only">Select</span>,
      cell: ({ row }) => (
        <input type="checkbox" name="id" value={row.original.id} form={DELETE_FORM} aria-label={`Select ${row.original.name}`} className="h-4 w-4" />
      ),
      meta: { th: "w-8 border-b border-slate-200 px-3 py-2 dark:border-slate-700", td: "w-8 border-t border-slate-100 px-3 py-1.5 dark:border-slate-800" },
    });
  }
  cols.push(
    {
      id: "name",
      header: "Connection Name",
      cell: ({ row }) =>
        data.admin ? (
          <a className="font-medium text-sky-700 hover:underline dark:text-sky-400" href={`${PAGE}?edit=${encodeURIComponent(row.original.id)}`}>
            {row.original.name}
          </a>
        ) : (
          <span className="font-medium">{row.original.name}</span>
        ),
    },
    { id: "platform", header: "Cloud Provider", cell: ({ row }) => PLATFORM_LABELS[row.original.platform] },
    { id: "accounts", header: ACCOUNTS_HEADER, cell: ({ row }) => formatCount(row.original.subConnectionCount), meta: { numeric: true } },
    { id: "first", header: "First Collection", cell: ({ row }) => formatDateTime(row.original.firstCollectionAt) },
    {
      id: "last",
      header: "Last Collection",
      cell: ({ row }) => {
        const c = row.original;
        return (
          <span className="inline-flex items-center gap-1">
            {formatDateTime(c.lastCollectionAt)}
            {c.lastStatus === "failed" ? (
              <span className="inline-flex items-center gap-0.5 text-red-700 dark:text-red-300" title={c.lastError ?? undefined} data-testid="collection-failed">
                <RiErrorWarningFill aria-hidden="true" className="h-4 w-4" />
                <span className="max-w-[18rem] truncate text-xs">Failed: {c.lastError}</span>
              </span>
            ) : c.lastStatus === "complete" ? (
              <RiCheckboxCircleFill aria-label="Collected" className="h-4 w-4 text-emerald-600 dark:text-emerald-400" />
            ) : null}
          </span>
        );
      },
    },
    { id: "services", header: "Latest Service Count", cell: ({ row }) => formatCount(row.original.lastServiceCount), meta: { numeric: true } },
  );
  if (data.admin) {
    cols.push({
      id: "actions",
      header: () => <span className="sr-only">Edit or delete</span>,
      cell: ({ row }) => {
        const c = row.original;
        return (
          <span className="inline-flex items-center gap-1">
            <a className="rounded p-1 hover:bg-slate-100 dark:hover:bg-slate-800" href={`${PAGE}?edit=${encodeURIComponent(c.id)}`} aria-label={`Edit ${c.name}`} title="Edit">
              <RiPencilLine aria-hidden="true" className="h-4 w-4" />
            </a>
            <a className="rounded p-1 hover:bg-slate-100 dark:hover:bg-slate-800" href={`${PAGE}?confirm=delete&id=${encodeURIComponent(c.id)}`} aria-label={`Delete ${c.name}`} title="Delete">
              <RiDeleteBinLine aria-hidden="true" className="h-4 w-4" />
            </a>
            <form method="post" className="inline">
              <input type="hidden" name="csrf" value={data.csrf} />
              <input type="hidden" name="id" value={c.id} />
              <button type="submit" name="intent" value="collect" className="rounded p-1 hover:bg-slate-100 dark:hover:bg-slate-800" aria-label={`Collect ${c.name} now`} title="Collect now">
                <RiRefreshLine aria-hidden="true" className="h-4 w-4" />
              </button>
            </form>
          </span>
        );
      },
    });
  }
  return cols;
}

function Toolbar({ data }: { data: PageData }) {
  if (data.sandbox) {
    return (
      <p className="mb-3 text-sm" data-testid="sandbox-connect">
        {TEXT.sandboxNoConnect}{" "}
        <a className="text-sky-700 underline dark:text-sky-400" href={FREE_TRIAL_URLS.cloud}>
          {TEXT.freeTrial}
        </a>
      </p>
    );
  }
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      {data.admin ? (
        <Tip id="add-tip" text={CONNECTION_TEXT.addTip}>
          <DisclosureMenu
            summary={
              <>
                <RiAddLine aria-hidden="true" className="h-4 w-4" /> {CONNECTION_TEXT.add}
              </>
            }
            summaryClassName="btn-primary cursor-pointer list-none [&::-webkit-details-marker]:hidden"
            summaryTestId="add-connection"
            panelClassName="absolute left-0 z-40 mt-1 w-40 rounded-md border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          >
            {(["aws", "azure", "gcp"] as const).map((p) => (
              <a key={p} href={`${PAGE}?add=${p}`} className="block px-3 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800" data-testid={`add-${p}`}>
                {p === "aws" ? "AWS" : p === "azure" ? "Azure" : "GCP"}
              </a>
            ))}
          </DisclosureMenu>
        </Tip>
      ) : (
        <Tip id="add-tip" text={CONNECTION_TEXT.noAddTip}>
          <button type="button" className="btn-primary" disabled data-testid="add-connection">
            <RiAddLine aria-hidden="true" className="h-4 w-4" /> {CONNECTION_TEXT.add}
          </button>
        </Tip>
      )}
      <form id={DELETE_FORM} method="get" action={PAGE}>
        <input type="hidden" name="confirm" value="delete" />
        <Tip id="delete-tip" text={data.admin ? CONNECTION_TEXT.deleteTip : CONNECTION_TEXT.noDeleteTip}>
          <button type="submit" className="btn" disabled={!data.admin} data-testid="delete-connections">
            <RiDeleteBinLine aria-hidden="true" className="h-4 w-4" /> {CONNECTION_TEXT.delete}
          </button>
        </Tip>
      </form>
    </div>
  );
}

function Instructions() {
  return (
    <section className="card mt-4" aria-labelledby="connect-steps-title" data-testid="connection-instructions">
      <h3 id="connect-steps-title" className="mb-2 font-semibold">
        How cloud data collection works
      </h3>
      <ol className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {CONNECTION_STEPS.map((s, i) => (
          <li key={s.title} className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
            <p className="font-medium">
              <span className="mr-1 inline-flex h-5 w-5 items-center justify-center rounded-full bg-sky-600 text-xs text-white">{i + 1}</span>
              {s.title}
            </p>
            <p className="muted mt-1">{s.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function ConnectionsPage({ data }: { data: PageData }) {
  const cols = useMemo(() => columns(data), [data]);
  return (
    <div className="p-4">
      <h2 className="mb-3 text-lg font-semibold">{CONNECTION_TEXT.title}</h2>
      {data.notice ? (
        <p role="status" className="mb-3 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100" data-testid="connections-notice">
          {data.notice}
        </p>
      ) : null}
      <Toolbar data={data} />
      <DataTable
        columns={cols}
        data={data.connections}
        state={{ columnPinning: { left: data.admin ? ["select", "name"] : ["name"] } }}
        rowCount={data.connections.length}
        pageCount={1}
        getRowId={(r) => r.id}
        address={{ page: () => PAGE, size: () => PAGE }}
        look={look}
        testId="connections-grid"
        label={CONNECTION_TEXT.title}
        emptyTestId="connections-empty"
      />
      {data.maxRefreshAge > -1 ? (
        <p className="muted mt-2 text-xs" data-testid="max-refresh-age">
          {CONNECTION_TEXT.footnote(data.maxRefreshAge)}
        </p>
      ) : null}
      {data.admin && !data.sandbox ? <Instructions /> : null}
      {data.dialog ? <ConnectionDialog dialog={data.dialog} csrf={data.csrf} /> : null}
      {data.confirm ? <ConfirmDeleteDialog items={data.confirm} csrf={data.csrf} /> : null}
    </div>
  );
}
