import { api } from "./api";
import { unsubscribeDevice } from "./push";
import { clearSession, getSession } from "./session";
import { STORAGE_KEYS, writeStorage } from "./storage-keys";

const PUSH_STOP_WAIT_MS = 3_000;

/**
 * Logout clears the token and cached profile, then calls logout, goes to `to` (/ by default) and
 * reloads.
 * The server call uses the token read before clearing; it failing (offline, already ended)
 * must not keep anyone signed in, so its error is ignored.
 */
export async function logout(to = "/"): Promise<void> {
  // This device's notifications are the account's (decision 066): stopped while the token still
  // works, and never for more than a moment (offline, the push service slow).
  await Promise.race([unsubscribeDevice(), new Promise((r) => setTimeout(r, PUSH_STOP_WAIT_MS))]).catch(
    () => undefined,
  );
  const { token } = getSession();
  clearSession();
  for (const key of [
    STORAGE_KEYS.vehicles,
    STORAGE_KEYS.socialLoginSuccess,
    STORAGE_KEYS.socialLoginNewUser,
    // The bookings and passes kept for the gate offline (lib/offline-passes.ts) are the account's.
    STORAGE_KEYS.offlinePasses,
  ]) {
    writeStorage(key, null);
  }
  if (token) {
    await api("/auth/logout", { method: "POST", headers: { authorization: `Bearer ${token}` } }).catch(
      () => undefined,
    );
  }
  window.location.assign(to);
}
