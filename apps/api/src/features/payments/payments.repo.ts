import { and, asc, desc, eq, gte, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { countries, fees, payments, users, webhookEvents } from "../../db/schema/index";
import { toSafeInt } from "../wallet/ledger.domain";
import { DECLINED, EXPIRED } from "./payments.domain";
import type { Tx } from "../../db/tx";

export type PaymentRow = typeof payments.$inferSelect;
type ProviderName = PaymentRow["provider"];

const normalise = (row: PaymentRow): PaymentRow => ({
  ...row,
  amountMinor: toSafeInt(row.amountMinor),
  heldMinor: toSafeInt(row.heldMinor),
});

export async function insertPayment(db: Tx, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return normalise(row!);
}

/**
 * Waits for, then holds until the transaction ends, the lock of one user's Idempotency-Key (the pair
 * payments_client_key_unique is on): a request with the same key sent at once waits here until the
 * first one's row is committed, then finds it.
 */
export async function lockClientKey(tx: Tx, userId: string, clientKey: string): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext('payments_client_key'), hashtext(${userId} || ':' || ${clientKey}))`,
  );
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

/** A payment by our reference (a company's top-up: the company, not the user, owns it). */
export async function findByReference(db: Tx, reference: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.reference, reference));
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

const unfinished = inArray(payments.status, ["initialized", "pending"]);

/** Whether the user has a payment still unfinished whose Idempotency-Key starts with `prefix` (a reload's). */
export async function hasUnfinishedWithKeyPrefix(db: Tx, userId: string, prefix: string): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), unfinished, sql`starts_with(${payments.clientKey}, ${prefix})`))
    .limit(1);
  return row !== undefined;
}

/** A payment still being paid: unfinished, or declined once (the customer may try again). */
const beingPaid = or(unfinished, and(eq(payments.status, "failed"), eq(payments.failureReason, DECLINED)));

/**
 * A payment that may still be paid (payments.domain mayStillBePaid), as a condition: one still
 * being paid, or an expired one a late payment may still complete.
 */
const stillPayable = or(beingPaid, and(eq(payments.status, "failed"), eq(payments.failureReason, EXPIRED)));

/**
 * What the user's top-ups still being paid add up to: those started after their provider's cutoff
 * (payments.domain payableSince) and neither settled nor expired. An expired one gives its room
 * back: it was abandoned, and should it be paid after all, the settle credits up to the cap and
 * holds the rest.
 */
export async function pendingTopUpsMinor(
  db: Tx,
  userId: string,
  currency: string,
  since: Record<ProviderName, Date>,
): Promise<number> {
  const providers = Object.keys(since) as ProviderName[];
  const [row] = await db
    .select({ sum: sql<string>`coalesce(sum(${payments.amountMinor}), 0)::text` })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.currency, currency),
        beingPaid,
        or(...providers.map((p) => and(eq(payments.provider, p), gte(payments.createdAt, since[p])))),
      ),
    );
  return toSafeInt(row?.sum ?? 0);
}

/**
 * The most the user's wallet in this currency may hold: their country's cap, or, for a user who
 * has since moved country, the lowest cap of the countries using that currency. Null: no cap known.
 */
export async function findWalletCap(db: Tx, userId: string, currency: string): Promise<number | null> {
  const own = sql`${countries.id} = ${users.countryId}`;
  const [row] = await db
    .select({ cap: fees.maxWalletBalanceMinor })
    .from(fees)
    .innerJoin(countries, eq(countries.id, fees.countryId))
    .innerJoin(users, eq(users.id, userId))
    .where(eq(countries.currency, currency))
    .orderBy(desc(own), asc(fees.maxWalletBalanceMinor))
    .limit(1);
  return row ? toSafeInt(row.cap) : null;
}

/**
 * Claims the verification lease; false when another verification holds it or the payment can no
 * longer be paid (settled, or failed other than by a decline: payments.domain mayStillBePaid).
 */
export async function claimLease(db: Tx, id: string, now: Date, until: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ verifyLeaseUntil: until })
    .where(
      and(
        eq(payments.id, id),
        stillPayable,
        or(isNull(payments.verifyLeaseUntil), lt(payments.verifyLeaseUntil, now)),
      ),
    )
    .returning({ id: payments.id });
  return rows.length === 1;
}

/**
 * One provider's oldest payments still unfinished that started before `startedBefore`, for the
 * expiry run (payments.domain expiryCutoff).
 */
export async function findUnfinished(
  db: Tx,
  provider: ProviderName,
  startedBefore: Date,
  limit: number,
): Promise<PaymentRow[]> {
  const rows = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), unfinished, lt(payments.createdAt, startedBefore)))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(limit);
  return rows.map(normalise);
}

/**
 * Marks an unfinished payment expired (payments.domain EXPIRED); false when it is no longer
 * unfinished (settled or failed meanwhile) or a verification holds its lease right now, so that a
 * customer's verify or another run's question to the provider is never overtaken.
 */
export async function expirePayment(db: Tx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(payments)
    .set({ status: "failed", failureReason: EXPIRED, updatedAt: sql`now()` })
    .where(
      and(
        eq(payments.id, id),
        unfinished,
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

/** A payment with what its receipt needs: the user's address and language. */
export async function findForReceipt(db: Tx, id: string) {
  const [row] = await db
    .select({ payment: payments, email: users.email, language: users.language })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(and(eq(payments.id, id), isNull(users.disabledAt)))
    .limit(1);
  return row;
}
