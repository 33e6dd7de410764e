import type { AdminParkChargers } from "@parkwell/contract";
import { beforeAll, describe, expect, it } from "vitest";
import { bearer, parksOf, type TestUser } from "../../../test/factories";
import type { TestContext } from "../../../test/harness";
import { allDayParks, at, book, fundedUser, HOUR, setStatus } from "../../bookings/bookings.test-kit";
import { adminParksKit } from "./admin-parks.test-kit";

/**
 * A charger group is never lowered, deactivated or given another plug under what bookings from now on hold of it
 * (decision 045): the 409 `charger_conflict` lists them, as a capacity's `capacity_conflict` does.
 */
const { suite, call, lastAudit } = adminParksKit();
let ctx: TestContext;
let manager: TestUser;
let parkId: number;
let chargerId: number;

const codesOf = (body: { bookings: { booking_code: string }[] }) =>
  body.bookings.map((b) => b.booking_code).sort();

beforeAll(async () => {
  ({ ctx, manager } = suite);
  const own = new Set(await parksOf(ctx.database.db, suite.harbourview));
  parkId = (await allDayParks(ctx.database.db, 200)).find((id) => own.has(id))!;
  const res = await call(manager, "POST", `/admin/parks/${parkId}/chargers`, {
    connector: "ccs2",
    power_kw: 150,
    count: 2,
    price_unit: "kwh",
    price: 420,
  });
  expect(res.statusCode, res.body).toBe(201);
  chargerId = res.json<AdminParkChargers>().items.find((c) => c.power_kw === 150)!.id;
});

describe("a charger group under its bookings", () => {
  it("refuses a count below the peak booked from now on, and a deactivation, listing the bookings", async () => {
    const driver = await fundedUser(ctx.database.db, 100_000_000);
    const codes: string[] = [];
    const ids: string[] = [];
    for (const [from, to, plate] of [
      [2, 5, "LAG 201 EV"],
      [3, 6, "LAG 202 EV"],
      [20, 22, "LAG 203 EV"],
    ] as const) {
      const res = await book(ctx.app, driver, {
        park_id: parkId,
        charger_id: chargerId,
        start: at(from * HOUR),
        end: at(to * HOUR),
        plate_number: plate,
      });
      expect(res.statusCode, res.body).toBe(201);
      codes.push(res.json().booking_code);
      ids.push(res.json().id);
    }
    // Both chargers are held from 3 to 5: a third booking there finds none.
    const third = await book(ctx.app, driver, {
      park_id: parkId,
      charger_id: chargerId,
      start: at(4 * HOUR),
      end: at(5 * HOUR),
      plate_number: "LAG 204 EV",
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().code).toBe("charger_full");

    const lower = await call(manager, "PATCH", `/admin/parks/${parkId}/chargers/${chargerId}`, { count: 1 });
    expect(lower.statusCode, lower.body).toBe(409);
    expect(lower.json()).toMatchObject({
      code: "charger_conflict",
      message: "Some bookings already hold more of these chargers at once than the count you asked for",
      charger_id: chargerId,
      requested: 1,
      peak: 2,
    });
    expect(codesOf(lower.json())).toEqual([codes[0], codes[1]].sort());
    expect(lower.json().bookings[0]).toEqual({
      booking_code: codes[0],
      start_time: at(2 * HOUR).toISOString(),
      end_time: at(5 * HOUR).toISOString(),
      plate_number: "LAG201EV",
    });

    const off = await ctx.app.inject({
      method: "PATCH",
      url: `/api/v1/admin/parks/${parkId}/chargers/${chargerId}`,
      headers: { ...bearer(manager), "accept-language": "fr" },
      payload: { status: "inactive" },
    });
    expect(off.statusCode, off.body).toBe(409);
    expect(off.json()).toMatchObject({
      code: "charger_conflict",
      message:
        "Ce groupe de bornes ne peut pas être désactivé tant que des réservations ou des réservations provisoires à venir en occupent une",
      requested: 0,
      peak: 2,
    });
    // Deactivating strands every booking of the group from now on, the later one too.
    expect(codesOf(off.json())).toEqual([...codes].sort());

    // Another connector or power would send every driver booked from now on to another plug.
    const plug = await call(manager, "PATCH", `/admin/parks/${parkId}/chargers/${chargerId}`, {
      connector: "chademo",
    });
    expect(plug.statusCode, plug.body).toBe(409);
    expect(plug.json()).toMatchObject({
      code: "charger_conflict",
      message:
        "This charger group's connector and power cannot change while bookings or holds from now on hold one of its chargers: add a new group instead",
      requested: 0,
      peak: 2,
    });
    expect(codesOf(plug.json())).toEqual([...codes].sort());
    const power = await call(manager, "PATCH", `/admin/parks/${parkId}/chargers/${chargerId}`, {
      power_kw: 50,
      count: 3,
    });
    expect(power.statusCode, power.body).toBe(409);
    expect(power.json().code).toBe("charger_conflict");

    // Nothing changed; the refused edits left no audit entry.
    const list = await call(manager, "GET", `/admin/parks/${parkId}/chargers`);
    expect(list.json<AdminParkChargers>().items.find((c) => c.id === chargerId)).toMatchObject({
      count: 2,
      status: "active",
    });
    expect((await lastAudit(parkId))?.action).toBe("park.charger.add");

    // The peak itself, more, or another field are fine.
    const same = await call(manager, "PATCH", `/admin/parks/${parkId}/chargers/${chargerId}`, {
      count: 2,
      price: 450,
    });
    expect(same.statusCode, same.body).toBe(200);

    // Once the bookings are cancelled, nothing holds the group: it may go.
    for (const id of ids) {
      expect((await setStatus(ctx.app, driver, id, "cancelled")).statusCode).toBe(200);
    }
    // Nothing holds it now: its plug may change too.
    const changed = await call(manager, "PATCH", `/admin/parks/${parkId}/chargers/${chargerId}`, {
      power_kw: 120,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const gone = await call(manager, "PATCH", `/admin/parks/${parkId}/chargers/${chargerId}`, {
      status: "inactive",
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await lastAudit(parkId))?.action).toBe("park.charger.deactivate");
  });
});
