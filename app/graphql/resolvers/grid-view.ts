/** Grid views (service path grid-view). Each resolver hands off to the model, which checks every right. */
import * as model from "~/models/grid-views.server";
import type { Resolver, ResolverMap } from "./types";

type ViewArgs = { gridId: string; view: string };
type IdArgs = { gridId: string; viewId: string };

const byId =
  (run: typeof model.deleteUserView): Resolver<IdArgs> =>
  (_p, { gridId, viewId }, { db, user }) =>
    run(db, user, gridId, viewId);

export const gridViewResolvers: ResolverMap = {
  Query: {
    getGridView: (async (_p, { gridId }, { db, user }) => {
      const list = await model.listGridViews(db, user, gridId);
      return { gridId: list.gridId, views: JSON.stringify(list.views) };
    }) as Resolver<{ gridId: string }>,
  },
  Mutation: {
    createOrUpdateUserView: ((_p, { gridId, view }, { db, user }) => model.createOrUpdateUserView(db, user, gridId, view)) as Resolver<ViewArgs>,
    updatePublicView: ((_p, { gridId, view }, { db, user }) => model.updatePublicView(db, user, gridId, view)) as Resolver<ViewArgs>,
    deleteUserView: byId(model.deleteUserView),
    publishUserViewAsPublic: byId(model.publishUserViewAsPublic),
    deletePublicView: byId(model.deletePublicView),
    addViewAsFavorite: byId(model.addViewAsFavorite),
    removeViewFromFavorite: byId(model.removeViewFromFavorite),
  },
};
