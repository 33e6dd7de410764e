import type { CheckoutResult, GateToday, PosSale } from "@parkwell/contract";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import { ledgerViolations, overbookedParks, receiptViolations } from "../../../test/ledger-invariants";
import {
  allDayPark,
  allDayParks,
  bookingMovedTo,
  fundedUser,
  setCapacity,
  setStatus,
} from "../../bookings/bookings.test-kit";
import { signQr } from "../../bookings/qr";
import { chargeWallet, walletBalanceMinor } from "../../wallet/ledger.service";
import { clockTime, gateTime } from "./gate.domain";

const SECRET = "gate-test-qr-secret-0123456789";
const MINUTE = 60_000;

let ctx: TestContext;
let db: Db;
let dataDir: string;
/** A Harbourview park in Lagos open all day that sells Car spaces, and one of Citypark's. */
let park: number;
let otherPark: number;
let attendant: TestUser;
let otherAttendant: TestUser;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "parkwell-gate-"));
  ctx = await createTestContext({ DATA_DIR: dataDir, QR_SIGNING_SECRET: SECRET });
  db = ctx.database.db;
  const harbourview = await operatorId(db, "Harbourview Parking Ltd");
  const citypark = await operatorId(db, "Citypark Nigeria");
  park = await allDayPark(db, { operatorId: harbourview });
  otherPark = await allDayPark(db, { operatorId: citypark });
  await setCapacity(db, park, 1, 50);
  attendant = await createStaff(db, "employee", { operatorId: harbourview, parkIds: [park] });
  otherAttendant = await createStaff(db, "employee", { operatorId: citypark, parkIds: [otherPark] });
});
afterAll(async () => {
  await ctx?.close();
  await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
  expect(await overbookedParks(db)).toEqual([]);
});

let addresses = 0;
/** Each call from its own address unless told, so the per-address guess limit is only met on purpose. */
const post = (
  user: TestUser,
  url: string,
  payload: object,
  remoteAddress = `10.1.${++addresses % 250}.${addresses % 200}`,
) => ctx.app.inject({ method: "POST", url: `/api/v1${url}`, headers: bearer(user), payload, remoteAddress });
const get = (user: TestUser, url: string) => ctx.app.inject({ url: `/api/v1${url}`, headers: bearer(user) });

/**
 * A paid booking at `parkId` whose window is then moved to [now + startMin, now + endMin) (the
 * booking route only takes windows ahead; the gate sees them as they come).
 */
async function booking(startMin: number, endMin: number, opts: { parkId?: number; funds?: number } = {}) {
  const { driver, b } = await bookingMovedTo(ctx.app, db, opts.parkId ?? park, startMin, endMin);
  if (opts.funds !== undefined) {
    // Spend the rest of the wallet elsewhere: a balance of exactly `funds` minor units.
    const balance = await walletBalanceMinor(db, driver.id, "NGN");
    if (balance > opts.funds) {
      await db.transaction((tx) =>
        chargeWallet(tx, {
          userId: driver.id,
          currency: "NGN",
          amountMinor: balance - opts.funds!,
          idempotencyKey: `gate-test-spend:${b.id}`,
          // Spent elsewhere: a test's own move, not a purchase (no receipt documents it).
          kind: "adjustment",
        }),
      );
    }
  }
  return { driver, b };
}

const qrOf = (
  b: { booking_code: string; park: { id: number }; start_time: string; end_time: string },
  secret = SECRET,
) => signQr({ code: b.booking_code, park: b.park.id, start: b.start_time, end: b.end_time }, secret);

