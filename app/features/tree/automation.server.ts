import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { FORGED_POST_MESSAGE, requireUser, verifyCsrf } from "~/features/auth/session.server";
import { TEXT } from "~/lib/constants";
import { runGraphQL } from "~/graphql/client.server";
import { displayError } from "~/graphql/errors";
import { safeRedirect } from "~/features/auth/login.server";
import { SET_ENTITY_AUTOMATION_STATUS, SET_TREE_PATH_AUTOMATION_STATUS } from "~/graphql/operations/treeview";
import { readFormPost } from "~/lib/form-post.server";

const AutomationForm = z.object({
  ctx: z.enum(["containers", "cloud"]),
  viewId: z.string().min(1).max(64),
  filterId: z.string().min(1).max(64),
  treeviewPath: z.string().min(1).max(4000),
  entityId: z.string().max(200).optional(),
  enable: z.enum(["true", "false"]),
  returnTo: z.string().max(4000).optional(),
});

/**
 * The tree's automation switch for one entity or a whole path. A fetcher gets { status } or { error }; a plain
 * form post (no JavaScript) is sent back to the page with the result in the address.
 */
export async function setAutomation(request: Request) {
  const user = await requireUser(request);
  const form = await readFormPost(request);
  const parsed = AutomationForm.safeParse(Object.fromEntries(form));
  const back = (key: "automation" | "automationError", text: string) => {
    const to = new URL(safeRedirect(parsed.success ? parsed.data.returnTo : undefined), "http://x");
    to.searchParams.set(key, text);
    return redirect(to.pathname + to.search);
  };
  const returnTo = form.get("returnTo");
  const fail = (error: string, status: number) => (typeof returnTo === "string" && returnTo ? back("automationError", error) : data({ error }, { status }));
  if (!(await verifyCsrf(request, form))) return fail(FORGED_POST_MESSAGE, 403);
  if (!parsed.success) return fail(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "), 400);
  const { entityId, enable, returnTo: _returnTo, ...rest } = parsed.data;
  try {
    const vars = { ...rest, enableAutomation: enable === "true" };
    const status = entityId
      ? (await runGraphQL(user, SET_ENTITY_AUTOMATION_STATUS, { ...vars, entityId })).setEntityAutomationStatus
      : (await runGraphQL(user, SET_TREE_PATH_AUTOMATION_STATUS, vars)).setTreePathAutomationStatus;
    return returnTo ? back("automation", status) : { status };
  } catch (e) {
    const error = e instanceof Error ? displayError(e.message) : TEXT.mutationFailed;
    return returnTo ? back("automationError", error) : { error };
  }
}
