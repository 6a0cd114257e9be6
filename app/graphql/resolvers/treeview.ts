/** Views, Filters, trees and automation switches (service path treeview). Each resolver hands off to a model. */
import { SERVER_MAX_FILTER_LINES, SERVER_MAX_VIEW_LEVELS } from "~/lib/constants";
import { isModelError } from "~/lib/errors";
import { parseCtx } from "~/models/treeview-common.server";
import { deleteView, getViewDetails, listAvailableProperties, listViews, saveView, type ViewDefInput } from "~/models/views.server";
import { deleteFilter, getFilterDetails, listFilters, saveFilter, type ViewFilterInput } from "~/models/filters.server";
import { treeJson } from "~/models/tree-scope.server";
import { getLeafNodes } from "~/models/trees.server";
import { setEntityAutomationStatus, setTreePathAutomationStatus } from "~/models/automation.server";
import type { Resolver, ResolverMap } from "./types";

type Ctx = { ctx?: string | null };

/** Deletes answer a status instead of an error: 'ok', or the reason shown in the 'Delete Error' dialog. */
async function deleteStatus(run: () => Promise<{ name: string }>, kind: "View" | "Filter") {
  try {
    const { name } = await run();
    return { status: "ok", message: `${kind} '${name}' deleted.` };
  } catch (e) {
    if (isModelError(e)) return { status: e.text, message: e.text };
    throw e;
  }
}

const getViewDefinitions: Resolver<Ctx> = (_p, { ctx }, { db, user }) => listViews(db, user, ctx);
const getFilterDefinitions: Resolver<Ctx> = (_p, { ctx }, { db, user }) => listFilters(db, user, ctx);

export const treeviewResolvers: ResolverMap = {
  Query: {
    getViewDefinitions,
    getFilterDefinitions,
    getAllAvailableProperties: ((_p, { ctx, filters }) => ({
      propertyList: listAvailableProperties(parseCtx(ctx), filters === true),
    })) as Resolver<Ctx & { filters?: boolean | null }>,
    getMaxFilterLines: ((_p, { filters }) => (filters === true ? SERVER_MAX_FILTER_LINES : SERVER_MAX_VIEW_LEVELS)) as Resolver<{
      filters?: boolean | null;
    }>,
    getViewDetails: ((_p, { viewId, ctx }, { db, user }) => getViewDetails(db, user, viewId, ctx)) as Resolver<Ctx & { viewId: string }>,
    getFilterDetails: ((_p, { filterId, ctx }, { db, user }) => getFilterDetails(db, user, filterId, ctx)) as Resolver<
      Ctx & { filterId: string }
    >,
    getFolderListJson: (async (_p, args, context) => treeJson(await context.tree(args))) as Resolver<
      Ctx & { viewId: string; filterId: string; analyzedOnly?: boolean | null; reload?: boolean | null }
    >,
    getLeafListJson: (async (_p, args, context) => JSON.stringify(await getLeafNodes(context.db, await context.folder(args)))) as Resolver<
      Ctx & { viewId: string; filterId: string; treeviewPath: string; analyzedOnly?: boolean | null }
    >,
  },
  Mutation: {
    saveOrUpdateView: ((_p, { viewDef, ctx }, { db, user }) => saveView(db, user, viewDef, ctx)) as Resolver<Ctx & { viewDef: ViewDefInput }>,
    deleteView: ((_p, { viewId, ctx }, { db, user }) => deleteStatus(() => deleteView(db, user, viewId, ctx), "View")) as Resolver<
      Ctx & { viewId: string; viewName: string }
    >,
    saveOrUpdateViewFilter: ((_p, { viewFilter, ctx }, { db, user }) => saveFilter(db, user, viewFilter, ctx)) as Resolver<
      Ctx & { viewFilter: ViewFilterInput }
    >,
    deleteViewFilter: ((_p, { filterId, ctx }, { db, user }) => deleteStatus(() => deleteFilter(db, user, filterId, ctx), "Filter")) as Resolver<
      Ctx & { filterId: string; filterName: string }
    >,
    setEntityAutomationStatus: ((_p, args, { db, user }) => setEntityAutomationStatus(db, user, args)) as Resolver<
      Ctx & { viewId: string; filterId: string; treeviewPath: string; entityId: string; enableAutomation: boolean }
    >,
    setTreePathAutomationStatus: ((_p, args, { db, user }) => setTreePathAutomationStatus(db, user, args)) as Resolver<
      Ctx & { viewId: string; filterId: string; treeviewPath: string; enableAutomation: boolean }
    >,
    setAutomationStatusByTreePath: (async (_p, args, { db, user }) => ({
      status: "SUCCESS",
      message: await setTreePathAutomationStatus(db, user, args),
    })) as Resolver<Ctx & { viewId: string; filterId: string; treeviewPath: string; enableAutomation: boolean }>,
    setAutomationStatusForEntity: (async (_p, args, { db, user }) => ({
      status: "SUCCESS",
      message: await setEntityAutomationStatus(db, user, args),
    })) as Resolver<Ctx & { viewId: string; filterId: string; treeviewPath: string; entityId: string; enableAutomation: boolean }>,
  },
};
