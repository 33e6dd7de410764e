import type { GateToday, PosSale } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../../db/client";
import { createStaff, operatorId, type TestUser } from "../../../test/factories";
import { fundedUser, setCapacity } from "../../bookings/bookings.test-kit";
import { gateKit } from "./gate.test-kit";

const MINUTE = 60_000;

const kit = gateKit();
const { post, get } = kit;
let db: Db;
/** A Harbourview park in Lagos open all day that sells Car spaces, and one of Citypark's. */
let park: number;
let otherPark: number;
let attendant: TestUser;
let otherAttendant: TestUser;
beforeAll(() => {
  ({ db, park, otherPark, attendant, otherAttendant } = kit.suite);
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

  it("parks a car once: a second drive-up of a parked plate names the first; once it leaves, it may come back", async () => {
    const body = { park_id: park, vehicle_type_id: 1, plate_number: "TWICE 1" };
    const first = (await sell(attendant, body)).json<{ sale: PosSale }>().sale;
    const again = await sell(attendant, { ...body, plate_number: "twice1", vehicle_type_id: 1 });
    expect(again.statusCode).toBe(409);
    const message = `This vehicle is already parked here as drive-up ${first.sale_code}`;
    expect(again.json()).toMatchObject({
      code: "already_parked",
      message,
      fields: { plate_number: message },
    });
    const parked = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM pos_sales WHERE plate_number = 'TWICE1' AND status = 'parked'`,
    );
    expect(parked[0]!.n).toBe(1);
    // Once the car has left, it may park again.
    await post(attendant, `/admin/pos-sales/${first.sale_code}/close`, { payment_method: "cash" });
    expect((await sell(attendant, body)).statusCode).toBe(201);
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
