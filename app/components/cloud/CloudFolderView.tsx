import { useLocation } from "@remix-run/react";
import type { CloudFolderData } from "~/features/cloud/folder.server";
import { CLOUD_FOLDER_TAB_LABELS, cloudFolderTabHref } from "~/features/cloud/tabs";
import type { ViewTreePage } from "~/features/tree/view-tree-page.server";
import { LoadError } from "~/components/containers/LoadError";
import { formatCount } from "~/lib/format";
import { CloudGrid } from "./CloudGrid";
import { CloudSummaryTab } from "./CloudSummaryTab";
import { CloudTabsNav } from "./CloudTabsNav";

/** A cloud folder (spec document 3, section 2.2): its Summary and AI Analysis Details tabs (cloudTabGroup). */
export function CloudFolderView({ page, data }: { page: ViewTreePage; data: CloudFolderData }) {
  const { pathname, search } = useLocation();
  return (
    <div data-testid="cloud-folder">
      <header className="mb-3 flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 className="text-xl font-semibold" data-testid="selected-name">
          {page.selected.label}
        </h2>
        <span className="muted text-sm">{page.selected.level === 0 ? "All cloud services" : page.selected.type}</span>
        <span className="muted text-sm">
          · <span data-testid="selected-count">{formatCount(page.selected.count)}</span> services · {page.view.name} · {page.filter.name}
        </span>
      </header>
      <CloudTabsNav
        label="Cloud tabs"
        testId="cloud-tabs"
        items={data.tabs.map((tab) => ({ key: tab, label: CLOUD_FOLDER_TAB_LABELS[tab], href: cloudFolderTabHref(pathname, search, tab), current: tab === data.tab }))}
      />
      {data.tab === "cloud-summary" && data.summary === "error" ? <LoadError testId="cloud-summary-error" /> : null}
      {data.tab === "cloud-summary" && data.summary && data.summary !== "error" ? (
        <CloudSummaryTab summary={data.summary} path={data.path} unitPrices={data.unitPrices} priceSources={data.priceSources} />
      ) : null}
      {data.tab === "cloud-analysis" && data.grid ? <CloudGrid grid={data.grid} /> : null}
    </div>
  );
}
