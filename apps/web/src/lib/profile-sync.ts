import { api, ApiError } from "./api";
import { clearSession, getSession, setCachedProfile } from "./session";

/**
 * Signed in means a token exists; when there is a token but the cached profile has no
 * e-mail, the profile is fetched. A token the server no longer accepts is dropped silently.
 */
export async function syncProfile(): Promise<void> {
  const { token, profile } = getSession();
  if (!token || profile?.email) return;
  try {
    const fresh = await api("/users/profile");
    if (getSession().token === token) setCachedProfile(fresh);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && getSession().token === token) clearSession();
  }
}

/**
 * Signed in, the language switch is the account's language too: every e-mail is written in it.
 * The site has already switched; a failure here leaves the account as it was (a 401 signs out).
 */
export async function saveAccountLanguage(language: "en" | "fr"): Promise<void> {
  const { token } = getSession();
  if (!token) return;
  try {
    const fresh = await api("/users/profile", { method: "PATCH", body: { language } });
    if (getSession().token === token) setCachedProfile(fresh);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && getSession().token === token) clearSession();
  }
}
