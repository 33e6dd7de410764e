import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False while a server-rendered page is being hydrated (and on the server), true after, and true
 * at once in a page the browser renders itself. For what can only be drawn in a browser (a map)
 * or depends on this browser's clock (a booking window from "now"): the server and the first
 * browser render leave it out alike, so they match.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
