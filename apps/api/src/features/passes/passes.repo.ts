/** Monthly passes: the plan as sold, the locks and checks of a sale, and a driver's passes. */
import { and, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import {
  countries,
  parkingPlans,
  parks,
  passCharges,
  passes,
  planPrices,
  users,
  vehicleTypes,
} from "../../db/schema/index";
import type { Tx } from "../../db/tx";
import { offsetOf, type PageQuery } from "../../lib/pagination";

export type PassRow = typeof passes.$inferSelect;
export type PassInsert = typeof passes.$inferInsert;

export interface PlanForSale {
  plan: typeof parkingPlans.$inferSelect;
  park: {
    id: number;
    name: string;
    slug: string;
    timeZone: string;
    stateId: number | null;
    taxDistrictId: number | null;
    status: string;
    countryCode: string;
  };
}

export async function planForSale(db: Tx, planId: number): Promise<PlanForSale | undefined> {
  const [row] = await db
    .select({
      plan: parkingPlans,
      park: {
        id: parks.id,
        name: parks.name,
        slug: parks.slug,
        timeZone: parks.timeZone,
        stateId: parks.stateId,
        taxDistrictId: parks.taxDistrictId,
        status: parks.status,
        countryCode: countries.code,
      },
    })
    .from(parkingPlans)
    .innerJoin(parks, eq(parks.id, parkingPlans.parkId))
    .innerJoin(countries, eq(countries.id, parks.countryId))
    .where(eq(parkingPlans.id, planId));
  return row;
}

/** The plan's monthly price for a vehicle type, with the type's name; undefined when it has none. */
export async function planPrice(
  db: Tx,
  planId: number,
  vehicleTypeId: number,
): Promise<{ monthlyMinor: number; currency: string; vehicleType: string } | undefined> {
  const [row] = await db
    .select({
      monthlyMinor: planPrices.monthlyMinor,
      currency: planPrices.currency,
      vehicleType: vehicleTypes.name,
    })
    .from(planPrices)
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, planPrices.vehicleTypeId))
    .where(and(eq(planPrices.planId, planId), eq(planPrices.vehicleTypeId, vehicleTypeId)));
  return row && { ...row, currency: row.currency.trim() };
}

/**
 * The locks of a sale, in the order every capacity writer takes them: the park's row shared (a
 * move of country waits), the capacity row of the park and type (bookings, holds, drive-up sales,
 * events wait), then the plan's row (another sale on the plan, an edit of its allocation wait).
 * Answers the park's currency now, the capacity (null: no spaces of the type) and the plan's state.
 */
export async function lockForSale(
  tx: Tx,
  planId: number,
  parkId: number,
  vehicleTypeId: number,
): Promise<{ currency: string; capacity: number | null; status: string; allocation: number }> {
  const [park] = await queryRows<{ currency: string }>(
    tx,
    sql`SELECT c.currency FROM parks p JOIN countries c ON c.id = p.country_id WHERE p.id = ${parkId} FOR KEY SHARE OF p`,
  );
  const [capacity] = await queryRows<{ capacity: number }>(
    tx,
    sql`SELECT capacity FROM park_capacities WHERE park_id = ${parkId} AND vehicle_type_id = ${vehicleTypeId} FOR UPDATE`,
  );
  const [plan] = await queryRows<{ status: string; allocation: number }>(
    tx,
    sql`SELECT status, allocation FROM parking_plans WHERE id = ${planId} FOR UPDATE`,
  );
  return {
    currency: park!.currency.trim(),
    capacity: capacity ? Number(capacity.capacity) : null,
    status: plan!.status,
    allocation: Number(plan!.allocation),
  };
}

