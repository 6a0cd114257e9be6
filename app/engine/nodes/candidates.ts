import type { CloudProvider } from "~/engine/source-contract";
import type { Architecture, InstanceType } from "../catalog/types";

export interface CandidateFilter {
  provider: CloudProvider;
  /** Keep one pricing region; null keeps all of the provider's. */
  region: string | null;
  /** Keep one architecture (images are often built for one); null keeps all. */
  architecture: Architecture | null;
  includeBurstable: boolean;
}

/**
 * Types a node group could move to: priced on demand, of the group's provider, region and architecture, and not
 * GPU/accelerator, bare-metal, HPC/Mac or (unless asked) burstable types, whose CPU is not sustained capacity.
 */
export function candidateTypes(catalog: readonly InstanceType[], f: CandidateFilter): InstanceType[] {
  return catalog.filter(
    (t) =>
      t.hourlyPrice !== null &&
      t.provider === f.provider &&
      (f.region === null || t.region === f.region) &&
      (f.architecture === null || t.architecture === f.architecture) &&
      !t.accelerated &&
      !t.metal &&
      !t.specialised &&
      (f.includeBurstable || !t.burstable),
  );
}
