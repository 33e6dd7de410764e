import type { Booking } from "@parkwell/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/client";
import { bearer, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { walletBalanceMinor } from "../wallet/ledger.service";
import { allDayParks, at, book, fundedUser, HOUR, setStatus } from "./bookings.test-kit";

let ctx: TestContext;
let db: Db;
let parkId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  [parkId] = (await allDayParks(db, 1)) as [number];
});
afterAll(async () => ctx?.close());
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
});

const changeVehicle = (user: TestUser, b: Booking, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: "PUT",
    url: `/api/v1/bookings/${b.id}/vehicle`,
    headers: bearer(user),
    payload,
  });

async function saveVehicle(user: TestUser, plate: string, vehicleTypeId = 1): Promise<number> {
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/v1/user/vehicles/",
    headers: bearer(user),
    payload: { plate_number: plate, vehicle_type_id: vehicleTypeId },
  });
  expect(res.statusCode).toBe(201);
  return res.json<{ id: number }>().id;
}

const upcoming = async (user: TestUser, from = 3 * HOUR, plate?: string) =>
  (
    await book(ctx.app, user, { park_id: parkId, start: at(from), end: at(from + HOUR), plate_number: plate })
  ).json<Booking>();

describe("PUT /bookings/:id/vehicle", () => {
  it("puts a typed plate or a saved vehicle on an upcoming booking, and moves no money", async () => {
    const user = await fundedUser(db);
    const b = await upcoming(user);
    const balance = await walletBalanceMinor(db, user.id, "NGN");

    const typed = await changeVehicle(user, b, { plate_number: "lag-777 xy" });
    expect(typed.statusCode).toBe(200);
    expect(typed.json<Booking>().vehicle).toMatchObject({ id: null, plate_number: "LAG777XY" });

    const vehicleId = await saveVehicle(user, "ABJ555");
    const saved = await changeVehicle(user, b, { vehicle_id: vehicleId });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Booking>().vehicle).toMatchObject({ id: vehicleId, plate_number: "ABJ555" });
    expect(saved.json<Booking>().amount).toBe(b.amount);

    const read = await ctx.app.inject({ url: `/api/v1/bookings/${b.booking_code}`, headers: bearer(user) });
    expect(read.json<Booking>().vehicle.plate_number).toBe("ABJ555");
    expect(await walletBalanceMinor(db, user.id, "NGN")).toBe(balance);
  });

  it("refuses a plate already booked over the window, a vehicle of another type and a missing choice, changing nothing", async () => {
    const user = await fundedUser(db);
    await upcoming(user, 3 * HOUR, "KAN100");
    const b = await upcoming(user, 3 * HOUR, "KAN200");

    const busy = await changeVehicle(user, b, { plate_number: "KAN100" });
    expect(busy.statusCode).toBe(409);
    expect(busy.json<{ code: string }>().code).toBe("vehicle_busy");

    const moto = await saveVehicle(user, "MOTO1", 2);
    const otherType = await changeVehicle(user, b, { vehicle_id: moto });
    expect(otherType.statusCode).toBe(422);
    expect(otherType.json<{ fields: Record<string, string> }>().fields.vehicle_id).toBe(
      "This vehicle is of another vehicle type",
    );

    for (const payload of [
      {},
      { vehicle_id: null, plate_number: null },
      { vehicle_id: 1, plate_number: "X1" },
    ]) {
      const res = await changeVehicle(user, b, payload);
      expect(res.statusCode).toBe(422);
      expect(res.json<{ message: string }>().message).toBe("Choose a saved vehicle or type a plate number");
    }
    expect((await changeVehicle(user, b, { vehicle_id: 999_999 })).statusCode).toBe(422);

    const read = await ctx.app.inject({ url: `/api/v1/bookings/${b.booking_code}`, headers: bearer(user) });
    expect(read.json<Booking>().vehicle.plate_number).toBe("KAN200");
  });

  it("only before the start of an active booking, and only the owner's", async () => {
    const user = await fundedUser(db);
    const started = (
      await book(ctx.app, user, { park_id: parkId, start: at(-2 * 60_000), end: at(HOUR) })
    ).json<Booking>();
    const locked = await changeVehicle(user, started, { plate_number: "LAG1" });
    expect(locked.statusCode).toBe(422);
    expect(locked.json<{ message: string }>().message).toBe(
      "The vehicle can only be changed before the booking starts",
    );

    const cancelled = await upcoming(user, 5 * HOUR);
    expect((await setStatus(ctx.app, user, cancelled.id, "cancelled")).statusCode).toBe(200);
    expect((await changeVehicle(user, cancelled, { plate_number: "LAG2" })).statusCode).toBe(422);

    const other = await fundedUser(db);
    const mine = await upcoming(user, 7 * HOUR);
    expect((await changeVehicle(other, mine, { plate_number: "LAG3" })).statusCode).toBe(404);
    const otherVehicle = await saveVehicle(other, "OTH999");
    expect((await changeVehicle(user, mine, { vehicle_id: otherVehicle })).statusCode).toBe(422);
  });
});
