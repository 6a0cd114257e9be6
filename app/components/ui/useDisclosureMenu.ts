import { useNavigation } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Menus are `<details>` elements, the same markup with and without JavaScript: a menu a user opened while the page
 * was still loading stays open when it hydrates (a component that swapped its markup at hydration lost that click).
 * With JavaScript this adds what a menu button does: a click outside or Escape closes it (Escape returns focus to
 * its button), choosing an item closes it, ArrowDown/ArrowUp move between its items, and a navigation closes it.
 */
export function useDisclosureMenu(): RefObject<HTMLDetailsElement> {
  const ref = useRef<HTMLDetailsElement>(null);
  const busy = useNavigation().state !== "idle";

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const summary = details.querySelector("summary");
    const items = () => Array.from(details.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el !== summary && el.offsetParent !== null);
    const onPointer = (e: PointerEvent) => {
      if (details.open && !details.contains(e.target as Node)) details.open = false;
    };
    const onEscape = (e: KeyboardEvent) => {
      if (!details.open || e.key !== "Escape") return;
      const inside = details.contains(document.activeElement);
      details.open = false;
      if (inside) summary?.focus();
    };
    const onKey = (e: KeyboardEvent) => {
      if (!details.open || (e.key !== "ArrowDown" && e.key !== "ArrowUp")) return;
      const list = items();
      if (list.length === 0) return;
      const at = list.indexOf(document.activeElement as HTMLElement);
      const next = e.key === "ArrowDown" ? (at + 1) % list.length : (at <= 0 ? list.length : at) - 1;
      list[next].focus();
      e.preventDefault();
    };
    // An item chosen: a link followed or a form button pressed (a text field inside is not a choice).
    const onClick = (e: MouseEvent) => {
      const target = (e.target as HTMLElement).closest("a[href], button[type=submit], button:not([type])");
      if (target && target !== summary && details.contains(target) && !target.closest("[data-menu-keep-open]")) details.open = false;
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onEscape);
    details.addEventListener("keydown", onKey);
    details.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onEscape);
      details.removeEventListener("keydown", onKey);
      details.removeEventListener("click", onClick);
    };
  }, []);

  // Close when a navigation starts (an item was chosen, a link elsewhere followed, Back pressed), not when it ends: a
  // menu opened while a save or a page was still loading (a quick user, a slow server) stays open when the new page
  // arrives, instead of closing under the user's next click. Hydration is no navigation, so a menu opened before
  // then stays open too.
  useEffect(() => {
    if (busy && ref.current) ref.current.open = false;
  }, [busy]);

  return ref;
}
