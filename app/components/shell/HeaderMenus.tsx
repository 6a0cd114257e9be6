import { Form, useLocation } from "@remix-run/react";
import { RiArrowDownSLine, RiMoonLine, RiQuestionMark, RiSunLine } from "@remixicon/react";
import type { SessionUser } from "~/lib/auth-types";
import { HELP_BASE, helpHref, type HelpFlags } from "~/features/help/context";
import { helpTitle } from "~/features/help/titles";
import { useDisclosureMenu } from "~/components/ui/useDisclosureMenu";

/** Menus are <details> so they open and close without JavaScript too. */
function MenuShell({ label, summary, children }: { label?: string; summary: React.ReactNode; children: React.ReactNode }) {
  const menu = useDisclosureMenu();
  return (
    <details ref={menu} className="group relative">
      <summary aria-label={label} className="btn cursor-pointer list-none [&::-webkit-details-marker]:hidden">
        {summary}
      </summary>
      <div
        role="menu"
        className="absolute right-0 z-50 mt-1 max-h-[300px] min-w-48 overflow-auto rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {children}
      </div>
    </details>
  );
}

const itemClass = "block w-full rounded px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800";

/**
 * Help: the Help page of the screen the user is on (decision 026), the documentation served by the product (the
 * Help index; the spec's external documentation host does not exist for a self-hosted install) and the tour.
 */
export function HelpMenu({ showTour, flags }: { showTour: boolean; flags?: HelpFlags }) {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  const here = helpHref(pathname, params, flags);
  const title = here === HELP_BASE ? undefined : helpTitle(here.slice(HELP_BASE.length + 1));
  params.set("tour", "welcome");
  return (
    <MenuShell label="Help" summary={<RiQuestionMark aria-hidden="true" className="h-4 w-4" />}>
      {title ? (
        <a role="menuitem" className={itemClass} href={here} data-testid="help-for-screen">
          Help: {title}
        </a>
      ) : null}
      <a role="menuitem" className={itemClass} href={HELP_BASE}>
        Documentation
      </a>
      {showTour ? (
        <a role="menuitem" className={itemClass} href={`${pathname}?${params}`}>
          Product Tour
        </a>
      ) : null}
    </MenuShell>
  );
}

export function ThemeToggle({ theme }: { theme: "dark" | "light" }) {
  const { pathname, search } = useLocation();
  const next = theme === "dark" ? "light" : "dark";
  return (
    <Form method="post" action="/theme" reloadDocument={false}>
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button type="submit" className="btn" aria-label={`Switch to ${next} theme`} title={`Switch to ${next} theme`}>
        {theme === "dark" ? <RiSunLine aria-hidden="true" className="h-4 w-4" /> : <RiMoonLine aria-hidden="true" className="h-4 w-4" />}
      </button>
    </Form>
  );
}

export function UserMenu({ user, csrf }: { user: SessionUser; csrf: string }) {
  return (
    <MenuShell
      summary={
        <>
          {/* The name is the visible text with what the button is (axe: the accessible name contains the visible text). */}
          <span className="sr-only">User menu: </span>
          {user.userName} <RiArrowDownSLine aria-hidden="true" className="h-4 w-4" />
        </>
      }
    >
      <p className="px-3 py-2 text-xs text-slate-500">
        {user.email}
        {user.isAdmin ? " · administrator" : ""}
      </p>
      <a role="menuitem" className={itemClass} href="/kubex/settings">
        Settings and API tokens
      </a>
      <a role="menuitem" className={itemClass} href="/kubex/policies">
        Policies
      </a>
      <Form method="post" action="/logout">
        <input type="hidden" name="csrf" value={csrf} />
        <button role="menuitem" type="submit" className={itemClass}>
          Sign out
        </button>
      </Form>
    </MenuShell>
  );
}
