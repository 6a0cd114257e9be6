import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

/*
 * Until React has hydrated the page (the root layout then marks <html data-hydrated>), the page is the server's
 * page and every control on it works without JavaScript: links, forms and <details> menus. A click or submit in
 * that window takes its native path instead of reaching React, which would hold it for a part of the tree not yet
 * hydrated and replay it later as already handled: a link clicked then went nowhere.
 */
const beforeHydration = (event: Event) => {
  if (document.documentElement.dataset.hydrated !== "true") event.stopImmediatePropagation();
};
window.addEventListener("click", beforeHydration, true);
window.addEventListener("submit", beforeHydration, true);

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
