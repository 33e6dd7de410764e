import { and, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { payments, webhookEvents } from "../../db/schema/index";
import { toSafeInt } from "../wallet/ledger.domain";
import type { Tx } from "../../db/tx";

export type PaymentRow = typeof payments.$inferSelect;
type ProviderName = PaymentRow["provider"];

const normalise = (row: PaymentRow): PaymentRow => ({ ...row, amountMinor: toSafeInt(row.amountMinor) });

export async function insertPayment(db: Tx, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return normalise(row!);
}

export async function findByClientKey(db: Tx, userId: string, clientKey: string): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.clientKey, clientKey)));
  return row ? normalise(row) : null;
}

/** A caller's payment by our reference or the provider's (pi_…, cos-…): another user's is not found. */
export async function findForUser(
  db: Tx,
  userId: string,
  reference: string,
  provider?: ProviderName,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        or(eq(payments.reference, reference), eq(payments.providerReference, reference)),
        provider ? eq(payments.provider, provider) : undefined,
      ),
    )
    .limit(1);
  return row ? normalise(row) : null;
}

export async function findByProviderReference(
  db: Tx,
  provider: ProviderName,
  providerReference: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerReference, providerReference)));
  return row ? normalise(row) : null;
}

export async function findById(db: Tx, id: string, forUpdate = false): Promise<PaymentRow | null> {
  const q = db.select().from(payments).where(eq(payments.id, id));
  const [row] = forUpdate ? await q.for("update") : await q;
  return row ? normalise(row) : null;
}

export async function updatePayment(
  db: Tx,
  id: string,
  values: Partial<typeof payments.$inferInsert>,
): Promise<void> {
  await db
    .update(payments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(payments.id, id));
}

/** Claims the verification lease; false when another verification holds it or the payment is settled. */
export async function claimLease(db: Tx, id: string, now: Date, until: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ verifyLeaseUntil: until })
    .where(
      and(
        eq(payments.id, id),
        inArray(payments.status, ["initialized", "pending"]),
        or(isNull(payments.verifyLeaseUntil), lt(payments.verifyLeaseUntil, now)),
      ),
    )
    .returning({ id: payments.id });
  return rows.length === 1;
}

export async function releaseLease(db: Tx, id: string): Promise<void> {
  await db.update(payments).set({ verifyLeaseUntil: null }).where(eq(payments.id, id));
}

/** Records a webhook delivery; false when this event was seen before. */
export async function recordWebhookEvent(
  db: Tx,
  provider: string,
  eventId: string,
  payload: unknown,
): Promise<boolean> {
  const rows = await db
    .insert(webhookEvents)
    .values({ provider, eventId, payload })
    .onConflictDoNothing()
    .returning({ eventId: webhookEvents.eventId });
  return rows.length === 1;
}

export async function forgetWebhookEvent(db: Tx, provider: string, eventId: string): Promise<void> {
  await db
    .delete(webhookEvents)
    .where(and(eq(webhookEvents.provider, provider), eq(webhookEvents.eventId, eventId)));
}
