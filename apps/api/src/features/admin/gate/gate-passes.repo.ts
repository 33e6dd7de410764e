/**
 * The gate's queries for monthly passes: a pass by code, whether an instant is in its plan's
 * hours, its visits (one open at a time), the time of a visit inside the plan's hours, and the
 * passes expected today. The hours are the plan's windows on the park's clock as instants
 * (plan_occurrences, migration 0036), so days, nights past midnight and DST changes are the
 * database's arithmetic, the same as the capacity engine's.
 */
import { and, asc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import { queryRows } from "../../../db/client";
import { parkingPlans, parks, passes, passVisits, users, vehicleTypes } from "../../../db/schema/index";
import type { Tx } from "../../../db/tx";
import { parkScopeSql } from "../access.repo";
import { TODAY_LIMIT } from "./gate.repo";

const passColumns = {
  id: passes.id,
  passCode: passes.passCode,
  userId: passes.userId,
  status: passes.status,
  planId: passes.planId,
  planName: parkingPlans.name,
  parkId: passes.parkId,
  vehicleTypeId: passes.vehicleTypeId,
  plates: passes.plates,
  startsAt: passes.startsAt,
  paidUntil: passes.paidUntil,
  /** held_until when it is an instant; null while the pass renews ('infinity'). */
  heldUntil: sql<Date | null>`CASE WHEN isfinite(${passes.heldUntil}) THEN ${passes.heldUntil} END`.mapWith(
    passes.heldUntil,
  ),
  currency: passes.currency,
  parkName: parks.name,
  timeZone: parks.timeZone,
  operatorId: parks.operatorId,
  countryId: parks.countryId,
  vehicleType: vehicleTypes.name,
  driverFirstName: users.firstName,
  visitId: passVisits.id,
  insidePlate: passVisits.plate,
  insideSince: passVisits.checkedInAt,
};

/** Passes with their park, plan, type, driver and the visit open now (if any). */
function passSelect(db: Tx) {
  return db
    .select(passColumns)
    .from(passes)
    .innerJoin(parks, eq(parks.id, passes.parkId))
    .innerJoin(parkingPlans, eq(parkingPlans.id, passes.planId))
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, passes.vehicleTypeId))
    .innerJoin(users, eq(users.id, passes.userId))
    .leftJoin(passVisits, and(eq(passVisits.passId, passes.id), isNull(passVisits.checkedOutAt)));
}

export type GatePassRead = Awaited<ReturnType<typeof findPassByCode>> & object;

/** The pass with this code, with the car inside on it now (read, not locked). */
export async function findPassByCode(db: Tx, code: string) {
  const [row] = await passSelect(db).where(eq(passes.passCode, code));
  return row;
}

/** Whether `at` is inside one of the plan's windows on the zone's clock. */
export async function inPlanHours(db: Tx, planId: number, timeZone: string, at: Date): Promise<boolean> {
  const [row] = await queryRows<{ inside: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM plan_occurrences(${planId}, ${timeZone},
      ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz + interval '1 millisecond')) AS inside`,
  );
  return row?.inside === true;
}

/** The milliseconds of [from, to) inside the plan's windows on the zone's clock. */
export async function msInPlanHours(
  db: Tx,
  planId: number,
  timeZone: string,
  from: Date,
  to: Date,
): Promise<number> {
  if (to <= from) return 0;
  const [row] = await queryRows<{ ms: string | number | null }>(
    db,
    sql`SELECT round(extract(epoch FROM sum(end_time - start_time)) * 1000) AS ms
      FROM plan_occurrences(${planId}, ${timeZone}, ${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz)`,
  );
  return Number(row?.ms ?? 0);
}

/**
 * Records a car of the pass coming in, unless one is inside already (the unique index of open
 * visits: under a race the second insert waits for the first and then records nothing).
 * Whether it was recorded.
 */
export async function insertVisit(
  tx: Tx,
  v: { id: string; passId: string; parkId: number; plate: string; at: Date; by: string },
): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO pass_visits (id, pass_id, park_id, plate, checked_in_at, checked_in_by)
      VALUES (${v.id}, ${v.passId}, ${v.parkId}, ${v.plate}, ${v.at.toISOString()}::timestamptz, ${v.by})
      ON CONFLICT (pass_id) WHERE checked_out_at IS NULL DO NOTHING
      RETURNING id`,
  );
  return rows.length === 1;
}

/** The open visit of a pass, locked for the transaction (a second check-out waits, then finds none). */
export async function lockOpenVisit(tx: Tx, passId: string) {
  const [row] = await tx
    .select({ id: passVisits.id, plate: passVisits.plate, checkedInAt: passVisits.checkedInAt })
    .from(passVisits)
    .where(and(eq(passVisits.passId, passId), isNull(passVisits.checkedOutAt)))
    .for("update");
  return row;
}

export async function closeVisit(
  tx: Tx,
  id: string,
  set: { at: Date; by: string; minutes: number; overstayMinor: number; owedMinor: number },
): Promise<void> {
  await tx
    .update(passVisits)
    .set({
      checkedOutAt: set.at,
      checkedOutBy: set.by,
      overstayMinutes: set.minutes,
      overstayMinor: set.overstayMinor,
      overstayOwedMinor: set.owedMinor,
    })
    .where(eq(passVisits.id, id));
}

/** The first and the next midnight of the day containing `now` on the park's clock. */
const dayStart = (now: Date): SQL =>
  sql`(date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE ${parks.timeZone}) AT TIME ZONE ${parks.timeZone})`;
const dayEnd = (now: Date): SQL =>
  sql`((date_trunc('day', ${now.toISOString()}::timestamptz AT TIME ZONE ${parks.timeZone}) + interval '1 day') AT TIME ZONE ${parks.timeZone})`;

/**
 * The passes the gate expects today at the parks in scope: valid (active or in grace) some of
 * today on the park's clock, with some of their plan's hours today within their span; and any
 * pass with a car inside now. By code.
 */
export async function passesToday(db: Tx, parkIds: number[] | null, parkId: number | undefined, now: Date) {
  const start = sql`greatest(${dayStart(now)}, ${passes.startsAt})`;
  const end = sql`least(${dayEnd(now)}, ${passes.heldUntil})`;
  return passSelect(db)
    .where(
      and(
        parkScopeSql(passes.parkId, parkIds),
        parkId === undefined ? undefined : eq(passes.parkId, parkId),
        or(
          sql`${passVisits.id} IS NOT NULL`,
          and(
            sql`${passes.status} IN ('active', 'grace')`,
            sql`${passes.startsAt} < ${dayEnd(now)} AND ${passes.heldUntil} > ${dayStart(now)}`,
            sql`EXISTS (SELECT 1 FROM plan_occurrences(${passes.planId}, ${parks.timeZone}, ${start}, ${end}))`,
          ),
        ),
      ),
    )
    .orderBy(asc(passes.passCode))
    .limit(TODAY_LIMIT);
}
