/**
 * Saved grid views (spec document 2, sections 2.9, 3 and 6). Every rule is enforced here, on the server:
 * - built-in (system) views come from the grid's definition and are read-only for everyone;
 * - private views are seen and changed only by their owner; public views are seen by all and changed or deleted
 *   only by their owner (through the public-view calls);
 * - any user can make their private view public, one way, except in the sandbox;
 * - titles are unique case-insensitively over the titles the acting user sees; blank titles get the next free
 *   "Untitled View N", new ones "New View N", copies "<title> Copy N";
 * - favourites are per user, for any visible view except default and all_data.
 * Writes run in one transaction, serialised per grid on PostgreSQL (an advisory lock), so two requests cannot
 * both take a free title. Input arrives as JSON strings and is checked with zod before any SQL.
 */
import crypto from "node:crypto";
import { sql } from "kysely";
import { z } from "zod";
import type { SessionUser } from "~/lib/auth-types";
import { gridDefinition, type GridDefinition } from "~/domain/grid-views/grids";
import { isStateKey, nextFreeTitle, normaliseState, titleKey, type GridState } from "~/domain/grid-views/state";
import { GRID_VIEW_TEXT, MAX_VIEW_TITLE, NOT_FAVOURABLE } from "~/domain/grid-views/texts";
import { writeTransaction } from "~/db/retry.server";
import { isFlagOn } from "./feature-flags.server";
import { forbiddenError, notFoundError, validationError } from "~/lib/errors";
import { onPostgres, type Db } from "./treeview-common.server";

export type GridViewCategory = "system" | "public" | "private";

/** One view as getGridView answers it (the spec's Grid view entity, plus basedOn and readOnly for the caller). */
export interface GridViewItem {
  id: string;
  title: string;
  gridState: GridState;
  isKubexView: boolean;
  isFavorite: boolean;
  path: string;
  category: GridViewCategory;
  /** The owner's user name; "system" for built-in views. */
  owner: string;
  children: GridViewItem[];
  /** The built-in row condition the view shows (e.g. realizable_cpu_saving), or null for every row. */
  basedOn: string | null;
  /** True when the caller cannot save, rename, delete or publish it. */
  readOnly: boolean;
  /** False for default and all_data. */
  canFavorite: boolean;
}

export interface GridViewStatus {
  status: "ok";
  /** The view the action leaves selected: the created or changed one, or after a delete the first remaining. */
  viewId: string;
}

const idSchema = z.string().trim().min(1, "A view id is required.").max(64, "A view id is at most 64 characters.");

/** The view JSON of createOrUpdateUserView and updatePublicView. Fields left out keep their stored value. */
const viewInputSchema = z.object({
  id: z.string().trim().max(64, "A view id is at most 64 characters.").nullish(),
  title: z.string().max(MAX_VIEW_TITLE * 4).nullish(),
  gridState: z.record(z.string().max(64), z.string().max(500, "A grid state value is at most 500 characters.")).nullish(),
  basedOn: z.string().trim().max(64).nullish(),
  /** Duplicate: copy this visible view's state into a new private view titled "<title> Copy N". */
  copyOf: z.string().trim().max(64).nullish(),
});
export type GridViewInput = z.infer<typeof viewInputSchema>;

function grid(gridId: string): GridDefinition {
  const def = gridDefinition((gridId ?? "").trim());
  if (!def) throw notFoundError(`There is no grid '${String(gridId).slice(0, 80)}' with views.`);
  return def;
}

function parseViewJson(view: string): GridViewInput {
  let raw: unknown;
  try {
    raw = JSON.parse(view);
  } catch {
    throw validationError("view must be a JSON object.");
  }
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw validationError("view must be a JSON object.");
  const parsed = viewInputSchema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error.issues[0].message);
  return parsed.data;
}

function parseId(id: string): string {
  const parsed = idSchema.safeParse(id);
  if (!parsed.success) throw validationError(parsed.error.issues[0].message);
  return parsed.data;
}

/** Only the grid's own keys, each checked; defaults dropped so equal grids store equal states. */
function checkState(def: GridDefinition, state: Record<string, string>): GridState {
  for (const key of Object.keys(state)) {
    if (!isStateKey(key, def)) throw validationError(`'${key.slice(0, 64)}' is not part of this grid's state (${def.stateKeys.join(", ")}).`);
  }
  return normaliseState(state, def);
}

