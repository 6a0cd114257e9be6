/**
 * The per-request context every resolver receives: the store, the signed-in caller, and the request's tree scopes.
 * A request resolves each View, Filter and tree path it names once, however many fields (or aliases) ask for it:
 * the scope loaders are DataLoaders that live as long as the request.
 */
import DataLoader from "dataloader";
import type { Kysely } from "kysely";
import type { Database } from "~/db/schema";
import { getDb } from "~/db/db.server";
import type { SessionUser } from "~/lib/auth-types";
import { folderScope, type FolderScope, type TreeArgs, type TreeScope } from "~/models/tree-scope.server";
import { resolveTreeScope } from "~/models/trees.server";

export interface ScopeArgs extends TreeArgs {
  /** A folder's fullPath (with or without the root's name); empty or absent: the whole tree. */
  treeviewPath?: string | null;
  reload?: boolean | null;
}

export interface GraphQLContext {
  db: Kysely<Database>;
  user: SessionUser;
  /** The tree of a View and Filter, resolved once per request. */
  tree(args: TreeArgs & { reload?: boolean | null }): Promise<TreeScope>;
  /** The folder a tree path names in that tree, resolved once per request. */
  folder(args: ScopeArgs): Promise<FolderScope>;
  /** The address the caller reached this installation at (e.g. https://kubex.example), when known. */
  origin?: string;
}

const treeKey = (a: TreeArgs & { reload?: boolean | null }) => JSON.stringify([a.ctx ?? "", a.viewId ?? "", a.filterId ?? "", a.reload === true]);

export async function createContext(user: SessionUser, db?: Kysely<Database>, origin?: string): Promise<GraphQLContext> {
  const store = db ?? (await getDb());
  // Keys are resolved one by one (each is its own small read); the loader's part is the per-request memo.
  const trees = new DataLoader<TreeArgs & { reload?: boolean | null }, TreeScope, string>(
    (keys) => Promise.all(keys.map((k) => resolveTreeScope(store, user, k).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))))),
    { cacheKeyFn: treeKey },
  );
  return {
    db: store,
    user,
    tree: (args) => trees.load(args),
    folder: async (args) => folderScope(await trees.load(args), args.treeviewPath),
    origin,
  };
}
