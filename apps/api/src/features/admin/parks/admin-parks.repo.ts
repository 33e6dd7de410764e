import { FINAL_ORDER_STAGES } from "@parkwell/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import { queryRows } from "../../../db/client";
import {
  operators,
  parkCapacities,
  parkRates,
  parks,
  states,
  taxDistricts,
  vehicleTypes,
} from "../../../db/schema/index";
import type { ParkPhoto } from "../../../db/schema/parks";
import type { Tx } from "../../../db/tx";
import { parkScopeSql } from "../access.repo";
import { likeEscape, likePattern } from "../../../lib/like";
import { offsetOf } from "../../../lib/pagination";

export type ParkRow = typeof parks.$inferSelect;
export type ParkInsert = typeof parks.$inferInsert;

export interface ListFilter {
  parkIds: number[] | null;
  /** Already normalised (lib/search-text.ts). */
  search?: string | undefined;
  status?: string | undefined;
  countryCode?: string | undefined;
  page: number;
  size: number;
}

export interface ListRow {
  id: number;
  park_code: string;
  slug: string;
  name: string;
  type: string;
  city: string;
  country: string;
  status: string;
  operator: string;
  operator_id: number | null;
  capacity: number;
  photos: number;
  hourly_from_minor: string | number | null;
  total: number;
}

/** A page of the parks in a scope, by name, with the filters' total. */
export async function listParks(db: Tx, f: ListFilter): Promise<ListRow[]> {
  const like = f.search ? likePattern(f.search) : null;
  const code = f.search ? f.search.replace(/\s+/g, "").toUpperCase() : null;
  return queryRows<ListRow>(
    db,
    sql`SELECT p.id, p.park_code, p.slug, p.name, p.type, p.city, c.code AS country,
        p.status, p.operator, p.operator_id,
        coalesce((SELECT sum(pc.capacity) FROM park_capacities pc WHERE pc.park_id = p.id), 0)::int AS capacity,
        jsonb_array_length(p.photos)::int AS photos, p.hourly_from_minor,
        count(*) OVER ()::int AS total
      FROM parks p JOIN countries c ON c.id = p.country_id
      WHERE ${parkScopeSql(sql`p.id`, f.parkIds)}
        ${like ? sql`AND (p.search_text LIKE ${like} OR p.park_code = ${code})` : sql``}
        ${f.status ? sql`AND p.status = ${f.status}` : sql``}
        ${f.countryCode ? sql`AND c.code = ${f.countryCode}` : sql``}
      ORDER BY p.name, p.id
      LIMIT ${f.size} OFFSET ${offsetOf(f)}`,
  );
}

/** The filters' total when the page asked for is past the end (no row to carry it). */
export async function countParks(db: Tx, f: ListFilter): Promise<number> {
  const rows = await listParks(db, { ...f, page: 1, size: 1 });
  return rows[0]?.total ?? 0;
}

export async function findPark(db: Tx, id: number): Promise<ParkRow | null> {
  const [row] = await db.select().from(parks).where(eq(parks.id, id));
  return row ?? null;
}

/** The park's row, locked for the rest of the transaction (edits of one park never interleave). */
export async function lockPark(tx: Tx, id: number): Promise<ParkRow | null> {
  const [row] = await tx.select().from(parks).where(eq(parks.id, id)).for("update");
  return row ?? null;
}

/** A tax district and its state (decision 049), or null. */
export async function findTaxDistrict(db: Tx, id: number): Promise<{ id: number; stateId: number } | null> {
  const [row] = await db
    .select({ id: taxDistricts.id, stateId: taxDistricts.stateId })
    .from(taxDistricts)
    .where(eq(taxDistricts.id, id));
  return row ?? null;
}

export async function findState(
  db: Tx,
  id: number,
): Promise<{ id: number; countryId: number; name: string } | null> {
  const [row] = await db
    .select({ id: states.id, countryId: states.countryId, name: states.name })
    .from(states)
    .where(eq(states.id, id));
  return row ?? null;
}

