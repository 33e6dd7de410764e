import type { AdminPark, ParkDetail } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createEvent } from "../../../test/events";
import { bearer, parksOf, type TestUser } from "../../../test/factories";
import type { TestContext } from "../../../test/harness";
import { allDayParks, at, book, fundedUser, HOUR, setStatus } from "../../bookings/bookings.test-kit";
import { adminParksKit, newPark } from "./admin-parks.test-kit";

const { suite, call, rows, keptDrift, lastAudit } = adminParksKit();
let ctx: TestContext;
let harbourview: number;
let manager: TestUser;

beforeAll(() => {
  ({ ctx, harbourview, manager } = suite);
});

describe("capacity never below what is held", () => {
  it("answers 409 listing the bookings a lower capacity would move, or all that holds it below what cannot move", async () => {
    const db = ctx.database.db;
    const own = new Set(await parksOf(db, harbourview));
    const parkId = (await allDayParks(db, 200)).find((id) => own.has(id))!;
    await call(manager, "PUT", `/admin/parks/${parkId}/capacities`, {
      capacities: [{ vehicle_type_id: 1, capacity: 10 }],
    });
    const driver = await fundedUser(db, 100_000_000);
    const codes: string[] = [];
    for (const [from, to, plate] of [
      [2, 5, "LAG 123 AB"],
      [3, 6, "LAG 124 AB"],
      [20, 22, "LAG 125 AB"],
    ] as const) {
      const res = await book(ctx.app, driver, {
        park_id: parkId,
        start: at(from * HOUR),
        end: at(to * HOUR),
        plate_number: plate,
      });
      expect(res.statusCode, res.body).toBe(201);
      codes.push(res.json().booking_code);
    }
    // A car parked at the gate without a booking holds a space too.
    await db.execute(sql`INSERT INTO pos_sales (sale_code, park_id, vehicle_type_id, plate_number, start_time, end_time, currency)
      VALUES ('POS-TEST-1', ${parkId}, 1, 'KJA 555 XY', ${at(-1 * HOUR).toISOString()}::timestamptz, ${at(4 * HOUR).toISOString()}::timestamptz, 'NGN')`);

    const res = await call(manager, "PUT", `/admin/parks/${parkId}/capacities`, {
      capacities: [{ vehicle_type_id: 1, capacity: 2 }],
    });
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({ code: "capacity_conflict", settles: true, payer: "operator" });
    expect(body.conflicts).toHaveLength(1);
    expect(body.conflicts[0]).toMatchObject({ vehicle_type_id: 1, requested: 2, peak: 3, settles: true });
    // The car parked at the gate stays, the first booking keeps the other space: the second moves.
    expect(body.conflicts[0].bookings.map((b: { booking_code: string }) => b.booking_code)).toEqual([
      codes[1],
    ]);
    expect(body.conflicts[0].bookings[0]).toMatchObject({
      plate_number: expect.any(String),
      start_time: expect.any(String),
    });
    // Removing the type altogether is a capacity of 0, below the parked car: all that holds a space is listed.
    const gone = await call(manager, "PUT", `/admin/parks/${parkId}/capacities`, { capacities: [] });
    expect(gone.statusCode).toBe(409);
    expect(gone.json()).toMatchObject({
      message: "Some bookings already hold more spaces than the capacity you asked for",
      settles: false,
    });
    expect(gone.json().conflicts[0]).toMatchObject({ requested: 0, peak: 3, settles: false });
    expect(
      gone
        .json()
        .conflicts[0].bookings.map((b: { booking_code: string }) => b.booking_code)
        .sort(),
    ).toEqual([...codes, "POS-TEST-1"].sort());
    expect((await call(manager, "GET", `/admin/parks/${parkId}`)).json<AdminPark>().capacities).toEqual([
      { vehicle_type_id: 1, vehicle_type: expect.any(String), capacity: 10 },
    ]);

    // Exactly the peak is fine; the next booking in that window is then full.
    const ok = await call(manager, "PUT", `/admin/parks/${parkId}/capacities`, {
      capacities: [{ vehicle_type_id: 1, capacity: 3 }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const full = await book(ctx.app, driver, {
      park_id: parkId,
      start: at(3 * HOUR),
      end: at(4 * HOUR),
      plate_number: "LAG 126 AB",
    });
    expect(full.json().code).toBe("no_capacity");
    expect(await lastAudit(parkId)).toMatchObject({
      action: "park.capacities",
      before: { capacities: { 1: 10 } },
      after: { capacities: { 1: 3 } },
    });
    expect(await keptDrift()).toEqual([]);
  });

  it("counts a published event's allocation as held, and names the event in the 409", async () => {
    const db = ctx.database.db;
    const own = new Set(await parksOf(db, harbourview));
    const parkId = (await allDayParks(db, 200)).filter((id) => own.has(id))[2]!;
    await call(manager, "PUT", `/admin/parks/${parkId}/capacities`, {
      capacities: [{ vehicle_type_id: 1, capacity: 10 }],
    });
    const ev = await createEvent(db, {
      start: at(30 * HOUR),
      end: at(32 * HOUR),
      parks: [{ parkId, offers: [{ allocation: 6 }] }],
    });
    const driver = await fundedUser(db, 100_000_000);
    const booked = await book(ctx.app, driver, {
      park_id: parkId,
      start: at(29 * HOUR),
      end: at(31 * HOUR),
      plate_number: "LAG 901 EV",
    });
    expect(booked.statusCode, booked.body).toBe(201);
    // To 6: the event's allocation stays, the booking would move.
    const six = await call(manager, "PUT", `/admin/parks/${parkId}/capacities`, {
      capacities: [{ vehicle_type_id: 1, capacity: 6 }],
    });
    expect(six.statusCode, six.body).toBe(409);
    expect(six.json().conflicts[0]).toMatchObject({ requested: 6, peak: 7, settles: true });
    expect(six.json().conflicts[0].bookings).toHaveLength(1);
    // To 5: below the event alone, nothing settles it: the event and the booking are listed.
    const res = await call(manager, "PUT", `/admin/parks/${parkId}/capacities`, {
      capacities: [{ vehicle_type_id: 1, capacity: 5 }],
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().conflicts[0]).toMatchObject({ requested: 5, peak: 7, settles: false });
    expect(
      res
        .json()
        .conflicts[0].bookings.map((b: { booking_code: string }) => b.booking_code)
        .sort(),
    ).toEqual([booked.json().booking_code, ev.code].sort());
    const ok = await call(manager, "PUT", `/admin/parks/${parkId}/capacities`, {
      capacities: [{ vehicle_type_id: 1, capacity: 7 }],
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe("closure days", () => {
  it("are refused by availability and booking through the window rule, in the park's clock", async () => {
    const db = ctx.database.db;
    const own = new Set(await parksOf(db, harbourview));
    const parkId = (await allDayParks(db, 200)).filter((id) => own.has(id))[1]!;
    const start = at(48 * HOUR);
    const day = new Date(start.getTime() + 3_600_000).toISOString().slice(0, 10); // Lagos is UTC+1
    const res = await call(manager, "PATCH", `/admin/parks/${parkId}`, { closures: [day, day] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AdminPark>().closures).toEqual([day]);
    const driver = await fundedUser(db, 100_000_000);
    const refused = await book(ctx.app, driver, {
      park_id: parkId,
      start,
      end: new Date(start.getTime() + HOUR),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(`This car park is closed on ${day}.`);
    const page = (await ctx.app.inject({ url: `/api/v1/front/parks/${parkId}` })).json<ParkDetail>();
    expect(page.closures).toEqual([day]);
    await call(manager, "PATCH", `/admin/parks/${parkId}`, { closures: [] });
    const booked = await book(ctx.app, driver, {
      park_id: parkId,
      start,
      end: new Date(start.getTime() + HOUR),
    });
    expect(booked.statusCode, booked.body).toBe(201);
  });
});

describe("a park's country and time zone stay while anything there is unfinished", () => {
  /** A new Lagos park of the manager's, open all day, with a Car rate and 10 Car spaces. */
  async function freshPark(name: string): Promise<number> {
    const park = (await call(manager, "POST", "/admin/parks", newPark(name))).json<AdminPark>();
    await call(manager, "PUT", `/admin/parks/${park.id}/rates`, {
      rates: [{ vehicle_type_id: 1, hourly: 500, daily_max: 3000 }],
    });
    await call(manager, "PUT", `/admin/parks/${park.id}/capacities`, {
      capacities: [{ vehicle_type_id: 1, capacity: 10 }],
    });
    return park.id;
  }
  const toToronto = { country: "CA", time_zone: "America/Toronto" };
  const move = (parkId: number, body: object = toToronto, language = "en") =>
    ctx.app.inject({
      method: "PATCH",
      url: `/api/v1/admin/parks/${parkId}`,
      headers: { ...bearer(manager), "accept-language": language },
      payload: body,
    });
  const place = async (parkId: number) =>
    (
      await rows<{ country_id: number; time_zone: string }>(
        sql`SELECT country_id, time_zone FROM parks WHERE id = ${parkId}`,
      )
    )[0];
  const IN_USE =
    "A park's country and time zone cannot change while it has bookings, drive-up sales, events, orders or monthly passes that are not finished, or plans on sale";
  const none = { bookings: 0, drive_up_sales: 0, events: 0, orders: 0, passes: 0, plans: 0 };

  it("refuses a move (409, in French too) while a booking is not over, changes nothing, and moves once it is cancelled", async () => {
    const db = ctx.database.db;
    const parkId = await freshPark("Ikoyi Crossing Garage");
    const driver = await fundedUser(db, 100_000_000);
    const booked = await book(ctx.app, driver, {
      park_id: parkId,
      start: at(2 * HOUR),
      end: at(4 * HOUR),
      plate_number: "LAG 410 MV",
    });
    expect(booked.statusCode, booked.body).toBe(201);
    // Asked with its rates still there: the manager learns at once that the park cannot move now.
    const first = await move(parkId);
    expect(first.statusCode, first.body).toBe(409);
    expect(first.json()).toEqual({
      code: "park_in_use",
      message: IN_USE,
      holdings: { ...none, bookings: 1 },
    });
    const fr = await move(parkId, toToronto, "fr");
    expect(fr.statusCode).toBe(409);
    expect(fr.json().message).toBe(
      "Le pays et le fuseau horaire d'un parking ne peuvent pas changer tant qu'il a des réservations, des ventes sans réservation, des événements, des commandes ou des abonnements mensuels en cours, ou des formules en vente",
    );
    // The time zone alone is refused the same way; the same zone written again is no change.
    expect((await move(parkId, { time_zone: "Africa/Abidjan" })).statusCode).toBe(409);
    const same = await move(parkId, { time_zone: "Africa/Lagos", name: "Ikoyi Crossing Deck" });
    expect(same.statusCode, same.body).toBe(200);
    expect(await place(parkId)).toEqual({ country_id: 1, time_zone: "Africa/Lagos" });
    expect((await lastAudit(parkId))?.after).toEqual({ name: "Ikoyi Crossing Deck" });

    const cancelled = await setStatus(ctx.app, driver, booked.json().id, "cancelled");
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await move(parkId)).json().code).toBe("validation_error"); // its rates, now
    expect((await call(manager, "PUT", `/admin/parks/${parkId}/rates`, { rates: [] })).statusCode).toBe(200);
    const moved = await move(parkId);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<AdminPark>()).toMatchObject({
      country: "CA",
      currency: "CAD",
      time_zone: "America/Toronto",
    });
    expect(await keptDrift()).toEqual([]);
  });

  it("counts a car still inside after its end, a parked drive-up sale, an event not over and an order not finished, and nothing that is over", async () => {
    const db = ctx.database.db;
    const parkId = await freshPark("Victoria Island Ramp");
    await call(manager, "PUT", `/admin/parks/${parkId}/rates`, { rates: [] });
    const driver = await fundedUser(db, 100_000_000);
    const iso = (offset: number) => at(offset).toISOString();
    const expectHeld = async (holdings: object) => {
      const res = await move(parkId);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().holdings).toEqual({ ...none, ...holdings });
      expect(await place(parkId)).toEqual({ country_id: 1, time_zone: "Africa/Lagos" });
    };
    const insertBooking = (code: string, from: number, to: number, extra: ReturnType<typeof sql>) =>
      db.execute(sql`INSERT INTO bookings (booking_code, user_id, park_id, vehicle_type_id, plate_number,
          start_time, end_time, status, currency, total_minor, paid_minor, breakdown, checked_in_at, checked_out_at)
        VALUES (${code}, ${driver.id}::uuid, ${parkId}, 1, ${code}, ${iso(from)}::timestamptz, ${iso(to)}::timestamptz,
          ${extra}, 'NGN', 100000, 100000, '{}'::jsonb, NULL, NULL)`);

    // What is over counts for nothing: a stay checked out, a stay that ended without its car, a
    // cancelled booking, a closed and a voided sale, a cancelled event and one over, a completed order.
    await insertBooking("PW-DONE2345", -6 * HOUR, -4 * HOUR, sql`'completed'`);
    await db.execute(sql`UPDATE bookings SET checked_in_at = ${iso(-6 * HOUR)}::timestamptz,
      checked_out_at = ${iso(-3 * HOUR)}::timestamptz WHERE booking_code = 'PW-DONE2345'`);
    await insertBooking("PW-GONE2345", -6 * HOUR, -4 * HOUR, sql`'active'`);
    await insertBooking("PW-CANC2345", 6 * HOUR, 8 * HOUR, sql`'cancelled'`);
    for (const [code, status] of [
      ["DU-CLOSED23", "closed"],
      ["DU-VOIDED23", "void"],
    ] as const) {
      await db.execute(sql`INSERT INTO pos_sales (sale_code, park_id, vehicle_type_id, plate_number, start_time,
          end_time, status, currency, amount_minor, payment_method)
        VALUES (${code}, ${parkId}, 1, 'KJA 1 AA', ${iso(-5 * HOUR)}::timestamptz, ${iso(-4 * HOUR)}::timestamptz,
          ${status}, 'NGN', 500, 'cash')`);
    }
    await createEvent(db, {
      start: at(30 * HOUR),
      end: at(32 * HOUR),
      status: "cancelled",
      parks: [{ parkId, offers: [{ allocation: 2 }] }],
    });
    await createEvent(db, {
      start: at(-10 * HOUR),
      end: at(-8 * HOUR),
      parks: [{ parkId, offers: [{ allocation: 2 }] }],
    });
    const order = (code: string, stage: string) =>
      db.execute(sql`INSERT INTO orders (order_code, user_id, country_id, currency, order_type, stage, park_id,
          subtotal_minor, offer_discount_minor, coupon_discount_minor, delivery_minor, tax_minor, tax_name, total_minor)
        VALUES (${code}, ${driver.id}::uuid, 1, 'NGN', 'takeaway', ${stage}, ${parkId}, 1000, 0, 0, 0, 0, 'VAT', 1000)`);
    await order("OR-DONE23", "completed");
    await order("OR-GONE23", "canceled");

    // One of each kind not finished, each refused until it is finished by its own rule.
    await insertBooking("PW-INSD2345", -6 * HOUR, -1 * HOUR, sql`'completed'`);
    await db.execute(sql`UPDATE bookings SET checked_in_at = ${iso(-6 * HOUR)}::timestamptz
      WHERE booking_code = 'PW-INSD2345'`);
    await expectHeld({ bookings: 1 });
    await db.execute(
      sql`UPDATE bookings SET checked_out_at = ${iso(-1)}::timestamptz WHERE booking_code = 'PW-INSD2345'`,
    );

    await db.execute(sql`INSERT INTO pos_sales (sale_code, park_id, vehicle_type_id, plate_number, start_time, end_time, currency)
      VALUES ('DU-PARKED23', ${parkId}, 1, 'KJA 2 AA', ${iso(-5 * HOUR)}::timestamptz, ${iso(-1 * HOUR)}::timestamptz, 'NGN')`);
    await expectHeld({ drive_up_sales: 1 });
    await db.execute(sql`UPDATE pos_sales SET status = 'closed', amount_minor = 500, payment_method = 'cash',
      closed_at = ${iso(-1)}::timestamptz WHERE sale_code = 'DU-PARKED23'`);

    const draft = await createEvent(db, {
      start: at(30 * HOUR),
      end: at(32 * HOUR),
      status: "draft",
      parks: [{ parkId, offers: [{ allocation: 2 }] }],
    });
    // An event just ended still holds the park while its departure buffer runs.
    const leaving = await createEvent(db, {
      start: at(-3 * HOUR),
      end: at(-HOUR / 2),
      parks: [{ parkId, after: 60, offers: [{ allocation: 2 }] }],
    });
    await expectHeld({ events: 2 });
    await db.execute(sql`UPDATE events SET status = 'cancelled' WHERE id IN (${draft.id}, ${leaving.id})`);

    await order("OR-OPEN23", "being_prepared");
    await expectHeld({ orders: 1 });
    await db.execute(sql`UPDATE orders SET stage = 'delivered' WHERE order_code = 'OR-OPEN23'`);
    await expectHeld({ orders: 1 });
    await db.execute(sql`UPDATE orders SET stage = 'completed' WHERE order_code = 'OR-OPEN23'`);

    const moved = await move(parkId);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await place(parkId)).toEqual({ country_id: 2, time_zone: "America/Toronto" });
  });

  it("counts a plan on sale and a monthly pass active or in grace; a draft plan keeps the park's country", async () => {
    const db = ctx.database.db;
    const parkId = await freshPark("Lekki Commuter Deck");
    await call(manager, "PUT", `/admin/parks/${parkId}/rates`, { rates: [] });
    const expectHeld = async (body: object, holdings: object) => {
      const res = await move(parkId, body);
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({
        code: "park_in_use",
        message: IN_USE,
        holdings: { ...none, ...holdings },
      });
      expect(await place(parkId)).toEqual({ country_id: 1, time_zone: "Africa/Lagos" });
    };
    const created = await call(manager, "POST", "/admin/plans", {
      park_id: parkId,
      name: { en: "Commuter", fr: "Navetteur" },
      windows: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" })),
      prices: [{ vehicle_type_id: 1, monthly_price: 1_000 }],
      allocation: 2,
      status: "on_sale",
    });
    expect(created.statusCode, created.body).toBe(201);
    const planId = created.json<{ id: number }>().id;
    await expectHeld(toToronto, { plans: 1 });
    // A pass sold on it holds the park after the plan stops selling: its windows are on the park's
    // clock and it renews in the park's currency, so the time zone alone is refused too.
    const driver = await fundedUser(db, 100_000_000);
    const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const bought = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/passes",
      headers: bearer(driver),
      payload: { plan_id: planId, vehicle_type_id: 1, plates: ["LAG 610 PS"], start_date: day },
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const closed = await call(manager, "PATCH", `/admin/plans/${planId}`, { status: "closed" });
    expect(closed.statusCode, closed.body).toBe(200);
    await expectHeld(toToronto, { passes: 1 });
    await expectHeld({ time_zone: "Africa/Abidjan" }, { passes: 1 });
    await db.execute(sql`UPDATE passes SET status = 'grace' WHERE plan_id = ${planId}`);
    await expectHeld({ time_zone: "Africa/Abidjan" }, { passes: 1 });
    await db.execute(
      sql`UPDATE passes SET status = 'ended', ended_reason = 'lapsed' WHERE plan_id = ${planId}`,
    );

    // A draft plan's prices are in the park's currency: it keeps the park's country, in French too.
    const reopened = await call(manager, "PATCH", `/admin/plans/${planId}`, { status: "draft" });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const draft = await move(parkId, toToronto, "fr");
    expect(draft.statusCode, draft.body).toBe(422);
    expect(draft.json().fields.country).toBe(
      "Un parking qui a des formules en préparation ne peut pas changer de pays\u00a0: fermez-les d'abord",
    );
    expect(await place(parkId)).toEqual({ country_id: 1, time_zone: "Africa/Lagos" });
    await call(manager, "PATCH", `/admin/plans/${planId}`, { status: "closed" });
    const moved = await move(parkId);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await place(parkId)).toEqual({ country_id: 2, time_zone: "America/Toronto" });
  });
});
