import { randomUUID } from "node:crypto";
import type { AdminPlan, AdminPlanCreate } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../../db/client";
import { bearer, createStaff, createUser, operatorId, parksOf, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";

const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" }));

describe("back-office monthly plans", () => {
  let ctx: TestContext;
  let db: Db;
  let manager: TestUser;
  let employee: TestUser;
  let otherManager: TestUser;
  let driver: TestUser;
  let parkId: number;
  let otherPark: number;

  const call = (user: TestUser | null, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: user ? bearer(user) : {},
      ...(payload ? { payload } : {}),
    });
  const plan = (o: Partial<AdminPlanCreate> = {}): AdminPlanCreate => ({
    park_id: parkId,
    name: { en: "Weekday commuter", fr: "Navetteur semaine" },
    windows: weekdays,
    prices: [{ vehicle_type_id: 1, monthly_price: 45_000 }],
    allocation: 5,
    ...o,
  });
  let passes = 0;
  /** A pass on the plan, written as a row (the sale is not what this tests). */
  async function sellPass(planId: number) {
    passes += 1;
    await db.execute(sql`INSERT INTO passes (id, pass_code, user_id, plan_id, park_id, vehicle_type_id, plates,
        starts_at, paid_until, held_until, term_months, currency, monthly_minor, created_at, updated_at)
      VALUES (${randomUUID()}, ${`PPLAN${passes}`}, ${driver.id}, ${planId}, ${parkId}, 1, ARRAY['PLN 1 AA'],
        now(), now() + interval '30 days', 'infinity', 1, 'NGN', 4500000, now(), now())`);
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    db = ctx.database.db;
    const harbourview = await operatorId(db, "Harbourview Parking Ltd");
    const own = await parksOf(db, harbourview, "Lagos");
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`SELECT p.id FROM parks p JOIN park_capacities c ON c.park_id = p.id AND c.vehicle_type_id = 1 AND c.capacity >= 20
        WHERE p.id = ANY(${sql.param(own)}::int[]) ORDER BY p.id LIMIT 1`,
    );
    parkId = row!.id;
    const [other] = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM parks WHERE operator_id IS DISTINCT FROM ${harbourview} AND country_id = 1 ORDER BY id LIMIT 1`,
    );
    otherPark = other!.id;
    manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
    employee = await createStaff(db, "employee", { operatorId: harbourview, parkIds: [parkId] });
    const [otherOperator] = await queryRows<{ operator_id: number }>(
      db,
      sql`SELECT operator_id FROM parks WHERE id = ${otherPark}`,
    );
    otherManager = await createStaff(db, "branch_manager", { operatorId: otherOperator!.operator_id });
    driver = await createUser(db);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("a manager creates a plan at their park; it is audited and listed; an employee there sees it", async () => {
    const res = await call(
      manager,
      "POST",
      "/admin/plans",
      plan({ status: "on_sale", discount_12m_percent: 10 }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<AdminPlan>();
    expect(created).toMatchObject({
      park: { id: parkId },
      name: { en: "Weekday commuter", fr: "Navetteur semaine" },
      status: "on_sale",
      windows: weekdays,
      currency: "NGN",
      prices: [{ vehicle_type_id: 1, vehicle_type: "Car", monthly_price: 45_000 }],
      allocation: 5,
      sold: 0,
      space_mode: "any",
      min_term_months: 1,
      discount_3m_percent: 0,
      discount_12m_percent: 10,
    });
    const [audit] = await queryRows<{ action: string; after: { allocation: number } }>(
      db,
      sql`SELECT action, after FROM audit_log WHERE entity = 'plan' AND entity_id = ${String(created.id)}`,
    );
    expect(audit).toMatchObject({ action: "plan.create", after: { allocation: 5 } });
    const seen = await call(employee, "GET", `/admin/plans?park_id=${parkId}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json<{ items: AdminPlan[] }>().items.map((p) => p.id)).toContain(created.id);
    expect((await call(employee, "GET", `/admin/plans/${created.id}`)).statusCode).toBe(200);
    // An employee sees plans but does not make them.
    expect((await call(employee, "POST", "/admin/plans", plan())).statusCode).toBe(403);
    expect((await call(null, "GET", "/admin/plans")).statusCode).toBe(401);
    expect((await call(driver, "GET", "/admin/plans")).statusCode).toBe(403);
  });

  it("another operator's manager neither sees nor changes the plan, nor makes one at its park", async () => {
    const created = (await call(manager, "POST", "/admin/plans", plan())).json<AdminPlan>();
    expect((await call(otherManager, "GET", `/admin/plans/${created.id}`)).statusCode).toBe(404);
    expect(
      (await call(otherManager, "PATCH", `/admin/plans/${created.id}`, { allocation: 1 })).statusCode,
    ).toBe(404);
    const list = await call(otherManager, "GET", "/admin/plans?size=100");
    expect(list.json<{ items: AdminPlan[] }>().items.map((p) => p.id)).not.toContain(created.id);
    expect((await call(otherManager, "GET", `/admin/plans?park_id=${parkId}`)).statusCode).toBe(404);
    const foreign = await call(manager, "POST", "/admin/plans", plan({ park_id: otherPark }));
    expect(foreign.statusCode, foreign.body).toBe(404);
    expect(foreign.json().code).toBe("park_not_found");
  });

  it("refuses overlapping hours, a type without spaces, too many decimals and an allocation over the spaces, changing nothing", async () => {
    const before = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM parking_plans`);
    const overlap = await call(
      manager,
      "POST",
      "/admin/plans",
      plan({ windows: [...weekdays, { weekday: 1, start: "18:00", end: "08:00" }] }),
    );
    expect(overlap.statusCode, overlap.body).toBe(422);
    expect(overlap.json().fields.windows).toMatch(/overlap/);
    // Sunday night into Monday morning overlaps Monday's 07:00 start across the week's end.
    const wrap = await call(
      manager,
      "POST",
      "/admin/plans",
      plan({
        windows: [
          { weekday: 7, start: "22:00", end: "08:00" },
          { weekday: 1, start: "07:00", end: "19:00" },
        ],
      }),
    );
    expect(wrap.statusCode, wrap.body).toBe(422);
    const [noSpaces] = await queryRows<{ id: number }>(
      db,
      sql`SELECT v.id FROM vehicle_types v WHERE NOT EXISTS (SELECT 1 FROM park_capacities c
        WHERE c.park_id = ${parkId} AND c.vehicle_type_id = v.id AND c.capacity > 0) ORDER BY v.id LIMIT 1`,
    );
    const type = await call(
      manager,
      "POST",
      "/admin/plans",
      plan({ prices: [{ vehicle_type_id: noSpaces!.id, monthly_price: 10_000 }] }),
    );
    expect(type.statusCode, type.body).toBe(422);
    expect(type.json().fields["prices.0.vehicle_type_id"]).toMatch(/^This park has no spaces for /);
    const decimals = await call(
      manager,
      "POST",
      "/admin/plans",
      plan({ prices: [{ vehicle_type_id: 1, monthly_price: 10.123 }] }),
    );
    expect(decimals.statusCode).toBe(422);
    expect(decimals.json().fields["prices.0.monthly_price"]).toBe("Amounts in NGN have at most 2 decimals");
    const tooMany = await call(manager, "POST", "/admin/plans", plan({ allocation: 10_000 }));
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().fields.allocation).toMatch(/^The park has \d+ spaces for these vehicle types/);
    const badTime = await call(
      manager,
      "POST",
      "/admin/plans",
      plan({ windows: [{ weekday: 8, start: "25:00", end: "07:00" }] }),
    );
    expect(badTime.statusCode).toBe(422);
    expect(Object.keys(badTime.json().fields)).toEqual(
      expect.arrayContaining(["windows.0.weekday", "windows.0.start"]),
    );
    const after = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM parking_plans`);
    expect(after).toEqual(before);
  });

  it("a night and weekend plan runs past midnight; edits are audited with what changed", async () => {
    const nights = [
      ...[1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "18:00", end: "08:00" })),
      { weekday: 6, start: "08:00", end: "24:00" },
      { weekday: 7, start: "00:00", end: "24:00" },
    ];
    const res = await call(
      manager,
      "POST",
      "/admin/plans",
      plan({ windows: nights, name: { en: "Nights", fr: "Nuits" } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<AdminPlan>().id;
    const patched = await call(manager, "PATCH", `/admin/plans/${id}`, {
      name: { en: "Nights and weekends", fr: "Nuits et week-ends" },
      prices: [{ vehicle_type_id: 1, monthly_price: 30_000.5 }],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json<AdminPlan>()).toMatchObject({
      name: { en: "Nights and weekends" },
      prices: [{ monthly_price: 30_000.5 }],
      windows: nights,
    });
    const [audit] = await queryRows<{ before: Record<string, unknown>; after: Record<string, unknown> }>(
      db,
      sql`SELECT before, after FROM audit_log WHERE entity = 'plan' AND entity_id = ${String(id)} AND action = 'plan.update'`,
    );
    expect(Object.keys(audit!.after).sort()).toEqual(["name", "prices"]);
  });

  it("once passes are sold: the allocation may not go below them, the hours may not move, the rest may change", async () => {
    const created = (
      await call(manager, "POST", "/admin/plans", plan({ status: "on_sale", allocation: 3 }))
    ).json<AdminPlan>();
    await sellPass(created.id);
    await sellPass(created.id);
    expect((await call(manager, "GET", `/admin/plans/${created.id}`)).json<AdminPlan>().sold).toBe(2);
    const below = await call(manager, "PATCH", `/admin/plans/${created.id}`, { allocation: 1 });
    expect(below.statusCode, below.body).toBe(409);
    expect(below.json().code).toBe("allocation_below_sold");
    const hours = await call(manager, "PATCH", `/admin/plans/${created.id}`, {
      windows: [{ weekday: 1, start: "07:00", end: "12:00" }],
    });
    expect(hours.statusCode, hours.body).toBe(409);
    expect(hours.json().code).toBe("plan_hours_sold");
    // The same hours again, in another order, are no change; the allocation may go down to the passes.
    const same = await call(manager, "PATCH", `/admin/plans/${created.id}`, {
      windows: [...weekdays].reverse(),
      allocation: 2,
      status: "closed",
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<AdminPlan>()).toMatchObject({ allocation: 2, status: "closed", sold: 2 });
    const [row] = await queryRows<{ allocation: number }>(
      db,
      sql`SELECT allocation FROM parking_plans WHERE id = ${created.id}`,
    );
    expect(row!.allocation).toBe(2);
  });

  it("keeps a closed plan's prices in their currency after its park moved country: no reopening or sale until they are entered again", async () => {
    const created = (
      await call(
        manager,
        "POST",
        "/admin/plans",
        plan({ status: "draft", name: { en: "Moved", fr: "Déplacé" } }),
      )
    ).json<AdminPlan>();
    expect(created).toMatchObject({ currency: "NGN", prices: [{ monthly_price: 45_000 }] });
    const closed = await call(manager, "PATCH", `/admin/plans/${created.id}`, { status: "closed" });
    expect(closed.statusCode, closed.body).toBe(200);
    // The park moves to Canada while no plan of it is on sale (admin-parks allows it then).
    await db.execute(
      sql`UPDATE parks SET country_id = 2, time_zone = 'America/Toronto' WHERE id = ${parkId}`,
    );
    try {
      // Its old prices are shown as they were set: 45,000 naira, not 45,000 dollars.
      const shown = (await call(manager, "GET", `/admin/plans/${created.id}`)).json<AdminPlan>();
      expect(shown).toMatchObject({ currency: "NGN", prices: [{ monthly_price: 45_000 }] });

      const reopened = await call(manager, "PATCH", `/admin/plans/${created.id}`, { status: "on_sale" });
      expect(reopened.statusCode, reopened.body).toBe(409);
      expect(reopened.json()).toMatchObject({
        code: "plan_currency_changed",
        message: "This plan's prices are in NGN and its park now charges in CAD: enter its prices again",
      });
      const inFrench = await ctx.app.inject({
        method: "PATCH",
        url: `/api/v1/admin/plans/${created.id}`,
        headers: { ...bearer(manager), "accept-language": "fr" },
        payload: { status: "on_sale" },
      });
      expect(inFrench.json().message).toBe(
        "Les prix de cet abonnement sont en NGN et son parking facture désormais en CAD : saisissez à nouveau ses prix",
      );
      expect((await call(manager, "GET", `/admin/plans/${created.id}`)).json<AdminPlan>().status).toBe(
        "closed",
      );

      // On sale with the old numbers (as a reopening before this rule left it): not sold either.
      await db.execute(sql`UPDATE parking_plans SET status = 'on_sale' WHERE id = ${created.id}`);
      const day = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
      const quote = await call(
        driver,
        "GET",
        `/plans/${created.id}/quote?vehicle_type_id=1&term_months=1&start_date=${day}`,
      );
      expect(quote.statusCode, quote.body).toBe(409);
      expect(quote.json().code).toBe("plan_currency_changed");
      const sale = await call(driver, "POST", "/passes", {
        plan_id: created.id,
        vehicle_type_id: 1,
        plates: ["TOR 123"],
        start_date: day,
      });
      expect(sale.statusCode, sale.body).toBe(409);
      expect(sale.json().code).toBe("plan_currency_changed");
      const [sold] = await queryRows<{ n: number }>(
        db,
        sql`SELECT count(*)::int AS n FROM passes WHERE plan_id = ${created.id}`,
      );
      expect(sold!.n).toBe(0);
      await db.execute(sql`UPDATE parking_plans SET status = 'closed' WHERE id = ${created.id}`);

      // Its prices entered again, in dollars: it goes on sale in the park's currency.
      const priced = await call(manager, "PATCH", `/admin/plans/${created.id}`, {
        status: "on_sale",
        prices: [{ vehicle_type_id: 1, monthly_price: 150 }],
      });
      expect(priced.statusCode, priced.body).toBe(200);
      expect(priced.json<AdminPlan>()).toMatchObject({
        status: "on_sale",
        currency: "CAD",
        prices: [{ monthly_price: 150 }],
      });
      const [stored] = await queryRows<{ currency: string; monthly_minor: string }>(
        db,
        sql`SELECT currency, monthly_minor::text FROM plan_prices WHERE plan_id = ${created.id}`,
      );
      expect(stored).toEqual({ currency: "CAD", monthly_minor: "15000" });
    } finally {
      await db.execute(sql`UPDATE parking_plans SET status = 'closed' WHERE id = ${created.id}`);
      await db.execute(sql`UPDATE parks SET country_id = 1, time_zone = 'Africa/Lagos' WHERE id = ${parkId}`);
    }
  });
});
