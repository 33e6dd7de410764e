import { useSyncExternalStore } from "react";
import { readJson, readStorage, STORAGE_KEYS, writeStorage } from "./storage-keys";

/**
 * The signed-in state (signed in means a token exists) and the cached profile, in one
 * place. Components read it with useSession(); writes go through these functions so every
 * subscriber (header, menus, pages) sees the change, including from other tabs.
 */
export interface CachedProfile {
  id?: string;
  email?: string;
  first_name?: string | null;
  last_name?: string | null;
  country_id?: number | string | null;
  country?: { id: number; code: string; name: string } | null;
  [key: string]: unknown;
}

export interface Session {
  token: string | null;
  profile: CachedProfile | null;
}

/** What a server render shows (it has no session) and so what hydration starts from. */
const SIGNED_OUT: Session = { token: null, profile: null };
const signedOut = () => SIGNED_OUT;

const listeners = new Set<() => void>();
let snapshot: Session = read();

/**
 * Signed out is always the one object: hydration starts from it (the server's snapshot), and an
 * equal copy would make React draw the page again at once, in one task (snapshots are compared by
 * identity).
 */
function read(): Session {
  const token = readStorage(STORAGE_KEYS.token);
  const profile = readJson<CachedProfile>(STORAGE_KEYS.profile);
  return token === null && profile === null ? SIGNED_OUT : { token, profile };
}

function emit(): void {
  snapshot = read();
  for (const l of listeners) l();
}

if (typeof window !== "undefined") {
  window.addEventListener("storage", (e) => {
    if (e.key === null || e.key === STORAGE_KEYS.token || e.key === STORAGE_KEYS.profile) emit();
  });
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getSession(): Session {
  return snapshot;
}

export function useSession(): Session & { signedIn: boolean } {
  const session = useSyncExternalStore(subscribeSession, getSession, signedOut);
  return { ...session, signedIn: Boolean(session.token) };
}

export function setToken(token: string): void {
  writeStorage(STORAGE_KEYS.token, token);
  emit();
}

export function setCachedProfile(profile: CachedProfile | null): void {
  writeStorage(STORAGE_KEYS.profile, profile ? JSON.stringify(profile) : null);
  emit();
}

/** Logout clears the token and the cached profile (the caller then calls logout, goes to /, reloads). */
export function clearSession(): void {
  writeStorage(STORAGE_KEYS.token, null);
  writeStorage(STORAGE_KEYS.profile, null);
  writeStorage(STORAGE_KEYS.user, null);
  emit();
}
