/**
 * The views bar's buttons as one POST action (through the grid-view GraphQL operations, so the same rights and
 * messages apply). A plain form post is sent back to the grid it came from: on the view it leaves selected, with
 * its state in the address; a refusal comes back as a code in the address (gvError) with the form reopened. A
 * fetcher (js=1: the debounced auto-save) gets { ok } or { error } instead.
 */
import { redirect } from "@remix-run/node";
import { z } from "zod";
import type { SessionUser } from "~/lib/auth-types";
import { verifyCsrf } from "~/features/auth/session.server";
import { getDb } from "~/db/db.server";
import { runGraphQL } from "~/graphql/client.server";
import { displayError } from "~/graphql/errors";
import * as ops from "~/graphql/operations/grid-view";
import { safeRedirect } from "~/features/auth/login.server";
import { findGridView } from "~/models/grid-views.server";
import { gridDefinition } from "~/domain/grid-views/grids";
import { stateFromParams, TRANSIENT_KEYS, viewSearch } from "~/domain/grid-views/state";
import { CLOUD_GRID_ID, CONTAINER_GRID_ID } from "~/domain/grid-views/texts";
import { BAR_ERRORS, type BarAction, type BarError } from "./bar.server";
import { readFormPost } from "~/lib/form-post.server";

/** The pages each grid lives on, and where a form from elsewhere goes back to. */
const GRID_PAGES: Record<string, { paths: string[]; fallback: string }> = {
  [CONTAINER_GRID_ID]: { paths: ["/kubex/containers-tree/"], fallback: "/kubex/containers-tree/tree-item?tabGroup1=analysis-details" },
  [CLOUD_GRID_ID]: { paths: ["/kubex/cloud-tree?", "/kubex/cloud-tree/"], fallback: "/kubex/cloud-tree?cloudTabGroup=cloud-analysis" },
};

const FormSchema = z.object({
  intent: z.enum(["create", "saveas", "duplicate", "save", "rename", "delete", "publish", "favourite", "unfavourite"]),
  gridId: z.string().min(1).max(100),
  viewId: z.string().max(64).optional(),
  title: z.string().max(400).optional(),
  returnTo: z.string().max(4000),
  js: z.literal("1").optional(),
});
type Form = z.infer<typeof FormSchema>;

/** The grid page the form came from (never another site or another part of the console, nor another grid's page). */
function gridUrl(returnTo: string | undefined, gridId: string | undefined): URL {
  const to = safeRedirect(returnTo, "");
  const page = GRID_PAGES[gridId ?? ""] ?? GRID_PAGES[CONTAINER_GRID_ID];
  return new URL(page.paths.some((p) => to.startsWith(p)) ? to : page.fallback, "http://x");
}

function back(url: URL, changes: Record<string, string | null> = {}) {
  for (const key of TRANSIENT_KEYS) url.searchParams.delete(key);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) url.searchParams.delete(k);
    else url.searchParams.set(k, v);
  }
  return redirect(url.pathname + url.search);
}

/** The code of a GraphQL refusal ("<Category>: <text>"). */
function errorCode(e: unknown): BarError {
  const message = e instanceof Error ? e.message : "";
  const text = displayError(message);
  const known = (Object.keys(BAR_ERRORS) as BarError[]).find((k) => BAR_ERRORS[k] === text);
  if (known) return known;
  if (message.startsWith("Permission Denied:")) return "readonly";
  if (message.startsWith("Not Found:")) return "notFound";
  return "generic";
}

