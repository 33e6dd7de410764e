/**
 * A cut of a park's spaces below what is held (decision 061): listed first, confirmed it moves the
 * bookings booked last, each offered the space guarantee; a moved booking holds no space (a new
 * booking takes it, the gate refuses it); what cannot move keeps the cut refused.
 */
import type { Booking, BookingOffer, BookingPage } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, operatorId, parksOf, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, overbookedParks, receiptViolations } from "../../test/ledger-invariants";
import { readMailbox } from "../../test/mailbox";
import { allDayParks, at, book, extend, fundedUser, HOUR, overbooked } from "../bookings/bookings.test-kit";
import { walletBalanceMinor } from "../wallet/ledger.service";

let ctx: TestContext;
let db: Db;
let manager: TestUser;
/** Harbourview's Nigerian parks open all day: one per test. */
let parks: number[];

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  const harbourview = await operatorId(db, "Harbourview Parking Ltd");
  const own = new Set(await parksOf(db, harbourview));
  parks = (await allDayParks(db, 200)).filter((id) => own.has(id));
  manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
});
afterAll(async () => {
  await ctx?.close();
});

const call = (user: TestUser, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(user),
    ...(payload ? { payload } : {}),
  });

const setCars = (parkId: number, capacity: number, confirm?: boolean) =>
  call(manager, "PUT", `/admin/parks/${parkId}/capacities`, {
    capacities: [{ vehicle_type_id: 1, capacity }],
    ...(confirm === undefined ? {} : { confirm_capacity: confirm }),
  });

const offersAt = (parkId: number) =>
  queryRows<{ code: string; cause: string; status: string; payer: string }>(
    db,
    sql`SELECT b.booking_code AS code, o.cause, o.status, o.payer
      FROM booking_offers o JOIN bookings b ON b.id = o.booking_id WHERE o.park_id = ${parkId}
      ORDER BY b.booking_code`,
  );

