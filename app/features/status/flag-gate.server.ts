import { redirect } from "@remix-run/node";
import { getDb } from "~/db/db.server";
import { requireUser } from "~/features/auth/session.server";
import type { FeatureFlagName } from "~/lib/constants";
import { isFlagOn } from "~/models/feature-flags.server";

/** A route behind a flag: with the flag off the visitor goes to `otherwise`. */
export async function requireFlag(request: Request, flag: FeatureFlagName, otherwise: string) {
  const user = await requireUser(request);
  if (!(await isFlagOn(await getDb(), flag))) throw redirect(otherwise);
  return user;
}