export async function findOperator(db: Tx, id: number): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: operators.id, name: operators.name })
    .from(operators)
    .where(eq(operators.id, id));
  return row ?? null;
}

export async function listOperators(db: Tx): Promise<{ id: number; name: string }[]> {
  return db.select({ id: operators.id, name: operators.name }).from(operators).orderBy(asc(operators.name));
}

export async function vehicleTypeIds(db: Tx): Promise<Map<number, string>> {
  const rows = await db.select({ id: vehicleTypes.id, name: vehicleTypes.name }).from(vehicleTypes);
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Whether a slug or a park code is taken (by any park, whatever its status). */
export async function takenSlugs(db: Tx, base: string): Promise<Set<string>> {
  const like = `${likeEscape(base)}%`;
  const rows = await queryRows<{ slug: string }>(db, sql`SELECT slug FROM parks WHERE slug LIKE ${like}`);
  return new Set(rows.map((r) => r.slug));
}

export async function parkCodeTaken(db: Tx, code: string): Promise<boolean> {
  const rows = await queryRows<{ n: number }>(db, sql`SELECT 1 AS n FROM parks WHERE park_code = ${code}`);
  return rows.length > 0;
}

export async function insertPark(tx: Tx, row: ParkInsert): Promise<ParkRow> {
  const [created] = await tx.insert(parks).values(row).returning();
  return created!;
}

export async function updatePark(tx: Tx, id: number, set: Partial<ParkInsert>): Promise<ParkRow> {
  const [updated] = await tx.update(parks).set(set).where(eq(parks.id, id)).returning();
  return updated!;
}

export async function setPhotos(tx: Tx, id: number, photos: ParkPhoto[]): Promise<void> {
  await tx
    .update(parks)
    .set({ photos: sql`${JSON.stringify(photos)}::jsonb` })
    .where(eq(parks.id, id));
}

export interface RateRow {
  vehicleTypeId: number;
  vehicleType: string;
  hourlyMinor: number;
  dailyMaxMinor: number;
}

export async function listRates(db: Tx, parkId: number): Promise<RateRow[]> {
  const rows = await db
    .select({
      vehicleTypeId: parkRates.vehicleTypeId,
      vehicleType: vehicleTypes.name,
      hourlyMinor: parkRates.hourlyMinor,
      dailyMaxMinor: parkRates.dailyMaxMinor,
    })
    .from(parkRates)
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, parkRates.vehicleTypeId))
    .where(and(eq(parkRates.parkId, parkId), eq(parkRates.kind, "standard")))
    .orderBy(asc(vehicleTypes.sortOrder), asc(vehicleTypes.id));
  return rows.map((r) => ({ ...r, hourlyMinor: r.hourlyMinor ?? 0, dailyMaxMinor: r.dailyMaxMinor ?? 0 }));
}

/** What holds a park and is not finished yet, by kind (the 409 of a move: ParkInUseSchema). */
export interface Holdings {
  bookings: number;
  drive_up_sales: number;
  events: number;
  orders: number;
  passes: number;
  plans: number;
}

/**
 * Counts what is not finished at the park at `now`, each kind by its own rule: bookings not
 * cancelled nor checked out that have not ended or whose car is still inside; drive-up sales still
 * parked; events not cancelled whose window at the park (its departure buffer included) is not
 * over; marketplace orders at the park not in a final stage; monthly passes active or in grace
 * (they hold a space in every weekly window of their plan, on the park's clock, and renew in its
 * currency); plans on sale. A writer of any of them locks the park's row (FOR KEY SHARE) first, so
 * under the row's FOR UPDATE this count is the truth.
 */
/** How many of the park's plans are drafts (being set up, priced in the park's currency). */
export async function draftPlans(tx: Tx, parkId: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`SELECT count(*)::int AS n FROM parking_plans WHERE park_id = ${parkId} AND status = 'draft'`,
  );
  return Number(row!.n);
}

/** The final stages as literals, as the partial index orders_open_park_idx names them. */
const FINAL_STAGES = sql.raw(FINAL_ORDER_STAGES.map((s) => `'${s}'`).join(", "));

