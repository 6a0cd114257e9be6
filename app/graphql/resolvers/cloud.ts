/**
 * The cloud API (service paths cloudex, metrics-viewer, instance-type-analysis, dropdowns, entity): argument checks
 * only the API has (service type names, spend tolerance, paging defaults), then the read models. Folder calls
 * resolve their cloud View, Filter and tree path once per request (context.folder with ctx cloud).
 */
import { getStore } from "~/db/db.server";
import { DEFAULT_COMPARISON_SPEND_TOLERANCE, analysisScore, instanceInfo } from "~/engine/cloud";
import { notFoundError, validationError } from "~/lib/errors";
import { CLOUD_MAX_PAGE_SIZE, cloudRows, cloudSummary } from "~/models/cloud-analysis.server";
import { cloudAnalysisDomain, cloudEntityAnalysis, cloudProcessorFeatures, cloudServiceRow } from "~/models/cloud-entity.server";
import { CLOUD_METRIC_VIEWERS, cloudMetricPeek, cloudMetricSeries, type CloudMetricViewer, type CloudSeriesArgs } from "~/models/cloud-metrics.server";
import type { GraphQLContext, ScopeArgs } from "../context.server";
import { checkSpendTolerance, entityAnalysisResult, instanceInfoRow, serviceGroupOf } from "./cloud-shapes";
import type { Resolver, ResolverMap } from "./types";

const cloudFolder = (args: ScopeArgs, context: GraphQLContext) => context.folder({ ...args, ctx: "cloud" });
const unknown = (entityId: string) => notFoundError(`There is no cloud service '${entityId}'.`);

async function analysed(entityId: string) {
  const found = await cloudEntityAnalysis(await getStore(), entityId);
  if (!found) throw unknown(entityId);
  return found;
}

type DetailsArgs = ScopeArgs & {
  entityId?: string | null;
  page?: number | null;
  pageSize?: number | null;
  sortField?: string | null;
  sortDirection?: string | null;
  search?: string | null;
  gridViewId?: string | null;
};

const cloudexDetails: Resolver<DetailsArgs> = async (_p, args, context) => {
  const scope = await cloudFolder(args, context);
  if (args.entityId != null && !(await cloudServiceRow(await getStore(), args.entityId))) throw unknown(args.entityId);
  const direction = args.sortDirection?.toLowerCase();
  const page = await cloudRows(context.db, scope, {
    gridViewId: args.gridViewId,
    search: args.search,
    fuzzy: true,
    sort: args.sortField || direction ? { field: args.sortField ?? "estimatedSavings", direction: direction as "asc" | "desc" | undefined } : null,
    filters: args.entityId != null ? [{ field: "entityId", op: "eq", value: args.entityId }] : null,
    page: args.page,
    pageSize: args.pageSize ?? CLOUD_MAX_PAGE_SIZE,
  });
  return page.rows;
};

/** The series and peek of each viewer, flattened to the schema's one field per metric. */
const viewerResolvers = Object.fromEntries(
  (Object.entries(CLOUD_METRIC_VIEWERS) as [CloudMetricViewer, (typeof CLOUD_METRIC_VIEWERS)[CloudMetricViewer]][]).flatMap(([viewer, v]) => [
    [
      v.series,
      (async (_p, { entityId, ...args }) =>
        (await cloudMetricSeries(await getStore(), entityId, viewer, args)).map((b) => ({ auditUtcTimeBucket: b.auditUtcTimeBucket, entityId: b.entityId, ...b.metrics }))) as Resolver<
        CloudSeriesArgs & { entityId: string }
      >,
    ],
    [
      v.peek,
      (async (_p, { entityId, ...args }) => {
        const { metrics, ...peek } = await cloudMetricPeek(await getStore(), entityId, viewer, args);
        return { ...peek, ...metrics };
      }) as Resolver<CloudSeriesArgs & { entityId: string }>,
    ],
  ]),
);

export const cloudResolvers: ResolverMap = {
  Query: {
    cloudexFolderSummary: (async (_p, args, context) => cloudSummary(context.db, await cloudFolder(args, context))) as Resolver<ScopeArgs>,
    cloudexDetails,
    ...viewerResolvers,
    analysisDomain: ((_p, { serviceType }) =>
      cloudAnalysisDomain(serviceGroupOf(serviceType).catalog).map((d) => ({ ...d, instanceSizes: JSON.stringify(d.instanceSizes) }))) as Resolver<{ serviceType: string }>,
    analysisScore: (async (_p, { entityId }) => {
      const { analysis, nowMs } = await analysed(entityId);
      const priorities = analysisScore(analysis);
      return { entityId, mode: "BLENDED", transferPriorities: priorities ? JSON.stringify(priorities) : null, updatedOn: new Date(nowMs).toISOString() };
    }) as Resolver<{ entityId: string }>,
    analysisInstanceInfoInstanceType: (async (_p, args) => {
      const tolerance = checkSpendTolerance(args.spendTolerance ?? DEFAULT_COMPARISON_SPEND_TOLERANCE);
      const { analysis, service } = await analysed(args.entityId);
      if (!analysis.scoring) return null;
      const info = instanceInfo(analysis, args.instanceType, tolerance);
      if (!info) throw notFoundError(`Instance type '${args.instanceType}' is not in the ${analysis.scoring.rc.service} catalog of ${analysis.scoring.rc.region} (service '${service.id}').`);
      return instanceInfoRow(info);
    }) as Resolver<{ instanceType: string; entityId: string; spendTolerance?: number | null }>,
    processorFeature: ((_p, { serviceType }) => cloudProcessorFeatures(serviceGroupOf(serviceType).catalog)) as Resolver<{ serviceType: string }>,
    getEntityAnalysisResultsById: (async (_p, { entityId, serviceType }) => {
      const found = await analysed(entityId);
      if (serviceType != null && !serviceGroupOf(serviceType).services.includes(found.analysis.result.serviceType)) {
        throw validationError(`'${entityId}' is of service type ${found.analysis.result.serviceType}, not ${serviceType}.`);
      }
      return entityAnalysisResult(found);
    }) as Resolver<{ entityId: string; serviceType?: string | null }>,
  },
};
