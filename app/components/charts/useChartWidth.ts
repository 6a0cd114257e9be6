import { useEffect, useRef, useState } from "react";

/**
 * The width the chart is drawn at. The server (and the first client render, so hydration matches) uses the
 * fallback, and the SVG scales through its viewBox; once JavaScript runs, a ResizeObserver redraws the chart at the
 * container's real width so text keeps its size and the plot fills the frame.
 */
export function useChartWidth<T extends HTMLElement = HTMLDivElement>(fallback: number, min = 240) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const update = (w: number) => {
      if (w > 0) setWidth(Math.max(min, Math.round(w)));
    };
    update(el.getBoundingClientRect().width);
    const ro = new ResizeObserver((entries) => {
      for (const e of entries) update(e.contentRect.width);
    });
    ro.observe(el);
    return () => ro.disconnect();
  }, [min]);
  return { ref, width };
}
