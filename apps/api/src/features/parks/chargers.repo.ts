/**
 * A park's EV chargers (docs/PRODUCT-RULES.md#ev-charging, decision 045): read by the park's page,
 * /electric-vehicle-charging's list and the back office; written by the back office only
 * (features/admin/parks/park-chargers.service.ts), which keeps the park's `ev_charging` amenity.
 */
import type { ChargerConnector, ChargerPriceUnit, ChargerStatus } from "@parkwell/contract";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import { parkChargers } from "../../db/schema/index";
import type { Tx } from "../../db/tx";
import { offsetOf } from "../../lib/pagination";

export interface ChargerRow {
  id: number;
  parkId: number;
  connector: ChargerConnector;
  powerKw: number;
  count: number;
  priceUnit: ChargerPriceUnit;
  priceMinor: number;
  status: ChargerStatus;
}

type Stored = typeof parkChargers.$inferSelect;
const row = (r: Stored): ChargerRow => ({
  id: r.id,
  parkId: r.parkId,
  connector: r.connector as ChargerConnector,
  powerKw: Number(r.powerKw),
  count: r.count,
  priceUnit: r.priceUnit as ChargerPriceUnit,
  priceMinor: r.priceMinor,
  status: r.status as ChargerStatus,
});

/** Every charger of a park, active first, the most powerful first, then as added. */
export async function listChargers(db: Tx, parkId: number): Promise<ChargerRow[]> {
  const rows = await db
    .select()
    .from(parkChargers)
    .where(eq(parkChargers.parkId, parkId))
    .orderBy(asc(parkChargers.status), desc(parkChargers.powerKw), asc(parkChargers.id));
  return rows.map(row);
}

/** The active chargers of some parks, most powerful first. */
export async function activeChargers(db: Tx, parkIds: number[]): Promise<ChargerRow[]> {
  if (parkIds.length === 0) return [];
  const rows = await db
    .select()
    .from(parkChargers)
    .where(and(inArray(parkChargers.parkId, parkIds), eq(parkChargers.status, "active")))
    .orderBy(asc(parkChargers.parkId), desc(parkChargers.powerKw), asc(parkChargers.id));
  return rows.map(row);
}

export async function findCharger(db: Tx, parkId: number, id: number): Promise<ChargerRow | null> {
  const [found] = await db
    .select()
    .from(parkChargers)
    .where(and(eq(parkChargers.parkId, parkId), eq(parkChargers.id, id)));
  return found ? row(found) : null;
}

/**
 * The park's charger group locked FOR UPDATE, as reserve_charger locks it: a booking or hold of
 * one of its chargers racing this transaction either committed before (and a later statement
 * counts it) or waits for this one and then reads the group as it is left. Taken after the park's
 * row, as every charger booking takes it last.
 */
export async function lockCharger(tx: Tx, parkId: number, id: number): Promise<ChargerRow | null> {
  const [found] = await tx
    .select()
    .from(parkChargers)
    .where(and(eq(parkChargers.parkId, parkId), eq(parkChargers.id, id)))
    .for("update");
  return found ? row(found) : null;
}

/**
 * The most chargers of the group held at once from `from` on (active bookings and live holds that
 * name it: charger_peak). Read in a statement after the group's lock, so it sees every booking
 * committed before the lock was granted.
 */
export async function chargerPeakFrom(tx: Tx, id: number, from: Date): Promise<number> {
  const [r] = await queryRows<{ peak: number }>(
    tx,
    sql`SELECT charger_peak(${id}::int, ${from.toISOString()}::timestamptz, 'infinity'::timestamptz,
          NULL::uuid, ${from.toISOString()}::timestamptz) AS peak`,
  );
  return Number(r?.peak ?? 0);
}

export interface ChargerFreeRow {
  id: number;
  count: number;
  free: number;
}