describe("POST /admin/checkins", () => {
  it("checks a car in by its code, typed in any case and spacing, and answers the booking for the gate", async () => {
    const { b } = await booking(-30, 90);
    const typed = b.booking_code.toLowerCase().replace("pw-", "pw ");
    const res = await post(attendant, "/admin/checkins", { code: typed, park_id: park });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe("Checked in");
    expect(body.booking).toMatchObject({
      booking_code: b.booking_code,
      status: "active",
      vehicle_type_id: 1,
      vehicle_type: "Car",
      start_time: b.start_time,
      end_time: b.end_time,
      park: { id: park, time_zone: "Africa/Lagos" },
      driver_first_name: "Ada",
      checked_out_at: null,
    });
    expect(Object.keys(body.booking)).not.toContain("driver_last_name");
    const [row] = await queryRows<{ checked_in_at: Date; checked_in_by: string }>(
      db,
      sql`SELECT checked_in_at, checked_in_by FROM bookings WHERE id = ${b.id}`,
    );
    expect(new Date(row!.checked_in_at).toISOString()).toBe(body.booking.checked_in_at);
    expect(row!.checked_in_by).toBe(attendant.id);
    const [audit] = await queryRows<{ action: string; actor_id: string }>(
      db,
      sql`SELECT action, actor_id FROM audit_log WHERE entity = 'booking' AND entity_id = ${b.id}`,
    );
    expect(audit).toEqual({ action: "checkin.create", actor_id: attendant.id });

    const again = await post(attendant, "/admin/checkins", { code: b.booking_code, park_id: park });
    expect(again.statusCode).toBe(409);
    const time = clockTime(new Date(body.booking.checked_in_at), "Africa/Lagos");
    expect(again.json()).toEqual({ code: "already_checked_in", message: `Already checked in at ${time}` });
    const fr = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/admin/checkins",
      headers: { ...bearer(attendant), "accept-language": "fr" },
      payload: { code: b.booking_code, park_id: park },
    });
    expect(fr.json().message).toBe(`Déjà entré à ${time}`);
  });

  it("lets a car in from 15 minutes before its start, not earlier, and not after its end", async () => {
    const grace = await booking(10, 120);
    expect(
      (await post(attendant, "/admin/checkins", { code: grace.b.booking_code, park_id: park })).statusCode,
    ).toBe(200);

    const early = await booking(20, 120);
    const asked = new Date();
    const res = await post(attendant, "/admin/checkins", { code: early.b.booking_code, park_id: park });
    expect(res.statusCode).toBe(422);
    // The start's date is said when it falls on another day than now on the park's clock (near midnight).
    expect(res.json()).toEqual({
      code: "too_early",
      message: `This booking starts at ${gateTime(new Date(early.b.start_time), asked, "Africa/Lagos")}`,
    });

    const late = await booking(-180, -5);
    const ended = await post(attendant, "/admin/checkins", { code: late.b.booking_code, park_id: park });
    expect(ended.statusCode).toBe(422);
    expect(ended.json().code).toBe("booking_ended");
  });

  it("refuses a cancelled or completed booking with a sentence", async () => {
    const { driver, b } = await booking(-10, 120);
    await db.execute(
      sql`UPDATE bookings SET start_time = start_time + interval '1 day', end_time = end_time + interval '1 day' WHERE id = ${b.id}`,
    );
    expect((await setStatus(ctx.app, driver, b.id, "cancelled")).statusCode).toBe(200);
    await db.execute(
      sql`UPDATE bookings SET start_time = start_time - interval '1 day', end_time = end_time - interval '1 day' WHERE id = ${b.id}`,
    );
    const res = await post(attendant, "/admin/checkins", { code: b.booking_code, park_id: park });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: "booking_cancelled", message: "This booking was cancelled" });

    const done = await booking(-10, 120);
    await db.execute(sql`UPDATE bookings SET status = 'completed' WHERE id = ${done.b.id}`);
    expect(
      (await post(attendant, "/admin/checkins", { code: done.b.booking_code, park_id: park })).json().code,
    ).toBe("booking_ended");
  });

  it("takes a valid QR and refuses a forged one or one whose claims were altered (422)", async () => {
    const { b } = await booking(-5, 60);
    const forged = await post(attendant, "/admin/checkins", {
      code: qrOf(b, "not-the-secret-0123456789"),
      park_id: park,
    });
    expect(forged.statusCode).toBe(422);
    expect(forged.json()).toMatchObject({
      code: "invalid_qr",
      message: "This QR code is not a valid Parkwell booking QR code",
    });
    const [body, sig] = qrOf(b).split(".");
    const claims = JSON.parse(Buffer.from(body!, "base64url").toString());
    const altered = Buffer.from(JSON.stringify({ ...claims, end: "2099-01-01T00:00:00.000Z" })).toString(
      "base64url",
    );
    const res = await post(attendant, "/admin/checkins", { code: `${altered}.${sig}`, park_id: park });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe("invalid_qr");
    expect(
      (await queryRows(db, sql`SELECT 1 FROM bookings WHERE id = ${b.id} AND checked_in_at IS NOT NULL`))
        .length,
    ).toBe(0);

    const ok = await post(attendant, "/admin/checkins", { code: qrOf(b), park_id: park });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().booking.booking_code).toBe(b.booking_code);
  });

  it("answers 404 for an unknown code and for another operator's booking, 403 for a cashier", async () => {
    expect((await post(attendant, "/admin/checkins", { code: "PW-22222222", park_id: park })).json()).toEqual(
      {
        code: "booking_not_found",
        message: "Booking not found",
      },
    );
    expect((await post(attendant, "/admin/checkins", { code: "hello", park_id: park })).statusCode).toBe(404);
    const theirs = await booking(-5, 60, { parkId: otherPark });
    const res = await post(attendant, "/admin/checkins", { code: theirs.b.booking_code, park_id: park });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe("booking_not_found");
    expect(
      (await post(otherAttendant, "/admin/checkins", { code: theirs.b.booking_code, park_id: otherPark }))
        .statusCode,
    ).toBe(200);

    const cashier = await createStaff(db, "pos_operator", {
      operatorId: await operatorId(db, "Harbourview Parking Ltd"),
      parkIds: [park],
    });
    const mine = await booking(-5, 60);
    expect(
      (await post(cashier, "/admin/checkins", { code: mine.b.booking_code, park_id: park })).statusCode,
    ).toBe(403);
    expect(
      (await post(cashier, "/admin/checkouts", { code: mine.b.booking_code, park_id: park })).statusCode,
    ).toBe(403);
    expect((await get(cashier, "/admin/gate/today")).statusCode).toBe(403);
    expect((await post(attendant, "/admin/checkins", { code: "", park_id: park })).statusCode).toBe(422);
  });

  const harbourviewStaff = async () =>
    createStaff(db, "employee", {
      operatorId: await operatorId(db, "Harbourview Parking Ltd"),
      parkIds: [park],
    });
  let guesses = 0;
  /** A well-formed code that names no booking: one character eight times (codes are random). */
  const unknownCode = () => `PW-${"ABCDEFGHJKMNPQRSTUVWXYZ"[guesses++ % 23]!.repeat(8)}`;

  it("counts a user's unknown codes: the 11th in 10 minutes is a 429, yet the user's valid codes still pass", async () => {
    const guesser = await harbourviewStaff();
    const { b } = await booking(-5, 60);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (await post(guesser, "/admin/checkins", { code: unknownCode(), park_id: park }, "10.200.0.1"))
          .statusCode,
      );
    }
    expect(statuses).toEqual([...Array<number>(10).fill(404), 429]);
    // The count is the user's, whatever the address, and check-outs share it.
    const limited = await post(
      guesser,
      "/admin/checkouts",
      { code: unknownCode(), park_id: park },
      "10.200.0.2",
    );
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      code: "too_many_attempts",
      message: "Too many unknown codes: wait a few minutes before trying again",
    });
    expect(limited.headers["retry-after"]).toBeDefined();
    // A forged QR is a guess too.
    const forged = qrOf(b, "not-the-secret-0123456789");
    expect(
      (await post(guesser, "/admin/checkins", { code: forged, park_id: park }, "10.200.0.1")).statusCode,
    ).toBe(429);
    // A code that names a booking is never refused for the unknown ones: the car goes in and out.
    const inside = await post(
      guesser,
      "/admin/checkins",
      { code: b.booking_code, park_id: park },
      "10.200.0.1",
    );
    expect(inside.statusCode, inside.body).toBe(200);
    const out = await post(guesser, "/admin/checkouts", { code: qrOf(b), park_id: park }, "10.200.0.1");
    expect(out.statusCode, out.body).toBe(200);
    // And a refusal of a known booking still says why, not "unknown codes".
    expect(
      (await post(guesser, "/admin/checkins", { code: b.booking_code, park_id: park }, "10.200.0.1")).json()
        .code,
    ).toBe("already_checked_in");
  });

  it("counts unknown codes sent at once exactly: 10 answer 404, the rest 429", async () => {
    const guesser = await harbourviewStaff();
    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        post(guesser, "/admin/checkouts", { code: unknownCode(), park_id: park }, "10.203.0.1"),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(10).fill(404), ...Array<number>(5).fill(429)]);
  });

  it("never blocks a colleague on the same address for another user's unknown codes", async () => {
    const [a, colleague] = [await harbourviewStaff(), await harbourviewStaff()];
    const address = "10.201.0.1";
    // Another operator's booking answers A the same 404 as an unknown code, and counts the same.
    const theirs = await booking(-5, 60, { parkId: otherPark });
    for (let i = 0; i < 10; i += 1) {
      const code = i % 2 ? theirs.b.booking_code : unknownCode();
      expect((await post(a, "/admin/checkins", { code, park_id: park }, address)).statusCode).toBe(404);
    }
    expect(
      (await post(a, "/admin/checkins", { code: unknownCode(), park_id: park }, address)).statusCode,
    ).toBe(429);

    expect(
      (await post(colleague, "/admin/checkins", { code: unknownCode(), park_id: park }, address)).statusCode,
    ).toBe(404);
    const { b } = await booking(-5, 60);
    expect(
      (await post(colleague, "/admin/checkins", { code: b.booking_code, park_id: park }, address)).statusCode,
    ).toBe(200);
    expect(
      (await post(colleague, "/admin/checkouts", { code: b.booking_code, park_id: park }, address))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await post(
          otherAttendant,
          "/admin/checkins",
          { code: theirs.b.booking_code, park_id: otherPark },
          address,
        )
      ).statusCode,
    ).toBe(200);
  });

  it("stops an address at 100 unknown codes in 10 minutes, whoever sends them; valid codes still pass", async () => {
    const address = "10.202.0.1";
    const staff = await Promise.all(Array.from({ length: 11 }, () => harbourviewStaff()));
    const statuses: number[] = [];
    for (const user of staff.slice(0, 10)) {
      for (let i = 0; i < 10; i += 1) {
        statuses.push(
          (await post(user, "/admin/checkins", { code: unknownCode(), park_id: park }, address)).statusCode,
        );
      }
    }
    expect(statuses).toEqual(Array<number>(100).fill(404));
    const fresh = staff[10]!;
    const stopped = await post(fresh, "/admin/checkins", { code: unknownCode(), park_id: park }, address);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().code).toBe("too_many_attempts");
    // Elsewhere the same user is not limited, and on this address a valid code still passes.
    expect(
      (await post(fresh, "/admin/checkins", { code: unknownCode(), park_id: park }, "10.202.0.2")).statusCode,
    ).toBe(404);
    const { b } = await booking(-5, 60);
    expect(
      (await post(fresh, "/admin/checkins", { code: b.booking_code, park_id: park }, address)).statusCode,
    ).toBe(200);
  });
});

