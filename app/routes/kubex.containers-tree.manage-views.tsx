import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/features/auth/session.server";
import { actManageViews, loadManageViews } from "~/features/views-filters/manage-views.server";
import { ViewsDialog } from "~/components/views-filters/ViewsDialog";

export async function loader({ request }: LoaderFunctionArgs) {
  return loadManageViews(request, await requireUser(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return actManageViews(request, await requireUser(request));
}

export default function ManageViews() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const state = acted ?? loaded;
  // Remounting on each new draft resets the uncontrolled fields to the server's state.
  return <ViewsDialog key={JSON.stringify(state.draft)} {...state} />;
}
