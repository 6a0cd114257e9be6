import { readCookie } from "./cookies";
import { parseTreePane, TREE_PANE_COOKIE, type TreePaneState } from "./tree-pane";

export function getTreePane(request: Request): TreePaneState {
  return parseTreePane(readCookie(request, TREE_PANE_COOKIE));
}
