/**
 * A booking once its car has been at the gate: in, the booking holds its space and can no longer
 * be cancelled or given another vehicle; out, it is completed everywhere at once (the driver's
 * page, the back office, the dashboard) and its space is free for the rest of its window.
 */
import type { Booking } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, overbookedParks, receiptViolations } from "../../test/ledger-invariants";
import { walletBalanceMinor } from "../wallet/ledger.service";
import {
  allDayPark,
  book,
  bookingMovedTo,
  extend,
  fundedUser,
  HOUR,
  setCapacity,
  setStatus,
} from "./bookings.test-kit";

const MINUTE = 60_000;

let ctx: TestContext;
let db: Db;
/** A Harbourview park open all day with one Car space. */
let park: number;
let attendant: TestUser;
let manager: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  const harbourview = await operatorId(db, "Harbourview Parking Ltd");
  park = await allDayPark(db, { operatorId: harbourview });
  await setCapacity(db, park, 1, 1);
  attendant = await createStaff(db, "employee", { operatorId: harbourview, parkIds: [park] });
  manager = await createStaff(db, "branch_manager", { operatorId: harbourview, parkIds: [park] });
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
  expect(await overbookedParks(db)).toEqual([]);
  // Each test starts with the park's one space free.
  await db.execute(
    sql`UPDATE bookings SET status = 'cancelled' WHERE park_id = ${park} AND status = 'active'`,
  );
  await db.execute(sql`UPDATE pos_sales SET status = 'void' WHERE park_id = ${park} AND status = 'parked'`);
});

const inject = (user: TestUser, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(user), ...(payload ? { payload } : {}) });

/** A paid booking of the park's one space, its window then moved to [now + startMin, now + endMin). */
const booking = (startMin: number, endMin: number) => bookingMovedTo(ctx.app, db, park, startMin, endMin);

const driverView = async (driver: TestUser, code: string) => {
  const res = await inject(driver, "GET", `/bookings/${code}`);
  expect(res.statusCode).toBe(200);
  return res.json<Booking>();
};

