import type { AvailableProperty } from "~/domain/views-filters/properties";
import { typed } from "~/graphql/operations/typed-document";

/** A dialog's list of items (public and private), the properties it offers and its limit. */
export interface DialogAnswer<Item> {
  items: { publicList: Item[]; privateList: Item[] };
  getAllAvailableProperties: { propertyList: AvailableProperty[] };
  getMaxFilterLines: number;
}

/** Everything a dialog shows, in one document: opening it costs one call. `fields` are the item's fields it uses. */
export function dialogQuery<Item>(name: string, listField: "getViewDefinitions" | "getFilterDefinitions", type: "View" | "ViewFilter", fields: string) {
  return typed<DialogAnswer<Item>, { ctx: string; filters: boolean }>(/* GraphQL */ `
    query ${name}($ctx: String, $filters: Boolean) {
      items: ${listField}(ctx: $ctx) { publicList { ...DialogItem } privateList { ...DialogItem } }
      getAllAvailableProperties(ctx: $ctx, filters: $filters) {
        propertyList { displayColumn staticSource columnSource datasourceId attrKey tableSource dataType }
      }
      getMaxFilterLines(filters: $filters)
    }
    fragment DialogItem on ${type} { ${fields} }
  `);
}
