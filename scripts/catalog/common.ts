/**
 * Shared by the catalog build scripts: reading a pinned file out of a fetched repository snapshot, and writing the
 * catalog TSV format that app/engine/catalog/tsv.ts reads (catalog/README.md describes it).
 *
 * The snapshots are bare git directories (owner+name/repo under CATALOG_MIRRORS, /work/.mirror by default); every
 * script names the commit it reads, so a rebuild from the same commits gives the same file.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const MIRRORS = process.env.CATALOG_MIRRORS ?? "/work/.mirror";

/** The text of `file` at `commit` in the fetched snapshot of `repo` ("owner/name"). */
export function gitShow(repo: string, commit: string, file: string): string {
  const gitDir = path.join(MIRRORS, repo.replace("/", "+"), "repo");
  return execFileSync("git", ["--git-dir", gitDir, "show", `${commit}:${file}`], { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
}

export interface CatalogRow {
  name: string;
  vcpus: number;
  memoryGiB: number;
  arch: string;
  supplier: "Intel" | "AMD" | "ARM" | "Other";
  processor: string | null;
  gpus: number;
  gpuModel: string | null;
  gpuMemoryGiB: number;
  localStorageGb: number;
  networkGbps: number | null;
  acu: number | null;
  burstable: boolean;
  /** "linux:<region>" / "windows:<region>" → $ per hour; absent = no price in the source. */
  prices: Map<string, number>;
}

export interface CatalogHeader {
  provider: string;
  service: string;
  dataset: string;
  asOf: string;
  /** Price columns in order; the first linux column's region is the reference region. */
  priceColumns: string[];
  notes: string[];
}

const FACT_COLUMNS = [
  "name", "vcpus", "memory_gib", "arch", "supplier", "processor", "gpus", "gpu_model", "gpu_memory_gib",
  "local_storage_gb", "network_gbps", "acu", "burstable",
];

/** A number without float noise (0.1+0.2) and without trailing zeros. */
export function num(n: number): string {
  return String(Number(n.toPrecision(10)));
}

const cell = (v: string | number | boolean | null) =>
  v === null ? "" : typeof v === "boolean" ? (v ? "1" : "0") : typeof v === "number" ? num(v) : v.replace(/[\t\r\n]+/g, " ");

/** Writes rows sorted by name, with the `# key: value` header the parser reads. */
export function writeCatalog(file: string, header: CatalogHeader, rows: CatalogRow[]): void {
  const lines = [
    "# kubex-catalog 1",
    `# provider: ${header.provider}`,
    `# service: ${header.service}`,
    `# dataset: ${header.dataset}`,
    `# as-of: ${header.asOf}`,
    ...header.notes.map((n) => `# note: ${n}`),
    [...FACT_COLUMNS, ...header.priceColumns].join("\t"),
  ];
  for (const r of [...rows].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const facts = [r.name, r.vcpus, r.memoryGiB, r.arch, r.supplier, r.processor, r.gpus, r.gpuModel, r.gpuMemoryGiB, r.localStorageGb, r.networkGbps, r.acu, r.burstable];
    lines.push([...facts, ...header.priceColumns.map((c) => r.prices.get(c) ?? null)].map(cell).join("\t"));
  }
  fs.writeFileSync(file, `${lines.join("\n")}\n`);
  console.log(`${path.basename(file)}: ${rows.length} types, ${header.priceColumns.length} price columns`);
}

/** catalog/ of the repository this script lives in. */
export const CATALOG_OUT = path.resolve(import.meta.dirname, "../../catalog");
