import { and, eq, sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import { purchaseCheckouts, purchases } from "../../db/schema";
import type { Tx } from "../../db/tx";

export type PurchaseRow = typeof purchases.$inferSelect;

/** The purchase a buyer made of a kind with an Idempotency-Key, if any. */
export async function purchaseByKey(
  db: Tx,
  userId: string,
  kind: string,
  idempotencyKey: string,
): Promise<PurchaseRow | undefined> {
  const [row] = await db
    .select()
    .from(purchases)
    .where(
      and(
        eq(purchases.userId, userId),
        eq(purchases.kind, kind),
        eq(purchases.idempotencyKey, idempotencyKey),
      ),
    );
  return row;
}

/**
 * Claims the purchase's code and the buyer's key: a second request with the same key waits here on
 * the unique index until the first commits, then fails with 23505 and is answered with the first.
 */
export async function insertPurchase(tx: Tx, row: typeof purchases.$inferInsert): Promise<void> {
  await tx.insert(purchases).values(row);
}

export type CheckoutRow = typeof purchaseCheckouts.$inferSelect;

/** The purchase a top-up pays the difference for (purchase-checkouts.service.ts), by its payment. */
export async function checkoutOf(db: Tx, paymentId: string): Promise<CheckoutRow | undefined> {
  const [row] = await db.select().from(purchaseCheckouts).where(eq(purchaseCheckouts.paymentId, paymentId));
  return row;
}

export async function insertCheckout(tx: Tx, row: typeof purchaseCheckouts.$inferInsert): Promise<void> {
  await tx.insert(purchaseCheckouts).values(row);
}

/** What became of a checkout's purchase once its top-up was settled. */
export async function recordCheckout(db: Tx, paymentId: string, set: Partial<CheckoutRow>): Promise<void> {
  await db.update(purchaseCheckouts).set(set).where(eq(purchaseCheckouts.paymentId, paymentId));
}

/** A park's country (id and name) and type, as a company's policy reads them. */
export async function parkFacts(
  tx: Tx,
  parkId: number,
): Promise<{ countryId: number; countryName: string; parkType: string } | null> {
  const [row] = await queryRows<{ country_id: number; name: string; type: string }>(
    tx,
    sql`SELECT p.country_id, c.name, p.type FROM parks p JOIN countries c ON c.id = p.country_id WHERE p.id = ${parkId}`,
  );
  return row ? { countryId: Number(row.country_id), countryName: row.name, parkType: row.type } : null;
}
