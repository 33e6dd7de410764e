/** The push_subscriptions table (decision 066): one row per device, by its endpoint. */
import type { PushSubscriptionInput, PushSubscriptionRenewal } from "@parkwell/contract";
import { and, count, desc, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client";
import { pushSubscriptions } from "../../db/schema";

const ofUser = (userId: string, endpoint: string | undefined) =>
  and(
    eq(pushSubscriptions.userId, userId),
    endpoint === undefined ? undefined : eq(pushSubscriptions.endpoint, endpoint),
  );

/** A page of the user's devices (or the one at `endpoint`), newest first, and how many in all. */
export async function listOwn(
  db: Db,
  userId: string,
  endpoint: string | undefined,
  page: { limit: number; offset: number },
) {
  const where = ofUser(userId, endpoint);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(pushSubscriptions)
      .where(where)
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(pushSubscriptions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Inserts the device, or gives its endpoint's row to the user with these keys and reminders. */
export async function upsert(db: Db, userId: string, body: PushSubscriptionInput, now: Date) {
  const values = {
    userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh,
    auth: body.keys.auth,
    reminders: body.reminders,
  };
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, updatedAt: now } })
    .returning();
  return row!;
}

/**
 * Moves the record at `old_endpoint` to the device's new endpoint and keys, its account and
 * reminders kept; a record already at the new endpoint (a stale one) gives way. Answers whether
 * the device now has a record at its new endpoint with these keys (a renewal sent twice: yes).
 */
export async function renew(db: Db, body: PushSubscriptionRenewal, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [held] = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, body.old_endpoint))
      .for("update");
    if (held) {
      await tx
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.endpoint, body.endpoint), ne(pushSubscriptions.id, held.id)));
      await tx
        .update(pushSubscriptions)
        .set({ endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, updatedAt: now })
        .where(eq(pushSubscriptions.id, held.id));
      return true;
    }
    const [moved] = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.endpoint, body.endpoint),
          eq(pushSubscriptions.p256dh, body.keys.p256dh),
          eq(pushSubscriptions.auth, body.keys.auth),
        ),
      );
    return moved !== undefined;
  });
}

/** Deletes the user's device; answers whether there was one. */
export async function remove(db: Db, userId: string, id: string): Promise<boolean> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return gone.length > 0;
}
