import type { PurchaseKindName } from "../purchases/purchases.domain";
import { and, asc, eq, inArray, lte, or, sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import {
  addresses,
  bookingHolds,
  bookings,
  demoResets,
  orders,
  payments,
  purchaseCheckouts,
  users,
  walletAccounts,
} from "../../db/schema/index";
import type { Tx } from "../../db/tx";
import { DECLINED, EXPIRED } from "../payments/payments.domain";
import { toSafeInt } from "../wallet/ledger.domain";

/** Creates the reset row at the first check (the clock starts); false when it was already there. */
export async function startResetClock(tx: Tx, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(demoResets)
    .values({ id: 1, resetAt: now })
    .onConflictDoNothing()
    .returning({ id: demoResets.id });
  return rows.length > 0;
}

/**
 * Moves the last reset to `now` when it is not later than `dueBy`. The row stays locked until the
 * caller's transaction ends; another process's claim waits, then sees the new time and gets false.
 */
export async function claimDueReset(tx: Tx, now: Date, dueBy: Date): Promise<boolean> {
  const rows = await tx
    .update(demoResets)
    .set({ resetAt: now })
    .where(and(eq(demoResets.id, 1), lte(demoResets.resetAt, dueBy)))
    .returning({ id: demoResets.id });
  return rows.length > 0;
}

/** A reset asked for outright: it counts as the last one. */
export async function recordReset(tx: Tx, now: Date): Promise<void> {
  await tx
    .insert(demoResets)
    .values({ id: 1, resetAt: now })
    .onConflictDoUpdate({ target: demoResets.id, set: { resetAt: now } });
}

export async function findUserIds(tx: Tx, emails: readonly string[]): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, [...emails]));
  return rows.map((r) => r.id);
}

/** Closes the users' demo-provider payments that could still be credited; real providers' are left. */
export async function closeOpenDemoPayments(tx: Tx, userIds: string[], reason: string, now: Date) {
  await tx
    .update(payments)
    .set({ status: "failed", failureReason: reason, verifyLeaseUntil: null, updatedAt: now })
    .where(
      and(
        inArray(payments.userId, userIds),
        eq(payments.provider, "demo"),
        or(
          inArray(payments.status, ["initialized", "pending"]),
          and(eq(payments.status, "failed"), inArray(payments.failureReason, [DECLINED, EXPIRED])),
        ),
      ),
    );
}

/**
 * Locks the users' bookings in id order until the transaction ends: a review of one of them being
 * written is waited for, and none can be written after (its insert waits, then finds no booking).
 */
export async function lockBookings(tx: Tx, userIds: string[]): Promise<void> {
  await queryRows(
    tx,
    sql`SELECT id FROM bookings WHERE user_id = ANY(${sql.param(userIds)}::uuid[]) ORDER BY id FOR UPDATE`,
  );
}

/**
 * Deletes the users' claims (decision 057) before their bookings and passes, which they name. Their
 * refunds, credit notes and operators' adjustments stay in the ledger, as a booking's moves do (a
 * demo claim's photo is left in the private storage: the reset holds no storage).
 */
export async function deleteClaims(tx: Tx, userIds: string[]): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`DELETE FROM claims WHERE user_id = ANY(${sql.param(userIds)}::uuid[]) RETURNING id`,
  );
  return rows.length;
}

/**
 * Deletes the users' bookings and the windows held while they paid the difference (decision 026),
 * with the other purchases waiting for theirs; an active booking's or a live hold's space is free
 * again at once.
 */
export async function deleteBookings(tx: Tx, userIds: string[]): Promise<number> {
  await tx.delete(bookingHolds).where(inArray(bookingHolds.userId, userIds));
  await tx.delete(purchaseCheckouts).where(inArray(purchaseCheckouts.userId, userIds));
  const rows = await tx
    .delete(bookings)
    .where(inArray(bookings.userId, userIds))
    .returning({ id: bookings.id });
  await deletePurchaseRows(tx, userIds, "booking");
  return rows.length;
}

