import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import { RiArrowDownSLine } from "@remixicon/react";
import { Link, useSubmit } from "@remix-run/react";
import { useHydrated } from "remix-utils/use-hydrated";
import { GRID_VIEWS_ACTION } from "~/domain/grid-views/texts";
import { IntentForm, useCsrf, useReturnTo } from "./hidden";

export type ViewAction =
  | { kind: "post"; key: string; label: string; intent: string; viewId?: string; disabled?: boolean; note?: string }
  | { kind: "link"; key: string; label: string; href: string };

const ITEM =
  "block w-full rounded px-3 py-1.5 text-left text-sm hover:bg-slate-100 data-[focus]:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-50 data-[disabled]:cursor-not-allowed dark:hover:bg-slate-800 dark:data-[focus]:bg-slate-800";
const PANEL = "z-30 mt-1 w-60 rounded-md border border-slate-200 bg-white p-1 shadow-xl dark:border-slate-700 dark:bg-slate-900";

/** The view actions (Create, Duplicate, Rename, Delete, Make public): a Headless UI menu, or a plain list of forms without JavaScript. */
export function ViewActions({ gridId, actions }: { gridId: string; actions: ViewAction[] }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const csrf = useCsrf();
  const returnTo = useReturnTo();
  const note = (a: ViewAction) => (a.kind === "post" && a.note ? <span className="block text-xs text-slate-500 dark:text-slate-400">{a.note}</span> : null);

  if (!hydrated) {
    return (
      <details className="relative" data-testid="grid-view-actions">
        <summary className="btn cursor-pointer list-none">
          Actions <RiArrowDownSLine aria-hidden="true" className="h-4 w-4" />
        </summary>
        <div className={`absolute right-0 ${PANEL}`}>
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
                {note(a)}
              </div>
            ),
          )}
        </div>
      </details>
    );
  }
  return (
    <Menu as="div" className="relative" data-testid="grid-view-actions">
      <MenuButton className="btn">
        Actions <RiArrowDownSLine aria-hidden="true" className="h-4 w-4" />
      </MenuButton>
      <MenuItems anchor="bottom end" className={PANEL}>
        {actions.map((a) =>
          a.kind === "link" ? (
            <MenuItem key={a.key} as={Link} to={a.href} className={ITEM} data-testid={`grid-view-${a.key}`}>
              {a.label}
            </MenuItem>
          ) : (
            <MenuItem
              key={a.key}
              as="button"
              type="button"
              disabled={a.disabled}
              className={ITEM}
              data-testid={`grid-view-${a.key}`}
              onClick={() => submit({ csrf, gridId, intent: a.intent, viewId: a.viewId ?? "", returnTo }, { method: "post", action: GRID_VIEWS_ACTION })}
            >
              <span className={a.disabled ? "opacity-60" : undefined}>{a.label}</span>
              {note(a)}
            </MenuItem>
          ),
        )}
      </MenuItems>
    </Menu>
  );
}
