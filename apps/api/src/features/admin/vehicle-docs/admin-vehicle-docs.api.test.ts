// The back office's renewal requests (decision 031): what staff read beside a request (the pickup
// park by name, the vehicle's make, model, colour and year) in the queue, on a request and after a
// move, and the fee tables for staff who hold only `vehicle_doc_fees.*`.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../../db/client";
import { userVehicles } from "../../../db/schema/index";
import { bearer, createStaff, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import { fundedUser } from "../../bookings/bookings.test-kit";
import {
  createAddress,
  createDeliveryArea,
  ngParks,
  resetDeliverySetup,
} from "../../marketplace/marketplace.test-kit";

let ctx: TestContext;
let db: Db;
let admin: TestUser;
let park: number;
let parkName: string;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  await resetDeliverySetup(db);
  await createDeliveryArea(db);
  [park] = (await ngParks(db, 1)) as [number];
  [{ name: parkName }] = (await queryRows<{ name: string }>(
    db,
    sql`SELECT name FROM parks WHERE id = ${park}`,
  )) as [{ name: string }];
  admin = await createStaff(db, "admin");
});
afterAll(async () => {
  await ctx?.close();
});

const call = (user: TestUser, method: "GET" | "POST", url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(user), payload });

async function vehicleOf(driver: TestUser, v: { make: string | null; year: number | null }) {
  const [row] = await db
    .insert(userVehicles)
    .values({
      userId: driver.id,
      plateNumber: `KJA${Math.floor(Math.random() * 1e6)}`,
      vehicleTypeId: 1,
      make: v.make,
      model: v.make ? "Camry" : null,
      color: v.make ? "Blue" : null,
      year: v.year,
      registrationStateId: 1,
      engineCc: 2400,
      vehicleUse: "private",
    })
    .returning({ id: userVehicles.id });
  return row!.id;
}

