import { describe, expect, it } from "vitest";
import { HELP_BASE, helpHref, helpSlugFor } from "./context";
import { HELP_PAGES, helpPage, helpText } from "./pages";
import { searchHelp } from "./search";
import { HELP_TITLES, helpTitle } from "./titles";

/** One address per screen of the product (the brief's list), with the Help page it must open. */
export const SCREENS: [string, string][] = [
  ["/kubex/containers-tree", "containers-summary"],
  ["/kubex/containers-tree/tree-item?fullPath=prod&tabGroup1=summary", "containers-summary"],
  ["/kubex/containers-tree?tabGroup1=breakdown", "containers-breakdown"],
  ["/kubex/containers-tree?tabGroup1=histograms", "containers-histograms"],
  ["/kubex/containers-tree?tabGroup1=analysis-details", "containers-analysis-details"],
  ["/kubex/containers-tree?tabGroup1=policies", "policies"],
  ["/kubex/containers-tree/tree-item?entityId=c1&tabGroup2=overview", "workload"],
  ["/kubex/containers-tree/tree-item?entityId=c1&tabGroup2=metricViewer", "workload"],
  ["/kubex/containers-tree/tree-item?entityId=c1&tabGroup2=policies", "policies"],
  ["/kubex/containers-tree/manage-views", "views-filters"],
  ["/kubex/containers-tree/manage-filters", "views-filters"],
  ["/kubex/nodes-tree", "node-groups"],
  ["/kubex/nodes-tree/tree-item?type=NODEGROUP&level=2", "node-groups"],
  ["/kubex/nodes-tree?tabGroupNode=node-detail", "nodes"],
  ["/kubex/nodes-tree/tree-item?type=NODE&entityId=n1", "nodes"],
  ["/kubex/cloud-tree", "cloud-summary"],
  ["/kubex/cloud-tree?cloudTabGroup=cloud-analysis", "cloud-services"],
  ["/kubex/cloud-tree/tree-item?cloud-analysis=cloud-analysis", "cloud-services"],
  ["/kubex/cloud-tree/tree-item?entityId=i-1&cloudexPage=details", "cloud-service"],
  ["/kubex/cloud-tree/tree-item?entityId=i-1&cloudexPage=catalog", "catalog-map"],
  ["/kubex/cloud-tree/catalog-map?entityId=i-1", "catalog-map"],
  ["/kubex/collectionstatus/connections", "cluster-connections"],
  ["/kubex/cluster-connections", "cluster-connections"],
  ["/kubex/cloud/connections", "cloud-connections"],
  ["/kubex/collectionstatus/automation", "automation"],
  ["/kubex/settings", "settings"],
  ["/kubex/share?back=%2Fkubex%2Fnodes-tree", "share"],
];

const at = (address: string) => {
  const u = new URL(address, "http://x");
  return [u.pathname, u.searchParams] as const;
};

describe("help for every screen", () => {
  it.each(SCREENS)("%s opens the Help page %s, which exists", (address, slug) => {
    expect(helpSlugFor(...at(address))).toBe(slug);
    expect(helpHref(...at(address))).toBe(`${HELP_BASE}/${slug}`);
    expect(helpPage(slug)?.slug).toBe(slug);
  });

  it("has a page for every screen the brief names, the GraphQL API included, and nothing else unreachable", () => {
    const reached = new Set(SCREENS.map(([, s]) => s));
    const unreached = HELP_PAGES.map((p) => p.slug).filter((s) => !reached.has(s));
    expect(unreached).toEqual(["graphql-api"]);
  });

  it("follows the flags: without the container summary the first tab is Histograms", () => {
    expect(helpSlugFor("/kubex/containers-tree", new URLSearchParams(), { showContainerSummary: false, showPolicyTab: true })).toBe("containers-histograms");
  });

  it("sends the Help pages themselves and unknown screens to the index", () => {
    expect(helpHref("/kubex/help/nodes", new URLSearchParams())).toBe(HELP_BASE);
    expect(helpHref("/kubex/help", new URLSearchParams())).toBe(HELP_BASE);
    expect(helpHref("/kubex/somewhere", new URLSearchParams())).toBe(HELP_BASE);
    expect(helpHref("/login", new URLSearchParams())).toBe(HELP_BASE);
  });

  it("keeps the pages whole: unique slugs, related pages that exist, sections with text", () => {
    expect(new Set(HELP_PAGES.map((p) => p.slug)).size).toBe(HELP_PAGES.length);
    for (const p of HELP_PAGES) {
      for (const r of p.related ?? []) expect(helpPage(r), `${p.slug} → ${r}`).toBeDefined();
      expect(p.sections.length).toBeGreaterThan(0);
      expect(helpText(p).length).toBeGreaterThan(150);
      // Written for users: no developer references in the text.
      expect(helpText(p)).not.toMatch(/README|\.tsx?\b|decision \d|seed 42/);
    }
  });

  it("searches titles and text, with a typo, and finds nothing for nothing", () => {
    expect(searchHelp("Catalog Map")[0]?.slug).toBe("catalog-map");
    expect(searchHelp("api token").map((p) => p.slug)).toContain("settings");
    expect(searchHelp("efficency rating").map((p) => p.slug)).toContain("containers-summary");
    expect(searchHelp("node hours").map((p) => p.slug)).toContain("nodes");
    expect(searchHelp("   ")).toEqual([]);
    expect(searchHelp("zzqqxx")).toEqual([]);
  });
});

describe("the Help titles every page's header reads", () => {
  it("name exactly the Help pages, each with its page's title", () => {
    expect(Object.keys(HELP_TITLES).sort()).toEqual(HELP_PAGES.map((p) => p.slug).sort());
    for (const page of HELP_PAGES) expect(helpTitle(page.slug)).toBe(page.title);
  });

  it("answer nothing for a slug that names no page, inherited names included", () => {
    for (const slug of ["", "nope", "__proto__", "constructor", "toString"]) expect(helpTitle(slug), slug).toBeUndefined();
  });
});
