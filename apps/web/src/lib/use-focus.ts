import { useEffect, useRef } from "react";

/**
 * A ref to focus when `on` turns true after the first render: the element a keyboard or
 * screen-reader user should land on once what they acted on is gone (a form closed: its opener;
 * a booking cancelled: the status that says so). Never on arrival, when the page starts as usual.
 */
export function useFocusWhenTurnsOn<T extends HTMLElement>(on: boolean) {
  const ref = useRef<T>(null);
  const was = useRef(on);
  useEffect(() => {
    if (on && !was.current) ref.current?.focus();
    was.current = on;
  }, [on]);
  return ref;
}
