// The node screens' name for the grids' address helper (their tabs, chart panel and mode switch use it too).
export { useSearchHref as useHref } from "~/components/grid/useSearchHref";
