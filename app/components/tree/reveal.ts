/**
 * Scrolls the tree's own scroll box, and only it, so that `el` is in view (the "nearest" edge, as
 * scrollIntoView({ block: "nearest" }) would). scrollIntoView also scrolls the window: on a page the reader had
 * already scrolled down (or scrolled while it hydrated), showing the selected tree item pulled the page back up
 * under the pointer, so a click aimed at a link landed on whatever moved there.
 */
export function revealInScrollBox(el: HTMLElement): void {
  const box = scrollBoxOf(el);
  if (!box) return;
  const item = el.getBoundingClientRect();
  const view = box.getBoundingClientRect();
  if (item.top < view.top) box.scrollTop -= view.top - item.top;
  else if (item.bottom > view.bottom) box.scrollTop += Math.min(item.bottom - view.bottom, item.top - view.top);
}

/** The closest ancestor that scrolls vertically by itself (never the page). */
function scrollBoxOf(el: HTMLElement): HTMLElement | null {
  for (let at = el.parentElement; at && at !== document.body && at !== document.documentElement; at = at.parentElement) {
    const overflow = getComputedStyle(at).overflowY;
    if ((overflow === "auto" || overflow === "scroll") && at.scrollHeight > at.clientHeight) return at;
  }
  return null;
}