function checkBasedOn(def: GridDefinition, basedOn: string | null | undefined): string | null {
  if (!basedOn) return null;
  if (def.rowConditionTitle(basedOn) === null) throw validationError(`'${basedOn}' is not a built-in view of this grid.`);
  return basedOn;
}

function checkTitle(title: string): string {
  const t = title.trim();
  if (t.length > MAX_VIEW_TITLE) throw validationError(`A view name is at most ${MAX_VIEW_TITLE} characters.`);
  return t;
}

type Row = {
  id: string;
  title: string;
  grid_state: string;
  based_on: string | null;
  category: "public" | "private";
  path: string;
  owner_id: string;
  owner_name: string | null;
};

function visibleRows(db: Db, user: SessionUser, gridId: string) {
  return db
    .selectFrom("grid_view as v")
    .leftJoin("app_user as u", "u.id", "v.owner_id")
    .select(["v.id", "v.title", "v.grid_state", "v.based_on", "v.category", "v.path", "v.owner_id", "u.user_name as owner_name"])
    .where("v.grid_id", "=", gridId)
    .where((eb) => eb.or([eb("v.category", "=", "public"), eb("v.owner_id", "=", user.id)]));
}

function parseStoredState(json: string): GridState {
  try {
    const v = JSON.parse(json) as unknown;
    return v && typeof v === "object" && !Array.isArray(v) ? (v as GridState) : {};
  } catch {
    return {};
  }
}

const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title, "en", { sensitivity: "base" }) || (a.title < b.title ? -1 : 1);

/** Every view the user sees in a grid: system ones in the grid's order, then public, then private, each by title. */
async function viewsOf(db: Db, user: SessionUser, def: GridDefinition): Promise<GridViewItem[]> {
  const [rows, favourites] = await Promise.all([
    visibleRows(db, user, def.gridId).execute(),
    db.selectFrom("grid_view_favorite").select("view_id").where("user_id", "=", user.id).where("grid_id", "=", def.gridId).execute(),
  ]);
  const fav = new Set(favourites.map((f) => f.view_id));
  const system: GridViewItem[] = def.systemViews.map((v) => {
    const canFavorite = !(NOT_FAVOURABLE as readonly string[]).includes(v.id);
    return {
      id: v.id,
      title: v.title,
      gridState: normaliseState(v.state, def),
      isKubexView: true,
      isFavorite: canFavorite && fav.has(v.id),
      path: `system_views/${v.id}`,
      category: "system",
      owner: "system",
      children: [],
      basedOn: v.basedOn,
      readOnly: true,
      canFavorite,
    };
  });
  const saved = (rows as Row[]).map<GridViewItem>((r) => ({
    id: r.id,
    title: r.title,
    gridState: normaliseState(parseStoredState(r.grid_state), def),
    isKubexView: false,
    isFavorite: fav.has(r.id),
    path: r.path,
    category: r.category,
    owner: r.owner_name ?? r.owner_id,
    children: [],
    basedOn: r.based_on,
    readOnly: r.owner_id !== user.id,
    canFavorite: true,
  }));
  return [...system, ...saved.filter((v) => v.category === "public").sort(byTitle), ...saved.filter((v) => v.category === "private").sort(byTitle)];
}

/** The views of a grid the user sees (getGridView). */
export async function listGridViews(db: Db, user: SessionUser, gridId: string): Promise<{ gridId: string; views: GridViewItem[] }> {
  const def = grid(gridId);
  return { gridId: def.gridId, views: await viewsOf(db, user, def) };
}

/** One view the user sees, or undefined. */
export async function findGridView(db: Db, user: SessionUser, gridId: string, viewId: string): Promise<GridViewItem | undefined> {
  const def = grid(gridId);
  return (await viewsOf(db, user, def)).find((v) => v.id === viewId);
}

/**
 * Runs a write in one transaction (run again when the store was busy or the transaction conflicted); on
 * PostgreSQL writes to one grid wait for each other (title uniqueness).
 */
function write<T>(db: Db, gridId: string, run: (trx: Db) => Promise<T>): Promise<T> {
  return writeTransaction(db, async (trx) => {
    if (onPostgres(trx)) {
      await sql`select pg_advisory_xact_lock(hashtext(${`grid_view:${gridId}`}))`.execute(trx);
    }
    return run(trx);
  });
}

