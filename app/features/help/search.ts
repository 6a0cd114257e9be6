/**
 * Searching the Help pages (decision 026): fuse.js over each page's title, question and whole text, built once per
 * process (19 pages, a few kB). Typos within the threshold still match; an empty query lists nothing.
 */
import Fuse from "fuse.js";
import { HELP_PAGES, helpText, type HelpPage } from "./pages";

export const MAX_HELP_QUERY = 100;

let index: Fuse<{ page: HelpPage; text: string }> | undefined;

export function searchHelp(query: string): HelpPage[] {
  const q = query.trim().slice(0, MAX_HELP_QUERY);
  if (!q) return [];
  index ??= new Fuse(
    HELP_PAGES.map((page) => ({ page, text: helpText(page) })),
    {
      keys: [
        { name: "page.title", weight: 3 },
        { name: "page.answers", weight: 2 },
        { name: "text", weight: 1 },
      ],
      ignoreLocation: true,
      threshold: 0.3,
      minMatchCharLength: 2,
    },
  );
  return index.search(q).map((r) => r.item.page);
}
