/** What the Manage Views / Manage Filters dialogs are drawn from: the server's answer to every load and post. */
import type { AvailableProperty } from "~/domain/views-filters/properties";

/** An item in a dialog's selector. */
export interface ListedItem {
  id: string;
  name: string;
  publicItem: boolean;
  createdBy: string;
  defaultItem: boolean;
  systemDefined: boolean;
}

/** The spec's alert dialog: a title and a message. */
export interface Alert {
  title: string;
  message: string;
}

export interface DialogState<Draft> {
  draft: Draft;
  items: ListedItem[];
  properties: AvailableProperty[];
  /** The most levels (Views) or lines (Filters) an item may have (getMaxFilterLines). */
  max: number;
  sandbox: boolean;
  csrf: string;
  /** The open item is read-only to this user or system-defined: the form shows it but cannot change it. */
  locked: boolean;
  isExisting: boolean;
  closeHref: string;
  alert?: Alert;
  confirmDelete?: boolean;
  notice?: string;
}
