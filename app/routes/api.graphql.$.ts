/** POST /api/graphql/<service>: the GraphQL API (logic in app/graphql/http.server.ts). GET and others: 405. */
import type { ActionFunctionArgs } from "@remix-run/node";
import { handleGraphQLRequest, methodNotAllowed } from "~/graphql/http.server";

export function loader() {
  return methodNotAllowed();
}

export function action({ request, params }: ActionFunctionArgs) {
  return handleGraphQLRequest(request, params["*"]);
}
