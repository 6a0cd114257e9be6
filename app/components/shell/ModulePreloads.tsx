import { UNSAFE_RemixContext, useMatches } from "@remix-run/react";
import { useContext } from "react";

/**
 * The page's script modules, preloaded from the <head>. Remix's <Scripts> writes these modulepreload links at the
 * end of the body, after the page's markup: on a phone's CPU the parser (and its preload scanner) reaches them only
 * when the whole document is parsed, so the scripts started downloading ~0.6 s after the HTML had arrived (the grid
 * at 412 px, 4x CPU: HTML done at 0.69 s, scripts asked for at 1.32 s). The same list Remix makes (the manifest,
 * the entry and the matched routes' modules with their imports); the copies <Scripts> still writes are served from
 * the preload cache.
 */
export function ModulePreloads() {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  if (!remix) return null;
  const { manifest } = remix;
  const paths = new Set<string>([manifest.url, manifest.entry.module, ...manifest.entry.imports]);
  for (const match of matches) {
    const route = manifest.routes[match.id];
    if (!route) continue;
    for (const path of route.imports ?? []) paths.add(path);
    paths.add(route.module);
  }
  return (
    <>
      {[...paths].map((href) => (
        <link key={href} rel="modulepreload" href={href} />
      ))}
    </>
  );
}
