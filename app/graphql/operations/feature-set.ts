/** Service path feature-set. */
import { typed } from "./typed-document";
import type { FeatureSet } from "./types";

export const ALL_FEATURE_SET = typed<{ allFeatureSet: FeatureSet[] }>(/* GraphQL */ `
  query allFeatureSet {
    allFeatureSet { name enabled }
  }
`);
