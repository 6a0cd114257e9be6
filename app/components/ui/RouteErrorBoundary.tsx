import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { ErrorPanel } from "./ErrorPanel";

/** A tree or page that fails to load shows the spec's error panel in place, inside the shell. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : undefined;
  return <ErrorPanel status={status} detail={detail} />;
}
