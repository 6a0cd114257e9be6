import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { TREE_ICON_CSS_FILE, treeIconCss } from "../../scripts/tree-icons-css";
import { TREE_ICON_SET } from "~/components/tree/tree-icons";

describe("tree icons as CSS masks", () => {
  it("the shipped stylesheet is the one the icon components make (run scripts/tree-icons-css.ts after changing them)", () => {
    expect(fs.readFileSync(TREE_ICON_CSS_FILE, "utf8")).toBe(treeIconCss());
  });

  it("has one mask rule per icon, each an SVG with its path", () => {
    const css = treeIconCss();
    for (let i = 0; i < TREE_ICON_SET.length; i++) expect(css).toMatch(new RegExp(`\\.kx-ti-${i}\\{--kx-ti:url\\("data:image/svg\\+xml,%3Csvg [^"]*%3Cpath d='M`));
    expect(css).not.toMatch(new RegExp(`\\.kx-ti-${TREE_ICON_SET.length}\\{`));
  });
});
