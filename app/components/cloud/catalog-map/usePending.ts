import { useLocation, useNavigation } from "@remix-run/react";
import { changedPart, parseCatalogMapUrl, type CatalogMapUrlState } from "~/features/cloud/catalog-map";

/**
 * While JavaScript loads the next address of this page: what it will show (so the filters reflect a click at
 * once) and which part is loading, the map or only the comparison. On the server and when idle: nothing pending.
 */
export function usePendingCatalogMap(url: CatalogMapUrlState): { url: CatalogMapUrlState; part: "none" | "map" | "comparison"; entityChanging: boolean } {
  const navigation = useNavigation();
  const location = useLocation();
  const next = navigation.location;
  if (navigation.state === "idle" || !next || next.pathname !== location.pathname) return { url, part: "none", entityChanging: false };
  const from = new URLSearchParams(location.search);
  const to = new URLSearchParams(next.search);
  return { url: parseCatalogMapUrl(to), part: changedPart(from, to), entityChanging: from.get("entityId") !== to.get("entityId") };
}
