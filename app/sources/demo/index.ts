/** The demo fleet (sandbox playground): a deterministic inventory and a MetricsSource over it. */
export {
  DEMO_CLOUD_SIZE_MAX,
  DEMO_CLOUD_SIZE_MIN,
  DEMO_DEFAULT_SEED,
  DEMO_DEFAULT_SIZE,
  DEMO_SEED_MAX,
  DEMO_SIZE_MAX,
  DEMO_SIZE_MIN,
  DemoOptionsError,
  clusterCount,
  generateDemoFleet,
  generateDemoInventory,
  validateDemoOptions,
  type DemoFleet,
  type DemoOptions,
} from "./inventory";
export {
  createDemoSource,
  demoCloudSampler,
  demoNodeModel,
  demoNodeSamples,
  demoNodeSource,
  nodeGroupGpuShares,
  nodeGroupKey,
  type DemoNodeFacts,
  type DemoSource,
  type NodeGroupShares,
  type NodeSamplesInto,
} from "./source";
export { cloudModelsFrom, cloudSampler, storedCloudModels, type CloudModels, type CloudSampler, type StoredCloudModels } from "./cloud-sampler";
export { cloudInstanceCount } from "./cloud";
export { POLICIES as DEMO_POLICIES } from "./names";
