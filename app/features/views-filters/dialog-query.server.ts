import type { AvailableProperty } from "~/domain/views-filters/properties";
import { typed } from "~/graphql/operations/typed-document";
import type { DraftFields } from "./drafts";

/** What every dialog reads of an item, under the draft's names (GraphQL aliases of the kind's own). */
export interface AnsweredItem {
  id: string;
  name: string;
  originalName: string;
  createdBy: string;
  publicItem: boolean;
  defaultItem: boolean;
  systemDefined: boolean;
  readOnly: boolean;
}

/** A dialog's items (public and private), the properties it offers and its limit. */
export interface DialogAnswer<Item> {
  items: { publicList: Item[]; privateList: Item[] };
  getAllAvailableProperties: { propertyList: AvailableProperty[] };
  getMaxFilterLines: number;
}

export type DialogVariables = { ctx: string; filters: boolean };

/** Everything a dialog shows, in one document, so that opening it costs one call. `own` are the kind's fields. */
export function dialogQuery<Item extends AnsweredItem>(args: {
  name: string;
  listField: "getViewDefinitions" | "getFilterDefinitions";
  type: "View" | "ViewFilter";
  fields: DraftFields;
  own: string;
}) {
  const { fields } = args;
  return typed<DialogAnswer<Item>, DialogVariables>(/* GraphQL */ `
    query ${args.name}($ctx: String, $filters: Boolean) {
      items: ${args.listField}(ctx: $ctx) { publicList { ...DialogItem } privateList { ...DialogItem } }
      getAllAvailableProperties(ctx: $ctx, filters: $filters) {
        propertyList { displayColumn staticSource columnSource datasourceId attrKey tableSource dataType }
      }
      getMaxFilterLines(filters: $filters)
    }
    fragment DialogItem on ${args.type} {
      id: ${fields.id} name originalName createdBy publicItem: ${fields.publicItem} defaultItem: ${fields.defaultItem}
      systemDefined readOnly ${args.own}
    }
  `);
}
