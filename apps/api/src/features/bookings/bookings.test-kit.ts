import { servedCountries } from "../reference/served-countries";
import type { Booking } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { movedByCut } from "../../test/ledger-invariants";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Db } from "../../db/client";
import { bearer, createUser, type TestUser } from "../../test/factories";
import { creditTopUp } from "../wallet/ledger.service";

/** Helpers the bookings API tests share (test-only; not imported by production code). */
export const HOUR = 3_600_000;

let anchor: { test: string; ms: number } | undefined;
/**
 * `offsetMs` after the next whole minute, as it was when the running test (or hook) first asked:
 * one "now" per test, so `at(7 * HOUR)` sent in a request and `at(7 * HOUR)` expected in its answer
 * are the same instant even when the test clock, which runs, turns a minute between them.
 */
export function at(offsetMs: number): Date {
  const { testPath, currentTestName } = expect.getState();
  const test = `${testPath}\0${currentTestName}`;
  if (anchor?.test !== test) anchor = { test, ms: Math.ceil(Date.now() / 60_000) * 60_000 };
  return new Date(anchor.ms + offsetMs);
}

let topUps = 0;
export async function fundedUser(db: Db, amountMinor = 10_000_000, currency = "NGN"): Promise<TestUser> {
  const user = await createUser(db);
  if (amountMinor > 0) await fund(db, user.id, amountMinor, currency);
  return user;
}

export function fund(db: Db, userId: string, amountMinor: number, currency = "NGN") {
  topUps += 1;
  return db.transaction((tx) =>
    creditTopUp(servedCountries(db), tx, {
      userId,
      currency,
      amountMinor,
      provider: "paystack",
      idempotencyKey: `test-topup:${userId}:${topUps}:${Date.now()}`,
      at: at(0),
    }),
  );
}

export async function setCapacity(db: Db, parkId: number, vehicleTypeId: number, capacity: number) {
  await db.execute(
    sql`UPDATE park_capacities SET capacity = ${capacity} WHERE park_id = ${parkId} AND vehicle_type_id = ${vehicleTypeId}`,
  );
}

export interface BookArgs {
  park_id?: number;
  vehicle_type_id?: number;
  vehicle_id?: number;
  plate_number?: string;
  coupon_code?: string;
  /** One of the park's EV charger groups to hold a charger of for the window. */
  charger_id?: number;
  /** A quote's token (GET /bookings/quote), needed at a park with busy-time rules (decision 059). */
  quote_token?: string | undefined;
  /** At an airport park: the flight (decision 068). */
  flight_number?: string | null;
  return_date?: string | null;
  start: Date;
  end: Date;
}

export function book(
  app: FastifyInstance,
  user: TestUser,
  a: BookArgs,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: "POST",
    url: "/api/v1/bookings",
    headers: { ...bearer(user), ...headers },
    payload: {
      park_id: a.park_id ?? 1,
      vehicle_type_id: a.vehicle_type_id ?? 1,
      ...(a.vehicle_id ? { vehicle_id: a.vehicle_id } : {}),
      ...(a.plate_number ? { plate_number: a.plate_number } : {}),
      ...(a.coupon_code ? { coupon_code: a.coupon_code } : {}),
      ...(a.charger_id ? { charger_id: a.charger_id } : {}),
      ...(a.quote_token ? { quote_token: a.quote_token } : {}),
      ...(a.flight_number !== undefined ? { flight_number: a.flight_number } : {}),
      ...(a.return_date !== undefined ? { return_date: a.return_date } : {}),
      start_time: a.start.toISOString(),
      end_time: a.end.toISOString(),
    },
  });
}

/** POST /bookings/hold: the window held while a wallet short of the price is topped up by card. */
export function holdWindow(
  app: FastifyInstance,
  user: TestUser,
  parkId: number,
  start: Date,
  end: Date,
  extra: object = {},
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: "POST",
    url: "/api/v1/bookings/hold",
    headers: { ...bearer(user), ...headers },
    payload: {
      park_id: parkId,
      vehicle_type_id: 1,
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      ...extra,
    },
  });
}

export const extend = (app: FastifyInstance, user: TestUser, b: Booking, newEnd: Date, language = "en") =>
  app.inject({
    method: "POST",
    url: "/api/v1/bookings/extend",
    headers: { ...bearer(user), "accept-language": language },
    payload: { booking_id: b.id, new_end_time: newEnd.toISOString() },
  });

/** GET /bookings/{id}/extension: what extending `b` to `newEnd` would charge. */
export const quoteExtension = (
  app: FastifyInstance,
  user: TestUser,
  b: Pick<Booking, "id">,
  newEnd: Date | string,
  language = "en",
) =>
  app.inject({
    url: `/api/v1/bookings/${b.id}/extension?new_end_time=${encodeURIComponent(
      typeof newEnd === "string" ? newEnd : newEnd.toISOString(),
    )}`,
    headers: { ...bearer(user), "accept-language": language },
  });

/** PUT /bookings/{id}/window: moves `b` to [start, end), with a quote's token when given. */
export const changeWindow = (
  app: FastifyInstance,
  user: TestUser,
  b: Pick<Booking, "id">,
  start: Date,
  end: Date,
  quoteToken?: string,
) =>
  app.inject({
    method: "PUT",
    url: `/api/v1/bookings/${b.id}/window`,
    headers: bearer(user),
    payload: {
      start_time: start.toISOString(),
      end_time: end.toISOString(),
      ...(quoteToken ? { quote_token: quoteToken } : {}),
    },
  });

