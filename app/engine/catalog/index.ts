/** The instance catalog: real cloud instance types with vCPUs, memory, architecture and prices. Pure; the file
 * loader is in load.server.ts. */
export { parseAwsCatalog } from "./aws";
export { azureApiName, parseAzureCatalog } from "./azure";
export { CatalogParseError } from "./errors";
export { indexByName, memoryPerVcpu } from "./lookup";
export { familyOf, parseInstanceName, providerOfName, type InstanceName } from "./names";
export { detectCatalogFormat, parseCatalog, type CatalogFormat } from "./parse";
export { HOURS_PER_MONTH, monthlyPrice } from "./price";
export { SHIPPED_CATALOGS } from "./sources";
export type { Architecture, CatalogSource, InstanceType } from "./types";
