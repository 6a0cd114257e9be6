import { useNavigate } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";

const FOCUSABLE = "a[href], button:not([disabled]), input:not([type=hidden]):not([disabled]), select:not([disabled]), textarea:not([disabled])";

/**
 * The keyboard of a URL-addressed dialog: Escape goes to its close address (replacing the history entry) and Tab
 * stays inside it. `focusFirst` picks what gets focus when it opens, unless focus is already inside; when it
 * closes, focus goes back to what had it before (the link that opened it), if that is still on the page.
 */
export function useDialogKeys(box: RefObject<HTMLElement>, closeHref: string, focusFirst: (el: HTMLElement) => HTMLElement | null, options: { preventScrollReset?: boolean } = {}) {
  const navigate = useNavigate();
  const preventScrollReset = options.preventScrollReset ?? false;
  // Read at opening only: a new function on each render must not move the focus.
  const first = useRef(focusFirst);
  first.current = focusFirst;
  useEffect(() => {
    // Runs once per opening, before the effect below moves the focus in.
    const opener = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
    return () => {
      if (opener?.isConnected) opener.focus({ preventScroll: true });
    };
  }, []);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    if (!el.contains(document.activeElement)) first.current(el)?.focus();
    function onKey(e: KeyboardEvent) {
      if (e.key === "Escape") {
        e.preventDefault();
        navigate(closeHref, { replace: true, preventScrollReset });
      }
      if (e.key !== "Tab" || !el) return;
      const items = Array.from(el.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (!items.length) return;
      const [head, tail] = [items[0], items[items.length - 1]];
      if (e.shiftKey && document.activeElement === head) {
        e.preventDefault();
        tail.focus();
      } else if (!e.shiftKey && document.activeElement === tail) {
        e.preventDefault();
        head.focus();
      }
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [box, closeHref, navigate, preventScrollReset]);
}
