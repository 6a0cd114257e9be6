import { formatCount, formatDate } from "~/lib/format";

import type { Selectable } from "kysely";
import type { ContainerTable } from "~/db/schema";

type Facts = Selectable<ContainerTable> & { attributes: { attr_key: string; value: string }[] };

const unit = (v: number | null, u: string) => (v === null ? "Not set" : `${formatCount(v)} ${u}`);

export function ContainerFacts({ container: c }: { container: Facts }) {
  const rows: [string, string][] = [
    ["Cluster", c.cluster],
    ["Namespace", c.namespace],
    ["Pod owner", `${c.pod_owner_name} (${c.pod_owner_kind})`],
    ["Container", c.container_name],
    ["Node group", c.node_group],
    ["Policy", c.policy],
    ["Average running replicas", String(c.replicas)],
    ["CPU request", unit(c.cpu_request, "mCores")],
    ["CPU limit", unit(c.cpu_limit, "mCores")],
    ["Memory request", unit(c.mem_request, "MB")],
    ["Memory limit", unit(c.mem_limit, "MB")],
    ["First seen", formatDate(c.first_seen)],
    ["Last seen", formatDate(c.last_seen)],
    ...c.attributes.map((a) => [a.attr_key.replace(/_/g, " "), a.value] as [string, string]),
  ];
  return (
    <section className="card mt-4" aria-labelledby="facts-title">
      <h2 id="facts-title" className="mb-2 font-semibold">
        Container configuration
      </h2>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2" data-testid="container-facts">
        {rows.map(([k, v]) => (
          <div key={k} className="flex justify-between gap-2 border-b border-slate-100 py-1 dark:border-slate-800">
            <dt className="muted capitalize">{k}</dt>
            <dd className="text-right font-medium">{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
