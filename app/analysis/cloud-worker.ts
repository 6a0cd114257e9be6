/**
 * A worker thread of the analysis run's cloud phase (cloud-phase.ts starts it): analyses the chunks of services it
 * is sent from the demo estate's samples. Pure computation; it never touches the store.
 */
import type { CloudServiceView } from "~/db/schema";
import { CLOUD_DEFAULT_POLICY } from "~/engine/cloud";
import { shippedCloudCatalog } from "~/engine/cloud/shipped-catalog.server";
import type { CloudSampleSource } from "~/models/cloud-entity.server";
import { analyseCloudChunk } from "./cloud-chunk";
import { workerCloudSource, type CloudWorkerInit } from "./cloud-phase";
import { serveTasks } from "./worker-pool";

let source: CloudSampleSource | undefined;

serveTasks<CloudWorkerInit, CloudServiceView[], unknown>((services, init) => {
  source ??= workerCloudSource(init);
  return analyseCloudChunk(services, { snapshotId: init.snapshotId, source, catalog: shippedCloudCatalog(), policy: CLOUD_DEFAULT_POLICY, nowMs: init.nowMs });
});
