import { useState } from "react";

/**
 * True from the first render in which `shown` is true, and from then on: a panel's charts, once drawn, stay in the
 * page while the panel is closed, hidden by a class, so closing is one style change. Taking them out removed ~700
 * SVG elements in one task right after hydration on every small screen (the panels close themselves there), which
 * was Lighthouse's longest task on the grid (bench/README, Lighthouse).
 */
export function useDrawnOnce(shown: boolean): boolean {
  const [drawn, setDrawn] = useState(shown);
  if (shown && !drawn) setDrawn(true);
  return drawn || shown;
}
