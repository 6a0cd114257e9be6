import type { LoaderFunctionArgs } from "@remix-run/node";
import { RiCheckLine, RiCloseLine } from "@remixicon/react";
import { useLoaderData } from "@remix-run/react";
import { requireFlag } from "~/features/status/flag-gate.server";
import { getDb } from "~/db/db.server";
import { listAutomationSettings } from "~/models/automation-list.server";
import { formatDate } from "~/lib/format";
import { NoData } from "~/components/ui/NoData";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireFlag(request, "showAutomationNav", "/kubex/home");
  return { settings: await listAutomationSettings(await getDb()) };
}

export default function Automation() {
  const { settings } = useLoaderData<typeof loader>();
  return (
    <div className="p-4">
      <h2 className="mb-1 text-lg font-semibold">Automation</h2>
      <p className="muted mb-4 text-sm">Automation switched on or off from the tree (right-click a tree item, or use the buttons under a selection).</p>
      {settings.length === 0 ? (
        <NoData text="No automation settings yet." />
      ) : (
        <table className="card w-full p-0 text-sm">
          <thead className="text-left text-xs uppercase text-slate-500">
            <tr>
              <th className="px-4 py-2">Tree</th>
              <th className="px-4 py-2">Scope</th>
              <th className="px-4 py-2">Target</th>
              <th className="px-4 py-2">Automation</th>
              <th className="px-4 py-2">Changed by</th>
              <th className="px-4 py-2">When</th>
            </tr>
          </thead>
          <tbody>
            {settings.map((s) => (
              <tr key={s.id} className="border-t border-slate-100 dark:border-slate-800">
                <td className="px-4 py-1.5">{s.ctx}</td>
                <td className="px-4 py-1.5">{s.scope === "entity" ? "Entity" : "Tree path"}</td>
                <td className="max-w-md truncate px-4 py-1.5" title={s.target}>
                  {s.target}
                </td>
                <td className="px-4 py-1.5">
                  <span className="inline-flex items-center gap-1">
                    {s.enabled ? <RiCheckLine aria-hidden="true" className="h-4 w-4" /> : <RiCloseLine aria-hidden="true" className="h-4 w-4" />}
                    {s.enabled ? "Enabled" : "Disabled"}
                  </span>
                </td>
                <td className="px-4 py-1.5">{s.updated_by}</td>
                <td className="px-4 py-1.5">{formatDate(s.updated_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
export { RouteErrorBoundary as ErrorBoundary } from "~/components/ui/RouteErrorBoundary";
