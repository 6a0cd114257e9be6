import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { isModelError } from "~/lib/errors";
import { requireUser } from "~/features/auth/session.server";
import { resolvePageFolder } from "~/features/tree/page-scope.server";
import { rowViewParams } from "~/features/grid-views/bar.server";
import { csvExportResponse, isExportFormat, xlsxExportResponse } from "~/features/containers/export.server";
import { isGpuOn } from "~/features/containers/details.server";
import { withUserSlot } from "~/lib/user-slots.server";

/** AI Analysis Details export (spec document 2, section 2.3): ?format=csv|xlsx and the grid's own parameters. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const params = url.searchParams;
  const format = params.get("format");
  if (!isExportFormat(format)) {
    return new Response("Unknown export format: use format=csv or format=xlsx.", { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const db = await getDb();
  // A folder the tree does not hold exports nothing: a clear 404 instead of a broken file.
  const page = await resolvePageFolder(db, user, "containers", params, { strict: true }).catch((e: unknown) => {
    if (isModelError(e)) throw new Response(e.text, { status: e.kind === "validation" ? 400 : 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
    throw e;
  });
  const { applied, folder } = page;
  const input = {
    gpu: await isGpuOn(db),
    db,
    scope: folder,
    // A saved grid view exports the rows of the built-in view it was made from, as the grid shows them.
    params: await rowViewParams(db, user, params),
    viewName: applied.view.name,
    origin: url.origin,
    signal: request.signal,
  };
  // The download holds one of the user's few slots for expensive work until its last byte.
  return withUserSlot(user.id, async (release) => (format === "csv" ? csvExportResponse : xlsxExportResponse)({ ...input, onClose: release }));
}
