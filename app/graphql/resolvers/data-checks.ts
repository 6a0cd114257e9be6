/** The data availability checks. */
import { hasCloudAsgData, hasCloudData } from "~/models/cloud-tree.server";
import { hasContainerData } from "~/models/container-tree.server";
import { containerDataStatusRows } from "~/models/collection-status.server";
import { mutationControllerSummary } from "~/models/admission.server";
import { containerConnectionCredentials } from "~/models/connection-credentials.server";
import type { ResolverMap } from "./types";

export const dataChecksResolvers: ResolverMap = {
  Query: {
    hasContainerTransformData: (_parent, _args, { db }) => hasContainerData(db),
    getContainerDataStatus: (_parent, _args, { db }) => containerDataStatusRows(db),
    getMutationControllerSummary: (_parent, _args, { db }) => mutationControllerSummary(db),
    getContainerConnectionCredentials: (_parent, _args, { db, user, origin }) => containerConnectionCredentials(db, user, origin ?? "-"),
    hasCloudTransformData: (_parent, _args, { db }) => hasCloudData(db),
    hasCloudTransformAsgData: (_parent, _args, { db }) => hasCloudAsgData(db),
  },
};
