/**
 * The windows held while their drivers pay the difference (docs/decisions/026-pay-the-difference.md):
 * the database functions `hold_check` and `complete_hold` (drizzle/0035, current text in db/sql/functions/) and the rows' reads.
 */
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import { bookingHolds } from "../../db/schema/index";
import type { Tx } from "../../db/tx";
import type { HoldReason } from "@parkwell/contract";

export type HoldRow = typeof bookingHolds.$inferSelect;
export type HoldCheck = "free" | "full" | "moved" | "closed" | "plate_busy";
export type HoldCompletion = "booked" | "not_booked" | "missing_accounts" | "none";

const db = (tx: Tx) => tx as Db;

/**
 * The first statement of a hold: the park's row shared, its capacity row locked, the wallet and the
 * driver's row locked, the peak at `now` and the plate checked (hold_check, drizzle/0035, current text in db/sql/functions/).
 */
export async function holdCheck(
  tx: Tx,
  h: {
    userId: string;
    parkId: number;
    vehicleTypeId: number;
    plateNumber: string | null;
    startTime: Date;
    endTime: Date;
    currency: string;
  },
  now: Date,
  wallet: string,
): Promise<HoldCheck> {
  const [row] = await queryRows<{ status: HoldCheck }>(
    db(tx),
    sql`SELECT hold_check(${h.userId}::uuid, ${h.parkId}::int, ${h.vehicleTypeId}::int, ${h.plateNumber}::text,
      ${h.startTime.toISOString()}::timestamptz, ${h.endTime.toISOString()}::timestamptz, ${h.currency}::text,
      ${now.toISOString()}::timestamptz, ${wallet}::text) AS status`,
  );
  return row!.status;
}

export async function insertHold(tx: Tx, row: typeof bookingHolds.$inferInsert): Promise<void> {
  await db(tx).insert(bookingHolds).values(row);
}

/** The hold a top-up pays for, or undefined for a plain top-up. */
export async function findByPayment(tx: Tx, paymentId: string): Promise<HoldRow | undefined> {
  const [row] = await db(tx).select().from(bookingHolds).where(eq(bookingHolds.paymentId, paymentId));
  return row;
}

/**
 * The locks a hold's completion takes before its top-up's credit locks the wallet, in the bookings'
 * order (docs/decisions/008-bookings.md): the park's row shared, then its capacity row.
 */
export async function lockHoldSpace(tx: Tx, h: { parkId: number; vehicleTypeId: number }): Promise<void> {
  await db(tx).execute(sql`SELECT 1 FROM parks WHERE id = ${h.parkId} FOR KEY SHARE`);
  await db(tx).execute(
    sql`SELECT 1 FROM park_capacities WHERE park_id = ${h.parkId} AND vehicle_type_id = ${h.vehicleTypeId} FOR UPDATE`,
  );
}

/** Books a paid hold, or records why it could not be (complete_hold, drizzle/0035, current text in db/sql/functions/). */
export async function completeHold(
  tx: Tx,
  holdId: string,
  now: Date,
  accounts: { wallet: string; revenue: string },
): Promise<HoldCompletion> {
  const [row] = await queryRows<{ status: HoldCompletion }>(
    db(tx),
    sql`SELECT complete_hold(${holdId}::uuid, ${now.toISOString()}::timestamptz, ${accounts.wallet}::text,
      ${accounts.revenue}::text) AS status`,
  );
  return row!.status;
}

/** A hold's park as its settle reads it once: its receipt's name, and its country, whose coupon code the hold's is. */
export interface HoldPark {
  id: number;
  name: string;
  countryId: number;
  vehicleTypeName: string | null;
}

/** What a paid hold's receipt names of its park (its name and country, the vehicle type's name); undefined without it. */
export async function receiptParkOf(
  tx: Tx,
  parkId: number,
  vehicleTypeId: number,
): Promise<HoldPark | undefined> {
  const [row] = await queryRows<HoldPark>(
    db(tx),
    sql`SELECT p.id, p.name, p.country_id AS "countryId",
          (SELECT name FROM vehicle_types WHERE id = ${vehicleTypeId}) AS "vehicleTypeName"
        FROM parks p WHERE p.id = ${parkId}`,
  );
  return row;
}

/**
 * A paid hold that cannot be booked for a reason found before complete_hold runs (its coupon used
 * up): not booked, the money stays in the wallet. A hold already booked or refused stays as it is.
 */
export async function refuseHold(tx: Tx, id: string, outcome: HoldReason, now: Date): Promise<void> {
  await db(tx)
    .update(bookingHolds)
    .set({ status: "not_booked", outcome, updatedAt: now })
    .where(and(eq(bookingHolds.id, id), inArray(bookingHolds.status, ["held", "expired"])));
}

/** A hold whose top-up could not be opened anywhere: it lets the space go at once. */
export async function releaseHold(tx: Tx, id: string, now: Date): Promise<void> {
  await db(tx)
    .update(bookingHolds)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(bookingHolds.id, id), eq(bookingHolds.status, "held")));
}

/**
 * Marks every hold past its expiry as expired: one statement, safe from any number of processes.
 * The capacity already ignores them (booking_peak reads `expires_at`); this frees their plates'
 * constraint and says so to anyone who looks.
 */
export async function expireHolds(tx: Tx, now: Date): Promise<number> {
  const rows = await db(tx)
    .update(bookingHolds)
    .set({ status: "expired", updatedAt: now })
    .where(and(eq(bookingHolds.status, "held"), lte(bookingHolds.expiresAt, now)))
    .returning({ id: bookingHolds.id });
  return rows.length;
}
