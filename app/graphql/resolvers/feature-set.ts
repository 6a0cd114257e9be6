/** allFeatureSet: the stored feature flags. */
import { listFeatureFlags } from "~/models/feature-flags.server";
import type { ResolverMap } from "./types";

export const featureSetResolvers: ResolverMap = {
  Query: {
    allFeatureSet: (_parent, _args, { db }) => listFeatureFlags(db),
  },
};