/** Passes valid now (active or in grace) on the plan. */
export async function validPasses(tx: Tx, planId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM passes WHERE plan_id = ${planId} AND status IN ('active', 'grace')`,
  );
  return Number(row?.n ?? 0);
}

/** Whether a new pass finds a space in every window of the plan from `start` on (pass_fits, under the capacity lock). */
export async function passFits(
  tx: Tx,
  planId: number,
  vehicleTypeId: number,
  start: Date,
  now: Date,
): Promise<boolean> {
  const [row] = await queryRows<{ fits: boolean }>(
    tx,
    sql`SELECT pass_fits(${planId}, ${vehicleTypeId}, ${start.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz) AS fits`,
  );
  return row!.fits === true;
}

/** A new pass, held with no end (`infinity`) while it renews; `heldUntil` is ignored. */
export async function insertPass(tx: Tx, row: Omit<PassInsert, "heldUntil">): Promise<void> {
  await tx.insert(passes).values({ ...row, heldUntil: sql`'infinity'::timestamptz` });
}

export type ChargeRow = typeof passCharges.$inferSelect;

export async function insertCharge(tx: Tx, row: typeof passCharges.$inferInsert): Promise<void> {
  await tx.insert(passCharges).values(row);
}

/** A pass's charges, the first term first (or the last first: "newest"). */
export async function chargesOf(
  db: Tx,
  passId: string,
  order: "oldest" | "newest" = "oldest",
): Promise<ChargeRow[]> {
  return db
    .select()
    .from(passCharges)
    .where(eq(passCharges.passId, passId))
    .orderBy(order === "newest" ? desc(passCharges.period) : passCharges.period);
}

/** A pass by id (the purchase engine's replay). */
export async function passById(db: Tx, id: string): Promise<PassRow | undefined> {
  const [row] = await db.select().from(passes).where(eq(passes.id, id));
  return row;
}

/** A driver's pass by its code, locked for a change when asked; undefined when it is not theirs. */
export async function ownPass(
  db: Tx,
  userId: string,
  code: string,
  lock = false,
): Promise<PassRow | undefined> {
  const query = db
    .select()
    .from(passes)
    .where(and(eq(passes.userId, userId), eq(passes.passCode, code)));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function listOwnPasses(
  db: Tx,
  userId: string,
  q: PageQuery,
): Promise<{ rows: PassRow[]; total: number }> {
  const rows = await db
    .select()
    .from(passes)
    .where(eq(passes.userId, userId))
    .orderBy(desc(passes.createdAt), desc(passes.id))
    .limit(q.size)
    .offset(offsetOf(q));
  const [count] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(passes)
    .where(eq(passes.userId, userId));
  return { rows, total: Number(count?.total ?? 0) };
}

export async function updatePass(tx: Tx, id: string, fields: Partial<PassInsert>): Promise<PassRow> {
  const [row] = await tx.update(passes).set(fields).where(eq(passes.id, id)).returning();
  return row!;
}

export interface PassContext {
  planName: { en: string; fr: string };
  park: { id: number; name: string; slug: string; address: string; timeZone: string };
  vehicleType: string;
}

/** What a pass shows beside its row: its plan's name, its park, its vehicle type; by pass id. */
export async function contextOf(db: Tx, rows: PassRow[]): Promise<Map<string, PassContext>> {
  const planIds = [...new Set(rows.map((r) => r.planId))];
  if (planIds.length === 0) return new Map();
  const plans = await db
    .select({
      id: parkingPlans.id,
      name: parkingPlans.name,
      park: {
        id: parks.id,
        name: parks.name,
        slug: parks.slug,
        address: parks.address,
        timeZone: parks.timeZone,
      },
    })
    .from(parkingPlans)
    .innerJoin(parks, eq(parks.id, parkingPlans.parkId))
    .where(inArray(parkingPlans.id, planIds));
  const types = new Map(
    (await db.select({ id: vehicleTypes.id, name: vehicleTypes.name }).from(vehicleTypes)).map((t) => [
      t.id,
      t.name,
    ]),
  );
  const out = new Map<string, PassContext>();
  for (const r of rows) {
    const plan = plans.find((p) => p.id === r.planId)!;
    out.set(r.id, {
      planName: plan.name,
      park: plan.park,
      vehicleType: types.get(r.vehicleTypeId) ?? "",
    });
  }
  return out;
}

/** Passes whose paid term has ended and that are still active or in grace: the renewal's work, oldest first. */
export async function duePasses(db: Tx, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: passes.id })
    .from(passes)
    .where(and(inArray(passes.status, ["active", "grace"]), lte(passes.paidUntil, now)))
    .orderBy(passes.paidUntil)
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * A due pass, locked for its renewal; undefined when another process holds it (SKIP LOCKED), it is
 * no longer due, or its paid term is no longer the one `lastTermOf` read (`paidUntil`, its stamp:
 * every term charged moves it on), so the term read before the lock is still its last under it:
 * each pass is renewed by one process at a time, once per term, by its last term's payer.
 */
export async function lockDuePass(
  tx: Tx,
  id: string,
  now: Date,
  paidUntil: string,
): Promise<PassRow | undefined> {
  const [row] = await tx
    .select()
    .from(passes)
    .where(
      and(
        eq(passes.id, id),
        inArray(passes.status, ["active", "grace"]),
        lte(passes.paidUntil, now),
        sql`${passes.paidUntil} = ${paidUntil}::timestamptz`,
      ),
    )
    .for("update", { skipLocked: true });
  return row;
}

/**
 * The plan's monthly price for the pass's vehicle type now (null: none, or one set in another
 * currency than the pass's), its discounts and its park's zone and country.
 */
export async function renewalTerms(
  tx: Tx,
  pass: PassRow,
): Promise<{
  monthlyMinor: number | null;
  discount3mBps: number;
  discount12mBps: number;
  timeZone: string;
  countryCode: string;
  /** The park's state or province: which taxes the term carries (decision 047). */
  stateId: number | null;
  /** The park's tax district, if any (decision 049). */
  taxDistrictId: number | null;
  /** For the receipt: the plan's English name and the pass's vehicle type. */
  planName: string;
  vehicleType: string;
  /** What a company's policy reads of the park (as purchases' parkFacts reads it): its country and type. */
  park: { countryId: number; countryName: string; parkType: string };
}> {
  const [row] = await queryRows<{
    monthly_minor: string | number | null;
    discount_3m_bps: number;
    discount_12m_bps: number;
    time_zone: string;
    country_code: string;
    plan_name: string;
    vehicle_type: string;
    country_id: number;
    country_name: string;
    park_type: string;
    state_id: number | null;
    tax_district_id: number | null;
  }>(
    tx,
    sql`SELECT pp.monthly_minor, pl.discount_3m_bps, pl.discount_12m_bps, p.time_zone, c.code AS country_code,
        pl.name->>'en' AS plan_name, vt.name AS vehicle_type, p.country_id, c.name AS country_name,
        p.type AS park_type, p.state_id, p.tax_district_id
      FROM parking_plans pl JOIN parks p ON p.id = pl.park_id JOIN countries c ON c.id = p.country_id
      JOIN vehicle_types vt ON vt.id = ${pass.vehicleTypeId}
      LEFT JOIN plan_prices pp ON pp.plan_id = pl.id AND pp.vehicle_type_id = ${pass.vehicleTypeId}
        -- A price set in another currency than the pass's is not its price: it renews at its own.
        AND pp.currency = ${pass.currency}
      WHERE pl.id = ${pass.planId}`,
  );
  return {
    monthlyMinor: row!.monthly_minor === null ? null : Number(row!.monthly_minor),
    discount3mBps: Number(row!.discount_3m_bps),
    discount12mBps: Number(row!.discount_12m_bps),
    timeZone: row!.time_zone,
    countryCode: row!.country_code,
    stateId: row!.state_id,
    taxDistrictId: row!.tax_district_id,
    planName: row!.plan_name,
    vehicleType: row!.vehicle_type,
    park: {
      countryId: Number(row!.country_id),
      countryName: row!.country_name,
      parkType: row!.park_type,
    },
  };
}

/** The number of the pass's last term charged. */
export async function lastPeriod(tx: Tx, passId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT coalesce(max(period), 0)::int AS n FROM pass_charges WHERE pass_id = ${passId}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * A pass's last term charged, read once per renewal before its transaction: its period and ledger
 * key (`pass:<id>:<period>`: whoever paid it pays the next, so the renewal reads its payer), the
 * end of the term as the database holds it (`lockDuePass`'s check that no term was charged since)
 * and the pass's driver. Undefined: no such pass.
 */
export async function lastTermOf(
  tx: Tx,
  passId: string,
): Promise<{ userId: string; period: number; ledgerKey: string; paidUntil: string } | undefined> {
  const [row] = await queryRows<{ user_id: string; n: number; paid_until: string }>(
    tx,
    sql`SELECT p.user_id, p.paid_until::text AS paid_until, coalesce(max(c.period), 0)::int AS n FROM passes p
        LEFT JOIN pass_charges c ON c.pass_id = p.id WHERE p.id = ${passId} GROUP BY p.user_id, p.paid_until`,
  );
  if (!row) return undefined;
  const period = Number(row.n);
  return { userId: row.user_id, period, ledgerKey: `pass:${passId}:${period}`, paidUntil: row.paid_until };
}

/** The ledger keys of some passes' last terms charged, by pass id. */
export async function lastTermKeysOf(db: Tx, passIds: string[]): Promise<Map<string, string>> {
  if (passIds.length === 0) return new Map();
  const rows = await queryRows<{ pass_id: string; n: number }>(
    db,
    sql`SELECT pass_id, max(period)::int AS n FROM pass_charges
        WHERE pass_id = ANY(${sql.param(passIds)}::uuid[]) GROUP BY pass_id`,
  );
  return new Map(rows.map((r) => [r.pass_id, `pass:${r.pass_id}:${Number(r.n)}`]));
}

/** The term a driver paid themselves with this Idempotency-Key (POST /passes/{code}/renew), if any. */
/**
 * Holds, until the transaction ends, the lock of one driver's Idempotency-Key for a renewal they pay
 * themselves: the key's index is per pass, so the same key sent at once for two passes waits here,
 * and the second finds the first's term (its 422), as payments' `lockClientKey` does.
 */
export async function lockRenewalKey(tx: Tx, userId: string, key: string): Promise<void> {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtext('pass_renewal_key'), hashtext(${userId} || ':' || ${key}))`,
  );
}

