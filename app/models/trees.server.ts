/**
 * The trees of both contexts behind one entry: a request's tree scope with the right builder, and the leaves of a
 * folder (containers or cloud instances).
 */
import type { TreeNode } from "~/domain/tree/types";
import type { SessionUser } from "~/lib/auth-types";
import { validationError } from "~/lib/errors";
import { buildCloudTree, cloudLeaves } from "./cloud-tree.server";
import { buildContainerTree, containerLeaves } from "./container-tree.server";
import { folderScope, loadTreeScope, type FolderScope, type TreeArgs, type TreeBuilder, type TreeScope } from "./tree-scope.server";
import type { TreeFilter } from "./filters.server";
import type { TreeView } from "./views.server";
import type { Db } from "./treeview-common.server";

/** A leaf list larger than this is refused: the user is asked to open a deeper folder. */
export const MAX_LEAF_NODES = 10_000;

const build: TreeBuilder = (db, ctx, view, filter) => (ctx === "cloud" ? buildCloudTree(db, filter) : buildContainerTree(db, view, filter));

/** The View, Filter and tree of a request (see tree-scope.server.ts). */
export function resolveTreeScope(
  db: Db,
  user: SessionUser,
  args: TreeArgs & { reload?: boolean | null; resolved?: { view: TreeView; filter: TreeFilter } },
): Promise<TreeScope> {
  return loadTreeScope(db, user, args, build);
}

/** The tree scope and the folder a tree path names, for reads of one folder. */
export async function resolveFolderScope(db: Db, user: SessionUser, args: TreeArgs & { treeviewPath?: string | null }): Promise<FolderScope> {
  return folderScope(await resolveTreeScope(db, user, args), args.treeviewPath);
}

/** The entities under a folder as child nodes: containers (type Container) or cloud instances (service type). */
export async function getLeafNodes(db: Db, scope: FolderScope): Promise<TreeNode[]> {
  const node = scope.folder;
  if ((node.containerCount ?? 0) > MAX_LEAF_NODES) {
    throw validationError(
      `'${node.fullPath}' holds ${node.containerCount} entities; open a deeper folder (at most ${MAX_LEAF_NODES} are listed at once).`,
    );
  }
  return scope.tree.ctx === "cloud" ? cloudLeaves(db, scope, MAX_LEAF_NODES + 1) : containerLeaves(db, scope, MAX_LEAF_NODES + 1);
}
