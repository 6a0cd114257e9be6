/** The export route's one server function: who asks, which grid and scope, then the streamed workbook. */
import { getDb } from "~/db/db.server";
import { withUserSlot } from "~/lib/user-slots.server";
import { requireUser } from "~/features/auth/session.server";
import { getRequestFlags } from "~/models/feature-flags.server";
import { isNodeExportGrid, nodeExportResponse } from "./export.server";
import { nodePath } from "./page.server";

export async function exportNodeGrid(request: Request): Promise<Response> {
  const user = await requireUser(request);
  const params = new URL(request.url).searchParams;
  const grid = params.get("grid");
  if (!isNodeExportGrid(grid)) {
    return new Response("Unknown grid: use grid=node-groups or grid=nodes.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const db = await getDb();
  const flags = await getRequestFlags(request, db);
  const path = nodePath(params.get("fullPath"));
  // The download holds one of the user's few slots for expensive work until its last byte.
  return withUserSlot(user.id, async (onClose) => nodeExportResponse({
    db,
    grid,
    scope: { clusterNames: path.cluster ? [path.cluster] : null, nodeGroupNames: path.group ? [path.group] : null },
    scopeName: path.group ?? path.cluster,
    params,
    gpu: flags.kubexShowGpuData,
    signal: request.signal,
    onClose,
  }));
}