/** The users' wallets, locked until the transaction ends, with their balances as of the lock. */
export async function lockWallets(tx: Tx, userIds: string[]) {
  const rows = await tx
    .select({
      key: walletAccounts.key,
      currency: walletAccounts.currency,
      ownerUserId: walletAccounts.ownerUserId,
      balanceMinor: walletAccounts.balanceMinor,
    })
    .from(walletAccounts)
    .where(and(eq(walletAccounts.kind, "user_wallet"), inArray(walletAccounts.ownerUserId, userIds)))
    // In id order, as ledger_post locks accounts: two lockers never wait on each other in a cycle.
    .orderBy(asc(walletAccounts.id))
    .for("update");
  return rows.map((r) => ({ ...r, balanceMinor: toSafeInt(r.balanceMinor) }));
}

/**
 * Deletes the users' marketplace orders (their lines and timelines go with them; their coupon uses
 * with their purchases rows, which the reset deletes after) and saved addresses. What an order still holds is given back first, as a cancellation gives it
 * back: the units not returned to the shelf, and a service's jobs on its park's day. A cancelled
 * or rejected order gave everything back already. The stock rows are updated one at a time in
 * (item, variation) order, the order in which placing an order takes them.
 */
export async function deleteOrders(tx: Tx, userIds: string[]): Promise<number> {
  const ids = sql.param(userIds);
  await queryRows(tx, sql`SELECT id FROM orders WHERE user_id = ANY(${ids}::uuid[]) ORDER BY id FOR UPDATE`);
  const held = sql`o.user_id = ANY(${ids}::uuid[]) AND o.stage NOT IN ('canceled', 'rejected')`;
  const shelf = await queryRows<{ item_id: number; variation_id: number | null; units: number }>(
    tx,
    sql`SELECT l.item_id, l.variation_id, sum(l.quantity - l.returned_quantity)::int AS units
      FROM order_lines l JOIN orders o ON o.id = l.order_id
      WHERE ${held} AND l.kind = 'product'
      GROUP BY l.item_id, l.variation_id
      HAVING sum(l.quantity - l.returned_quantity) > 0
      ORDER BY l.item_id, l.variation_id NULLS FIRST`,
  );
  for (const r of shelf) {
    await tx.execute(
      r.variation_id === null
        ? sql`UPDATE market_items SET stock = stock + ${r.units} WHERE id = ${r.item_id} AND stock IS NOT NULL`
        : sql`UPDATE market_variations SET stock = stock + ${r.units}
            WHERE id = ${r.variation_id} AND stock IS NOT NULL`,
    );
  }
  await tx.execute(sql`UPDATE service_days d SET taken = greatest(d.taken - t.units, 0)
    FROM (SELECT l.item_id, o.park_id, o.slot_date, sum(l.quantity)::int AS units
        FROM order_lines l JOIN orders o ON o.id = l.order_id
        WHERE ${held} AND l.kind = 'service' AND o.park_id IS NOT NULL AND o.slot_date IS NOT NULL
        GROUP BY l.item_id, o.park_id, o.slot_date) t
    WHERE d.item_id = t.item_id AND d.park_id = t.park_id AND d.day = t.slot_date`);
  const deleted = await tx.delete(orders).where(inArray(orders.userId, userIds)).returning({ id: orders.id });
  await deletePurchaseRows(tx, userIds, "order");
  await tx.delete(addresses).where(inArray(addresses.userId, userIds));
  return deleted.length;
}

/**
 * Deletes the users' monthly passes with their gate visits and charge rows (the ledger keeps its
 * moves, as for bookings): a reset sells the demo driver's pass again.
 */
export async function deletePasses(tx: Tx, userIds: string[]): Promise<void> {
  const ids = sql`(SELECT id FROM passes WHERE user_id = ANY(${sql.param(userIds)}::uuid[]))`;
  await tx.execute(sql`DELETE FROM pass_visits WHERE pass_id IN ${ids}`);
  await tx.execute(sql`DELETE FROM pass_charges WHERE pass_id IN ${ids}`);
  await tx.execute(sql`DELETE FROM passes WHERE user_id = ANY(${sql.param(userIds)}::uuid[])`);
  await deletePurchaseRows(tx, userIds, "pass");
}

