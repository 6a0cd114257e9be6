import { getDb } from "~/db/db.server";
import { requireUser } from "~/features/auth/session.server";
import { getContainerInventory } from "~/models/containers.server";

/** The inventory of the container a leaf names (its entityId), if the selection is a container. */
export async function loadContainerFacts(request: Request) {
  await requireUser(request);
  const entityId = new URL(request.url).searchParams.get("entityId");
  const container = entityId ? await getContainerInventory(await getDb(), entityId.slice(0, 200)) : undefined;
  return { container: container ?? null };
}