async function bookAt(parkId: number, from: number, to: number, plate: string) {
  const driver = await fundedUser(db, 50_000_000);
  const res = await book(ctx.app, driver, {
    park_id: parkId,
    start: at(from * HOUR),
    end: at(to * HOUR),
    plate_number: plate,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { driver, booking: res.json<Booking>() };
}

describe("a cut of a park's spaces below what is held", () => {
  it("lists the bookings booked last, then moves them with the guarantee: they hold no space", async () => {
    const parkId = parks[0]!;
    expect((await setCars(parkId, 3)).statusCode).toBe(200);
    const a = await bookAt(parkId, 26, 28, "CUT 101 AA");
    const b = await bookAt(parkId, 27, 30, "CUT 102 AA");
    const c = await bookAt(parkId, 27, 29, "CUT 103 AA");
    const d = await bookAt(parkId, 40, 42, "CUT 104 AA");

    // The preview: one space left at 27h-28h, so the two booked after the first move; nothing saved.
    const preview = await setCars(parkId, 1);
    expect(preview.statusCode, preview.body).toBe(409);
    expect(preview.json()).toMatchObject({
      code: "capacity_conflict",
      message:
        "Some bookings already hold more spaces than the capacity you asked for: confirm to cut the spaces and offer each of them the space guarantee",
      settles: true,
      payer: "operator",
      conflicts: [{ vehicle_type_id: 1, requested: 1, peak: 3, settles: true }],
    });
    const listed = preview.json().conflicts[0].bookings.map((x: { booking_code: string }) => x.booking_code);
    expect(listed).toEqual([b.booking.booking_code, c.booking.booking_code]);
    expect(await offersAt(parkId)).toEqual([]);
    expect((await call(manager, "GET", `/admin/parks/${parkId}`)).json().capacities[0].capacity).toBe(3);

    // Confirmed: saved, the two offered (the operator cut its own park: it pays any difference).
    const saved = await setCars(parkId, 1, true);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().capacities[0].capacity).toBe(1);
    expect((await offersAt(parkId)).map((o) => [o.code, o.cause, o.status, o.payer])).toEqual(
      [b.booking.booking_code, c.booking.booking_code]
        .sort()
        .map((code) => [code, "capacity", "open", "operator"]),
    );
    const mails = await readMailbox(ctx);
    const offerMail = mails.find((m) => m.body.includes(`/booking-offers/${b.booking.booking_code}`));
    expect(offerMail?.subject).toBe(
      `Your Parkwell booking ${b.booking.booking_code}: the car park has fewer spaces, choose a space elsewhere or a refund`,
    );
    const [audit] = await queryRows<{ after: { guarantee_offers?: number; payer?: string } }>(
      db,
      sql`SELECT after FROM audit_log WHERE action = 'park.capacities' AND entity = 'park'
        AND entity_id = ${String(parkId)} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit!.after).toMatchObject({ guarantee_offers: 2, payer: "operator" });
    expect(await overbooked(db)).toEqual([]);
    expect(await overbookedParks(db)).toEqual([]);

    // The moved bookings hold no space: a new one takes the space B held after A ends; A still holds 26h-28h.
    await bookAt(parkId, 28, 30, "CUT 105 AA");
    const full = await book(ctx.app, await fundedUser(db, 50_000_000), {
      park_id: parkId,
      start: at(26 * HOUR),
      end: at(27 * HOUR),
      plate_number: "CUT 106 AA",
    });
    expect(full.json().code).toBe("no_capacity");
    expect(await overbooked(db)).toEqual([]);

    // The driver reads the offer for a cut, and cannot extend the moved booking instead; the gate
    // turns a moved booking away.
    const longer = await extend(ctx.app, b.driver, b.booking, at(31 * HOUR));
    expect(longer.statusCode, longer.body).toBe(409);
    expect(longer.json()).toMatchObject({
      code: "offer_open",
      message:
        "This booking has an open offer of the space guarantee: choose a space elsewhere or the refund instead",
    });
    // Its page says so (a driver who missed the e-mail); the booking kept says nothing of it.
    const page = await call(b.driver, "GET", `/bookings/${b.booking.booking_code}`);
    expect(page.json()).toMatchObject({ status: "active", open_offer: "capacity" });
    const kept = await call(a.driver, "GET", `/bookings/${a.booking.booking_code}`);
    expect(kept.json()).toMatchObject({ status: "active", open_offer: null });
    // So does each driver's list.
    for (const [who, cause] of [
      [b, "capacity"],
      [a, null],
    ] as const) {
      const list = await call(who.driver, "GET", "/bookings/list?status_filter=upcoming");
      expect(list.json<BookingPage>().items).toEqual([
        expect.objectContaining({ booking_code: who.booking.booking_code, open_offer: cause }),
      ]);
    }
    const offer = await call(b.driver, "GET", `/booking-offers/${b.booking.booking_code}`);
    expect(offer.json<BookingOffer>()).toMatchObject({ cause: "capacity", status: "open" });
    const gate = await call(manager, "POST", "/admin/checkins", {
      code: c.booking.booking_code,
      park_id: parkId,
    });
    expect(gate.statusCode, gate.body).toBe(409);
    expect(gate.json()).toMatchObject({
      code: "booking_moved",
      message:
        "This booking holds no space here: the car park cut its spaces and offered the driver another car park or a full refund",
    });

    // The refund: everything back, fees included, with the cut's words.
    const before = await walletBalanceMinor(db, c.driver.id, "NGN");
    const refunded = await call(c.driver, "POST", `/booking-offers/${c.booking.booking_code}/refund`);
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(await walletBalanceMinor(db, c.driver.id, "NGN")).toBe(before + Math.round(c.booking.paid * 100));
    const refundMail = (await readMailbox(ctx)).find(
      (m) => m.subject === `Your Parkwell booking ${c.booking.booking_code} is refunded in full`,
    );
    expect(refundMail?.body).toContain("The car park cut its spaces");
    // The first booked and the one outside the peak were never offered.
    expect((await offersAt(parkId)).map((o) => o.code)).not.toContain(a.booking.booking_code);
    expect((await offersAt(parkId)).map((o) => o.code)).not.toContain(d.booking.booking_code);
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });

  it("stays refused, confirmed or not, below what cannot move: a car already in", async () => {
    const parkId = parks[1]!;
    expect((await setCars(parkId, 2)).statusCode).toBe(200);
    const inside = await bookAt(parkId, 0, 4, "CUT 201 AA");
    const later = await bookAt(parkId, 1, 3, "CUT 202 AA");
    await db.execute(
      sql`UPDATE bookings SET checked_in_at = ${at(0).toISOString()}::timestamptz WHERE id = ${inside.booking.id}`,
    );
    // To 1: the later booking moves; the car inside stays.
    const one = await setCars(parkId, 1);
    expect(one.json()).toMatchObject({ settles: true });
    expect(one.json().conflicts[0].bookings.map((x: { booking_code: string }) => x.booking_code)).toEqual([
      later.booking.booking_code,
    ]);
    // To 0: the car inside holds a space no choice frees; confirming changes nothing.
    const zero = await setCars(parkId, 0, true);
    expect(zero.statusCode, zero.body).toBe(409);
    expect(zero.json()).toMatchObject({
      message: "Some bookings already hold more spaces than the capacity you asked for",
      settles: false,
      conflicts: [{ requested: 0, peak: 2, settles: false }],
    });
    expect(
      zero
        .json()
        .conflicts[0].bookings.map((x: { booking_code: string }) => x.booking_code)
        .sort(),
    ).toEqual([inside.booking.booking_code, later.booking.booking_code].sort());
    expect(await offersAt(parkId)).toEqual([]);
    expect((await call(manager, "GET", `/admin/parks/${parkId}`)).json().capacities[0].capacity).toBe(2);
  });

  it("lists what holds every type's spaces when one type's cut cannot be settled, and saves nothing confirmed", async () => {
    const parkId = parks[2]!;
    const both = (car: number, suv: number, confirm?: boolean) =>
      call(manager, "PUT", `/admin/parks/${parkId}/capacities`, {
        capacities: [
          { vehicle_type_id: 1, capacity: car },
          { vehicle_type_id: 2, capacity: suv },
        ],
        ...(confirm === undefined ? {} : { confirm_capacity: confirm }),
      });
    expect((await both(2, 1)).statusCode).toBe(200);
    const first = await bookAt(parkId, 1, 3, "CUT 301 AA");
    const second = await bookAt(parkId, 2, 4, "CUT 302 AA");
    // An SUV parked at the gate: no cut of SUV spaces below it can be settled.
    await db.execute(sql`INSERT INTO pos_sales (sale_code, park_id, vehicle_type_id, plate_number, start_time, end_time, currency)
      VALUES ('POS-CUT-1', ${parkId}, 2, 'KJA 777 XY', ${at(-HOUR).toISOString()}::timestamptz, ${at(4 * HOUR).toISOString()}::timestamptz, 'NGN')`);
    const res = await both(1, 0, true);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      settles: false,
      message: "Some bookings already hold more spaces than the capacity you asked for",
    });
    const [cars, suvs] = res.json().conflicts as { settles: boolean; bookings: { booking_code: string }[] }[];
    // The cars' cut alone could be settled, but the page lists what holds the spaces, both bookings.
    expect(cars!.settles).toBe(true);
    expect(cars!.bookings.map((b) => b.booking_code).sort()).toEqual(
      [first.booking.booking_code, second.booking.booking_code].sort(),
    );
    expect(suvs).toMatchObject({ settles: false, bookings: [{ booking_code: "POS-CUT-1" }] });
    expect(await offersAt(parkId)).toEqual([]);
  });
});