async function stored(trx: Db, user: SessionUser, def: GridDefinition, viewId: string) {
  const row = (await visibleRows(trx, user, def.gridId).where("v.id", "=", viewId).executeTakeFirst()) as Row | undefined;
  if (!row) {
    if (def.systemViews.some((v) => v.id === viewId)) throw forbiddenError(GRID_VIEW_TEXT.builtInReadOnly);
    throw notFoundError(GRID_VIEW_TEXT.notFound);
  }
  return row;
}

/** The caller's own view of the expected category, for a change or delete. */
async function ownView(trx: Db, user: SessionUser, def: GridDefinition, viewId: string, category: "public" | "private") {
  const row = await stored(trx, user, def, viewId);
  if (row.owner_id !== user.id) throw forbiddenError(`'${row.title}' is a public view of ${row.owner_name ?? "another user"}: only they can change it.`);
  if (row.category !== category) {
    throw validationError(
      category === "private"
        ? `'${row.title}' is a public view: change it with updatePublicView or deletePublicView.`
        : `'${row.title}' is a private view: change it with createOrUpdateUserView or deleteUserView.`,
    );
  }
  return row;
}

/** The titles the user sees, except one view's own. */
async function takenTitles(trx: Db, user: SessionUser, def: GridDefinition, exceptId?: string): Promise<string[]> {
  const rows = await visibleRows(trx, user, def.gridId).execute();
  return [...def.systemViews.map((v) => v.title), ...(rows as Row[]).filter((r) => r.id !== exceptId).map((r) => r.title)];
}

function assertUnique(title: string, taken: string[]) {
  const key = titleKey(title);
  if (taken.some((t) => titleKey(t) === key)) throw validationError(GRID_VIEW_TEXT.unique);
}

/** A wanted title: absent gives `fallback` numbered, blank gives "Untitled View N", anything else must be free. */
function decideTitle(wanted: string | null | undefined, fallback: string, taken: string[]): string {
  if (wanted === undefined || wanted === null) return nextFreeTitle(fallback, taken);
  const t = checkTitle(wanted);
  if (!t) return nextFreeTitle(GRID_VIEW_TEXT.untitledView, taken);
  assertUnique(t, taken);
  return t;
}

