import { redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import type { SessionUser } from "~/lib/auth-types";
import { csrfToken } from "~/features/auth/session.server";
import { EMPTY_ID } from "~/lib/constants";
import { isFlagOn } from "~/models/feature-flags.server";
import { displayError } from "~/graphql/errors";
import { safeRedirect } from "~/features/auth/login.server";
import { TREE_ROUTE } from "~/features/tree/tree-links";

/** The tree page the dialog returns to, keeping the tree's own selection (never an outside address). */
export function returnTarget(url: URL): string {
  return safeRedirect(url.searchParams.get("returnTo"), TREE_ROUTE.containers);
}

/** The return address with the applied view or filter changed (the tree reloads with it). */
export function withParam(href: string, key: string, value: string | null): string {
  const url = new URL(href, "http://x");
  if (value) url.searchParams.set(key, value);
  else url.searchParams.delete(key);
  return url.pathname + url.search;
}

export function dialogHref(url: URL, changes: Record<string, string | null>): string {
  const next = new URL(url);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) next.searchParams.delete(k);
    else next.searchParams.set(k, v);
  }
  return next.pathname + next.search;
}

/** Whether public and read-only can be offered, and the form's anti-forgery token. */
export async function dialogContext(request: Request) {
  const db = await getDb();
  const [sandbox, csrf] = await Promise.all([isFlagOn(db, "sandboxPlaygroundEnabled"), csrfToken(request)]);
  return { sandbox, csrf };
}

export function errorText(e: unknown): string {
  return displayError(e instanceof Error ? e.message : String(e ?? ""));
}

export function isLocked(item: { systemDefined: boolean; readOnly: boolean; createdBy: string } | undefined, user: SessionUser) {
  return Boolean(item && (item.systemDefined || (item.readOnly && item.createdBy !== user.userName)));
}

export const isNewId = (id: string) => !id || id === EMPTY_ID;

export { redirect };
