import type { CheckoutResult } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../../test/factories";
import type { TestContext } from "../../../test/harness";
import { setStatus } from "../../bookings/bookings.test-kit";
import { walletBalanceMinor } from "../../wallet/ledger.service";
import { clockTime, gateTime } from "./gate.domain";
import { gateKit, qrOf } from "./gate.test-kit";

const kit = gateKit();
const { post, get, booking } = kit;
let ctx: TestContext;
let db: Db;
/** A Harbourview park in Lagos open all day that sells Car spaces, and one of Citypark's. */
let park: number;
let otherPark: number;
let attendant: TestUser;
let otherAttendant: TestUser;
beforeAll(() => {
  ({ ctx, db, park, otherPark, attendant, otherAttendant } = kit.suite);
});

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

  it("names the EV charger a booking holds (connector and power), at the check-in and in today's lists", async () => {
    const plain = await booking(-30, 90);
    const res0 = await post(attendant, "/admin/checkins", { code: plain.b.booking_code, park_id: park });
    expect(res0.json().booking.charger).toBeNull();

    // The booking's charger as POST /bookings writes it (the column), on a group of the park's.
    const [group] = await queryRows<{ id: number }>(
      db,
      sql`INSERT INTO park_chargers (park_id, connector, power_kw, count, price_unit, price_minor)
          VALUES (${park}, 'ccs2', 50.5, 2, 'kwh', 15000) RETURNING id`,
    );
    // Started a moment ago and ending soon: today's at any hour (an arrival, else a departure).
    const { b } = await booking(-5, 10);
    await db.execute(sql`UPDATE bookings SET charger_id = ${group!.id} WHERE id = ${b.id}`);
    const res = await post(attendant, "/admin/checkins", { code: b.booking_code, park_id: park });
    expect(res.statusCode).toBe(200);
    const charger = { id: group!.id, connector: "ccs2", power_kw: 50.5 };
    expect(res.json().booking.charger).toEqual(charger);
    const today = (await get(attendant, `/admin/gate/today?park_id=${park}`)).json();
    const shown = [...today.arrivals, ...today.departures].find(
      (x: { booking_code: string }) => x.booking_code === b.booking_code,
    );
    expect(shown.charger).toEqual(charger);
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
