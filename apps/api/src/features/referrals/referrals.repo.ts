import { and, asc, desc, eq, inArray, sql, type SQLWrapper } from "drizzle-orm";
import {
  countries,
  fees,
  referralCodes,
  referralDevices,
  referralEmailRules,
  referrals,
  users,
} from "../../db/schema/index";
import { preparedRows, queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { ReferralRefusal } from "@parkwell/contract";

export async function codeOf(db: Tx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ code: referralCodes.code })
    .from(referralCodes)
    .where(eq(referralCodes.userId, userId));
  return row?.code ?? null;
}

/** Gives the driver `code` unless they have one (a request racing in made it). */
export async function insertCode(db: Tx, userId: string, code: string, at: Date): Promise<void> {
  await db
    .insert(referralCodes)
    .values({ userId, code, createdAt: at })
    .onConflictDoNothing({ target: referralCodes.userId });
}

/** The driver whose code this is, if any. */
export async function inviterOfCode(db: Tx, code: string) {
  const [row] = await db
    .select({ id: users.id, email: users.email, role: users.role, disabledAt: users.disabledAt })
    .from(referralCodes)
    .innerJoin(users, eq(users.id, referralCodes.userId))
    .where(eq(referralCodes.code, code));
  return row;
}

export async function emailPatterns(db: Tx): Promise<string[]> {
  const rows = await db.select({ pattern: referralEmailRules.pattern }).from(referralEmailRules);
  return rows.map((r) => r.pattern);
}

export async function recordDevice(db: Tx, userId: string, deviceHash: string, at: Date): Promise<void> {
  await db.insert(referralDevices).values({ userId, deviceHash, seenAt: at }).onConflictDoNothing();
}

/** Whether the two drivers (ids, or columns holding them) have a device in common. */
const sharedDevice = (a: SQLWrapper | string, b: SQLWrapper | string) =>
  sql<boolean>`EXISTS (SELECT 1 FROM referral_devices x JOIN referral_devices y ON y.device_hash = x.device_hash
    WHERE x.user_id = ${a} AND y.user_id = ${b})`;

/** Whether the two drivers have a device in common. */
export async function shareDevice(db: Tx, a: string, b: string): Promise<boolean> {
  const [row] = await queryRows<{ shared: boolean }>(db, sql`SELECT ${sharedDevice(a, b)} AS shared`);
  return Boolean(row?.shared);
}

export async function insertReferral(
  db: Tx,
  r: {
    inviterId: string;
    inviteeId: string;
    code: string;
    refusedReason: ReferralRefusal | null;
    at: Date;
  },
): Promise<void> {
  await db.insert(referrals).values({
    inviterId: r.inviterId,
    inviteeId: r.inviteeId,
    code: r.code,
    status: r.refusedReason ? "refused" : "registered",
    refusedReason: r.refusedReason,
    createdAt: r.at,
  });
}

/**
 * The invitee's referral still waiting for its reward, locked: a second first purchase racing in
 * waits here, then finds it rewarded (the row no longer matches) and pays nothing. With whether
 * the two now share a device (the inviter may have opened their page on the invitee's since).
 */
export async function pendingReferralForUpdate(db: Tx, inviteeId: string) {
  const [row] = await pendingReferralStatement(db, { inviteeId });
  return row && { id: row.id, inviterId: row.inviter_id, sharedDevice: Boolean(row.shared_device) };
}
/**
 * Every paid move of every kind asks it, in its transaction (purchases.service receiptOfMove): a
 * named prepared statement built once (docs/decisions/009-prepared-statements.md).
 */
const pendingReferralStatement = preparedRows<{ id: string; inviter_id: string; shared_device: boolean }>(
  "referral_pending_lock",
  sql`SELECT r.id, r.inviter_id, ${sharedDevice(sql`r.inviter_id`, sql`r.invitee_id`)} AS shared_device
    FROM referrals r WHERE r.invitee_id = ${sql.placeholder("inviteeId")}::uuid AND r.status = 'registered'
    FOR UPDATE OF r`,
);