/**
 * How many chargers of each of a park's active groups are free for the whole window [start, end):
 * the group's count minus the most held at once (charger_peak: active bookings and holds live at
 * `now`), never below zero; one statement for every group, in activeChargers' order. Read without
 * a lock, as the park page reads its spaces: the booking's reserve_charger decides.
 */
export async function freeChargers(
  db: Tx,
  parkId: number,
  start: Date,
  end: Date,
  now: Date,
): Promise<ChargerFreeRow[]> {
  const rows = await queryRows<{ id: number; count: number; peak: number }>(
    db,
    sql`SELECT c.id, c.count,
          charger_peak(c.id, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz,
            NULL::uuid, ${now.toISOString()}::timestamptz) AS peak
        FROM park_chargers c
        WHERE c.park_id = ${parkId} AND c.status = 'active'
        ORDER BY c.power_kw DESC, c.id`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    count: Number(r.count),
    free: Math.max(0, Number(r.count) - Number(r.peak)),
  }));
}

export interface ChargerHoldingRow {
  booking_code: string;
  start_time: Date | string;
  end_time: Date | string;
  plate_number: string;
}

/**
 * The active bookings and live holds naming the group that overlap a moment from `from` on when
 * more than `count` of its chargers are held: what a lower count (0: the group deactivated) would
 * leave without a charger, by start (charger_holds' rows, admin-parks.repo holdingsOver's sweep).
 */
export async function chargerHoldingsOver(
  tx: Tx,
  id: number,
  from: Date,
  count: number,
): Promise<ChargerHoldingRow[]> {
  const at = from.toISOString();
  return queryRows<ChargerHoldingRow>(
    tx,
    sql`WITH b AS (
        SELECT code, start_time, end_time, coalesce(plate, '') AS plate
        FROM charger_holds(${id}::int, ${at}::timestamptz, 'infinity'::timestamptz, ${at}::timestamptz)),
      pts AS (SELECT ${at}::timestamptz AS t UNION SELECT start_time FROM b WHERE start_time > ${at}::timestamptz),
      over AS (SELECT t FROM pts WHERE (SELECT count(*) FROM b WHERE b.start_time <= pts.t AND b.end_time > pts.t) > ${count})
      SELECT DISTINCT b.code AS booking_code, b.start_time, b.end_time, b.plate AS plate_number
      FROM b JOIN over ON b.start_time <= over.t AND b.end_time > over.t
      ORDER BY 2, 1
      LIMIT 200`,
  );
}

/** The chargers of some ids (a page of bookings' chargers), whatever their status now. */
export async function chargersById(db: Tx, ids: number[]): Promise<ChargerRow[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(parkChargers).where(inArray(parkChargers.id, ids));
  return rows.map(row);
}

export type ChargerHold = "free" | "charger_full" | "charger_gone";

/**
 * Locks the charger group's row and answers whether one of its chargers is free for the window:
 * `charger_gone` when it is not an active group of the park (the database function
 * reserve_charger; `exclude`: the booking or hold asking, left out of the count). Taken after the
 * capacity row, the wallet and the driver's row, as every charger booking takes it.
 */
export async function reserveCharger(
  tx: Tx,
  w: { chargerId: number; parkId: number; start: Date; end: Date; exclude: string | null; now: Date },
): Promise<ChargerHold> {
  const [r] = await queryRows<{ status: ChargerHold }>(
    tx,
    sql`SELECT reserve_charger(${w.chargerId}::int, ${w.parkId}::int, ${w.start}::timestamptz,
          ${w.end}::timestamptz, ${w.exclude}::uuid, ${w.now}::timestamptz) AS status`,
  );
  return r!.status;
}

/**
 * One of the group's chargers taken for a booking just made, in its transaction (the database
 * function attach_charger: reserve_charger's lock and count, then the booking names the group):
 * `booked`, or why not, and the transaction is to roll back.
 */
