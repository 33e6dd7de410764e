import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { HOUR, at, book, fundedUser } from "../bookings/bookings.test-kit";

let ctx: TestContext;
let harbourPark: number;
let cityPark: number;
let manager: TestUser;
let attendant: TestUser;
const codes: Record<string, string> = {};

/** A park of the operator open around the clock, for bookings at any hour of the test. */
async function openPark(name: string): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`SELECT p.id FROM parks p JOIN operators o ON o.id = p.operator_id
      JOIN park_capacities c ON c.park_id = p.id AND c.vehicle_type_id = 1 AND c.capacity > 5
      WHERE o.name = ${name} AND p.open_24h AND p.status = 'active' AND p.country_id = 1 ORDER BY p.id LIMIT 1`,
  );
  return row!.id;
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  harbourPark = await openPark("Harbourview Parking Ltd");
  cityPark = await openPark("Citypark Nigeria");
  const harbourview = await operatorId(db, "Harbourview Parking Ltd");
  manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
  attendant = await createStaff(db, "employee", { operatorId: harbourview, parkIds: [harbourPark] });
  const driver = await fundedUser(db);
  const a = await book(ctx.app, driver, {
    park_id: harbourPark,
    plate_number: "LAG 123 XY",
    start: at(2 * HOUR),
    end: at(4 * HOUR),
  });
  const b = await book(ctx.app, driver, {
    park_id: cityPark,
    plate_number: "ABJ456",
    start: at(2 * HOUR),
    end: at(3 * HOUR),
  });
  expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
  codes.harbour = a.json().booking_code;
  codes.city = b.json().booking_code;
});
afterAll(async () => {
  await ctx?.close();
});

const list = (user: TestUser, query = "") =>
  ctx.app.inject({ method: "GET", url: `/api/v1/admin/bookings${query}`, headers: bearer(user) });

describe("GET /admin/bookings", () => {
  it("lists the scope's bookings only, with the driver's first name and no contact details", async () => {
    const res = await list(manager, "?size=100");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const found = body.items.map((b: { booking_code: string }) => b.booking_code);
    expect(found).toContain(codes.harbour);
    expect(found).not.toContain(codes.city);
    const item = body.items.find((b: { booking_code: string }) => b.booking_code === codes.harbour);
    expect(item).toMatchObject({
      park: { id: harbourPark },
      plate_number: "LAG123XY",
      driver_first_name: "Ada",
      status: "active",
      checked_in_at: null,
      currency: "NGN",
    });
    expect(JSON.stringify(item)).not.toMatch(/email|phone|last_name/);
    expect(body).toMatchObject({ page: 1, size: 100 });
  });

  it("finds a booking by code or plate, whole or its start, whatever the spacing and case", async () => {
    for (const search of [codes.harbour!.toLowerCase(), codes.harbour!.slice(0, 6), "lag-123", "LAG 12"]) {
      const res = await list(attendant, `?search=${encodeURIComponent(search)}`);
      expect(
        res.json().items.map((b: { booking_code: string }) => b.booking_code),
        search,
      ).toEqual([codes.harbour]);
    }
    expect((await list(attendant, "?search=%25")).json()).toMatchObject({ items: [], total: 0 });
  });

  it("answers 404 for a park outside the scope and 422 for bad filters", async () => {
    expect((await list(manager, `?park_id=${cityPark}`)).statusCode).toBe(404);
    expect((await list(attendant, `?park_id=${harbourPark}`)).statusCode).toBe(200);
    const bad = await list(manager, "?size=20&status=lost&from=2026-13-01");
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["from", "size", "status"]);
    const reversed = await list(manager, "?from=2026-05-02&to=2026-05-01");
    expect(reversed.json().fields).toEqual({ to: "from must not be after to" });
  });

  it("filters by the park's days and keeps the total on a page past the end", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const far = await list(manager, "?from=2030-01-01&to=2030-01-02");
    // An empty list still has its page 1, as every list says.
    expect(far.json()).toMatchObject({ items: [], total: 0, page: 1, pages: 1 });
    const page = await list(manager, "?page=50&size=10");
    expect(page.json().items).toEqual([]);
    expect(page.json().total).toBeGreaterThan(0);
    const near = await list(manager, `?from=${today}`);
    expect(near.json().total).toBeGreaterThan(0);
  });
});