describe("POST /admin/checkouts", () => {
  it("refuses a car never checked in, checks one out in time with no overstay, then refuses a second exit", async () => {
    const { b } = await booking(-30, 60);
    const never = await post(attendant, "/admin/checkouts", { code: b.booking_code, park_id: park });
    expect(never.statusCode).toBe(409);
    expect(never.json().code).toBe("not_checked_in");
    await post(attendant, "/admin/checkins", { code: b.booking_code, park_id: park });
    const res = await post(attendant, "/admin/checkouts", { code: b.booking_code, park_id: park });
    expect(res.statusCode).toBe(200);
    const out = res.json<CheckoutResult>();
    expect(out).toMatchObject({
      overstay_minutes: 0,
      overstay_amount: 0,
      charged: 0,
      owed: 0,
      currency: "NGN",
    });
    // Left before its end: the booking is completed at once (booking-at-gate.api.test.ts).
    expect(out.booking.status).toBe("completed");
    const again = await post(attendant, "/admin/checkouts", { code: b.booking_code, park_id: park });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `Already checked out at ${clockTime(new Date(out.exit_time), "Africa/Lagos")}`,
    );
  });

  it("charges an overstay to the wallet when it covers it, through the ledger, and completes the booking", async () => {
    const { driver, b } = await booking(-180, -100);
    await db.execute(
      sql`UPDATE bookings SET checked_in_at = now() - interval '170 minutes' WHERE id = ${b.id}`,
    );
    const before = await walletBalanceMinor(db, driver.id, "NGN");
    const res = await post(attendant, "/admin/checkouts", { code: b.booking_code, park_id: park });
    expect(res.statusCode).toBe(200);
    const out = res.json<CheckoutResult>();
    expect(out.overstay_minutes).toBeGreaterThanOrEqual(100);
    expect(out.overstay_minutes).toBeLessThanOrEqual(101);
    const [rate] = await queryRows<{ hourly: string }>(
      db,
      sql`SELECT hourly_minor::text AS hourly FROM park_rates WHERE park_id = ${park} AND vehicle_type_id = 1 AND kind = 'standard'`,
    );
    // 100 minutes: two started hours at the park's rate.
    expect(Math.round(out.overstay_amount * 100)).toBe(2 * Number(rate!.hourly));
    expect(out).toMatchObject({ charged: out.overstay_amount, owed: 0, message: "Checked out" });
    expect(out.booking.status).toBe("completed");
    expect(before - (await walletBalanceMinor(db, driver.id, "NGN"))).toBe(
      Math.round(out.overstay_amount * 100),
    );
    const [tx] = await queryRows<{ kind: string; idempotency_key: string }>(
      db,
      sql`SELECT kind, idempotency_key FROM ledger_transactions WHERE reference = ${b.booking_code} AND kind = 'booking_overstay'`,
    );
    expect(tx).toEqual({ kind: "booking_overstay", idempotency_key: `booking:${b.id}:2` });
    const [row] = await queryRows<{ moves: number; overstay_minor: string; overstay_owed_minor: string }>(
      db,
      sql`SELECT moves, overstay_minor::text, overstay_owed_minor::text FROM bookings WHERE id = ${b.id}`,
    );
    expect(row).toEqual({
      moves: 2,
      overstay_minor: String(Math.round(out.overstay_amount * 100)),
      overstay_owed_minor: "0",
    });
  });

  it("records an overstay the wallet cannot pay as owed, moving no money", async () => {
    const { driver, b } = await booking(-180, -30, { funds: 1 });
    await db.execute(
      sql`UPDATE bookings SET checked_in_at = now() - interval '170 minutes' WHERE id = ${b.id}`,
    );
    const before = await walletBalanceMinor(db, driver.id, "NGN");
    const res = await post(attendant, "/admin/checkouts", { code: b.booking_code, park_id: park });
    expect(res.statusCode).toBe(200);
    const out = res.json<CheckoutResult>();
    expect(out.overstay_amount).toBeGreaterThan(0);
    expect(out).toMatchObject({
      charged: 0,
      owed: out.overstay_amount,
      message: "Checked out: overstay owed at the gate",
    });
    expect(out.booking.overstay_owed).toBe(out.overstay_amount);
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(before);
    const [row] = await queryRows<{ moves: number; status: string }>(
      db,
      sql`SELECT moves, status FROM bookings WHERE id = ${b.id}`,
    );
    expect(row).toEqual({ moves: 1, status: "completed" });
  });
});

