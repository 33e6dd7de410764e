import { useSyncExternalStore } from "react";

/**
 * Whether the login dialog is open. Any page can open it (the 'Login to Continue' prompt, the
 * header); the app layout renders the dialog itself. Kept in lib so features need not import
 * each other.
 */
let open = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (open === value) return;
  open = value;
  for (const l of listeners) l();
}

export const openLoginDialog = (): void => set(true);
export const closeLoginDialog = (): void => set(false);

export function useLoginDialogOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => false,
  );
}
