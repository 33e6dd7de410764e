import { addDays, dayOnClock, type AdminPlan, type AdminPlanCreate } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { queryRows } from "../../db/client";
import { bearer, createStaff, operatorId, parksOf, type TestUser } from "../../test/factories";
import type { TestContext } from "../../test/harness";

/** Helpers the API tests that sell monthly passes share (test-only; not imported by production code). */

/** The clock of the plans' parks (Harbourview's in Lagos). */
export const PASS_ZONE = "Africa/Lagos";

/** A commuter's windows: weekdays, 07:00 to 19:00. */
export const WEEKDAYS = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" }));

/** The plans a pass test file sells: made through the back office, each at a park of its own. */
export interface PassPlans {
  /** Harbourview's branch manager, who makes the plans. */
  manager: TestUser;
  /** Harbourview's Lagos parks open all day with a car capacity, in id order: each plan takes the next. */
  parks: number[];
  /**
   * A plan on sale at the next park (its car capacity set to 10): a commuter's windows, 40,000 a
   * month for a car, 5 passes; `o` overrides any field.
   */
  planAt(o?: Partial<AdminPlanCreate>): Promise<AdminPlan & { parkId: number }>;
}

/** Harbourview's parks for plans and its branch manager, in `ctx`'s database (call it in a beforeAll). */
export async function passPlans(ctx: TestContext): Promise<PassPlans> {
  const db = ctx.database.db;
  const harbourview = await operatorId(db, "Harbourview Parking Ltd");
  const own = await parksOf(db, harbourview, "Lagos");
  const parks = (
    await queryRows<{ id: number }>(
      db,
      sql`SELECT p.id FROM parks p JOIN park_capacities c ON c.park_id = p.id AND c.vehicle_type_id = 1
          WHERE p.id = ANY(${sql.param(own)}::int[]) AND p.open_24h AND p.status = 'active' AND p.time_zone = ${PASS_ZONE}
          ORDER BY p.id`,
    )
  ).map((r) => r.id);
  const manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
  let next = 0;

  async function planAt(o: Partial<AdminPlanCreate> = {}): Promise<AdminPlan & { parkId: number }> {
    const parkId = parks[next++];
    if (parkId === undefined) throw new Error(`passPlans: only ${parks.length} parks for plans`);
    return planAtPark(ctx, manager, parkId, o);
  }

  return { manager, parks, planAt };
}

/**
 * A plan on sale at `parkId`, made by `manager` (its car capacity set to 10): a commuter's windows,
 * 40,000 a month for a car, 5 passes; `o` overrides any field.
 */
export async function planAtPark(
  ctx: TestContext,
  manager: TestUser,
  parkId: number,
  o: Partial<AdminPlanCreate> = {},
): Promise<AdminPlan & { parkId: number }> {
  await ctx.database.db.execute(
    sql`UPDATE park_capacities SET capacity = 10 WHERE park_id = ${parkId} AND vehicle_type_id = 1`,
  );
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/v1/admin/plans",
    headers: bearer(manager),
    payload: {
      park_id: parkId,
      name: { en: "Commuter", fr: "Navetteur" },
      windows: WEEKDAYS,
      prices: [{ vehicle_type_id: 1, monthly_price: 40_000 }],
      allocation: 5,
      status: "on_sale",
      ...o,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { ...res.json<AdminPlan>(), parkId };
}

/** A pass's request on `planId` for a car, starting tomorrow on the plans' clock. */
export const passRequest = (planId: number) => ({
  plan_id: planId,
  vehicle_type_id: 1,
  plates: ["LAG123AA"],
  start_date: addDays(dayOnClock(new Date(), PASS_ZONE), 1),
});
