import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { actPolicies, loadPolicies } from "~/features/policies/policies.server";
import { PoliciesPage } from "~/components/policies/PoliciesPage";

export const loader = ({ request }: LoaderFunctionArgs) => loadPolicies(request);
export const action = ({ request }: ActionFunctionArgs) => actPolicies(request);

export default function Policies() {
  return <PoliciesPage data={useLoaderData<typeof loader>()} result={useActionData<typeof action>()} />;
}