export async function unfinishedHoldings(tx: Tx, parkId: number, now: Date): Promise<Holdings> {
  const t = now.toISOString();
  const [row] = await queryRows<Record<keyof Holdings, number>>(
    tx,
    sql`SELECT
      (SELECT count(*) FROM (
          SELECT id FROM bookings WHERE park_id = ${parkId} AND status = 'active' AND checked_out_at IS NULL
            AND tstzrange(start_time, end_time, '[)') && tstzrange(${t}::timestamptz, NULL)
          UNION
          SELECT id FROM bookings WHERE park_id = ${parkId} AND checked_in_at IS NOT NULL
            AND checked_out_at IS NULL AND status <> 'cancelled') b)::int AS bookings,
      (SELECT count(*) FROM pos_sales WHERE park_id = ${parkId} AND status = 'parked')::int AS drive_up_sales,
      (SELECT count(*) FROM event_parks ep JOIN events e ON e.id = ep.event_id
        WHERE ep.park_id = ${parkId} AND e.status <> 'cancelled' AND ep.window_end > ${t}::timestamptz)::int AS events,
      (SELECT count(*) FROM orders WHERE park_id = ${parkId}
        AND stage NOT IN (${FINAL_STAGES}))::int AS orders,
      (SELECT count(*) FROM passes WHERE park_id = ${parkId} AND status IN ('active', 'grace'))::int AS passes,
      (SELECT count(*) FROM parking_plans WHERE park_id = ${parkId} AND status = 'on_sale')::int AS plans`,
  );
  return {
    bookings: Number(row!.bookings),
    drive_up_sales: Number(row!.drive_up_sales),
    events: Number(row!.events),
    orders: Number(row!.orders),
    passes: Number(row!.passes),
    plans: Number(row!.plans),
  };
}

export interface CapacityRow {
  vehicleTypeId: number;
  vehicleType: string;
  capacity: number;
}

export async function listCapacities(db: Tx, parkId: number): Promise<CapacityRow[]> {
  return db
    .select({
      vehicleTypeId: parkCapacities.vehicleTypeId,
      vehicleType: vehicleTypes.name,
      capacity: parkCapacities.capacity,
    })
    .from(parkCapacities)
    .innerJoin(vehicleTypes, eq(vehicleTypes.id, parkCapacities.vehicleTypeId))
    .where(eq(parkCapacities.parkId, parkId))
    .orderBy(asc(vehicleTypes.sortOrder), asc(vehicleTypes.id));
}

/**
 * Replaces the park's standard rates in one statement each way (the rate-card trigger runs once
 * per statement): types left out lose their rate.
 */
export async function replaceRates(
  tx: Tx,
  parkId: number,
  rates: { vehicleTypeId: number; hourlyMinor: number; dailyMaxMinor: number }[],
): Promise<void> {
  const keep = rates.map((r) => r.vehicleTypeId);
  await tx.execute(sql`DELETE FROM park_rates WHERE park_id = ${parkId} AND kind = 'standard'
    AND NOT (vehicle_type_id = ANY(${sql.param(keep)}::int[]))`);
  if (rates.length === 0) return;
  await tx.execute(sql`INSERT INTO park_rates (park_id, vehicle_type_id, kind, hourly_minor, daily_max_minor)
    SELECT ${parkId}, t.v, 'standard', t.h, t.d
    FROM unnest(${sql.param(keep)}::int[], ${sql.param(rates.map((r) => r.hourlyMinor))}::bigint[],
      ${sql.param(rates.map((r) => r.dailyMaxMinor))}::bigint[]) AS t(v, h, d)
    ON CONFLICT (park_id, vehicle_type_id) WHERE kind = 'standard'
    DO UPDATE SET hourly_minor = excluded.hourly_minor, daily_max_minor = excluded.daily_max_minor`);
}

/**
 * Locks the park's capacity rows (and returns them), as a booking does (book_space: `SELECT
 * ... FOR UPDATE` on park_capacities), so no booking of these types commits until this
 * transaction ends; a type without a row yet has nothing to lock and no booking to race (a
 * booking needs the row). The peak must be read in a later statement, which then sees every
 * booking committed before the lock was granted.
 */