describe("the park chosen at the gate", () => {
  /** A second Harbourview park, and an attendant who works at both. */
  let secondPark: number;
  let secondName: string;
  let both: TestUser;
  beforeAll(async () => {
    const harbourview = await operatorId(db, "Harbourview Parking Ltd");
    const ids = await allDayParks(db, 2, { operatorId: harbourview });
    secondPark = ids.find((id) => id !== park)!;
    await setCapacity(db, secondPark, 1, 50);
    const [row] = await queryRows<{ name: string }>(db, sql`SELECT name FROM parks WHERE id = ${secondPark}`);
    secondName = row!.name;
    both = await createStaff(db, "employee", { operatorId: harbourview, parkIds: [park, secondPark] });
  });
  const checkedIn = async (id: string) =>
    (await queryRows(db, sql`SELECT 1 FROM bookings WHERE id = ${id} AND checked_in_at IS NOT NULL`)).length >
    0;

  it("refuses to check in a booking for another park, by code and by QR, naming its park; lets it in at its own", async () => {
    const { b } = await booking(-5, 60, { parkId: secondPark });
    for (const code of [b.booking_code, qrOf(b)]) {
      const res = await post(both, "/admin/checkins", { code, park_id: park });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ code: "wrong_park", message: `This booking is for ${secondName}` });
    }
    const fr = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/admin/checkins",
      headers: { ...bearer(both), "accept-language": "fr" },
      payload: { code: b.booking_code, park_id: park },
    });
    expect(fr.json().message).toBe(`Cette réservation concerne ${secondName}`);
    expect(await checkedIn(b.id)).toBe(false);

    const ok = await post(both, "/admin/checkins", { code: qrOf(b), park_id: secondPark });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().booking.park).toMatchObject({ id: secondPark, name: secondName });
  });

  it("refuses to check out at another park, by code and by QR, and checks out at its own", async () => {
    const { b } = await booking(-30, 60, { parkId: secondPark });
    expect(
      (await post(both, "/admin/checkins", { code: b.booking_code, park_id: secondPark })).statusCode,
    ).toBe(200);
    for (const code of [b.booking_code, qrOf(b)]) {
      const res = await post(both, "/admin/checkouts", { code, park_id: park });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toEqual({ code: "wrong_park", message: `This booking is for ${secondName}` });
    }
    expect(
      (await queryRows(db, sql`SELECT 1 FROM bookings WHERE id = ${b.id} AND checked_out_at IS NULL`)).length,
    ).toBe(1);
    expect(
      (await post(both, "/admin/checkouts", { code: b.booking_code, park_id: secondPark })).statusCode,
    ).toBe(200);
  });

  it("needs the park: missing or not a number is a 422, a park outside mine the 404 of a park", async () => {
    const { b } = await booking(-5, 60);
    const missing = await post(attendant, "/admin/checkins", { code: b.booking_code });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({
      code: "validation_error",
      message: "Reload the page and choose the park the car is entering or leaving",
      fields: { park_id: "Reload the page and choose the park the car is entering or leaving" },
    });
    const fr = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/admin/checkouts",
      headers: { ...bearer(attendant), "accept-language": "fr" },
      payload: { code: b.booking_code },
    });
    expect(fr.json().message).toBe("Rechargez la page et choisissez le parking où le véhicule entre ou sort");
    for (const park_id of ["12", 0, -3, 1.5]) {
      const bad = await post(attendant, "/admin/checkins", { code: b.booking_code, park_id });
      expect(bad.statusCode).toBe(422);
      expect(Object.keys(bad.json().fields)).toEqual(["park_id"]);
    }
    const outside = await post(attendant, "/admin/checkins", { code: b.booking_code, park_id: otherPark });
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ code: "park_not_found", message: "Park not found" });
    expect(await checkedIn(b.id)).toBe(false);
    expect(
      (await post(attendant, "/admin/checkins", { code: b.booking_code, park_id: park })).statusCode,
    ).toBe(200);
  });

  it("does not count a booking at another park as an unknown code", async () => {
    const { b } = await booking(-5, 60, { parkId: secondPark });
    const address = "10.204.0.1";
    for (let i = 0; i < 12; i += 1) {
      expect(
        (await post(both, "/admin/checkins", { code: b.booking_code, park_id: park }, address)).statusCode,
      ).toBe(409);
    }
    expect(
      (await post(both, "/admin/checkins", { code: "PW-ZZZZZZZZ", park_id: park }, address)).statusCode,
    ).toBe(404);
  });
});

