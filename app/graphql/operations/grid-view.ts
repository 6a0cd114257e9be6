/** Service path grid-view: saved grid views (spec document 2, section 7). */
import { typed } from "./typed-document";

export interface GridViewStatus {
  status: string;
  viewId: string | null;
}
type ViewVars = { gridId: string; view: string };
type IdVars = { gridId: string; viewId: string };

export const GET_GRID_VIEW = typed<{ getGridView: { gridId: string; views: string } }, { gridId: string }>(/* GraphQL */ `
  query getGridView($gridId: String!) {
    getGridView(gridId: $gridId) { gridId views }
  }
`);

export const CREATE_OR_UPDATE_USER_VIEW = typed<{ createOrUpdateUserView: GridViewStatus }, ViewVars>(/* GraphQL */ `
  mutation createOrUpdateUserView($gridId: String!, $view: String!) {
    createOrUpdateUserView(gridId: $gridId, view: $view) { status viewId }
  }
`);

export const UPDATE_PUBLIC_VIEW = typed<{ updatePublicView: GridViewStatus }, ViewVars>(/* GraphQL */ `
  mutation updatePublicView($gridId: String!, $view: String!) {
    updatePublicView(gridId: $gridId, view: $view) { status viewId }
  }
`);

export const DELETE_USER_VIEW = typed<{ deleteUserView: GridViewStatus }, IdVars>(/* GraphQL */ `
  mutation deleteUserView($gridId: String!, $viewId: String!) {
    deleteUserView(gridId: $gridId, viewId: $viewId) { status viewId }
  }
`);

export const PUBLISH_USER_VIEW_AS_PUBLIC = typed<{ publishUserViewAsPublic: GridViewStatus }, IdVars>(/* GraphQL */ `
  mutation publishUserViewAsPublic($gridId: String!, $viewId: String!) {
    publishUserViewAsPublic(gridId: $gridId, viewId: $viewId) { status viewId }
  }
`);

export const DELETE_PUBLIC_VIEW = typed<{ deletePublicView: GridViewStatus }, IdVars>(/* GraphQL */ `
  mutation deletePublicView($gridId: String!, $viewId: String!) {
    deletePublicView(gridId: $gridId, viewId: $viewId) { status viewId }
  }
`);

export const ADD_VIEW_AS_FAVORITE = typed<{ addViewAsFavorite: GridViewStatus }, IdVars>(/* GraphQL */ `
  mutation addViewAsFavorite($gridId: String!, $viewId: String!) {
    addViewAsFavorite(gridId: $gridId, viewId: $viewId) { status viewId }
  }
`);

export const REMOVE_VIEW_FROM_FAVORITE = typed<{ removeViewFromFavorite: GridViewStatus }, IdVars>(/* GraphQL */ `
  mutation removeViewFromFavorite($gridId: String!, $viewId: String!) {
    removeViewFromFavorite(gridId: $gridId, viewId: $viewId) { status viewId }
  }
`);