export async function lockCapacities(tx: Tx, parkId: number): Promise<Map<number, number>> {
  const rows = await queryRows<{ vehicle_type_id: number; capacity: number }>(
    tx,
    sql`SELECT vehicle_type_id, capacity FROM park_capacities WHERE park_id = ${parkId}
      ORDER BY vehicle_type_id FOR UPDATE`,
  );
  return new Map(rows.map((r) => [Number(r.vehicle_type_id), Number(r.capacity)]));
}

/**
 * The most spaces of a type held at once from `from` on: everything space_holds lists (bookings,
 * live holds, parked drive-up sales, published events' allocations, monthly passes), by booking_peak.
 */
export async function peakFrom(tx: Tx, parkId: number, vehicleTypeId: number, from: Date): Promise<number> {
  const [row] = await queryRows<{ peak: number }>(
    tx,
    sql`SELECT booking_peak(${parkId}, ${vehicleTypeId}, ${from.toISOString()}::timestamptz, 'infinity'::timestamptz, NULL) AS peak`,
  );
  return Number(row?.peak ?? 0);
}

export interface HoldingRow {
  booking_code: string;
  start_time: Date | string;
  end_time: Date | string;
  plate_number: string;
}

/**
 * What holds spaces of the type (space_holds: bookings, live holds, parked sales, published events'
 * allocations, monthly passes) and overlaps a moment from `from` on when more than `capacity` are
 * held: what a lower capacity would leave without a space, one row per code (a pass's weekly
 * windows are one row, from its first to its last window seen). A published event's own bookings
 * are inside its allocation, so they are not listed apart; a cancelled event's, not yet refunded, are.
 */
export async function holdingsOver(
  tx: Tx,
  parkId: number,
  vehicleTypeId: number,
  from: Date,
  capacity: number,
): Promise<HoldingRow[]> {
  const at = from.toISOString();
  return queryRows<HoldingRow>(
    tx,
    sql`WITH b AS (
        SELECT code, start_time, end_time, coalesce(plate, '') AS plate, n FROM space_holds(${parkId}, ${vehicleTypeId},
          ${at}::timestamptz, space_horizon(${parkId}, ${vehicleTypeId}, ${at}::timestamptz, 'infinity'::timestamptz))),
      pts AS (SELECT ${at}::timestamptz AS t UNION SELECT start_time FROM b WHERE start_time > ${at}::timestamptz),
      over AS (SELECT t FROM pts WHERE (SELECT sum(n) FROM b WHERE b.start_time <= pts.t AND b.end_time > pts.t) > ${capacity})
      SELECT b.code AS booking_code, min(b.start_time) AS start_time, max(b.end_time) AS end_time,
        b.plate AS plate_number
      FROM b JOIN over ON b.start_time <= over.t AND b.end_time > over.t
      GROUP BY b.code, b.plate
      ORDER BY 2, 1
      LIMIT 200`,
  );
}

/** Sets the park's capacities in one statement (the rate-card trigger runs once); types left out are removed. */
export async function replaceCapacities(
  tx: Tx,
  parkId: number,
  capacities: { vehicleTypeId: number; capacity: number }[],
): Promise<void> {
  const keep = capacities.map((c) => c.vehicleTypeId);
  await tx.execute(sql`DELETE FROM park_capacities WHERE park_id = ${parkId}
    AND NOT (vehicle_type_id = ANY(${sql.param(keep)}::int[]))`);
  if (capacities.length === 0) return;
  await tx.execute(sql`INSERT INTO park_capacities (park_id, vehicle_type_id, capacity)
    SELECT ${parkId}, t.v, t.c FROM unnest(${sql.param(keep)}::int[], ${sql.param(capacities.map((c) => c.capacity))}::int[]) AS t(v, c)
    ON CONFLICT (park_id, vehicle_type_id) DO UPDATE SET capacity = excluded.capacity`);
}
