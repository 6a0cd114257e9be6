/** The data checks of the shell and the product tour. */
import { typed } from "~/graphql/operations/typed-document";

export const HAS_CONTAINER_TRANSFORM_DATA = typed<{ hasContainerTransformData: boolean }>(/* GraphQL */ `
  query HasContainerTransformData {
    hasContainerTransformData
  }
`);

export const HAS_CLOUD_TRANSFORM_DATA = typed<{ hasCloudTransformData: boolean; hasCloudTransformAsgData: boolean }>(/* GraphQL */ `
  query HasCloudTransformData {
    hasCloudTransformData
    hasCloudTransformAsgData
  }
`);