/** Whether the user holds a pass valid now (active or in grace). */
export async function hasValidPass(db: Tx, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM passes WHERE user_id = ${userId} AND status IN ('active', 'grace')`,
  );
  return Number(row?.n ?? 0) > 0;
}

/** The on-sale plan named `plan` (English) at the operator's first active park in `city`, with the park's zone. */
export async function planAt(
  db: Tx,
  where: { operator: string; city: string; plan: string },
): Promise<{ planId: number; timeZone: string } | undefined> {
  const [row] = await queryRows<{ plan_id: number; time_zone: string }>(
    db,
    sql`SELECT pl.id AS plan_id, p.time_zone FROM parking_plans pl JOIN parks p ON p.id = pl.park_id
      JOIN operators o ON o.id = p.operator_id
      WHERE o.name = ${where.operator} AND p.city = ${where.city} AND p.status = 'active'
        AND pl.status = 'on_sale' AND pl.name->>'en' = ${where.plan}
      ORDER BY p.id, pl.id LIMIT 1`,
  );
  return row ? { planId: Number(row.plan_id), timeZone: row.time_zone } : undefined;
}

/** The demo company's id, its row locked for the reset (null: not seeded). */
export async function lockDemoCompany(tx: Tx, name: string): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`SELECT id FROM companies WHERE name = ${name} ORDER BY id LIMIT 1 FOR UPDATE`,
  );
  return row ? Number(row.id) : null;
}

/** The company's wallet accounts, locked in id order (as ledger_post locks accounts). */
export async function lockCompanyAccounts(tx: Tx, companyId: number) {
  const rows = await queryRows<{ key: string; currency: string; balance_minor: string | number }>(
    tx,
    sql`SELECT key, trim(currency) AS currency, balance_minor FROM wallet_accounts
        WHERE kind = 'company_wallet' AND key LIKE ${`company:${companyId}:%`}
        ORDER BY id FOR UPDATE`,
  );
  return rows.map((r) => ({ key: r.key, currency: r.currency, balanceMinor: toSafeInt(r.balance_minor) }));
}

/**
 * The demo company as seeded: prepaid wallet billing, no credit limit, enabled, no policy or
 * limits, no charges, no open invitation; its two seeded people active again in their roles and
 * cost centres, anyone a visitor added removed.
 */
export async function restoreDemoCompany(
  tx: Tx,
  companyId: number,
  people: { owner: string; member: string; costCentre: string },
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  await tx.execute(sql`UPDATE companies SET billing = 'wallet', credit_limit_minor = 0, disabled_at = NULL,
      verified_at = coalesce(verified_at, ${at}) WHERE id = ${companyId}`);
  await tx.execute(sql`DELETE FROM company_policies WHERE company_id = ${companyId}`);
  await tx.execute(sql`DELETE FROM company_limits WHERE company_id = ${companyId}`);
  // Its charges go, but a running pass's terms: whoever paid a pass's last term pays the next (a
  // visitor's pass the company paid is then refused and goes into grace; without its charge it
  // would renew from the visitor's wallet by itself).
  await tx.execute(sql`DELETE FROM company_charges cc WHERE cc.company_id = ${companyId}
      AND NOT (cc.kind = 'pass' AND EXISTS (SELECT 1 FROM passes p
        WHERE p.status <> 'ended' AND cc.ledger_key LIKE 'pass:' || p.id || ':%'))`);
  await tx.execute(sql`UPDATE company_invitations SET revoked_at = ${at}
      WHERE company_id = ${companyId} AND accepted_at IS NULL AND revoked_at IS NULL`);
  await tx.execute(sql`UPDATE company_members m SET removed_at = ${at}
      FROM users u WHERE u.id = m.user_id AND m.company_id = ${companyId} AND m.removed_at IS NULL
        AND u.email NOT IN (${people.owner}, ${people.member})`);
  // A seeded person a visitor removed comes back: their latest membership, active again.
  await tx.execute(sql`UPDATE company_members m SET removed_at = NULL
      WHERE m.id IN (
        SELECT DISTINCT ON (m2.user_id) m2.id FROM company_members m2 JOIN users u ON u.id = m2.user_id
        WHERE m2.company_id = ${companyId} AND u.email IN (${people.owner}, ${people.member})
          AND NOT EXISTS (SELECT 1 FROM company_members a
            WHERE a.company_id = m2.company_id AND a.user_id = m2.user_id AND a.removed_at IS NULL)
        ORDER BY m2.user_id, m2.id DESC)`);
  await tx.execute(sql`UPDATE company_members m
      SET role = CASE WHEN u.email = ${people.owner} THEN 'owner' ELSE 'member' END,
        cost_centre = CASE WHEN u.email = ${people.owner} THEN '' ELSE ${people.costCentre} END
      FROM users u WHERE u.id = m.user_id AND m.company_id = ${companyId} AND m.removed_at IS NULL
        AND u.email IN (${people.owner}, ${people.member})`);
}

/** Deletes the devices subscribed to the users' push notifications (decision 066). */
export async function deletePushSubscriptions(tx: Tx, userIds: string[]): Promise<void> {
  await tx.execute(sql`DELETE FROM push_subscriptions WHERE user_id = ANY(${sql.param(userIds)}::uuid[])`);
}

/** Forgets the users' saved cards and their automatic reloads (decision 069). */
export async function deleteSavedCards(tx: Tx, userIds: string[]): Promise<void> {
  await tx.execute(sql`DELETE FROM auto_reloads WHERE user_id = ANY(${sql.param(userIds)}::uuid[])`);
  await tx.execute(sql`DELETE FROM saved_cards WHERE user_id = ANY(${sql.param(userIds)}::uuid[])`);
}

/**
 * The users' vehicle document requests (their items, timeline and file rows go with them) and the
 * expiry dates of their papers. Their receipts stay, as a booking's do.
 */
export async function deleteVehicleDocRequests(tx: Tx, userIds: string[]): Promise<void> {
  await tx.execute(
    sql`DELETE FROM vehicle_document_expiries WHERE user_id = ANY(${sql.param(userIds)}::uuid[])`,
  );
  await tx.execute(sql`DELETE FROM vehicle_doc_requests WHERE user_id = ANY(${sql.param(userIds)}::uuid[])`);
  await deletePurchaseRows(tx, userIds, "vehicle_docs");
}

/** The purchase engine's rows (code and Idempotency-Key) of the users' purchases of a kind the reset deletes. */
async function deletePurchaseRows(tx: Tx, userIds: string[], kind: PurchaseKindName): Promise<void> {
  await tx.execute(
    sql`DELETE FROM purchases WHERE kind = ${kind} AND user_id = ANY(${sql.param(userIds)}::uuid[])`,
  );
}

export interface DemoVehicle {
  plate: string;
  make: string;
  model: string;
  color: string;
  year: number;
  engineCc: number;
  vin: string;
  stateCode: string;
  use: "private" | "commercial";
}

/**
 * The demo driver's car with its renewal details as seeded: added when missing (their default
 * vehicle when they have none), its details put back when the visitor changed them. The state is one of Nigeria's (country 1). Its id.
 */
export async function ensureDemoVehicle(db: Tx, userId: string, v: DemoVehicle): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO user_vehicles (user_id, plate_number, vehicle_type_id, make, model, color, year, engine_cc, vin,
        registration_state_id, vehicle_use, is_default)
      SELECT ${userId}, ${v.plate}, 1, ${v.make}, ${v.model}, ${v.color}, ${v.year}, ${v.engineCc}, ${v.vin}, s.id, ${v.use},
        NOT EXISTS (SELECT 1 FROM user_vehicles d WHERE d.user_id = ${userId} AND d.is_default)
      FROM states s WHERE s.country_id = 1 AND s.code = ${v.stateCode}
      ON CONFLICT (user_id, plate_number) DO UPDATE SET make = excluded.make, model = excluded.model,
        color = excluded.color, year = excluded.year, engine_cc = excluded.engine_cc, vin = excluded.vin,
        registration_state_id = excluded.registration_state_id, vehicle_use = excluded.vehicle_use
      RETURNING id`,
  );
  return row ? Number(row.id) : undefined;
}

/** Whether the user has any vehicle document request. */
export async function hasVehicleDocRequest(db: Tx, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`SELECT count(*)::int AS n FROM vehicle_doc_requests WHERE user_id = ${userId}`,
  );
  return Number(row?.n ?? 0) > 0;
}

/** The operator's first active park in `city`: where the demo driver collects renewed papers. */
export async function firstParkOf(db: Tx, operator: string, city: string): Promise<number | undefined> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`SELECT p.id FROM parks p JOIN operators o ON o.id = p.operator_id
      WHERE o.name = ${operator} AND p.city = ${city} AND p.status = 'active' ORDER BY p.id LIMIT 1`,
  );
  return row ? Number(row.id) : undefined;
}