export async function attachCharger(
  tx: Tx,
  bookingId: string,
  chargerId: number,
  now: Date,
): Promise<"booked" | Exclude<ChargerHold, "free">> {
  const [r] = await queryRows<{ status: "booked" | Exclude<ChargerHold, "free"> }>(
    tx,
    sql`SELECT attach_charger(${bookingId}::uuid, ${chargerId}::int, ${now}::timestamptz) AS status`,
  );
  return r!.status;
}

export interface ChargerValues {
  connector: ChargerConnector;
  powerKw: number;
  count: number;
  priceUnit: ChargerPriceUnit;
  priceMinor: number;
  status: ChargerStatus;
}

const stored = (v: ChargerValues) => ({
  connector: v.connector,
  powerKw: v.powerKw.toFixed(1),
  count: v.count,
  priceUnit: v.priceUnit,
  priceMinor: v.priceMinor,
  status: v.status,
});

export async function insertCharger(tx: Tx, parkId: number, v: ChargerValues): Promise<ChargerRow> {
  const [added] = await tx
    .insert(parkChargers)
    .values({ parkId, ...stored(v) })
    .returning();
  return row(added!);
}

export async function updateCharger(tx: Tx, id: number, v: ChargerValues): Promise<ChargerRow> {
  const [after] = await tx
    .update(parkChargers)
    .set({ ...stored(v), updatedAt: sql`now()` })
    .where(eq(parkChargers.id, id))
    .returning();
  return row(after!);
}

/**
 * The park's `ev_charging` amenity made true to its chargers: present exactly when the park has an
 * active charger (the search's amenity filter and every page that shows amenities read it).
 */
export async function syncEvAmenity(tx: Tx, parkId: number): Promise<void> {
  await tx.execute(sql`UPDATE parks SET amenities = CASE
      WHEN EXISTS (SELECT 1 FROM park_chargers c WHERE c.park_id = parks.id AND c.status = 'active')
        THEN (SELECT array_agg(DISTINCT a ORDER BY a) FROM unnest(amenities || ARRAY['ev_charging']) a)
      ELSE array_remove(amenities, 'ev_charging') END
    WHERE id = ${parkId}
      AND ('ev_charging' = ANY(amenities)) IS DISTINCT FROM
          EXISTS (SELECT 1 FROM park_chargers c WHERE c.park_id = ${parkId} AND c.status = 'active')`);
}

/** Whether the park has an active charger (a park's edit keeps `ev_charging` to it). */
export async function hasActiveCharger(db: Tx, parkId: number): Promise<boolean> {
  const [found] = await queryRows<{ yes: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM park_chargers WHERE park_id = ${parkId} AND status = 'active') AS yes`,
  );
  return found?.yes === true;
}

/**
 * Whether the park lists any charger, active or not (their prices are in its currency, so it keeps
 * its country): one EXISTS, not the list.
 */
export async function hasChargers(db: Tx, parkId: number): Promise<boolean> {
  const [found] = await queryRows<{ yes: boolean }>(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM park_chargers WHERE park_id = ${parkId}) AS yes`,
  );
  return found?.yes === true;
}

export interface ChargingParkRow {
  id: number;
  slug: string;
  name: string;
  city: string;
  address: string;
  total: number;
}

/** A page of a country's active parks with an active charger, by name, with the total. */
export async function chargingParks(
  db: Tx,
  countryId: number,
  page: { page: number; size: number },
): Promise<ChargingParkRow[]> {
  return queryRows<ChargingParkRow>(
    db,
    sql`SELECT p.id, p.slug, p.name, p.city, p.address, count(*) OVER ()::int AS total
      FROM parks p
      WHERE p.country_id = ${countryId} AND p.status = 'active'
        AND EXISTS (SELECT 1 FROM park_chargers c WHERE c.park_id = p.id AND c.status = 'active')
      ORDER BY p.name, p.id
      LIMIT ${page.size} OFFSET ${offsetOf(page)}`,
  );
}