describe("GET /admin/gate/today", () => {
  it("lists today's arrivals and departures at my parks only, with the checked-in state, by time", async () => {
    const first = await booking(1, 30);
    const second = await booking(2, 40);
    await post(attendant, "/admin/checkins", { code: second.b.booking_code, park_id: park });
    const theirs = await booking(1, 30, { parkId: otherPark });
    const res = await get(attendant, `/admin/gate/today?park_id=${park}`);
    expect(res.statusCode).toBe(200);
    const today = res.json<GateToday>();
    const codes = today.arrivals.map((a) => a.booking_code);
    expect(codes).toContain(first.b.booking_code);
    expect(codes).not.toContain(theirs.b.booking_code);
    expect(
      today.arrivals.find((a) => a.booking_code === second.b.booking_code)?.checked_in_at,
    ).not.toBeNull();
    const starts = today.arrivals.map((a) => a.start_time);
    expect(starts).toEqual([...starts].sort());
    expect((await get(attendant, `/admin/gate/today?park_id=${otherPark}`)).statusCode).toBe(404);
    expect((await get(attendant, `/admin/gate/today?park_id=abc`)).statusCode).toBe(422);
    // The gate's and the drive-up sales' park pickers: my parks, with the vehicle types each takes.
    const parks = (await get(attendant, "/admin/parks/choices?permission=gate.view")).json<{
      items: { id: number; vehicle_types: { id: number }[] }[];
    }>();
    expect(parks.items.map((p) => p.id)).toEqual([park]);
    expect(parks.items[0]!.vehicle_types.map((v) => v.id)).toContain(1);
    expect(
      (await get(otherAttendant, "/admin/parks/choices?permission=pos.view"))
        .json()
        .items.map((p: { id: number }) => p.id),
    ).toEqual([otherPark]);
    const all = (await get(attendant, "/admin/gate/today")).json<GateToday>();
    expect(all.arrivals.every((a) => a.park.id === park)).toBe(true);
  });
});

