import type { Db } from "../../db/client";
import type { AuthUser } from "../../lib/auth-user";
import type { Clock } from "../../lib/clock";
import { hashToken, newToken } from "../../lib/tokens";
import { isSessionLive, needsTouch, SESSION_ABSOLUTE_SECONDS, SESSION_IDLE_SECONDS } from "./sessions.domain";
import * as repo from "./sessions.repo";

export type { AuthUser };

/** A new session (a new token at every login, ASVS 7.2.4). Returns the token: shown once, never stored. */
export async function startSession(
  db: Db,
  clock: Clock,
  userId: string,
  meta: { userAgent?: string | undefined; ip?: string | undefined } = {},
): Promise<{ token: string; sessionId: string; expiresAt: Date }> {
  const token = newToken();
  const now = clock();
  const expiresAt = new Date(now.getTime() + SESSION_ABSOLUTE_SECONDS * 1000);
  const { id } = await repo.insertSession(db, {
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    lastUsedAt: now,
    idleTimeoutSeconds: SESSION_IDLE_SECONDS,
    expiresAt,
    userAgent: meta.userAgent?.slice(0, 300),
    ip: meta.ip,
  });
  return { token, sessionId: id, expiresAt };
}

/** The user behind a bearer token, or null when the token is unknown, revoked, idle or expired. */
export async function resolveToken(db: Db, clock: Clock, token: string): Promise<AuthUser | null> {
  if (token.length < 20 || token.length > 200) return null;
  const found = await repo.findSessionWithUser(db, hashToken(token));
  if (!found) return null;
  const { session, user } = found;
  const now = clock();
  if (!isSessionLive(session, now) || user.disabledAt) return null;
  if (needsTouch(session.lastUsedAt, now)) await repo.touchSession(db, session.id, now);
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    countryId: user.countryId,
    language: user.language,
    sessionId: session.id,
  };
}

export async function endSession(db: Db, clock: Clock, sessionId: string): Promise<void> {
  await repo.revokeSession(db, sessionId, clock());
}

/** Ends every session of a user (password reset), or every other one (password change). */
export async function endUserSessions(
  db: Db,
  clock: Clock,
  userId: string,
  exceptSessionId?: string,
): Promise<void> {
  await repo.revokeUserSessions(db, userId, clock(), exceptSessionId);
}
