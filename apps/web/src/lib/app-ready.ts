import { useSyncExternalStore } from "react";

/**
 * Whether the first page has rendered: the start-up loader holds its progress below 85 percent
 * until then. Set once by the router when a page's content is on screen.
 */
let ready = false;
const listeners = new Set<() => void>();

export function markAppReady(): void {
  if (ready) return;
  ready = true;
  for (const l of listeners) l();
}

export function useAppReady(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => ready,
    () => false,
  );
}

/** Runs `callback` once the first page is on screen (hydrated, for a server-rendered page). */
export function onAppReady(callback: () => void): void {
  if (ready) return callback();
  const once = () => {
    listeners.delete(once);
    callback();
  };
  listeners.add(once);
}
