import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { preparedPerDb, type Db } from "../../db/client";
import { sessions, users } from "../../db/schema/index";

export async function insertSession(db: Db, row: typeof sessions.$inferInsert) {
  const [created] = await db.insert(sessions).values(row).returning({ id: sessions.id });
  return created!;
}

/** A session and what a request needs of its user (every authenticated request runs this: built once, prepared). */
const sessionWithUser = preparedPerDb((db) =>
  db
    .select({
      session: {
        id: sessions.id,
        lastUsedAt: sessions.lastUsedAt,
        idleTimeoutSeconds: sessions.idleTimeoutSeconds,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
      },
      user: {
        id: users.id,
        email: users.email,
        role: users.role,
        countryId: users.countryId,
        language: users.language,
        disabledAt: users.disabledAt,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, sql.placeholder("tokenHash")))
    .limit(1)
    .prepare("session_with_user"),
);

export async function findSessionWithUser(db: Db, tokenHash: string) {
  const rows = await sessionWithUser(db).execute({ tokenHash });
  return rows[0];
}

export async function touchSession(db: Db, id: string, at: Date) {
  await db.update(sessions).set({ lastUsedAt: at }).where(eq(sessions.id, id));
}

export async function revokeSession(db: Db, id: string, at: Date) {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: string, at: Date, exceptId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: at })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        exceptId ? ne(sessions.id, exceptId) : undefined,
      ),
    );
}
