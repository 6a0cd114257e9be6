import { NavLink, useLocation } from "@remix-run/react";
import { RiArrowLeftRightLine, RiBox3Line, RiCloudLine, RiServerLine, RiSettingsLine } from "@remixicon/react";
import type { FlagMap } from "~/models/feature-flags.server";
import { BASE } from "~/lib/constants";

interface NavItem {
  to: string;
  label: string;
  /** A Remix icon, decorative: the label beside it says where the link goes. */
  icon: typeof RiBox3Line;
  needsConnections?: boolean;
}

export function navItems(flags: FlagMap) {
  const containers: NavItem[] = [
    { to: `${BASE}/containers-tree`, label: "Containers", icon: RiBox3Line, needsConnections: true },
    ...(flags.showSideNavNode ? [{ to: `${BASE}/nodes-tree`, label: "Nodes", icon: RiServerLine, needsConnections: true }] : []),
  ];
  const cloud: NavItem[] = [
    { to: `${BASE}/cloud-tree`, label: "Cloud", icon: RiCloudLine },
    ...(flags.cloudexShowConnections ? [{ to: `${BASE}/cloud/connections`, label: "Cloud Connections", icon: RiArrowLeftRightLine }] : []),
  ];
  const status: NavItem[] = [
    { to: `${BASE}/collectionstatus/connections`, label: "Connections", icon: RiArrowLeftRightLine },
    ...(flags.showAutomationNav ? [{ to: `${BASE}/collectionstatus/automation`, label: "Automation", icon: RiSettingsLine }] : []),
  ];
  return { containers, cloud, status };
}

function Item({ item, hasConnections }: { item: NavItem; hasConnections: boolean }) {
  const inert = item.needsConnections && !hasConnections;
  if (inert) {
    return (
      <span
        role="link"
        aria-disabled="true"
        title="Connect a cluster to see this"
        className="flex cursor-not-allowed items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-400 opacity-50 dark:text-slate-500"
      >
        <item.icon aria-hidden="true" className="h-4 w-4 shrink-0" />
        {item.label}
      </span>
    );
  }
  return (
    <NavLink
      to={item.to}
      data-tour={`nav-${item.to.split("/").pop()?.replace("-tree", "")}`}
      prefetch="intent"
      className={({ isActive }) =>
        `flex items-center gap-2 rounded-md px-3 py-2 text-sm ${
          isActive
            ? "bg-sky-100 font-semibold text-sky-900 dark:bg-sky-900/50 dark:text-sky-100"
            : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
        }`
      }
    >
      <item.icon aria-hidden="true" className="h-4 w-4 shrink-0" />
      {item.label}
    </NavLink>
  );
}

function Group({ title, items, hasConnections }: { title: string; items: NavItem[]; hasConnections: boolean }) {
  const { pathname } = useLocation();
  const active = items.some((i) => pathname.startsWith(i.to));
  return (
    <div
      role="group"
      aria-label={title}
      data-active={active}
      className={`rounded-lg p-1 ${active ? "border-2 border-sky-500" : "border border-slate-300 dark:border-slate-700"}`}
    >
      <div className="px-2 pb-1 pt-1 text-[11px] font-semibold uppercase tracking-wide text-slate-500">{title}</div>
      {items.map((i) => (
        <Item key={i.to} item={i} hasConnections={hasConnections} />
      ))}
    </div>
  );
}

export function SideNav({ flags, hasConnections }: { flags: FlagMap; hasConnections: boolean }) {
  const { containers, cloud, status } = navItems(flags);
  // The alternative navigation bar groups links (flag kubexNavBar, i.e. {product}NavBar).
  if (flags.kubexNavBar) {
    return (
      <nav aria-label="Main" className="flex flex-col gap-3 p-2">
        {flags.showContainersNavGroup ? <Group title="Containers" items={containers} hasConnections={hasConnections} /> : null}
        {flags.showCloudNavGroup ? <Group title="Cloud" items={cloud} hasConnections={hasConnections} /> : null}
        <div className="flex flex-col gap-1">
          {status.map((i) => (
            <Item key={i.to} item={i} hasConnections={hasConnections} />
          ))}
        </div>
      </nav>
    );
  }
  return (
    <nav aria-label="Main" className="flex flex-col gap-1 p-2">
      {[...containers, ...cloud.slice(0, 1)].map((i) => (
        <Item key={i.to} item={i} hasConnections={hasConnections} />
      ))}
      <hr className="my-2 border-slate-200 dark:border-slate-700" />
      {[...status, ...cloud.slice(1)].map((i) => (
        <Item key={i.to} item={i} hasConnections={hasConnections} />
      ))}
    </nav>
  );
}
