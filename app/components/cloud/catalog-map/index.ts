/** The Catalog Map tab for the cloud tree-item route: mount CatalogMapTab with loadCatalogMap's data. */
export { CatalogMapTab } from "./CatalogMapTab";
