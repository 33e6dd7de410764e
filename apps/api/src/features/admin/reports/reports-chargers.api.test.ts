import { dayOnClock, type BookingsReport } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import { csvCell } from "./reports.domain";
import { allDayPark, at, book, fundedUser, HOUR, setStatus } from "../../bookings/bookings.test-kit";

/**
 * The bookings report's EV chargers: per park, the range's bookings that held a charger (not
 * cancelled), the charger-hours they reserved and the charging sold with them (a group priced per
 * hour, decision 048; one priced per kWh is paid at the charger and counts nothing).
 */
let ctx: TestContext;
let hvManager: TestUser;
let cpManager: TestUser;
let parkA: number;
let parkCP: number;
let zone: string;

const get = (user: TestUser, url: string) =>
  ctx.app.inject({ method: "GET", url: `/api/v1${url}`, headers: bearer(user) });

async function chargerGroup(parkId: number, unit: "kwh" | "hour"): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`INSERT INTO park_chargers (park_id, connector, power_kw, count, price_unit, price_minor)
      VALUES (${parkId}, 'ccs2', 60, 4, ${unit}, 38000) RETURNING id`,
  );
  return Number(row!.id);
}

beforeAll(async () => {
  ctx = await createTestContext();
  const db = ctx.database.db;
  const hv = await operatorId(db, "Harbourview Parking Ltd");
  const cp = await operatorId(db, "Citypark Nigeria");
  parkA = await allDayPark(db, { operatorId: hv, minCapacity: 5 });
  parkCP = await allDayPark(db, { operatorId: cp, minCapacity: 5 });
  hvManager = await createStaff(db, "branch_manager", { operatorId: hv });
  cpManager = await createStaff(db, "branch_manager", { operatorId: cp });
  const [p] = await queryRows<{ time_zone: string }>(
    db,
    sql`SELECT time_zone FROM parks WHERE id = ${parkA}`,
  );
  zone = p!.time_zone;

  const driver = await fundedUser(db, 100_000_000);
  // ₦380 an hour at parkA, sold with the booking; ₦380 a kWh at parkCP, paid at the charger.
  const chargerA = await chargerGroup(parkA, "hour");
  const chargerCP = await chargerGroup(parkCP, "kwh");
  const made = async (parkId: number, from: number, to: number, chargerId?: number) => {
    const res = await book(ctx.app, driver, {
      park_id: parkId,
      start: at(from * HOUR),
      end: at(to * HOUR),
      ...(chargerId ? { charger_id: chargerId } : {}),
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };
  await made(parkA, 2, 4, chargerA); // 2 hours: ₦760 of charging
  await made(parkA, 3, 4.5, chargerA); // 1.5 hours: 2 started hours, ₦760
  const cancelled = await made(parkA, 5, 9, chargerA);
  expect((await setStatus(ctx.app, driver, cancelled, "cancelled")).statusCode).toBe(200);
  await made(parkA, 2, 6); // a space, no charger
  await made(parkCP, 2, 3, chargerCP); // another operator's
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe("the bookings report's EV chargers", () => {
  const range = () =>
    `from=${dayOnClock(new Date(Date.now()), zone)}&to=${dayOnClock(new Date(Date.now() + 3 * 24 * HOUR), zone)}`;

  it("counts, per park, the bookings that held a charger, their charger-hours and the charging sold; cancelled ones left out", async () => {
    const res = await get(hvManager, `/admin/reports/bookings?${range()}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<BookingsReport>();
    // The rows are every booking; the chargers, the two that hold one, in the manager's scope only.
    expect(body.total).toBe(4);
    expect(body.chargers).toEqual([
      {
        park_id: parkA,
        park: expect.any(String),
        bookings: 2,
        charger_hours: 3.5,
        charging_revenue: 1520,
        currency: "NGN",
      },
    ]);
    const other = (await get(cpManager, `/admin/reports/bookings?${range()}`)).json<BookingsReport>();
    expect(other.chargers).toEqual([
      {
        park_id: parkCP,
        park: expect.any(String),
        bookings: 1,
        charger_hours: 1,
        charging_revenue: 0,
        currency: "NGN",
      },
    ]);
  });

  it("follows the report's filters: a status, a park, a range without them", async () => {
    const cancelled = await get(hvManager, `/admin/reports/bookings?${range()}&status=cancelled`);
    expect(cancelled.json<BookingsReport>().chargers).toEqual([]);
    const active = await get(hvManager, `/admin/reports/bookings?${range()}&status=active&park_id=${parkA}`);
    expect(active.json<BookingsReport>().chargers).toMatchObject([{ park_id: parkA, bookings: 2 }]);
    const day = (days: number) => dayOnClock(new Date(Date.now() + days * 24 * HOUR), zone);
    const before = await get(hvManager, `/admin/reports/bookings?from=${day(-60)}&to=${day(-30)}`);
    expect(before.json<BookingsReport>().chargers).toEqual([]);
    // Only the bookings report carries them.
    expect((await get(hvManager, `/admin/reports/sales?${range()}`)).json()).not.toHaveProperty("chargers");
  });

  it("ends the CSV export with the same section after the rows (the charging sold too), and none without charger bookings", async () => {
    const csv = async (query: string) => {
      const res = await get(hvManager, `/admin/reports/bookings?${query}&format=csv`);
      expect(res.statusCode, res.body).toBe(200);
      return res.body.replace("\uFEFF", "").split("\r\n");
    };
    const [park] = await queryRows<{ name: string }>(
      ctx.database.db,
      sql`SELECT name FROM parks WHERE id = ${parkA}`,
    );
    const lines = await csv(range());
    expect(lines[0]!.startsWith("Code,Park ID,Park,")).toBe(true);
    // The header, the four bookings, then a blank line, the section's header and its one park.
    expect(lines.slice(5)).toEqual([
      "",
      "Section,Park ID,Park,Bookings with a charger,Charger-hours,Charging sold,Currency",
      `EV chargers booked,${parkA},${csvCell(park!.name)},2,3.5,1520,NGN`,
      "",
    ]);
    // The status filter as the page's: cancelled ones hold no charger, so no section.
    expect((await csv(`${range()}&status=cancelled`)).join("\n")).not.toContain("EV chargers booked");
  });
});
