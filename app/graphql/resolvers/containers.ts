/**
 * Container analysis (service path containers; getParameters also at config-parameter). Each resolver checks what
 * only the API has (the spec's argument shapes) and hands off to a read model; the models check the View, Filter
 * and folder, the sort field and the page size.
 */
import { TEXT } from "~/lib/constants";
import { containerById, containerRows } from "~/models/container-grid.server";
import { containerOverview, folderCounts, histogramCounts, riskSummary, type ContainerOverview } from "~/models/container-overview.server";
import { type ScopeArgs } from "~/graphql/context.server";
import { getParameters } from "~/models/config-parameters.server";
import { validationError } from "~/lib/errors";
import { summaryCardFigures } from "~/domain/containers/summary-cards";
import type { Resolver, ResolverMap } from "./types";
import { isOwnKey } from "~/lib/own-key";

/** The spec's chart names (the analysis call's chartingEntry) and the histogram each one is. */
export const CHARTING_ENTRIES = { CPU_REQUEST: "cpuRequest", CPU_LIMIT: "cpuLimit", MEM_REQUEST: "memRequest", MEM_LIMIT: "memLimit" } as const;
type ChartingEntry = keyof typeof CHARTING_ENTRIES;

const RESOURCE_TYPES = ["CPU & Memory", "CPU", "Memory"];
const METRIC_TYPES = ["Request & Limit", "Request", "Limit"];

function chartOf(entry: string): (typeof CHARTING_ENTRIES)[ChartingEntry] {
  if (!isOwnKey(CHARTING_ENTRIES, entry)) {
    throw validationError(`Unknown chartingEntry '${entry}'; use one of ${Object.keys(CHARTING_ENTRIES).join(", ")}.`);
  }
  return CHARTING_ENTRIES[entry as ChartingEntry];
}

function oneOf(name: string, value: string | null | undefined, allowed: string[]) {
  if (value !== null && value !== undefined && !allowed.includes(value)) {
    throw validationError(`Unknown ${name} '${value}'; use one of ${allowed.join(", ")}.`);
  }
}

/**
 * The folder the analysis call names: parentValues cut to `level` names (all of them without a level), a leading
 * root name skipped, joined into a treeviewPath.
 */
export function analysisPath(level: number | null | undefined, parentValues: readonly string[] | null | undefined): string {
  let names = [...(parentValues ?? [])];
  if (names.length && names[0].trim().toLowerCase() === TEXT.rootName.toLowerCase()) names = names.slice(1);
  for (const name of names) {
    if (!name.trim()) throw validationError("parentValues cannot hold a blank folder name.");
    if (name.includes("/")) throw validationError(`parentValues holds '${name}'; a folder name cannot contain '/'.`);
  }
  const depth = level ?? names.length;
  if (!Number.isInteger(depth) || depth < 0 || depth > names.length) {
    throw validationError(`level must be a whole number from 0 to the number of parentValues below the root (${names.length}).`);
  }
  return names.slice(0, depth).join("/");
}

/** The overview as the schema shows it: the spec's flat totalCpuRequest... names beside the nested figures. */
const overviewFields = (o: ContainerOverview) => ({ ...o, ...o.fields });

type RowsArgs = ScopeArgs & {
  page?: number | null;
  pageSize?: number | null;
  sortField?: string | null;
  sortDirection?: string | null;
  search?: string | null;
  gridViewId?: string | null;
  chartingEntry?: string | null;
  bucket?: number | null;
};

type AnalysisArgs = {
  level?: number | null;
  parentValues?: string[] | null;
  viewId: string;
  viewFilterId: string;
  includeUnspecified?: boolean | null;
  resourceType?: string | null;
  metricType?: string | null;
  chartingEntry: string;
};

const getContainerDetailsByViewAndFilter: Resolver<RowsArgs> = async (_p, args, context) => {
  if ((args.chartingEntry == null) !== (args.bucket == null)) throw validationError("chartingEntry and bucket go together: give both or neither.");
  const direction = args.sortDirection?.toLowerCase();
  return containerRows(context.db, await context.folder(args), {
    page: args.page,
    pageSize: args.pageSize,
    search: args.search,
    gridViewId: args.gridViewId,
    sort: args.sortField || direction ? { field: args.sortField ?? "containerName", direction: direction as "asc" | "desc" | undefined } : null,
    bucket: args.chartingEntry != null && args.bucket != null ? { metric: chartOf(args.chartingEntry), value: args.bucket } : null,
    // The API's rows list every node of their group (its contract); the pages carry the first few and a count.
    withNodes: true,
  });
};

export const containersResolvers: ResolverMap = {
  Query: {
    getContainerOverviewByViewAndFilter: (async (_p, args, context) => overviewFields(await containerOverview(context.db, await context.folder(args)))) as Resolver<ScopeArgs>,
    getSummaryAddonsByViewAndFilter: (async (_p, args, context) => {
      const o = await containerOverview(context.db, await context.folder(args));
      // The API also answers the surplus in the spec's base units (mCores, MB).
      return { ...summaryCardFigures(o), totalCpuSurplus: o.cpu.spare, totalMemSurplus: o.memory.spare };
    }) as Resolver<ScopeArgs>,
    getContainerCountsByViewAndFilter: (async (_p, args, context) => folderCounts(context.db, await context.folder(args))) as Resolver<ScopeArgs>,
    getContainerRiskSummaryByViewAndFilter: (async (_p, args, context) => riskSummary(context.db, await context.folder(args))) as Resolver<ScopeArgs>,
    analysis: (async (_p, args, context) => {
      const chart = chartOf(args.chartingEntry);
      oneOf("resourceType", args.resourceType, RESOURCE_TYPES);
      oneOf("metricType", args.metricType, METRIC_TYPES);
      const treeviewPath = analysisPath(args.level, args.parentValues);
      const scope = await context.folder({ viewId: args.viewId, filterId: args.viewFilterId, treeviewPath });
      const h = await histogramCounts(context.db, scope, { includeUnspecified: args.includeUnspecified });
      return { bucketList: h[chart], containerCount: h.containerCount };
    }) as Resolver<AnalysisArgs>,
    getParameters: (_p, _args, { db }) => getParameters(db),
    getContainerDetailsByViewAndFilter,
    getContainerDetailsForEntity: (async (_p, { entityId }, { db }) => (await containerById(db, entityId)) ?? null) as Resolver<{ entityId: string }>,
  },
};