async function run(user: SessionUser, form: Form, url: URL): Promise<{ viewId?: string | null; select?: boolean }> {
  const def = gridDefinition(form.gridId);
  if (!def) throw new Error(`No grid definition for ${form.gridId}`);
  const gridId = def.gridId;
  const viewId = form.viewId ?? "";
  const state = stateFromParams(url.searchParams, def);
  const view = async () => (viewId ? findGridView(await getDb(), user, gridId, viewId) : undefined);
  const save = async (doc: { document: string; operationName: string }, v: Record<string, unknown>) => {
    const data = (await runGraphQL(user, doc.document, { gridId, view: JSON.stringify(v) })) as Record<string, ops.GridViewStatus>;
    return data[doc.operationName].viewId;
  };
  const byId = async (doc: { document: string; operationName: string }, id: string) =>
    ((await runGraphQL(user, doc.document, { gridId, viewId: id })) as Record<string, ops.GridViewStatus>)[doc.operationName].viewId;

  switch (form.intent) {
    case "create":
      return { viewId: await save(ops.CREATE_OR_UPDATE_USER_VIEW, {}), select: true };
    case "duplicate":
      return { viewId: await save(ops.CREATE_OR_UPDATE_USER_VIEW, { copyOf: viewId }), select: true };
    case "saveas": {
      // The current grid, keeping the rows of the view it was made from.
      const from = await view();
      const basedOn = from ? from.basedOn : def.rowConditionTitle(viewId) ? viewId : null;
      const title = form.title?.trim() ? form.title : undefined;
      return { viewId: await save(ops.CREATE_OR_UPDATE_USER_VIEW, { title, gridState: state, basedOn }), select: true };
    }
    case "save":
    case "rename": {
      const v = await view();
      const change = form.intent === "save" ? { id: viewId, gridState: state } : { id: viewId, title: form.title ?? "" };
      await save(v?.category === "public" ? ops.UPDATE_PUBLIC_VIEW : ops.CREATE_OR_UPDATE_USER_VIEW, change);
      return { viewId };
    }
    case "delete": {
      const v = await view();
      return { viewId: await byId(v?.category === "public" ? ops.DELETE_PUBLIC_VIEW : ops.DELETE_USER_VIEW, viewId), select: true };
    }
    case "publish":
      return { viewId: await byId(ops.PUBLISH_USER_VIEW_AS_PUBLIC, viewId) };
    case "favourite":
      return { viewId: await byId(ops.ADD_VIEW_AS_FAVORITE, viewId) };
    case "unfavourite":
      return { viewId: await byId(ops.REMOVE_VIEW_FROM_FAVORITE, viewId) };
  }
}

export async function actGridViews(request: Request, user: SessionUser) {
  const form = await readFormPost(request);
  const parsed = FormSchema.safeParse(Object.fromEntries(form));
  const url = gridUrl(typeof form.get("returnTo") === "string" ? String(form.get("returnTo")) : undefined, typeof form.get("gridId") === "string" ? String(form.get("gridId")) : undefined);
  const js = form.get("js") === "1";
  if (!(await verifyCsrf(request, form))) return js ? { error: BAR_ERRORS.expired } : back(url, { gvError: "expired" });
  if (!parsed.success) return js ? { error: BAR_ERRORS.generic } : back(url, { gvError: "generic" });
  const f = parsed.data;
  try {
    const { viewId, select } = await run(user, f, url);
    if (js) return { ok: true as const, viewId: viewId ?? null };
    if (!select || !viewId) return back(url);
    const db = await getDb();
    const selected = await findGridView(db, user, f.gridId, viewId);
    const def = gridDefinition(f.gridId)!;
    // A new view made from the current grid keeps the address as it is; any other selection applies the view.
    const state = f.intent === "saveas" ? stateFromParams(url.searchParams, def) : (selected?.gridState ?? {});
    return redirect(url.pathname + viewSearch(url.searchParams, viewId, state, def));
  } catch (e) {
    const code = errorCode(e);
    if (js) return { error: BAR_ERRORS[code] };
    const reopen: BarAction | null = f.intent === "rename" || f.intent === "saveas" ? f.intent : null;
    return back(url, { gvError: code, gvAction: reopen, gvTitle: reopen ? (f.title ?? "").slice(0, 200) : null });
  }
}