export async function chargeByKey(
  tx: Tx,
  userId: string,
  idempotencyKey: string,
): Promise<{ passId: string; period: number } | undefined> {
  const [row] = await queryRows<{ pass_id: string; period: number }>(
    tx,
    sql`SELECT c.pass_id, c.period FROM pass_charges c JOIN passes p ON p.id = c.pass_id
        WHERE p.user_id = ${userId} AND c.idempotency_key = ${idempotencyKey}`,
  );
  return row ? { passId: row.pass_id, period: Number(row.period) } : undefined;
}

/**
 * Active passes whose paid term ends within (`now`, `until`], that renew (not cancelled at their
 * term's end) and whose next period has not been reminded yet, locked for the reminder (SKIP
 * LOCKED: another run at once skips them). The scan is passes_due_idx's (paid_until, active or grace).
 */
export async function lockDueReminders(
  tx: Tx,
  now: Date,
  until: Date,
  limit: number,
): Promise<(PassRow & { nextPeriod: number })[]> {
  const rows = await tx
    .select({
      pass: passes,
      nextPeriod: sql<number>`(SELECT coalesce(max(c.period), 0)::int + 1 FROM pass_charges c WHERE c.pass_id = ${passes.id})`,
    })
    .from(passes)
    .where(
      and(
        inArray(passes.status, ["active", "grace"]),
        gt(passes.paidUntil, now),
        lte(passes.paidUntil, until),
        eq(passes.cancelAtPeriodEnd, false),
        sql`${passes.remindedPeriod} < (SELECT coalesce(max(c.period), 0) + 1 FROM pass_charges c WHERE c.pass_id = ${passes.id})`,
      ),
    )
    .orderBy(passes.paidUntil)
    .limit(limit)
    .for("update", { skipLocked: true });
  return rows.map((r) => ({ ...r.pass, nextPeriod: Number(r.nextPeriod) }));
}

