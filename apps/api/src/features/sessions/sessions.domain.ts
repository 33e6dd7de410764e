/**
 * Session lifetime (OWASP ASVS 7.3.1/7.3.2): a session ends after SESSION_IDLE_SECONDS without
 * use or SESSION_ABSOLUTE_SECONDS after login, whichever comes first. Documented in
 * docs/decisions/003-sessions.md.
 */
export const SESSION_IDLE_SECONDS = 24 * 60 * 60;
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;
/** last_used_at is written at most this often, so reads do not turn into writes. */
export const SESSION_TOUCH_SECONDS = 5 * 60;

export interface SessionTimes {
  lastUsedAt: Date;
  idleTimeoutSeconds: number;
  expiresAt: Date;
  revokedAt: Date | null;
}

export function isSessionLive(s: SessionTimes, now: Date): boolean {
  if (s.revokedAt) return false;
  if (now.getTime() >= s.expiresAt.getTime()) return false;
  return now.getTime() < s.lastUsedAt.getTime() + s.idleTimeoutSeconds * 1000;
}

export function needsTouch(lastUsedAt: Date, now: Date): boolean {
  return now.getTime() - lastUsedAt.getTime() >= SESSION_TOUCH_SECONDS * 1000;
}
