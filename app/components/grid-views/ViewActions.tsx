import { RiArrowDownSLine } from "@remixicon/react";
import { Link } from "@remix-run/react";
import { DisclosureMenu } from "~/components/ui/DisclosureMenu";
import { IntentForm } from "./hidden";

export type ViewAction =
  | { kind: "post"; key: string; label: string; intent: string; viewId?: string; disabled?: boolean; note?: string }
  | { kind: "link"; key: string; label: string; href: string };

const ITEM =
  "block w-full rounded px-3 py-1.5 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800";
const PANEL = "absolute right-0 z-30 mt-1 w-60 rounded-md border border-slate-200 bg-white p-1 shadow-xl dark:border-slate-700 dark:bg-slate-900";

/**
 * The view actions (Create, Duplicate, Rename, Delete, Make public): a menu of links and one-button forms, the
 * same with and without JavaScript (forms post through Remix when it runs).
 */
export function ViewActions({ gridId, actions }: { gridId: string; actions: ViewAction[] }) {
  return (
    <DisclosureMenu
      summary={
        <>
          Actions <RiArrowDownSLine aria-hidden="true" className="h-4 w-4" />
        </>
      }
      summaryClassName="btn inline-flex cursor-pointer list-none items-center gap-1 [&::-webkit-details-marker]:hidden"
      testId="grid-view-actions"
      panelClassName={PANEL}
    >
      {actions.map((a) =>
        a.kind === "link" ? (
          <Link key={a.key} to={a.href} className={ITEM} data-testid={`grid-view-${a.key}`}>
            {a.label}
          </Link>
        ) : (
          <div key={a.key}>
            <IntentForm gridId={gridId} intent={a.intent} viewId={a.viewId} buttonClassName={ITEM} disabled={a.disabled} testId={`grid-view-${a.key}`}>
              {a.label}
            </IntentForm>
            {a.note ? <span className="block px-3 text-xs text-slate-500 dark:text-slate-400">{a.note}</span> : null}
          </div>
        ),
      )}
    </DisclosureMenu>
  );
}