async function placed(driver: TestUser, vehicleId: number, delivery: object): Promise<string> {
  const res = await call(driver, "POST", "/vehicle-docs/requests", {
    type: "vehicle_papers",
    vehicle_id: vehicleId,
    documents: ["vehicle_licence"],
    delivery,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ code: string }>().code;
}

describe("what staff read beside a request", () => {
  it("names the pickup park and gives the vehicle's make, model, colour and year in the queue and on the request", async () => {
    const driver = await fundedUser(db);
    const toyota = await vehicleOf(driver, { make: "Toyota", year: 2016 });
    const code = await placed(driver, toyota, { park_id: park });

    const page = await call(admin, "GET", "/admin/vehicle-docs/requests?size=100");
    expect(page.statusCode, page.body).toBe(200);
    const row = page.json<{ items: { code: string }[] }>().items.find((r) => r.code === code);
    expect(row).toMatchObject({
      pickup_park: { id: park, name: parkName },
      vehicle: { make: "Toyota", model: "Camry", color: "Blue", year: 2016 },
    });

    const one = await call(admin, "GET", `/admin/vehicle-docs/requests/${code}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      delivery: { kind: "pickup", park_id: park },
      pickup_park: { id: park, name: parkName },
      vehicle: { make: "Toyota", model: "Camry", color: "Blue", year: 2016 },
    });

    // A move answers the same request, extras included.
    const moved = await call(admin, "POST", `/admin/vehicle-docs/requests/${code}/stage`, {
      to: "documents_checked",
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ stage: "documents_checked", pickup_park: { name: parkName } });

    // The driver's own answer names the pickup park too, without the staff's extras.
    const own = await call(driver, "GET", `/vehicle-docs/requests/${code}`);
    expect(own.json()).toMatchObject({ pickup_park: { id: park, name: parkName } });
    expect(own.json()).not.toHaveProperty("vehicle");
    expect(own.json()).not.toHaveProperty("customer");
  });

  it("gives staff every detail the driver entered: engine size, VIN, use, state of registration, the insurer and the declared value", async () => {
    const driver = await fundedUser(db, 100_000_000);
    const vehicle = await vehicleOf(driver, { make: "Toyota", year: 2016 });
    await db.execute(sql`UPDATE user_vehicles SET vin = '2T1BURHE0FC123456' WHERE id = ${vehicle}`);
    const insurers = await call(driver, "GET", "/vehicle-docs/insurers");
    const insurer = insurers.json<{ id: number; name: string }[]>()[0]!;
    const res = await call(driver, "POST", "/vehicle-docs/requests", {
      type: "vehicle_papers",
      vehicle_id: vehicle,
      documents: ["vehicle_licence", "comprehensive_insurance"],
      insurance: { insurer_id: insurer.id, vehicle_value: 8_500_000 },
      delivery: { park_id: park },
    });
    expect(res.statusCode, res.body).toBe(201);
    const code = res.json<{ code: string }>().code;
    const one = await call(admin, "GET", `/admin/vehicle-docs/requests/${code}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      vehicle: {
        make: "Toyota",
        model: "Camry",
        year: 2016,
        engine_cc: 2400,
        vin: "2T1BURHE0FC123456",
        vehicle_use: "private",
        registration_state: "LA",
      },
      insurance: { insurer_id: insurer.id, insurer_name: insurer.name, vehicle_value: 8_500_000 },
    });
    // Only to staff with the permission: the driver's own answer carries no staff extras, and a
    // staff member without vehicle_docs.view is refused.
    const own = await call(driver, "GET", `/vehicle-docs/requests/${code}`);
    expect(own.json()).not.toHaveProperty("vehicle");
    const attendant = await createStaff(db, "employee");
    expect((await call(attendant, "GET", `/admin/vehicle-docs/requests/${code}`)).statusCode).toBe(403);
  });

  it("a delivery has no pickup park; a vehicle without its details answers them as null", async () => {
    const driver = await fundedUser(db);
    const bare = await vehicleOf(driver, { make: null, year: null });
    const address = (await createAddress(db, driver.id)).id;
    const code = await placed(driver, bare, { address_id: address });
    const one = await call(admin, "GET", `/admin/vehicle-docs/requests/${code}`);
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({
      delivery: { kind: "delivery" },
      pickup_park: null,
      vehicle: { make: null, model: null, color: null, year: null },
    });
  });
});

describe("the fee tables on their own", () => {
  it("staff holding only vehicle_doc_fees.* read and edit the fees, and get 403 on the requests", async () => {
    await db.execute(sql`INSERT INTO role_permissions (role, permission)
      VALUES ('employee', 'vehicle_doc_fees.view'), ('employee', 'vehicle_doc_fees.update')
      ON CONFLICT DO NOTHING`);
    try {
      const clerk = await createStaff(db, "employee", { parkIds: [park] });
      const me = await call(clerk, "GET", "/admin/me");
      expect(me.json<{ permissions: string[] }>().permissions).toContain("vehicle_doc_fees.view");
      expect(me.json<{ permissions: string[] }>().permissions).not.toContain("vehicle_docs.view");

      const fees = await call(clerk, "GET", "/admin/vehicle-docs/fees?state_code=LA");
      expect(fees.statusCode, fees.body).toBe(200);
      const first = fees.json<{ items: { id: number; fee: number }[] }>().items[0]!;
      const edited = await ctx.app.inject({
        method: "PUT",
        url: `/api/v1/admin/vehicle-docs/fees/${first.id}`,
        headers: bearer(clerk),
        payload: { fee: first.fee },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      expect((await call(clerk, "GET", "/admin/vehicle-docs/requests")).statusCode).toBe(403);
    } finally {
      await db.execute(sql`DELETE FROM role_permissions
        WHERE role = 'employee' AND permission IN ('vehicle_doc_fees.view', 'vehicle_doc_fees.update')`);
    }
  });
});
