import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { autoReloads, payments, savedCards } from "../../db/schema/index";
import { queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";
import { toSafeInt } from "../wallet/ledger.domain";
import type { PaymentRow } from "./payments.repo";

export type SavedCardRow = typeof savedCards.$inferSelect;
export type AutoReloadRow = typeof autoReloads.$inferSelect;

/** A user's cards still saved, newest first. */
export function cardsOf(db: Tx, userId: string): Promise<SavedCardRow[]> {
  return db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), isNull(savedCards.removedAt)))
    .orderBy(desc(savedCards.createdAt));
}

/** The user's saved card `id`, or null (another user's, removed, or none). */
export async function cardOf(db: Tx, userId: string, id: string): Promise<SavedCardRow | null> {
  const [row] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, id), eq(savedCards.userId, userId), isNull(savedCards.removedAt)));
  return row ?? null;
}

/** Keeps a card; the same card of the provider saved again is the row it has (returned either way). */
export async function insertCard(db: Tx, values: typeof savedCards.$inferInsert): Promise<SavedCardRow> {
  const [row] = await db
    .insert(savedCards)
    .values(values)
    .onConflictDoUpdate({
      target: [savedCards.provider, savedCards.methodRef],
      set: { removedAt: null },
      where: eq(savedCards.userId, values.userId),
    })
    .returning();
  if (row) return row;
  throw new Error(`card ${values.provider}:${values.methodRef} belongs to another user`);
}

export async function cardById(db: Tx, id: string): Promise<SavedCardRow | null> {
  const [row] = await db.select().from(savedCards).where(eq(savedCards.id, id));
  return row ?? null;
}

export async function markRemoved(db: Tx, id: string, at: Date): Promise<void> {
  await db.update(savedCards).set({ removedAt: at }).where(eq(savedCards.id, id));
}

/** The user's customer at the provider from an earlier payment (Stripe keeps cards on one). */
export async function customerOf(db: Tx, userId: string, provider: PaymentRow["provider"]) {
  const [row] = await db
    .select({ customerRef: payments.customerRef })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.provider, provider), isNotNull(payments.customerRef)))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return row?.customerRef ?? null;
}

const normalise = (row: AutoReloadRow): AutoReloadRow => ({
  ...row,
  thresholdMinor: toSafeInt(row.thresholdMinor),
  amountMinor: toSafeInt(row.amountMinor),
});

export async function autoReloadOf(db: Tx, userId: string, forUpdate = false): Promise<AutoReloadRow | null> {
  const q = db.select().from(autoReloads).where(eq(autoReloads.userId, userId));
  const [row] = forUpdate ? await q.for("update") : await q;
  return row ? normalise(row) : null;
}

export async function putAutoReload(
  db: Tx,
  values: Omit<typeof autoReloads.$inferInsert, "pausedAt" | "pauseReason" | "updatedAt">,
  now: Date,
): Promise<AutoReloadRow> {
  const set = { ...values, pausedAt: null, pauseReason: null, updatedAt: now };
  const [row] = await db
    .insert(autoReloads)
    .values(set)
    .onConflictDoUpdate({ target: autoReloads.userId, set })
    .returning();
  return normalise(row!);
}

export async function deleteAutoReload(db: Tx, userId: string, cardId?: string): Promise<void> {
  await db
    .delete(autoReloads)
    .where(and(eq(autoReloads.userId, userId), cardId ? eq(autoReloads.cardId, cardId) : undefined));
}

export async function updateAutoReload(
  db: Tx,
  userId: string,
  values: Partial<typeof autoReloads.$inferInsert>,
) {
  await db.update(autoReloads).set(values).where(eq(autoReloads.userId, userId));
}

/**
 * The reloads due: not paused, their wallet under the threshold, with the wallet's latest move
 * that is not a top-up (the spend a reload answers: its key; a reload that leaves the wallet under
 * the threshold does not call for another), and when the reload was last saved (saving it again,
 * after a pause, answers that spend anew). At most `limit`, the longest waiting first.
 */
export async function dueReloads(db: Tx, limit: number) {
  const rows = await queryRows<{ user_id: string; last_move: string | null; saved_at: string }>(
    db,
    sql`
      SELECT r.user_id, (
        SELECT l.transaction_id FROM ledger_entries l
        JOIN ledger_transactions t ON t.id = l.transaction_id
        WHERE l.account_id = a.id AND t.kind <> 'topup' ORDER BY l.id DESC LIMIT 1
      ) AS last_move, (extract(epoch FROM r.updated_at) * 1000)::bigint::text AS saved_at
      FROM auto_reloads r
      JOIN wallet_accounts a ON a.key = 'user:' || r.user_id || ':' || r.currency
      WHERE r.paused_at IS NULL AND a.balance_minor < r.threshold_minor
      ORDER BY r.updated_at
      LIMIT ${limit}`,
  );
  return rows.map((r) => ({ userId: r.user_id, lastMove: r.last_move, savedAt: r.saved_at }));
}