describe("drive-up sales", () => {
  const sell = (user: TestUser, body: object) => post(user, "/admin/pos-sales", body);

  it("records a drive-up holding a space, closes it at the park's rate, lists it; audits each change", async () => {
    const res = await sell(attendant, { park_id: park, vehicle_type_id: 1, plate_number: "lag-123 ab" });
    expect(res.statusCode).toBe(201);
    const sale = res.json<{ sale: PosSale }>().sale;
    expect(sale.sale_code).toMatch(/^DU-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(sale).toMatchObject({
      status: "parked",
      plate_number: "LAG123AB",
      currency: "NGN",
      can_void: true,
    });
    expect(Date.parse(sale.end_time) - Date.parse(sale.start_time)).toBe(120 * MINUTE);
    const today = (await get(attendant, `/admin/gate/today?park_id=${park}`)).json<GateToday>();
    expect(today.parked.map((s) => s.sale_code)).toContain(sale.sale_code);

    const bad = await post(attendant, `/admin/pos-sales/${sale.sale_code}/close`, {
      payment_method: "cheque",
    });
    expect(bad.statusCode).toBe(422);
    const closed = await post(attendant, `/admin/pos-sales/${sale.sale_code.toLowerCase()}/close`, {
      payment_method: "cash",
    });
    expect(closed.statusCode).toBe(200);
    const c = closed.json<{ sale: PosSale }>().sale;
    const [rate] = await queryRows<{ hourly: string }>(
      db,
      sql`SELECT hourly_minor::text AS hourly FROM park_rates WHERE park_id = ${park} AND vehicle_type_id = 1 AND kind = 'standard'`,
    );
    expect(c).toMatchObject({ status: "closed", payment_method: "cash", amount: Number(rate!.hourly) / 100 });
    expect(Date.parse(c.end_time)).toBeLessThan(Date.parse(sale.end_time));
    expect(
      (await post(attendant, `/admin/pos-sales/${sale.sale_code}/close`, { payment_method: "card" }))
        .statusCode,
    ).toBe(409);

    const list = await get(attendant, `/admin/pos-sales?park_id=${park}&status=closed&page=1&size=10`);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((s: PosSale) => s.sale_code)).toContain(sale.sale_code);
    expect((await get(attendant, "/admin/pos-sales?size=7")).statusCode).toBe(422);
    // An empty list still has its page 1, as every list says.
    const none = await get(attendant, `/admin/pos-sales?park_id=${park}&status=void`);
    expect(none.json()).toMatchObject({ items: [], total: 0, page: 1, pages: 1 });
    const actions = await queryRows<{ action: string }>(
      db,
      sql`SELECT action FROM audit_log WHERE entity = 'pos_sale' AND entity_id = ${sale.id} ORDER BY id`,
    );
    expect(actions.map((a) => a.action)).toEqual(["pos_sale.create", "pos_sale.close"]);
  });

  it("answers 409 when the park is full for the vehicle type, counting bookings and parked sales", async () => {
    await setCapacity(db, park, 1, 0);
    try {
      const res = await sell(attendant, { park_id: park, vehicle_type_id: 1, plate_number: "FULL1" });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: "no_capacity", message: "This park is full for this vehicle type" });
    } finally {
      await setCapacity(db, park, 1, 50);
    }
    const [{ n }] = (await queryRows<{ n: number }>(
      db,
      sql`SELECT booking_peak(${park}::int, 1, now(), now() + interval '31 minutes', NULL)::int AS n`,
    )) as [{ n: number }];
    await setCapacity(db, park, 1, Number(n) + 1);
    try {
      expect(
        (
          await sell(attendant, {
            park_id: park,
            vehicle_type_id: 1,
            plate_number: "LAST1",
            expected_minutes: 30,
          })
        ).statusCode,
      ).toBe(201);
      expect(
        (
          await sell(attendant, {
            park_id: park,
            vehicle_type_id: 1,
            plate_number: "LAST2",
            expected_minutes: 30,
          })
        ).statusCode,
      ).toBe(409);
    } finally {
      await setCapacity(db, park, 1, 50);
    }
  });

  it("voids a sale within 10 minutes, not later; keeps other operators' parks out of reach", async () => {
    const sale = (
      await sell(attendant, {
        park_id: park,
        vehicle_type_id: 1,
        plate_number: "VOID1",
        expected_minutes: 30,
      })
    ).json<{ sale: PosSale }>().sale;
    const voided = await post(attendant, `/admin/pos-sales/${sale.sale_code}/void`, {});
    expect(voided.statusCode).toBe(200);
    expect(voided.json().sale).toMatchObject({ status: "void", amount: null, can_void: false });

    const old = (await sell(attendant, { park_id: park, vehicle_type_id: 1, plate_number: "VOID2" })).json<{
      sale: PosSale;
    }>().sale;
    await db.execute(
      sql`UPDATE pos_sales SET created_at = now() - interval '11 minutes' WHERE id = ${old.id}`,
    );
    const late = await post(attendant, `/admin/pos-sales/${old.sale_code}/void`, {});
    expect(late.statusCode).toBe(422);
    expect(late.json().code).toBe("void_too_late");

    expect(
      (await sell(attendant, { park_id: otherPark, vehicle_type_id: 1, plate_number: "NOPE1" })).statusCode,
    ).toBe(404);
    expect(
      (await post(otherAttendant, `/admin/pos-sales/${old.sale_code}/close`, { payment_method: "card" }))
        .statusCode,
    ).toBe(404);
    expect(
      (await get(otherAttendant, `/admin/pos-sales`)).json().items.map((s: PosSale) => s.sale_code),
    ).not.toContain(old.sale_code);
    expect(
      (
        await sell(attendant, {
          park_id: park,
          vehicle_type_id: 1,
          plate_number: "X",
          expected_minutes: 2000,
        })
      ).statusCode,
    ).toBe(422);
  });

  it("lets a cashier sell and close but not see the gate; a driver gets 403", async () => {
    const cashier = await createStaff(db, "pos_operator", {
      operatorId: await operatorId(db, "Harbourview Parking Ltd"),
      parkIds: [park],
    });
    const res = await sell(cashier, { park_id: park, vehicle_type_id: 1, plate_number: "CASH1" });
    expect(res.statusCode).toBe(201);
    const code = res.json<{ sale: PosSale }>().sale.sale_code;
    expect(
      (await post(cashier, `/admin/pos-sales/${code}/close`, { payment_method: "card" })).statusCode,
    ).toBe(200);
    const driver = await fundedUser(db);
    expect(
      (await sell(driver, { park_id: park, vehicle_type_id: 1, plate_number: "CASH2" })).statusCode,
    ).toBe(403);
  });
});
