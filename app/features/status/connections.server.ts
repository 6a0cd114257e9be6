import { redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { requireUser } from "~/features/auth/session.server";
import { readCookie, secureAttribute } from "~/lib/cookies";
import { requestOrigin } from "~/lib/request-origin.server";
import { containerDataStatusRows, latestCollectionRun } from "~/models/collection-status.server";
import { containerConnectionCredentials } from "~/models/connection-credentials.server";
import { isFlagOn } from "~/models/feature-flags.server";

import { CONNECTION_PAGE_SIZES, INSTRUCTIONS_COOKIE, credentialsSnippet } from "./connections";

/**
 * Kubernetes connections (spec document 3, 2.9): the clusters data arrives from, with their latest counts and
 * versions; search, page and page size come from the address (?q=&page=&size=), so it all works without script.
 * The instructions panel opens and closes by links (?instructions=hide|show) that set a cookie and come back, so
 * its state is remembered with or without script; ?dialog=credentials opens the secure connection parameters.
 */
export async function loadConnections(request: Request) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const toggle = url.searchParams.get("instructions");
  if (toggle === "hide" || toggle === "show") {
    url.searchParams.delete("instructions");
    return redirect(`${url.pathname}${url.search}`, {
      headers: { "Set-Cookie": `${INSTRUCTIONS_COOKIE}=${toggle === "hide" ? "closed" : "open"}; Path=/; SameSite=Lax; Max-Age=31536000${secureAttribute(request)}` },
    });
  }
  const db = await getDb();
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const sizeParam = Number(url.searchParams.get("size"));
  const size = (CONNECTION_PAGE_SIZES as readonly number[]).includes(sizeParam) ? sizeParam : CONNECTION_PAGE_SIZES[0];
  const [all, run, sandbox] = await Promise.all([containerDataStatusRows(db), latestCollectionRun(db), isFlagOn(db, "sandboxPlaygroundEnabled")]);
  const needle = q.toLowerCase();
  const matching = needle ? all.filter((r) => r.clusterName.toLowerCase().includes(needle)) : all;
  const pages = Math.max(1, Math.ceil(matching.length / size));
  const page = Math.min(pages, Math.max(1, Math.floor(Number(url.searchParams.get("page")) || 1)));
  const admin = user.isAdmin || user.isSaasAuditAdmin;
  const dialog = url.searchParams.get("dialog") === "credentials" && admin && !sandbox ? "credentials" : null;
  const credentials = dialog ? await containerConnectionCredentials(db, user, requestOrigin(request)) : null;
  return {
    clusters: matching.slice((page - 1) * size, page * size),
    total: matching.length,
    q,
    size,
    page,
    pages,
    run: run ?? null,
    sandbox,
    isAdmin: user.isAdmin,
    admin,
    instructionsOpen: readCookie(request, INSTRUCTIONS_COOKIE) !== "closed",
    snippet: credentials ? credentialsSnippet(credentials) : null,
  };
}
