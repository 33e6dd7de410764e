import { api, ApiError } from "./api";
import { clearSession, getSession, setCachedProfile, type CachedProfile } from "./session";

/**
 * Signed in means a token exists; when there is a token but the cached profile has no
 * e-mail, the profile is fetched. A token the server no longer accepts is dropped silently.
 */
export async function syncProfile(): Promise<void> {
  const { token, profile } = getSession();
  if (!token || profile?.email) return;
  try {
    const fresh = await api<CachedProfile>("/users/profile");
    if (getSession().token === token) setCachedProfile(fresh);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && getSession().token === token) clearSession();
  }
}
