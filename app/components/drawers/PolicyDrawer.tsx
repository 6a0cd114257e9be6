import { Link, useLocation } from "@remix-run/react";
import { RiArrowRightLine } from "@remixicon/react";
import type { DrawerData } from "~/features/drawers/drawer.server";
import { policyDetailsHref } from "~/features/drawers/drawer";
import { formatCount } from "~/lib/format";
import { Drawer, DrawerSection } from "./Drawer";
import { LoadError } from "~/components/containers/LoadError";

type PolicyDrawerData = Extract<DrawerData, { kind: "policy" }>;

const plural = (n: number, word: string) => `${formatCount(n)} ${word}${n === 1 ? "" : "s"}`;

/** The policy drawer (spec 2.3): windowing, allocation ranges and resource adjustment thresholds of one policy. */
export function PolicyDrawer({ data, closeHref }: { data: PolicyDrawerData; closeHref: string }) {
  const { search } = useLocation();
  const p = data.instance;
  return (
    <Drawer
      testId="policy-drawer"
      title={p.name}
      subtitle={`${plural(p.instanceCount, "container")} in ${plural(p.accountCount, "cluster")} in this selection`}
      closeHref={closeHref}
      footer={
        <Link to={policyDetailsHref(search, data.ref.kind === "policy" ? data.ref.entityId : null)} className="btn" data-testid="view-policy-details">
          View policy details <RiArrowRightLine aria-hidden="true" className="h-4 w-4" />
        </Link>
      }
    >
      <p className="mb-4 text-sm">{p.description}</p>
      {p.parameterGroups.map((g) => (
        <DrawerSection key={g.id} title={g.name}>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
            {g.parameters.map((x) => (
              <div key={x.id} className="contents">
                <dt className="muted">{x.displayName}</dt>
                <dd className="text-right tabular-nums">{x.value}</dd>
              </div>
            ))}
          </dl>
        </DrawerSection>
      ))}
      {p.accounts.length ? (
        <DrawerSection title="Clusters">
          <ul className="text-sm">
            {p.accounts.map((a) => (
              <li key={a.infrastructureGroup} className="flex justify-between">
                <span>{a.infrastructureGroup}</span>
                <span className="tabular-nums">{formatCount(a.numInstances)}</span>
              </li>
            ))}
          </ul>
        </DrawerSection>
      ) : null}
    </Drawer>
  );
}

/** A drawer whose container or policy no longer exists (or never did). */
export function MissingDrawer({ closeHref }: { closeHref: string }) {
  return (
    <Drawer testId="missing-drawer" title="Not found" closeHref={closeHref}>
      <p className="text-sm" role="alert">
        This container or policy is not in the current analysis.
      </p>
    </Drawer>
  );
}

/** A drawer whose data failed to load: the generic error indicator (spec section 8 shows no message text). */
export function FailedDrawer({ closeHref }: { closeHref: string }) {
  return (
    <Drawer testId="failed-drawer" title="Could not load" closeHref={closeHref}>
      <LoadError testId="drawer-error" />
    </Drawer>
  );
}
