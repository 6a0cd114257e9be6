import { isExotic } from "./exotic";
import { perfFactorOf } from "./perf";
import { supplierOf } from "./supplier";
import type { CatalogService, InstanceType, InstanceTypeBasics } from "./types";
import type { CloudProvider } from "~/engine/source-contract";

/** The service a type name belongs to: db.* → RDS, other AWS names EC2, Azure VM, GCP GCE. */
export function serviceOf(name: string, provider: CloudProvider): CatalogService {
  if (provider === "Azure") return "VM";
  if (provider === "GCP") return "GCE";
  return name.startsWith("db.") ? "RDS" : "EC2";
}

/** What a source may add to a type's basics; whatever it leaves out is derived (supplier, performance) or none. */
export type InstanceExtras = Partial<Pick<InstanceType, "processorSupplier" | "gpus" | "gpuModel" | "gpuMemoryGiB" | "localStorageGb" | "networkGbps" | "prices">>;

/**
 * A full catalog entry from a type's basics (the legacy text formats give only those): the supplier from the
 * processor text, perfFactor and exotic by their rules (perf.ts, exotic.ts), a GPU makes the type accelerated, and
 * the one region's price becomes the price map.
 */
export function completeInstanceType(b: InstanceTypeBasics, extras: InstanceExtras = {}): InstanceType {
  const processorSupplier = extras.processorSupplier ?? supplierOf(b.processor, b.architecture);
  const gpus = extras.gpus ?? 0;
  const basics = { ...b, accelerated: b.accelerated || gpus > 0 };
  return {
    ...basics,
    service: serviceOf(b.name, b.provider),
    processorSupplier,
    perfFactor: perfFactorOf({ ...b, processorSupplier }),
    gpus,
    gpuModel: extras.gpuModel ?? null,
    gpuMemoryGiB: extras.gpuMemoryGiB ?? 0,
    localStorageGb: extras.localStorageGb ?? 0,
    networkGbps: extras.networkGbps ?? null,
    exotic: isExotic(basics),
    prices: extras.prices ?? { [b.region]: { linux: b.hourlyPrice, windows: b.windowsHourlyPrice } },
  };
}
