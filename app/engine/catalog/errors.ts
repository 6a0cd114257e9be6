/** A catalog file that does not read as the format expects; `line` is 1-based. */
export class CatalogParseError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`Catalog line ${line}: ${message}`);
    this.name = "CatalogParseError";
  }
}
