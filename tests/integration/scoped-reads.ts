/**
 * The container read models called as a request calls them: the View, Filter and folder resolved first (as the
 * GraphQL context and the page loaders do), then the read. Tests name the scope by ids, as callers do.
 */
import type { SessionUser } from "~/lib/auth-types";
import type { ScopeArgs } from "~/graphql/context.server";
import { containerOverview, folderCounts, histogramCounts, riskSummary } from "~/models/container-overview.server";
import { containerGroups, containerRows, type ContainerRowsArgs } from "~/models/container-grid.server";
import { resolveFolderScope } from "~/models/trees.server";
import type { Db } from "~/models/treeview-common.server";

const scope = (db: Db, user: SessionUser, args: ScopeArgs) => resolveFolderScope(db, user, args);

export const overviewIn = async (db: Db, user: SessionUser, args: ScopeArgs) => containerOverview(db, await scope(db, user, args));
export const histogramsIn = async (db: Db, user: SessionUser, args: ScopeArgs & { includeUnspecified?: boolean | null }) =>
  histogramCounts(db, await scope(db, user, args), args);
export const risksIn = async (db: Db, user: SessionUser, args: ScopeArgs) => riskSummary(db, await scope(db, user, args));
export const foldersIn = async (db: Db, user: SessionUser, args: ScopeArgs) => folderCounts(db, await scope(db, user, args));
export const rowsIn = async (db: Db, user: SessionUser, args: ScopeArgs & ContainerRowsArgs) => containerRows(db, await scope(db, user, args), args);
export const groupsIn = async (db: Db, user: SessionUser, args: ScopeArgs & ContainerRowsArgs & { groupBy: string }) =>
  containerGroups(db, await scope(db, user, args), args);
