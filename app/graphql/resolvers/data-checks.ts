/** The data availability checks. */
import { hasCloudAsgData, hasCloudData, hasContainerData } from "~/models/container-tree.server";
import type { ResolverMap } from "./types";

export const dataChecksResolvers: ResolverMap = {
  Query: {
    hasContainerTransformData: (_parent, _args, { db }) => hasContainerData(db),
    hasCloudTransformData: (_parent, _args, { db }) => hasCloudData(db),
    hasCloudTransformAsgData: (_parent, _args, { db }) => hasCloudAsgData(db),
  },
};