describe("a booking whose car is in", () => {
  it("cannot be cancelled (no refund, the space stays held) nor given another vehicle; the car still leaves", async () => {
    // In 10 minutes: the gate lets the car in 15 minutes early, while a cancellation would refund.
    const { driver, b } = await booking(10, 70);
    expect(
      (await inject(attendant, "POST", "/admin/checkins", { code: b.booking_code, park_id: park }))
        .statusCode,
    ).toBe(200);
    const seen = await driverView(driver, b.booking_code);
    expect(seen.checked_in_at).not.toBeNull();
    expect(seen.checked_out_at).toBeNull();
    expect(seen.cancellation.allowed).toBe(false);

    const balance = await walletBalanceMinor(db, driver.id, "NGN");
    const cancel = await setStatus(ctx.app, driver, b.id, "cancelled");
    expect(cancel.statusCode).toBe(422);
    expect(cancel.json().fields.status).toBe(
      "This car is in the car park: a booking cannot be cancelled once it has checked in",
    );
    const vehicle = await inject(driver, "PUT", `/bookings/${b.id}/vehicle`, { plate_number: "KJA 555 XY" });
    expect(vehicle.statusCode).toBe(422);
    expect(vehicle.json().fields.vehicle_id).toBe(
      "The vehicle cannot be changed once the car has checked in",
    );
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(balance);
    expect((await driverView(driver, b.booking_code)).status).toBe("active");
    // The space is still the car's: nobody else can book it.
    const other = await book(ctx.app, await fundedUser(db), {
      park_id: park,
      start: new Date(Date.now() + 20 * MINUTE),
      end: new Date(Date.now() + 40 * MINUTE),
    });
    expect(other.statusCode).toBe(409);

    const out = await inject(attendant, "POST", "/admin/checkouts", { code: b.booking_code, park_id: park });
    expect(out.statusCode).toBe(200);
    expect(out.json().message).toBe("Checked out");
  });

  it("answers in French too", async () => {
    const { driver, b } = await booking(10, 70);
    await inject(attendant, "POST", "/admin/checkins", { code: b.booking_code, park_id: park });
    const res = await ctx.app.inject({
      method: "PUT",
      url: `/api/v1/bookings/${b.id}/status?status=cancelled`,
      headers: { ...bearer(driver), "accept-language": "fr" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields.status).toBe(
      "Cette voiture est dans le parking\u00a0: une réservation ne peut plus être annulée une fois entrée",
    );
  });
});

describe("a booking whose car has left", () => {
  it("is completed for the driver, the back office and the dashboard, and refuses extend, renew and a vehicle change", async () => {
    const { driver, b } = await booking(-30, 90);
    expect(
      (await inject(attendant, "POST", "/admin/checkins", { code: b.booking_code, park_id: park }))
        .statusCode,
    ).toBe(200);
    const out = await inject(attendant, "POST", "/admin/checkouts", { code: b.booking_code, park_id: park });
    expect(out.statusCode).toBe(200);
    expect(out.json().booking.status).toBe("completed");

    const seen = await driverView(driver, b.booking_code);
    expect(seen.status).toBe("completed");
    expect(seen.checked_out_at).toBe(out.json().exit_time);
    expect(seen.cancellation.allowed).toBe(false);
    const listed = await inject(driver, "GET", "/bookings/list?status_filter=completed&size=50");
    expect(listed.json().items.map((x: Booking) => x.booking_code)).toContain(b.booking_code);
    const active = await inject(driver, "GET", "/bookings/list?status_filter=active&size=50");
    expect(active.json().items.map((x: Booking) => x.booking_code)).not.toContain(b.booking_code);

    const staffList = await inject(manager, "GET", `/admin/bookings?size=100&park_id=${park}`);
    const row = staffList
      .json()
      .items.find((x: { booking_code: string }) => x.booking_code === b.booking_code);
    expect(row).toMatchObject({ status: "completed", checked_out_at: out.json().exit_time });
    const dashboard = await inject(manager, "GET", `/admin/dashboard?park_id=${park}`);
    expect(dashboard.json().occupancy_now.held).toBe(0);

    const longer = await extend(ctx.app, driver, { ...b, id: b.id }, new Date(Date.now() + 3 * HOUR));
    expect(longer.statusCode).toBe(422);
    expect(longer.json().fields.new_end_time).toBe("Only an active booking can be extended");
    expect((await setStatus(ctx.app, driver, b.id, "active")).statusCode).toBe(422);
    expect((await setStatus(ctx.app, driver, b.id, "cancelled")).statusCode).toBe(422);
    const vehicle = await inject(driver, "PUT", `/bookings/${b.id}/vehicle`, { plate_number: "KJA 555 XY" });
    expect(vehicle.statusCode).toBe(422);
  });

  it("frees its space for the rest of its window: a new booking and a drive-up both get it", async () => {
    const { b } = await booking(-30, 120);
    await inject(attendant, "POST", "/admin/checkins", { code: b.booking_code, park_id: park });
    const window = {
      park_id: park,
      start: new Date(Date.now() + 30 * MINUTE),
      end: new Date(Date.now() + HOUR),
    };
    // While the car is in, the one space is taken.
    expect((await book(ctx.app, await fundedUser(db), window)).statusCode).toBe(409);
    await inject(attendant, "POST", "/admin/checkouts", { code: b.booking_code, park_id: park });

    const next = await book(ctx.app, await fundedUser(db), window);
    expect(next.statusCode).toBe(201);
    await db.execute(sql`UPDATE bookings SET status = 'cancelled' WHERE id = ${next.json<Booking>().id}`);
    const sale = await inject(attendant, "POST", "/admin/pos-sales", {
      park_id: park,
      vehicle_type_id: 1,
      plate_number: "LAG 777 ZZ",
    });
    expect(sale.statusCode).toBe(201);
  });
});
