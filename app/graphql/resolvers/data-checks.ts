/** The data availability checks. */
import { hasCloudAsgData } from "~/models/cloud-tree.server";
import { containerDataStatusRows, storedData } from "~/models/collection-status.server";
import { mutationControllerSummary } from "~/models/admission.server";
import { containerConnectionCredentials } from "~/models/connection-credentials.server";
import type { ResolverMap } from "./types";

export const dataChecksResolvers: ResolverMap = {
  Query: {
    hasContainerTransformData: async (_parent, _args, { db }) => (await storedData(db)).containers,
    getContainerDataStatus: (_parent, _args, { db }) => containerDataStatusRows(db),
    getMutationControllerSummary: (_parent, _args, { db }) => mutationControllerSummary(db),
    getContainerConnectionCredentials: (_parent, _args, { db, user, origin }) => containerConnectionCredentials(db, user, origin ?? "-"),
    hasCloudTransformData: async (_parent, _args, { db }) => (await storedData(db)).cloud,
    hasCloudTransformAsgData: (_parent, _args, { db }) => hasCloudAsgData(db),
  },
};
