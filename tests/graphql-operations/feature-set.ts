/** Service path feature-set. */
import { typed } from "~/graphql/operations/typed-document";
import type { FeatureSet } from "~/graphql/operations/types";

export const ALL_FEATURE_SET = typed<{ allFeatureSet: FeatureSet[] }>(/* GraphQL */ `
  query allFeatureSet {
    allFeatureSet { name enabled }
  }
`);
