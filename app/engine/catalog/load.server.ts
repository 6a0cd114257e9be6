import fs from "node:fs";
import path from "node:path";
import { parseCatalog } from "./parse";
import { currentCatalogFiles } from "./sources";
import type { InstanceType } from "./types";

/** Reads and parses one catalog file (any shipped format). */
export function loadCatalogFile(file: string): InstanceType[] {
  return parseCatalog(fs.readFileSync(file, "utf8"));
}

/** Every `*.txt` and `*.tsv` catalog in a folder, in file-name order, as one list. */
export function loadCatalogDir(dir: string): InstanceType[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".txt") || f.endsWith(".tsv"))
    .sort()
    .flatMap((f) => loadCatalogFile(path.join(dir, f)));
}

/** The catalog files shipped with the product (source and date of each in catalog/README.md and sources.ts). */
export const SHIPPED_CATALOG_DIR = path.resolve(process.cwd(), "catalog");

/**
 * The current shipped catalogs (SHIPPED_CATALOGS, not the superseded files), every provider and service, each type
 * priced at its catalog's reference region with every region's prices in `prices`.
 */
export function loadShippedCatalogs(dir: string = SHIPPED_CATALOG_DIR): InstanceType[] {
  return currentCatalogFiles().flatMap((f) => loadCatalogFile(path.join(dir, f)));
}
