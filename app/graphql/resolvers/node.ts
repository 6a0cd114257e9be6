/** nodeTreeJson: the nodes tree as a JSON array. */
import { getNodeTreeJson } from "~/models/node-tree.server";
import type { ResolverMap } from "./types";

export const nodeResolvers: ResolverMap = {
  Query: {
    nodeTreeJson: (_parent, _args, { db }) => getNodeTreeJson(db),
  },
};
