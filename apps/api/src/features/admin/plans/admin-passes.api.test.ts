import { randomUUID } from "node:crypto";
import type { AdminPass, AdminPlan, AdminPlanCreate, Pass } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../../db/client";
import { bearer, createStaff, createUser, operatorId, parksOf, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";

const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" }));

describe("back-office passes: the list, space labels, and the allocation's conflict", () => {
  let ctx: TestContext;
  let db: Db;
  let manager: TestUser;
  let employee: TestUser;
  let otherManager: TestUser;
  let driver: TestUser;
  let parkId: number;
  let namedPlan: AdminPlan;
  let anyPlan: AdminPlan;

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
    status: "on_sale",
    ...o,
  });
  const list = async (user: TestUser, query: string) => {
    const res = await call(user, "GET", `/admin/passes?size=100&${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: AdminPass[]; total: number }>();
  };
  /** A pass on the plan, written as a row (the sale is not what this tests); answers its id. */
  async function sellPass(planId: number, code: string, plates: string[], status = "active") {
    const id = randomUUID();
    await db.execute(sql`INSERT INTO passes (id, pass_code, user_id, plan_id, park_id, vehicle_type_id, plates,
        status, ended_reason, starts_at, paid_until, held_until, term_months, currency, monthly_minor,
        created_at, updated_at)
      VALUES (${id}, ${code}, ${driver.id}, ${planId}, ${parkId}, 1, ${sql.param(plates)}::text[],
        ${status}, ${status === "ended" ? "cancelled" : null}, now() - interval '40 days',
        now() - interval '10 days' + interval '1 month', now() - interval '10 days' + interval '1 month',
        1, 'NGN', 4500000, now(), now())`);
    return id;
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
    const [other] = await queryRows<{ operator_id: number }>(
      db,
      sql`SELECT operator_id FROM parks WHERE operator_id IS DISTINCT FROM ${harbourview}
        AND operator_id IS NOT NULL AND country_id = 1 ORDER BY id LIMIT 1`,
    );
    manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
    employee = await createStaff(db, "employee", { operatorId: harbourview, parkIds: [parkId] });
    otherManager = await createStaff(db, "branch_manager", { operatorId: other!.operator_id });
    driver = await createUser(db, { firstName: "Chidi", lastName: "Okafor" });
    namedPlan = (
      await call(
        manager,
        "POST",
        "/admin/plans",
        plan({ space_mode: "named", name: { en: "Named", fr: "Attitrée" } }),
      )
    ).json<AdminPlan>();
    anyPlan = (await call(manager, "POST", "/admin/plans", plan())).json<AdminPlan>();
    await sellPass(namedPlan.id, "PNAMED1", ["LAG 101 AA"]);
    await sellPass(namedPlan.id, "PNAMED2", ["LAG 202 BB", "ABJ 9 CC"]);
    await sellPass(namedPlan.id, "PNAMED3", ["LAG 303 CC"], "ended");
    const inside = await sellPass(anyPlan.id, "PANY1", ["KJA 404 DD"]);
    await db.execute(sql`INSERT INTO pass_visits (id, pass_id, park_id, plate, checked_in_at)
      VALUES (${randomUUID()}, ${inside}, ${parkId}, 'KJA 404 DD', now() - interval '1 hour')`);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("lists the passes at the staff member's parks with their driver, plan, status and whether a car is in", async () => {
    const all = await list(manager, `park_id=${parkId}`);
    expect(all.total).toBe(4);
    const any = all.items.find((p) => p.pass_code === "PANY1")!;
    expect(any).toMatchObject({
      driver: { id: driver.id, name: "Chidi Okafor", email: driver.email },
      plan: { id: anyPlan.id, name: { en: "Weekday commuter" }, space_mode: "any" },
      park: { id: parkId },
      vehicle_type_id: 1,
      vehicle_type: "Car",
      plates: ["KJA 404 DD"],
      status: "active",
      ended_reason: null,
      renews: true,
      space_label: null,
      inside: true,
    });
    const ended = all.items.find((p) => p.pass_code === "PNAMED3")!;
    expect(ended).toMatchObject({ status: "ended", ended_reason: "cancelled", renews: false, inside: false });
    // An employee of the park sees them too; a driver and a stranger do not.
    expect((await list(employee, `park_id=${parkId}`)).total).toBe(4);
    expect((await call(driver, "GET", "/admin/passes")).statusCode).toBe(403);
    expect((await call(null, "GET", "/admin/passes")).statusCode).toBe(401);
  });

  it("filters by plan, status, and a pass code or plate (with or without its spaces)", async () => {
    const codes = async (q: string) => (await list(manager, q)).items.map((p) => p.pass_code).sort();
    expect(await codes(`plan_id=${namedPlan.id}`)).toEqual(["PNAMED1", "PNAMED2", "PNAMED3"]);
    expect(await codes(`plan_id=${namedPlan.id}&status=ended`)).toEqual(["PNAMED3"]);
    expect(await codes(`park_id=${parkId}&status=active`)).toEqual(["PANY1", "PNAMED1", "PNAMED2"]);
    expect(await codes("search=pnamed2")).toEqual(["PNAMED2"]);
    expect(await codes("search=abj9")).toEqual(["PNAMED2"]);
    expect(await codes("search=KJA%20404")).toEqual(["PANY1"]);
    expect(await codes("search=100%25")).toEqual([]);
    const page = await call(manager, "GET", `/admin/passes?park_id=${parkId}&size=10&page=2`);
    expect(page.json()).toMatchObject({ items: [], total: 4, page: 2, size: 10, pages: 1 });
    expect((await call(manager, "GET", "/admin/passes?status=gone")).statusCode).toBe(422);
  });

  it("another operator's manager sees none of them and cannot label them (404)", async () => {
    const theirs = await list(otherManager, "");
    expect(theirs.items.map((p) => p.pass_code)).not.toContain("PNAMED1");
    expect((await call(otherManager, "GET", `/admin/passes?park_id=${parkId}`)).statusCode).toBe(404);
    const id = (await list(manager, "search=PNAMED1")).items[0]!.id;
    const res = await call(otherManager, "PATCH", `/admin/passes/${id}`, { space_label: "A1" });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().code).toBe("pass_not_found");
    expect((await call(manager, "PATCH", `/admin/passes/not-a-uuid`, { space_label: "A1" })).statusCode).toBe(
      404,
    );
    const [row] = await queryRows<{ space_label: string | null }>(
      db,
      sql`SELECT space_label FROM passes WHERE id = ${id}::uuid`,
    );
    expect(row!.space_label).toBeNull();
  });

  it("labels a pass of a named plan, audited; the driver's pass shows it; the same label twice at the park is refused", async () => {
    const [one, two, ended] = ["PNAMED1", "PNAMED2", "PNAMED3"];
    const idOf = async (code: string) => (await list(manager, `search=${code}`)).items[0]!.id;
    const first = await call(manager, "PATCH", `/admin/passes/${await idOf(one!)}`, {
      space_label: " B2-014 ",
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<AdminPass>().space_label).toBe("B2-014");
    const [audit] = await queryRows<{ action: string; before: unknown; after: unknown; actor_id: string }>(
      db,
      sql`SELECT action, before, after, actor_id FROM audit_log WHERE entity = 'pass' AND entity_id = ${await idOf(one!)}`,
    );
    expect(audit).toEqual({
      action: "pass.space_label",
      before: { space_label: null },
      after: { space_label: "B2-014" },
      actor_id: manager.id,
    });
    // The driver sees the space on their pass.
    const mine = await call(driver, "GET", `/passes/${one}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<Pass>().space_label).toBe("B2-014");

    const taken = await call(manager, "PATCH", `/admin/passes/${await idOf(two!)}`, {
      space_label: "b2-014",
    });
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json()).toMatchObject({
      code: "space_label_taken",
      message: "Pass PNAMED1 already has the space b2-014",
    });
    const fr = await ctx.app.inject({
      method: "PATCH",
      url: `/api/v1/admin/passes/${await idOf(two!)}`,
      headers: { ...bearer(manager), "accept-language": "fr" },
      payload: { space_label: "B2-014" },
    });
    expect(fr.json().message).toBe("La carte PNAMED1 a déjà la place B2-014");
    // An ended pass holds no space: its old label is no conflict, but it takes no new one.
    await db.execute(sql`UPDATE passes SET space_label = 'C1' WHERE pass_code = ${ended}`);
    expect(
      (await call(manager, "PATCH", `/admin/passes/${await idOf(two!)}`, { space_label: "C1" })).statusCode,
    ).toBe(200);
    const endedRes = await call(manager, "PATCH", `/admin/passes/${await idOf(ended!)}`, {
      space_label: "C9",
    });
    expect(endedRes.statusCode).toBe(422);
    // Cleared with null (or ""), which frees the label.
    const cleared = await call(manager, "PATCH", `/admin/passes/${await idOf(one!)}`, { space_label: "" });
    expect(cleared.json<AdminPass>().space_label).toBeNull();
    expect(
      (await call(manager, "PATCH", `/admin/passes/${await idOf(two!)}`, { space_label: "B2-014" }))
        .statusCode,
    ).toBe(200);
  });

  it("refuses a label on a plan without named spaces, a label too long, and an employee's edit; nothing changes", async () => {
    const anyId = (await list(manager, "search=PANY1")).items[0]!.id;
    const notNamed = await call(manager, "PATCH", `/admin/passes/${anyId}`, { space_label: "A1" });
    expect(notNamed.statusCode, notNamed.body).toBe(422);
    expect(notNamed.json().message).toMatch(/does not name spaces/);
    const namedId = (await list(manager, "search=PNAMED1")).items[0]!.id;
    const long = await call(manager, "PATCH", `/admin/passes/${namedId}`, { space_label: "X".repeat(21) });
    expect(long.statusCode).toBe(422);
    expect(long.json().fields.space_label).toBe("A space label has at most 20 characters");
    expect((await call(manager, "PATCH", `/admin/passes/${namedId}`, {})).statusCode).toBe(422);
    expect(
      (await call(employee, "PATCH", `/admin/passes/${namedId}`, { space_label: "A1" })).statusCode,
    ).toBe(403);
    const rows = await queryRows<{ space_label: string | null }>(
      db,
      sql`SELECT space_label FROM passes WHERE pass_code IN ('PANY1', 'PNAMED1') ORDER BY pass_code`,
    );
    expect(rows.map((r) => r.space_label)).toEqual([null, null]);
  });

  it("an allocation below the passes valid now is refused with those passes listed", async () => {
    const res = await call(manager, "PATCH", `/admin/plans/${namedPlan.id}`, { allocation: 1 });
    expect(res.statusCode, res.body).toBe(409);
    const body = res.json();
    expect(body).toMatchObject({ code: "allocation_below_sold", sold: 2 });
    expect(body.passes).toEqual([
      { pass_code: "PNAMED1", plates: ["LAG 101 AA"] },
      { pass_code: "PNAMED2", plates: ["LAG 202 BB", "ABJ 9 CC"] },
    ]);
    const [row] = await queryRows<{ allocation: number }>(
      db,
      sql`SELECT allocation FROM parking_plans WHERE id = ${namedPlan.id}`,
    );
    expect(row!.allocation).toBe(5);
  });
});
