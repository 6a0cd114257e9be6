import { useLocation } from "@remix-run/react";

/** The export address of a grid: the page's scope and sort, without paging or selection. */
export function useExportHref(grid: "node-groups" | "nodes") {
  const { search } = useLocation();
  const p = new URLSearchParams(search);
  const keep = new URLSearchParams();
  for (const k of ["fullPath", "sort", "dir"]) {
    const v = p.get(k);
    if (v) keep.set(k, v);
  }
  keep.set("grid", grid);
  return `/kubex/nodes-tree/export?${keep}`;
}
