import { RiCloseLine } from "@remixicon/react";
import { Link, useNavigate } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

// Headless UI (about 27 KB gzip) loads only when a drawer opens in the browser, not with every page: a tree page's
// first load stays under its 200 KB budget, and until the chunk arrives the plain panel below is what shows.
const DrawerDialog = lazy(() => import("./DrawerDialog"));

/**
 * A right-hand drawer addressed by the URL. The server (and JavaScript off) renders a plain panel whose close
 * button and backdrop are links to the address without the drawer; once JavaScript runs it becomes a Headless UI
 * Dialog (focus trap, Escape, scroll lock) that closes by navigating to that same address.
 */
export function Drawer({
  title,
  subtitle,
  closeHref,
  footer,
  children,
  testId,
  wide = false,
}: {
  title: string;
  subtitle?: string;
  closeHref: string;
  footer?: React.ReactNode;
  children: React.ReactNode;
  testId: string;
  /** Room for two columns of charts (the cloud instance drawer). */
  wide?: boolean;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const close = () => navigate(closeHref, { preventScrollReset: true, replace: true });
  const head = (Title: React.ElementType) => (
    <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-3 dark:border-slate-700">
      <div className="min-w-0">
        <Title className="truncate text-lg font-semibold" id={`${testId}-title`}>
          {title}
        </Title>
        {subtitle ? <p className="muted truncate text-xs">{subtitle}</p> : null}
      </div>
      <Link to={closeHref} preventScrollReset replace aria-label="Close" className="rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 dark:hover:bg-slate-800 dark:hover:text-slate-100" data-testid="drawer-close">
        <RiCloseLine aria-hidden="true" className="h-5 w-5" />
      </Link>
    </div>
  );
  const body = (
    <>
      <div className="flex-1 overflow-y-auto px-5 py-4">{children}</div>
      {footer ? <div className="border-t border-slate-200 px-5 py-3 dark:border-slate-700">{footer}</div> : null}
    </>
  );
  const panel = `flex h-full w-full ${wide ? "max-w-5xl" : "max-w-xl"} flex-col border-l border-slate-200 bg-white shadow-2xl dark:border-slate-700 dark:bg-slate-900`;
  const plain = (
    <div className="fixed inset-0 z-50 flex justify-end">
      <a href={closeHref} className="absolute inset-0 bg-black/40" aria-label="Close" tabIndex={-1} />
      <aside role="dialog" aria-modal="true" aria-labelledby={`${testId}-title`} data-testid={testId} className={`relative ${panel}`}>
        {head("h2")}
        {body}
      </aside>
    </div>
  );
  if (!hydrated) return plain;
  return (
    <Suspense fallback={plain}>
      <DrawerDialog onClose={close} panelClassName={panel} testId={testId} head={head} body={body} />
    </Suspense>
  );
}

export function DrawerSection({ title, children, note }: { title: string; children: React.ReactNode; note?: string }) {
  return (
    <section className="mb-5">
      <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{title}</h3>
      {children}
      {note ? <p className="muted mt-1 text-xs">{note}</p> : null}
    </section>
  );
}
