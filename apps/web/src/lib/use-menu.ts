import { useCallback, useEffect, useRef, useState, type RefObject } from "react";
import { useNavigate } from "react-router";

/** Navigation from a menu happens 100 ms after the menu closes. */
export const MENU_NAVIGATION_DELAY_MS = 100;

/**
 * A disclosure menu: closes on a click or tap outside it and on Escape (focus goes back to the
 * button), and navigates only after it has closed. With `focusInto`, opening it moves the focus to
 * that element's first link or button (a menu drawn away from its button in the page's order, as
 * the phone's header menu is, so Tab walks its links next).
 */
export function useMenu<T extends HTMLElement = HTMLDivElement>(
  options: { focusInto?: RefObject<HTMLElement | null> } = {},
) {
  const { focusInto } = options;
  const [open, setOpen] = useState(false);
  const rootRef = useRef<T>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    focusInto?.current?.querySelector<HTMLElement>("a, button")?.focus();
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open, focusInto]);

  const go = useCallback(
    (to: string) => {
      setOpen(false);
      setTimeout(() => void navigate(to), MENU_NAVIGATION_DELAY_MS);
    },
    [navigate],
  );

  return { open, setOpen, toggle: () => setOpen((v) => !v), rootRef, buttonRef, go };
}
