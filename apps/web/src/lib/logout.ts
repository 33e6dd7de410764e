import { api } from "./api";
import { clearSession, getSession } from "./session";
import { STORAGE_KEYS, writeStorage } from "./storage-keys";

/**
 * Logout clears the token and cached profile, then calls logout, goes to `to` (/ by default) and
 * reloads.
 * The server call uses the token read before clearing; it failing (offline, already ended)
 * must not keep anyone signed in, so its error is ignored.
 */
export async function logout(to = "/"): Promise<void> {
  const { token } = getSession();
  clearSession();
  for (const key of [
    STORAGE_KEYS.vehicles,
    STORAGE_KEYS.socialLoginSuccess,
    STORAGE_KEYS.socialLoginNewUser,
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
