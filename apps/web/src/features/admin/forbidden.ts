import { useSyncExternalStore } from "react";

/**
 * Where an admin API call last answered 403: the layout shows the 403 page instead of that
 * path's page, until the user goes elsewhere. Kept outside React so any API call can say it.
 */
let forbiddenPath: string | null = null;
const listeners = new Set<() => void>();

function set(path: string | null): void {
  if (forbiddenPath === path) return;
  forbiddenPath = path;
  for (const l of listeners) l();
}

export function reportForbidden(): void {
  set(window.location.pathname);
}

export function clearForbidden(): void {
  set(null);
}

/** Whether the page at `pathname` was refused by the API. */
export function useForbidden(pathname: string): boolean {
  const path = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => forbiddenPath,
    () => null,
  );
  return path === pathname;
}
