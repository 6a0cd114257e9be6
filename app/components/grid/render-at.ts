/** Test helper: render a component at an address on the server, inside a data router (Link, Form, useLocation). */
import { createElement, type FunctionComponent } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";

export async function renderAt(url: string, Component: FunctionComponent): Promise<string> {
  const handler = createStaticHandler([{ path: "*", Component }]);
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`the test route answered ${context.status}`);
  return renderToStaticMarkup(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
}
