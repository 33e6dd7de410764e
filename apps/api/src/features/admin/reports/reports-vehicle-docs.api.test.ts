// The sales report's vehicle documents channel (decision 031): each request paid from the wallet,
// its charge and refund from the ledger, totals per currency; only for staff who see every park.
import { dayOnClock } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../../db/client";
import { userVehicles } from "../../../db/schema/index";
import { bearer, createStaff, operatorId, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import { ledgerViolations } from "../../../test/ledger-invariants";
import { fundedUser } from "../../bookings/bookings.test-kit";
import { ngParks, resetDeliverySetup } from "../../marketplace/marketplace.test-kit";

/** The app's clock, fixed (near the wall clock: the sign-in tokens are the wall clock's). */
const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const DAY = dayOnClock(NOW, "Africa/Lagos");
const DAY_BEFORE = dayOnClock(new Date(NOW.getTime() - 86_400_000), "Africa/Lagos");

let ctx: TestContext;
let db: Db;
let admin: TestUser;
let manager: TestUser;
let park: number;
let kept: { code: string; total: number };
let cancelled: { code: string; total: number };

const get = (user: TestUser, url: string) =>
  ctx.app.inject({ method: "GET", url: `/api/v1${url}`, headers: bearer(user) });

beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => NOW });
  db = ctx.database.db;
  await resetDeliverySetup(db);
  [park] = (await ngParks(db, 1)) as [number];
  admin = await createStaff(db, "admin");
  manager = await createStaff(db, "branch_manager", {
    operatorId: await operatorId(db, "Harbourview Parking Ltd"),
  });
  const driver = await fundedUser(db, 20_000_000);
  const [v] = await db
    .insert(userVehicles)
    .values({
      userId: driver.id,
      plateNumber: "KJA555XY",
      vehicleTypeId: 1,
      registrationStateId: 1,
      engineCc: 1800,
      vehicleUse: "private",
    })
    .returning({ id: userVehicles.id });
  const place = async (documents: string[]) => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/vehicle-docs/requests",
      headers: bearer(driver),
      payload: { type: "vehicle_papers", vehicle_id: v!.id, documents, delivery: { park_id: park } },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { code: res.json().code as string, total: res.json().total as number };
  };
  kept = await place(["vehicle_licence", "roadworthiness"]);
  cancelled = await place(["proof_of_ownership"]);
  const cancel = await ctx.app.inject({
    method: "POST",
    url: `/api/v1/vehicle-docs/requests/${cancelled.code}/cancel`,
    headers: bearer(driver),
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
});
afterAll(async () => {
  await ctx?.close();
});

describe("sales report: vehicle documents", () => {
  it("lists each request with its price parts, refund and net, and totals it per currency", async () => {
    const res = await get(admin, `/admin/reports/sales?from=${DAY}&to=${DAY}&size=100`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    const rows = page.items.filter((r: { channel: string }) => r.channel === "vehicle_docs");
    expect(rows).toHaveLength(2);
    const [parkRow] = await queryRows<{ name: string }>(db, sql`SELECT name FROM parks WHERE id = ${park}`);
    // ₦4,500 + ₦6,000 of government fees, ₦2,500 of service charge, VAT 7.5 % on the service charge.
    expect(rows.find((r: { code: string }) => r.code === kept.code)).toEqual({
      channel: "vehicle_docs",
      id: expect.any(String),
      code: kept.code,
      park_id: park,
      park: parkRow!.name,
      time_zone: "Africa/Lagos",
      status: "submitted",
      time: NOW.toISOString(),
      currency: "NGN",
      parking: 0,
      fees: 13_000,
      discount: 0,
      vat: 187.5,
      // Parkwell's own service: no park's space, no operator's share.
      operator_share: 0,
      commission: 0,
      // No park's parking, so nothing a busy-time price added.
      busy_time: 0,
      total: 13_187.5,
      refunds: 0,
      net: 13_187.5,
    });
    expect(kept.total).toBe(13_187.5);
    expect(rows.find((r: { code: string }) => r.code === cancelled.code)).toMatchObject({
      status: "cancelled",
      // Refunded in full: every part net of its credit note is nothing.
      fees: 0,
      vat: 0,
      total: cancelled.total,
      refunds: cancelled.total,
      net: 0,
    });
    expect(page.totals).toMatchObject([
      {
        currency: "NGN",
        count: 2,
        total: kept.total + cancelled.total,
        refunds: cancelled.total,
        net: kept.total,
      },
    ]);
    expect(await ledgerViolations(db)).toEqual([]);
  });

  it("is the country's day: the day before holds neither request", async () => {
    const res = await get(admin, `/admin/reports/sales?from=${DAY_BEFORE}&to=${DAY_BEFORE}&size=100`);
    expect(res.statusCode).toBe(200);
    const codes = res.json().items.map((r: { code: string }) => r.code);
    expect(codes).not.toContain(kept.code);
    expect(codes).not.toContain(cancelled.code);
  });

  it("is Parkwell's own service: not for staff scoped to parks, nor under a park or status filter", async () => {
    const scoped = (await get(manager, `/admin/reports/sales?from=${DAY}&to=${DAY}`)).json();
    expect(scoped.items.some((r: { channel: string }) => r.channel === "vehicle_docs")).toBe(false);
    for (const q of [`park_id=${park}`, "status=cancelled"]) {
      const res = (await get(admin, `/admin/reports/sales?from=${DAY}&to=${DAY}&${q}`)).json();
      expect(
        res.items.some((r: { channel: string }) => r.channel === "vehicle_docs"),
        q,
      ).toBe(false);
    }
  });

  it("exports the channel in the CSV", async () => {
    const res = await get(admin, `/admin/reports/sales?from=${DAY}&to=${DAY}&format=csv`);
    expect(res.statusCode).toBe(200);
    const lines = res.body.trim().split(/\r?\n/);
    expect(lines.filter((l) => l.startsWith("vehicle_docs,"))).toHaveLength(2);
    expect(lines.find((l) => l.includes(kept.code))).toContain("13187.5");
  });
});