export async function markRewarded(
  db: Tx,
  id: string,
  r: { purchaseId: string; at: Date; inviterRewardMinor: number; inviterCurrency: string | null },
): Promise<void> {
  await db
    .update(referrals)
    .set({
      status: "rewarded",
      rewardedAt: r.at,
      purchaseId: r.purchaseId,
      inviterRewardMinor: r.inviterRewardMinor,
      inviterCurrency: r.inviterCurrency,
    })
    .where(eq(referrals.id, id));
}

export async function markRefused(db: Tx, id: string, reason: ReferralRefusal): Promise<void> {
  await db.update(referrals).set({ status: "refused", refusedReason: reason }).where(eq(referrals.id, id));
}

/**
 * Each driver's country's reward and currency (trimmed: a `char(3)`), as the fees rows are now (in
 * the purchase's transaction), by user id. A driver whose country has no fees row gets 0.
 */
export async function rewardsOfUsers(
  db: Tx,
  userIds: string[],
): Promise<Map<string, { minor: number; currency: string }>> {
  const rows = await db
    .select({ userId: users.id, rewardMinor: fees.referralRewardMinor, currency: countries.currency })
    .from(users)
    .innerJoin(countries, eq(countries.id, users.countryId))
    .leftJoin(fees, eq(fees.countryId, users.countryId))
    .where(inArray(users.id, userIds));
  return new Map(
    rows.map((r) => [r.userId, { minor: Number(r.rewardMinor ?? 0), currency: r.currency.trim() }]),
  );
}

/** A page of the driver's invitations, newest first, with the invitees' names and e-mails. */
export async function invitationsOf(db: Tx, inviterId: string, offset: number, size: number) {
  const where = eq(referrals.inviterId, inviterId);
  const [items, [count]] = await Promise.all([
    db
      .select({
        id: referrals.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        status: referrals.status,
        refusedReason: referrals.refusedReason,
        createdAt: referrals.createdAt,
        rewardedAt: referrals.rewardedAt,
        inviterRewardMinor: referrals.inviterRewardMinor,
        inviterCurrency: referrals.inviterCurrency,
      })
      .from(referrals)
      .innerJoin(users, eq(users.id, referrals.inviteeId))
      .where(where)
      .orderBy(desc(referrals.createdAt), desc(referrals.id))
      .limit(size)
      .offset(offset)
      .then((rows) => rows.map((r) => ({ ...r, inviterCurrency: r.inviterCurrency?.trim() ?? null }))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(referrals)
      .where(where),
  ]);
  return { items, total: Number(count?.n ?? 0) };
}

/** What the driver earned from invitations, per currency. */
export async function earnedBy(db: Tx, inviterId: string) {
  const rows = await db
    .select({
      currency: referrals.inviterCurrency,
      minor: sql<string>`sum(${referrals.inviterRewardMinor})::text`,
    })
    .from(referrals)
    .where(and(eq(referrals.inviterId, inviterId), eq(referrals.status, "rewarded")))
    .groupBy(referrals.inviterCurrency)
    .orderBy(asc(referrals.inviterCurrency));
  return rows.flatMap((r) => (r.currency ? [{ currency: r.currency.trim(), minor: Number(r.minor) }] : []));
}

/** The users' referrals, whichever side they are on, their codes and devices (the demo reset). */
export async function deleteOfUsers(db: Tx, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  const ids = sql.param(userIds);
  await db.execute(
    sql`DELETE FROM referrals WHERE inviter_id = ANY(${ids}::uuid[]) OR invitee_id = ANY(${ids}::uuid[])`,
  );
  await db.execute(sql`DELETE FROM referral_codes WHERE user_id = ANY(${ids}::uuid[])`);
  await db.execute(sql`DELETE FROM referral_devices WHERE user_id = ANY(${ids}::uuid[])`);
}
