import { loadContainerFacts } from "~/features/tree/container-facts.server";
import { loadContainerTabs } from "./summary.server";

/** A tree item: the container's own page when the address names an entity, else the folder's container tabs. */
export async function loadContainerItem(request: Request) {
  if (new URL(request.url).searchParams.get("entityId")) {
    const { container } = await loadContainerFacts(request);
    return { kind: "container" as const, container };
  }
  return { kind: "folder" as const, tabs: await loadContainerTabs(request) };
}
