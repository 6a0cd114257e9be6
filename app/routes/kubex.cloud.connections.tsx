import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireFlag } from "~/features/status/flag-gate.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireFlag(request, "cloudexShowConnections", "/kubex/cloud-tree/tree-item");
  return null;
}

export default function CloudConnections() {
  return (
    <div className="p-4">
      <h2 className="mb-1 text-lg font-semibold">Cloud Connections</h2>
      <p className="muted text-sm">
        The demo fleet's AWS, Azure and GCP accounts are collected by the built-in demo source. Connecting your own cloud accounts
        arrives with the cloud connections work (spec document 3).
      </p>
    </div>
  );
}
