import { describe, expect, it } from "vitest";
import { CatalogParseError } from "./errors";
import { parseCatalog } from "./parse";
import { parseTsvCatalog, readTsvCatalog } from "./tsv";

const HEAD = "name\tvcpus\tmemory_gib\tarch\tsupplier\tprocessor\tgpus\tgpu_model\tgpu_memory_gib\tlocal_storage_gb\tnetwork_gbps\tacu\tburstable";
const row = (...cells: (string | number)[]) => cells.join("\t");
const TEXT = [
  "# kubex-catalog 1",
  "# provider: GCP",
  "# service: GCE",
  "# dataset: hand-written",
  "# as-of: 2026-01-02",
  "# note: a note",
  `${HEAD}\tlinux:us-central1\twindows:us-central1\tlinux:europe-west1`,
  row("n2d-standard-8", 8, 32, "x86_64", "AMD", "", 0, "", 0, 0, "", "", 0, 0.337968, 0.705968, 0.371784),
  row("g2-standard-4", 4, 16, "x86_64", "Intel", "", 1, "NVIDIA L4", 24, 0, "", "", 0, 0.706832, "", ""),
  row("e2-medium", 2, 4, "x86_64", "Other", "", 0, "", 0, 0, "", "", 1, 0.033506, "", 0.036858),
  "",
].join("\n");

describe("readTsvCatalog", () => {
  it("reads the header, the regions in column order and one type per line", () => {
    const c = readTsvCatalog(TEXT);
    expect(c).toMatchObject({ provider: "GCP", service: "GCE", dataset: "hand-written", asOf: "2026-01-02", regions: ["us-central1", "europe-west1"] });
    expect(c.types.map((t) => t.name)).toEqual(["n2d-standard-8", "g2-standard-4", "e2-medium"]);
  });

  it("fills the facts, the price map and the reference region's prices", () => {
    const [n2d, g2, e2] = parseTsvCatalog(TEXT);
    expect(n2d).toMatchObject({
      provider: "GCP",
      service: "GCE",
      family: "n2d-standard",
      series: "n",
      generation: 2,
      size: "8",
      vcpus: 8,
      memoryGiB: 32,
      processorSupplier: "AMD",
      region: "us-central1",
      hourlyPrice: 0.337968,
      windowsHourlyPrice: 0.705968,
      spotHourlyPrice: null,
      networkGbps: null,
      acu: null,
      exotic: false,
      prices: { "us-central1": { linux: 0.337968, windows: 0.705968 }, "europe-west1": { linux: 0.371784, windows: null } },
    });
    expect(g2).toMatchObject({ gpus: 1, gpuModel: "NVIDIA L4", gpuMemoryGiB: 24, accelerated: true, exotic: true, windowsHourlyPrice: null });
    expect(g2.prices["europe-west1"]).toEqual({ linux: null, windows: null });
    expect(e2).toMatchObject({ family: "e2-shared", burstable: true, processorSupplier: "Other" });
  });

  it("is one of the formats parseCatalog recognises, and accepts CRLF", () => {
    expect(parseCatalog(TEXT.replaceAll("\n", "\r\n")).map((t) => t.name)).toEqual(["n2d-standard-8", "g2-standard-4", "e2-medium"]);
  });

  it("reports a missing header, unknown columns and incomplete lines with their line", () => {
    expect(() => readTsvCatalog(TEXT.replace("# provider: GCP", "# provider: OCI"))).toThrow(/line 1: no '# provider:'/);
    expect(() => readTsvCatalog(TEXT.replace("\tlinux:europe-west1", "\tspot:europe-west1"))).toThrow(/line 7: unknown price column 'spot:europe-west1'/);
    expect(() => readTsvCatalog(TEXT.replace("name\tvcpus", "name\tcpus"))).toThrow(CatalogParseError);
    expect(() => readTsvCatalog(TEXT.replace("\t8\t32\t", "\t0\t32\t"))).toThrow(/line 8: n2d-standard-8: vCPUs or memory missing/);
    expect(() => readTsvCatalog(TEXT.replace("\tAMD\t", "\tVIA\t"))).toThrow(/line 8: .*unknown architecture or supplier/);
  });
});
