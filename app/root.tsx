import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import stylesheet from "~/tailwind.css";
import treeIcons from "~/components/tree/tree-icons.css";
// The Latin subset of Inter, the one every page needs: preloaded so the first paint is already in Inter (the
// stylesheet's @font-face rules point at this same hashed file in public/build/_assets).
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2";
import { getTheme } from "~/lib/theme.server";
import { getTreePane } from "~/lib/tree-pane.server";
import { ErrorPanel } from "~/components/ui/ErrorPanel";
import { useNonce } from "~/components/shell/nonce";

export const links: LinksFunction = () => [
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
  { rel: "stylesheet", href: stylesheet },
  { rel: "stylesheet", href: treeIcons },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [{ title: "Kubex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return { theme: getTheme(request), treePane: getTreePane(request) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const theme = data?.theme ?? "dark";
  const nonce = useNonce();
  // A mark tests wait on ("wait for states, never for time"); nothing in the product reads it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <html lang="en" className={theme === "dark" ? "dark" : ""}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A refusal's own sentence (a 4xx thrown as text: a foreign form, a form that could not be read) is shown.
  const detail = isRouteErrorResponse(error) && status < 500 && typeof error.data === "string" ? error.data : undefined;
  return <ErrorPanel status={status} detail={detail} />;
}
