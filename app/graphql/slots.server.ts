/**
 * The per-user cap on expensive GraphQL documents (app/lib/user-slots.server.ts) as the HTTP endpoint applies it:
 * a document priced at limits.expensiveCost or more takes one of the caller's slots until its execution really
 * ends; a cheap one takes none. Invalid documents take none either: they are refused before anything runs.
 */
import { takeSlot, slotsPerUserLimit, TOO_MANY_TEXT, type Slot } from "~/lib/user-slots.server";
import { getSchema } from "./schema.server";
import { prepareDocument } from "./execute.server";
import { documentCost, isExpensive } from "./limits.server";

export type SlotOutcome = { ok: true; slot: Slot | undefined } | { ok: false; text: string };

export function slotForDocument(userId: string, body: { query: string; variables?: Record<string, unknown> | null; operationName?: string | null }): SlotOutcome {
  const document = prepareDocument(body.query);
  if (!("kind" in document) || !isExpensive(documentCost(getSchema(), document, body.variables, body.operationName))) return { ok: true, slot: undefined };
  const slot = takeSlot(userId);
  return slot ? { ok: true, slot } : { ok: false, text: TOO_MANY_TEXT(slotsPerUserLimit()) };
}
