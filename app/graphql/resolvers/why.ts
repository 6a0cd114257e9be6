/**
 * Why a recommendation is what it is, over GraphQL (issue 15): Query.getContainerRecommendationWhy for one
 * container, and ContainerRow.why on the grid's rows. Each runs the engine again on one container's samples, so a
 * request gets at most WHY_PER_REQUEST of them (counted per request context); the rest answer null with an error.
 */
import { GraphQLError } from "graphql";
import { explainContainer, type ContainerWhy } from "~/analysis/explain.server";
import { explainNodeGroupById } from "~/analysis/explain-node-group.server";
import { cloudServiceWhy } from "~/analysis/explain-cloud.server";
import { getStore } from "~/db/db.server";
import { RESOURCE_KEYS } from "~/engine/containers";
import { whyUnit } from "~/engine/containers/why";
import type { GraphQLContext } from "../context.server";
import type { Resolver, ResolverMap } from "./types";

export const WHY_PER_REQUEST = 50;

const used = new WeakMap<GraphQLContext, number>();

function take(context: GraphQLContext) {
  const n = (used.get(context) ?? 0) + 1;
  used.set(context, n);
  if (n > WHY_PER_REQUEST) {
    throw new GraphQLError(`At most ${WHY_PER_REQUEST} recommendations are explained in one request; ask for the rest in pages.`, { extensions: { code: "BAD_REQUEST" } });
  }
}

/** The API's shape of an explanation. */
export function whyFields(w: ContainerWhy) {
  return {
    policyName: w.policyName,
    windowStart: new Date(w.window.fromMs).toISOString(),
    windowEnd: new Date(w.window.toMs).toISOString(),
    windowDays: w.window.days,
    samples: w.window.samples,
    expectedSamples: w.window.expectedSamples,
    hoursOfData: w.window.hoursOfData,
    analysed: w.analysed,
    reason: w.reason,
    values: w.analysed ? RESOURCE_KEYS.map((key) => ({ key, unit: whyUnit(key), steps: w.steps[key] })) : [],
    notes: w.notes,
    cpuCoreMonthPrice: w.prices.cpuCoreMonth,
    memoryGbMonthPrice: w.prices.memoryGbMonth,
    pricedAt: w.pricedAt,
    priceSource: w.priceSource,
    costSteps: w.costSteps,
    currentCost: w.costs?.current ?? null,
    recommendedCost: w.costs?.recommended ?? null,
  };
}

async function explain(entityId: string, context: GraphQLContext) {
  take(context);
  const why = await explainContainer(await getStore(), entityId);
  return why ? whyFields(why) : null;
}

export const whyResolvers: ResolverMap = {
  Query: {
    getContainerRecommendationWhy: ((_p, { entityId }, context) => explain(entityId, context)) as Resolver<{ entityId: string }>,
  },
  ContainerRow: {
    why: ((row: unknown, _args, context) => explain((row as { entityId: string }).entityId, context)) as Resolver,
  },
  // From the stored figures (no engine run): not counted against the per-request bound.
  CloudexDetail: {
    why: (async (detail: unknown) => cloudServiceWhy((await getStore()).db, (detail as { entityId: string }).entityId)) as Resolver,
  },
  NodeGroup: {
    why: (async (group: unknown) => (await explainNodeGroupById((await getStore()).db, (group as { nodeGroupId: string }).nodeGroupId))?.steps ?? []) as Resolver,
  },
};
