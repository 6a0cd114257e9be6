import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { RiMenuLine } from "@remixicon/react";
import { Outlet, useLoaderData, useLocation, type ShouldRevalidateFunction } from "@remix-run/react";
import { loadShell } from "~/features/shell/shell.server";
import { SideNav } from "~/components/shell/SideNav";
import { ShareButton } from "~/components/shell/ShareButton";
import { HelpMenu, ThemeToggle, UserMenu } from "~/components/shell/HeaderMenus";
import { pageTitle } from "~/features/shell/page-title";
import { NavigationProgress } from "~/components/ui/Spinner";
import { useKeepAlive } from "~/components/shell/useKeepAlive";
import { ProductTour } from "~/components/tour/ProductTour";

export const meta: MetaFunction<typeof loader> = ({ location, data }) => [
  { title: `${pageTitle(location.pathname, new URLSearchParams(location.search), data?.flags)} | Kubex` },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const { data, headers } = await loadShell(request);
  return json(data, { headers });
}

// The shell's data (user, flags) does not change with tree selection or tabs.
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, currentUrl, nextUrl, defaultShouldRevalidate }) =>
  formMethod && formMethod !== "GET" ? defaultShouldRevalidate : currentUrl.pathname.split("/")[2] !== nextUrl.pathname.split("/")[2];

export default function KubexShell() {
  const { user, flags, hasConnections, theme, csrf } = useLoaderData<typeof loader>();
  const location = useLocation();
  useKeepAlive();
  const title = pageTitle(location.pathname, new URLSearchParams(location.search), flags);
  return (
    <div className="flex min-h-screen">
      <NavigationProgress />
      <aside className="hidden w-52 shrink-0 border-r border-slate-200 bg-white md:block dark:border-slate-800 dark:bg-slate-900">
        <a href="/kubex" className="flex items-center gap-2 px-4 py-3 text-lg font-bold">
          <img src="/favicon.svg" alt="" width={24} height={24} /> Kubex
        </a>
        <SideNav flags={flags} hasConnections={hasConnections} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900">
          <details className="md:hidden">
            <summary className="btn cursor-pointer list-none" aria-label="Navigation">
              <RiMenuLine aria-hidden="true" className="h-5 w-5" />
            </summary>
            <div className="absolute z-50 mt-1 w-56 rounded-md border border-slate-200 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-900">
              <SideNav flags={flags} hasConnections={hasConnections} />
            </div>
          </details>
          {/* On a phone the buttons take the first row and the title the whole second one (it was cut to "C."). */}
          <span className="flex-1 md:hidden" aria-hidden="true" />
          <h1 className="order-last min-w-0 basis-full truncate text-base font-semibold md:order-none md:flex-1 md:basis-0" data-testid="page-title">
            {title}
          </h1>
          <span data-tour="share">
            <ShareButton />
          </span>
          <HelpMenu showTour={flags.kubexShowProductTour} flags={flags} />
          <ThemeToggle theme={theme} />
          <UserMenu user={user} csrf={csrf} />
        </header>
        <main className="flex min-h-0 flex-1 flex-col">
          <Outlet />
        </main>
        {flags.kubexShowProductTour ? <ProductTour /> : null}
      </div>
    </div>
  );
}
