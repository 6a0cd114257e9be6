import fs from "node:fs";
import path from "node:path";
import { parseCatalog } from "./parse";
import type { InstanceType } from "./types";

/** Reads and parses one catalog text file (either shipped format). */
export function loadCatalogFile(file: string): InstanceType[] {
  return parseCatalog(fs.readFileSync(file, "utf8"));
}

/** Every `*.txt` catalog in a folder, in file-name order, as one list. */
export function loadCatalogDir(dir: string): InstanceType[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".txt"))
    .sort()
    .flatMap((f) => loadCatalogFile(path.join(dir, f)));
}

/** The catalog files shipped with the product (copied from the design data, source and date in catalog/README.md). */
export const SHIPPED_CATALOG_DIR = path.resolve(process.cwd(), "catalog");