/**
 * A driver's passes in grace in a currency that their wallet pays: those a top-up in it may renew
 * now. A pass whose last term a company paid (that term's `company_charges` row) is not one: its
 * company pays the next or refuses it, and a top-up changes neither (decision 030).
 */
export async function walletGracePassesOf(db: Tx, userId: string, currency: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT p.id FROM passes p
        WHERE p.user_id = ${userId} AND p.status = 'grace' AND p.currency = ${currency}
          AND NOT EXISTS (SELECT 1 FROM company_charges cc WHERE cc.ledger_key = 'pass:' || p.id || ':'
            || (SELECT coalesce(max(c.period), 0) FROM pass_charges c WHERE c.pass_id = p.id))`,
  );
  return rows.map((r) => r.id);
}

/** A pass with what its mail needs: its driver's address and language; undefined when the driver is disabled. */
export async function passForMail(
  db: Tx,
  id: string,
): Promise<{ row: PassRow; email: string; language: string } | undefined> {
  const [found] = await db
    .select({ row: passes, email: users.email, language: users.language })
    .from(passes)
    .innerJoin(users, eq(users.id, passes.userId))
    .where(and(eq(passes.id, id), sql`${users.disabledAt} IS NULL`));
  return found;
}

/**
 * The days a plan's weekly windows run in a term [start, end) on the park's clock (sorted), and
 * those among them the park is closed on with a window still to come after `now` (a window is on
 * every day it meets, as a closure's refund counts them): a closure's refund splits the term's
 * price over the first and gives back the second's shares (decision 060), which the quote shows.
 */
export async function termClosures(
  db: Tx,
  t: { planId: number; parkId: number; timeZone: string; start: Date; end: Date; now: Date },
): Promise<{ termDays: string[]; closedDays: string[] }> {
  const [row] = await queryRows<{ term_days: string[]; closed_days: string[] }>(
    db,
    sql`WITH days AS (
        SELECT d.day::date AS day, bool_or(o.end_time > ${t.now.toISOString()}::timestamptz) AS ahead
        FROM plan_occurrences(${t.planId}, ${t.timeZone}, ${t.start.toISOString()}::timestamptz,
          ${t.end.toISOString()}::timestamptz) o
        CROSS JOIN LATERAL generate_series((o.start_time AT TIME ZONE ${t.timeZone})::date::timestamp,
          ((o.end_time AT TIME ZONE ${t.timeZone}) - interval '1 microsecond')::date::timestamp,
          interval '1 day') AS d(day)
        GROUP BY d.day::date)
      SELECT coalesce(array_agg(to_char(x.day, 'YYYY-MM-DD') ORDER BY x.day), '{}') AS term_days,
        coalesce(array_agg(to_char(x.day, 'YYYY-MM-DD') ORDER BY x.day)
          FILTER (WHERE x.ahead AND x.day = ANY(p.closures)), '{}') AS closed_days
      FROM days x JOIN parks p ON p.id = ${t.parkId}`,
  );
  return { termDays: row?.term_days ?? [], closedDays: row?.closed_days ?? [] };
}