/** Creates a private view, a copy (copyOf) or updates the caller's own private view (createOrUpdateUserView). */
export async function createOrUpdateUserView(db: Db, user: SessionUser, gridId: string, viewJson: string): Promise<GridViewStatus> {
  const def = grid(gridId);
  const input = parseViewJson(viewJson);
  if (input.id) return updateView(db, user, def, input.id, input, "private");
  return write(db, def.gridId, async (trx) => {
    const taken = await takenTitles(trx, user, def);
    let state = checkState(def, input.gridState ?? {});
    let basedOn = checkBasedOn(def, input.basedOn);
    let fallback: string = GRID_VIEW_TEXT.newView;
    if (input.copyOf) {
      const source = (await viewsOf(trx, user, def)).find((v) => v.id === input.copyOf);
      if (!source) throw notFoundError(GRID_VIEW_TEXT.notFound);
      state = source.gridState;
      basedOn = source.basedOn;
      fallback = `${source.title} ${GRID_VIEW_TEXT.copy}`;
    }
    const title = decideTitle(input.title, fallback, taken);
    const id = crypto.randomUUID();
    const now = new Date().toISOString();
    await trx
      .insertInto("grid_view")
      .values({
        id,
        grid_id: def.gridId,
        title,
        title_key: titleKey(title),
        grid_state: JSON.stringify(state),
        based_on: basedOn,
        category: "private",
        path: `private_views/${user.id}/${id}`,
        owner_id: user.id,
        scope_key: user.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
    return { status: "ok" as const, viewId: id };
  });
}

/** Changes the caller's own public view (updatePublicView); the view JSON must carry its id. */
export async function updatePublicView(db: Db, user: SessionUser, gridId: string, viewJson: string): Promise<GridViewStatus> {
  const def = grid(gridId);
  const input = parseViewJson(viewJson);
  if (!input.id) throw validationError("view.id is required: public views are created by publishing a private one.");
  return updateView(db, user, def, input.id, input, "public");
}

async function updateView(db: Db, user: SessionUser, def: GridDefinition, viewId: string, input: GridViewInput, category: "public" | "private") {
  if (input.copyOf) throw validationError("copyOf makes a new view: leave id out.");
  return write(db, def.gridId, async (trx) => {
    const row = await ownView(trx, user, def, viewId, category);
    const changes: { title?: string; title_key?: string; grid_state?: string; based_on?: string | null } = {};
    if (input.title !== undefined && input.title !== null && input.title.trim() !== row.title) {
      const title = decideTitle(input.title, GRID_VIEW_TEXT.untitledView, await takenTitles(trx, user, def, row.id));
      Object.assign(changes, { title, title_key: titleKey(title) });
    }
    if (input.gridState) changes.grid_state = JSON.stringify(checkState(def, input.gridState));
    if (input.basedOn !== undefined) changes.based_on = checkBasedOn(def, input.basedOn);
    if (Object.keys(changes).length) {
      await trx
        .updateTable("grid_view")
        .set({ ...changes, updated_at: new Date().toISOString() })
        .where("id", "=", row.id)
        .execute();
    }
    return { status: "ok" as const, viewId: row.id };
  });
}

async function deleteView(db: Db, user: SessionUser, gridId: string, viewId: string, category: "public" | "private"): Promise<GridViewStatus> {
  const def = grid(gridId);
  const id = parseId(viewId);
  return write(db, def.gridId, async (trx) => {
    const row = await ownView(trx, user, def, id, category);
    await trx.deleteFrom("grid_view_favorite").where("grid_id", "=", def.gridId).where("view_id", "=", row.id).execute();
    await trx.deleteFrom("grid_view").where("id", "=", row.id).execute();
    // The first remaining view: system views always remain, so it is the grid's first.
    return { status: "ok" as const, viewId: def.systemViews[0].id };
  });
}

export const deleteUserView = (db: Db, user: SessionUser, gridId: string, viewId: string) => deleteView(db, user, gridId, viewId, "private");
export const deletePublicView = (db: Db, user: SessionUser, gridId: string, viewId: string) => deleteView(db, user, gridId, viewId, "public");

/** Makes the caller's private view public (one way); not in the sandbox. */
export async function publishUserViewAsPublic(db: Db, user: SessionUser, gridId: string, viewId: string): Promise<GridViewStatus> {
  const def = grid(gridId);
  const id = parseId(viewId);
  return write(db, def.gridId, async (trx) => {
    if (await isFlagOn(trx, "sandboxPlaygroundEnabled")) throw forbiddenError(GRID_VIEW_TEXT.sandboxPublic);
    const row = await ownView(trx, user, def, id, "private");
    // Another user's public view may have taken the name since this one was made.
    const clash = await trx
      .selectFrom("grid_view")
      .select("id")
      .where("grid_id", "=", def.gridId)
      .where("scope_key", "=", "public")
      .where("title_key", "=", titleKey(row.title))
      .executeTakeFirst();
    if (clash) throw validationError(GRID_VIEW_TEXT.unique);
    await trx
      .updateTable("grid_view")
      .set({ category: "public", scope_key: "public", path: `public_views/${row.id}`, updated_at: new Date().toISOString() })
      .where("id", "=", row.id)
      .execute();
    return { status: "ok" as const, viewId: row.id };
  });
}

async function favouriteTarget(trx: Db, user: SessionUser, def: GridDefinition, viewId: string) {
  const view = (await viewsOf(trx, user, def)).find((v) => v.id === viewId);
  if (!view) throw notFoundError(GRID_VIEW_TEXT.notFound);
  if (!view.canFavorite) throw validationError(GRID_VIEW_TEXT.noFavourite);
  return view;
}

export async function addViewAsFavorite(db: Db, user: SessionUser, gridId: string, viewId: string): Promise<GridViewStatus> {
  const def = grid(gridId);
  const id = parseId(viewId);
  return write(db, def.gridId, async (trx) => {
    await favouriteTarget(trx, user, def, id);
    await trx
      .insertInto("grid_view_favorite")
      .values({ user_id: user.id, grid_id: def.gridId, view_id: id })
      .onConflict((oc) => oc.columns(["user_id", "grid_id", "view_id"]).doNothing())
      .execute();
    return { status: "ok" as const, viewId: id };
  });
}

export async function removeViewFromFavorite(db: Db, user: SessionUser, gridId: string, viewId: string): Promise<GridViewStatus> {
  const def = grid(gridId);
  const id = parseId(viewId);
  return write(db, def.gridId, async (trx) => {
    await favouriteTarget(trx, user, def, id);
    await trx.deleteFrom("grid_view_favorite").where("user_id", "=", user.id).where("grid_id", "=", def.gridId).where("view_id", "=", id).execute();
    return { status: "ok" as const, viewId: id };
  });
}
