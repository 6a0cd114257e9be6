/**
 * A worker thread of the analysis run's cloud phase (cloud-phase.ts starts it): analyses the chunks of services it
 * is sent from the demo estate's samples. Pure computation; it never touches the store.
 */
import type { CloudServiceView } from "~/db/schema";
import { CLOUD_DEFAULT_POLICY } from "~/engine/cloud";
import { shippedCloudCatalog } from "~/engine/cloud/shipped-catalog.server";
import { tolerantCloudSource } from "~/models/cloud-entity.server";
import { createDemoSource } from "~/sources/demo";
import { analyseCloudChunk } from "./cloud-chunk";
import type { CloudWorkerInit } from "./cloud-phase";
import { serveTasks } from "./worker-pool";

let source: ReturnType<typeof tolerantCloudSource> | undefined;

serveTasks<CloudWorkerInit, CloudServiceView[], unknown>((services, init) => {
  source ??= tolerantCloudSource(createDemoSource(init.demo));
  return analyseCloudChunk(services, { snapshotId: init.snapshotId, source, catalog: shippedCloudCatalog(), policy: CLOUD_DEFAULT_POLICY, nowMs: init.nowMs });
});
