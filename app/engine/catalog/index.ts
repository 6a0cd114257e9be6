/** The instance catalog: real cloud instance types with vCPUs, memory, architecture and prices. Pure; the file
 * loader is in load.server.ts. */
export { parseAwsCatalog } from "./aws";
export { azureApiName, parseAzureCatalog } from "./azure";
export { completeInstanceType, serviceOf, type InstanceExtras } from "./complete";
export { CatalogParseError } from "./errors";
export { isExotic } from "./exotic";
export { indexByName, memoryPerVcpu } from "./lookup";
export { familyOf, parseInstanceName, providerOfName, type InstanceName } from "./names";
export { detectCatalogFormat, parseCatalog, type CatalogFormat } from "./parse";
export { AZURE_REFERENCE_ACU, perfFactorOf } from "./perf";
export { HOURS_PER_MONTH, monthlyPrice } from "./price";
export { catalogInRegion, inRegion, priceIn, pricedRegions, withRegionPrices, type CatalogScope } from "./region";
export { catalogSourceOf, currentCatalogFiles, SHIPPED_CATALOGS } from "./sources";
export { supplierOf } from "./supplier";
export { parseTsvCatalog, readTsvCatalog, type TsvCatalog } from "./tsv";
export type {
  Architecture,
  CatalogService,
  CatalogSource,
  InstanceType,
  InstanceTypeBasics,
  ProcessorSupplier,
  RegionPrice,
} from "./types";
