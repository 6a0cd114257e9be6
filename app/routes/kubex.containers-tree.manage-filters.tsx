import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/features/auth/session.server";
import { actManageFilters, loadManageFilters } from "~/features/views-filters/manage-filters.server";
import { FiltersDialog } from "~/components/views-filters/FiltersDialog";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadManageFilters(request, await requireUser(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return actManageFilters(request, await requireUser(request));
}

export default function ManageFilters() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const state = acted ?? loaded;
  return <FiltersDialog key={JSON.stringify(state.draft)} {...state} />;
}