/** GET /bookings/{id}/window: what moving `b` to [start, end) would charge or give back. */
export const quoteWindow = (
  app: FastifyInstance,
  user: TestUser,
  b: Pick<Booking, "id">,
  start: Date,
  end: Date,
) =>
  app.inject({
    url: `/api/v1/bookings/${b.id}/window?start_time=${encodeURIComponent(start.toISOString())}&end_time=${encodeURIComponent(end.toISOString())}`,
    headers: bearer(user),
  });

export const setStatus = (app: FastifyInstance, user: TestUser, id: string, status: string) =>
  app.inject({ method: "PUT", url: `/api/v1/bookings/${id}/status?status=${status}`, headers: bearer(user) });

/**
 * Peak concurrent active bookings per park and vehicle type above capacity (empty when none
 * overbooks); a booking a cut moved is left out.
 */
export async function overbooked(
  db: Db,
): Promise<{ park_id: number; vehicle_type_id: number; peak: number; capacity: number }[]> {
  const result = (await db.execute(sql`
    SELECT b.park_id, b.vehicle_type_id, c.capacity,
           (SELECT count(*) FROM bookings x WHERE x.park_id = b.park_id AND x.vehicle_type_id = b.vehicle_type_id
              AND x.status <> 'cancelled' AND x.start_time <= b.start_time AND x.end_time > b.start_time
              AND NOT ${movedByCut(sql`x`)})::int AS peak
    FROM bookings b JOIN park_capacities c ON c.park_id = b.park_id AND c.vehicle_type_id = b.vehicle_type_id
    WHERE b.status <> 'cancelled' AND NOT ${movedByCut(sql`b`)}`)) as unknown as {
    rows: { park_id: number; vehicle_type_id: number; peak: number; capacity: number }[];
  };
  return result.rows.filter((r) => Number(r.peak) > Number(r.capacity));
}

export interface AllDayParkFilter {
  /** The parks' country (default 1, Nigeria); null for any. */
  countryId?: number | null;
  operatorId?: number;
  timeZone?: string;
  /** Car spaces the park has at least (default 0). */
  minCapacity?: number;
}

/**
 * Active parks open all day that sell Car spaces (test windows then never hit closing hours),
 * Nigerian unless told otherwise, by id.
 */
export async function allDayParks(db: Db, n: number, where: AllDayParkFilter = {}): Promise<number[]> {
  const { countryId = 1, operatorId, timeZone, minCapacity = 0 } = where;
  const result = (await db.execute(sql`
    SELECT p.id FROM parks p JOIN park_rates r ON r.park_id = p.id AND r.vehicle_type_id = 1 AND r.kind = 'standard'
    JOIN park_capacities c ON c.park_id = p.id AND c.vehicle_type_id = 1 AND c.capacity >= ${minCapacity}
    WHERE p.open_24h AND p.status = 'active'
      ${countryId === null ? sql`` : sql`AND p.country_id = ${countryId}`}
      ${operatorId === undefined ? sql`` : sql`AND p.operator_id = ${operatorId}`}
      ${timeZone === undefined ? sql`` : sql`AND p.time_zone = ${timeZone}`}
    ORDER BY p.id LIMIT ${n}`)) as unknown as {
    rows: { id: number }[];
  };
  return result.rows.map((r) => Number(r.id));
}

/** The first of `allDayParks`; throws, naming the filter, when there is none. */
export async function allDayPark(db: Db, where: AllDayParkFilter = {}): Promise<number> {
  const [id] = await allDayParks(db, 1, where);
  if (id === undefined) throw new Error(`no all-day park for ${JSON.stringify(where)}`);
  return id;
}

const MINUTE = 60_000;

/**
 * A driver's paid booking at `parkId` whose window is then moved to [now + startMin, now +
 * endMin) with SQL: the booking route only takes windows ahead, the gate sees them as they come.
 * The booking is answered with its moved times.
 */
export async function bookingMovedTo(
  app: FastifyInstance,
  db: Db,
  parkId: number,
  startMin: number,
  endMin: number,
): Promise<{ driver: TestUser; b: Booking }> {
  const driver = await fundedUser(db);
  const res = await book(app, driver, { park_id: parkId, start: at(2 * HOUR), end: at(4 * HOUR) });
  if (res.statusCode !== 201) throw new Error(`booking at park ${parkId}: ${res.statusCode} ${res.body}`);
  const b = res.json<Booking>();
  const start = new Date(Date.now() + startMin * MINUTE).toISOString();
  const end = new Date(Date.now() + endMin * MINUTE).toISOString();
  await db.execute(
    sql`UPDATE bookings SET start_time = ${start}::timestamptz, end_time = ${end}::timestamptz WHERE id = ${b.id}`,
  );
  return { driver, b: { ...b, start_time: start, end_time: end } };
}

/** A group of EV chargers at a park (decision 045), as the back office adds one: its id. */
export async function addChargers(
  db: Db,
  parkId: number,
  g: {
    count?: number;
    connector?: string;
    powerKw?: number;
    status?: string;
    /** Per kWh (paid at the charger) unless told; per hour, its charging is sold with the booking. */
    priceUnit?: "kwh" | "hour";
    priceMinor?: number;
  } = {},
): Promise<number> {
  const [row] = (
    (await db.execute(sql`
      INSERT INTO park_chargers (park_id, connector, power_kw, count, price_unit, price_minor, status)
      VALUES (${parkId}, ${g.connector ?? "ccs2"}, ${g.powerKw ?? 50}, ${g.count ?? 1},
        ${g.priceUnit ?? "kwh"}, ${g.priceMinor ?? 15000}, ${g.status ?? "active"})
      RETURNING id`)) as unknown as { rows: { id: number }[] }
  ).rows;
  return Number(row!.id);
}
