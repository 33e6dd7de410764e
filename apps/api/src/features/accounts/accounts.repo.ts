import { and, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { accountTokens, authAttempts, users } from "../../db/schema/index";

export type UserRow = typeof users.$inferSelect;
export type TokenPurpose = (typeof accountTokens.$inferSelect)["purpose"];

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByFirebaseUid(db: Db, uid: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.firebaseUid, uid)).limit(1);
  return row;
}

/** The new user, or undefined when the e-mail is taken (the unique index decides, even under races). */
export async function insertUser(db: Tx, row: typeof users.$inferInsert): Promise<UserRow | undefined> {
  const [created] = await db.insert(users).values(row).onConflictDoNothing().returning();
  return created;
}

export async function updateUser(db: Db, id: string, set: Partial<typeof users.$inferInsert>) {
  const [row] = await db.update(users).set(set).where(eq(users.id, id)).returning();
  return row;
}

/** A new link replaces the user's earlier unused ones of the same purpose. */
export async function replaceToken(
  db: Db,
  row: { userId: string; purpose: TokenPurpose; tokenHash: string; createdAt: Date; expiresAt: Date },
) {
  await db.transaction(async (tx) => {
    await tx
      .update(accountTokens)
      .set({ usedAt: row.createdAt })
      .where(
        and(
          eq(accountTokens.userId, row.userId),
          eq(accountTokens.purpose, row.purpose),
          isNull(accountTokens.usedAt),
        ),
      );
    await tx.insert(accountTokens).values(row);
  });
}

/** A new password ends every live reset link of the account (a link mailed earlier must not undo it). */
export async function setPassword(
  db: Db,
  userId: string,
  set: Partial<typeof users.$inferInsert>,
  now: Date,
) {
  return db.transaction(async (tx) => {
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.userId, userId),
          eq(accountTokens.purpose, "reset_password"),
          isNull(accountTokens.usedAt),
        ),
      );
    const [row] = await tx.update(users).set(set).where(eq(users.id, userId)).returning();
    return row;
  });
}

/** Marks a live token used and returns its user: one UPDATE, so a link works exactly once. */
export async function consumeToken(
  db: Db,
  tokenHash: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, tokenHash),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ userId: accountTokens.userId });
  return row?.userId;
}

/** The user a token was issued to, whether or not it is still live: tells a used link from a bad one. */
export async function tokenOwner(
  db: Db,
  tokenHash: string,
  purpose: TokenPurpose,
): Promise<string | undefined> {
  const [row] = await db
    .select({ userId: accountTokens.userId })
    .from(accountTokens)
    .where(and(eq(accountTokens.tokenHash, tokenHash), eq(accountTokens.purpose, purpose)))
    .limit(1);
  return row?.userId;
}

export async function logAttempt(db: Db, row: typeof authAttempts.$inferInsert): Promise<void> {
  await db.insert(authAttempts).values(row);
}
