import type { GateToday } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../../test/factories";
import type { TestContext } from "../../../test/harness";
import { allDayParks, setCapacity } from "../../bookings/bookings.test-kit";
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
