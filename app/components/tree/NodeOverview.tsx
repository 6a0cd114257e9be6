import { Link } from "@remix-run/react";
import { formatCount } from "~/lib/format";
import type { NodeTreePage } from "~/features/tree/node-tree-page.server";
import { Breadcrumb } from "./Breadcrumb";

const TYPE_LABEL: Record<string, string> = { ROOT: "All clusters", CLUSTER: "Cluster", NODEGROUP: "Node group", NODE: "Node" };

export function NodeOverview({ page }: { page: NodeTreePage }) {
  const { selected } = page;
  return (
    <div>
      <Breadcrumb items={page.breadcrumb} />
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="card">
          <p className="muted text-xs uppercase">{TYPE_LABEL[selected.type] ?? selected.type}</p>
          <p className="mt-1 truncate text-lg font-semibold" data-testid="selected-name">
            {selected.label}
          </p>
        </div>
        <div className="card">
          <p className="muted text-xs uppercase">Nodes</p>
          <p className="mt-1 text-2xl font-semibold">{formatCount(selected.count)}</p>
        </div>
      </div>
      {selected.children.length ? (
        <ul className="card mt-4 divide-y divide-slate-100 p-0 text-sm dark:divide-slate-800">
          {selected.children.map((c) => (
            <li key={c.id} className="flex justify-between px-4 py-1.5">
              <Link to={c.href} className="text-sky-700 hover:underline dark:text-sky-300">
                {c.label}
              </Link>
              <span className="tabular-nums">{formatCount(c.count)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
