import { API_BASE } from "../lib/api";
import { clearSession, getSession } from "../lib/session";

/**
 * SPEC 4: logout clears the token and the cached profile, tells the server (so the token is
 * revoked), goes to / and reloads. The server call is fire-and-forget with keepalive: it must not
 * hold the visitor on the page, and it still completes during the reload.
 */
export function logout(): void {
  const { token } = getSession();
  clearSession();
  if (token) {
    void fetch(`${API_BASE}/auth/logout`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
      keepalive: true,
    }).catch(() => {});
  }
  window.location.assign("/");
}
