/**
 * The back office's commission (issue #65): an operator's rates and statement period, the
 * countries' defaults; scope (admin any, a branch manager its own, another's 404, an employee 403),
 * bad input refused with nothing changed, every change audited.
 */
import { addDays, dayOnClock, type CommissionDefaults, type OperatorCommission } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../../db/client";
import { bearer, createStaff, operatorId, parksOf, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";

const HOUR = 3_600_000;
/**
 * The app's now: an hour and a half past the next hour (never a midnight), after the template's
 * seed wrote the countries' defaults; Lagos is UTC+1 all year.
 */
const NOW = new Date(Math.ceil(Date.now() / HOUR) * HOUR + 1.5 * HOUR);
const TODAY = dayOnClock(NOW, "Africa/Lagos");
const TOMORROW = addDays(TODAY, 1);
const LATER = addDays(TODAY, 40);
const midnight = (date: string) => new Date(`${date}T00:00:00+01:00`).toISOString();
/** The first of the next month in Lagos. */
const NEXT_MONTH = (() => {
  const [y, m] = TODAY.split("-").map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, "0")}-01`;
})();
let ctx: TestContext;
let db: Db;
let harbourview: number;
let citypark: number;
let admin: TestUser;
let manager: TestUser;
let employee: TestUser;

beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => NOW });
  db = ctx.database.db;
  harbourview = await operatorId(db, "Harbourview Parking Ltd");
  citypark = await operatorId(db, "Citypark Nigeria");
  const parks = await parksOf(db, harbourview, "Lagos");
  admin = await createStaff(db, "admin");
  manager = await createStaff(db, "branch_manager", { operatorId: harbourview, parkIds: parks });
  employee = await createStaff(db, "employee", { operatorId: harbourview, parkIds: parks.slice(0, 1) });
});
afterAll(async () => {
  await ctx?.close();
});

const get = (user: TestUser, url: string, language = "en") =>
  ctx.app.inject({ url: `/api/v1${url}`, headers: { ...bearer(user), "accept-language": language } });
const put = (user: TestUser, url: string, payload: object, language = "en") =>
  ctx.app.inject({
    method: "PUT",
    url: `/api/v1${url}`,
    headers: { ...bearer(user), "accept-language": language },
    payload,
  });

/** What a refused request must leave as it was. */
async function snapshot() {
  const [rates] = await queryRows<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM commission_rates`);
  const [audit] = await queryRows<{ n: string }>(db, sql`SELECT count(*)::text AS n FROM audit_log`);
  const ops = await queryRows(
    db,
    sql`SELECT id, settlement_period, settlement_period_next, settlement_period_from FROM operators ORDER BY id`,
  );
  return { rates: rates!.n, audit: audit!.n, ops };
}

describe("an operator's commission", () => {
  it("answers the rates in force per product with their source, and the history", async () => {
    const res = await get(admin, `/admin/operators/${harbourview}/commission`);
    expect(res.statusCode).toBe(200);
    const body = res.json<OperatorCommission>();
    expect(body.operator).toMatchObject({
      id: harbourview,
      name: "Harbourview Parking Ltd",
      country_code: "NG",
      time_zone: "Africa/Lagos",
      settlement_period: "monthly",
      next_settlement_period: null,
    });
    expect(body.current.map((c) => c.product)).toEqual(["hourly", "daily", "pass", "event", "drive_up"]);
    for (const c of body.current) {
      expect(c).toMatchObject({ rate_bps: 1500, source: "country", product_specific: false });
    }
    expect(body.history).toContainEqual(
      expect.objectContaining({ scope: "country", product: null, rate_bps: 1500, upcoming: false }),
    );
  });

  it("shows a branch manager its own operator, and another's as missing; an employee is refused", async () => {
    expect((await get(manager, `/admin/operators/${harbourview}/commission`)).statusCode).toBe(200);
    const other = await get(manager, `/admin/operators/${citypark}/commission`);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: "Operator not found", code: "operator_not_found" });
    expect((await get(admin, "/admin/operators/999999/commission")).statusCode).toBe(404);
    const refused = await get(employee, `/admin/operators/${harbourview}/commission`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("forbidden");
    const list = await get(manager, "/admin/commission/operators");
    expect(list.json()).toEqual({
      items: [{ id: harbourview, name: "Harbourview Parking Ltd", country_code: "NG" }],
    });
    const all = (await get(admin, "/admin/commission/operators")).json<{ items: { id: number }[] }>();
    expect(all.items.map((o) => o.id)).toEqual(expect.arrayContaining([harbourview, citypark]));
    expect((await get(employee, "/admin/commission/operators")).statusCode).toBe(403);
  });

  it("adds a rate from a date ahead as a new row, in force from that midnight on the country's clock; audited", async () => {
    const res = await put(admin, `/admin/operators/${citypark}/commission`, {
      rate_bps: 1000,
      product: "drive_up",
      effective_from: TOMORROW,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<OperatorCommission>();
    // Not yet in force: today's sales keep the country's rate.
    expect(body.current.find((c) => c.product === "drive_up")).toMatchObject({
      rate_bps: 1500,
      source: "country",
    });
    expect(body.history[0]).toMatchObject({
      scope: "operator",
      product: "drive_up",
      rate_bps: 1000,
      // Midnight in Lagos (UTC+1).
      effective_from: midnight(TOMORROW),
      upcoming: true,
      created_by: { id: admin.id },
    });
    const [audit] = await queryRows<{ action: string; operator_id: number; after: { rate_bps: number } }>(
      db,
      sql`SELECT action, operator_id, after FROM audit_log WHERE entity = 'commission_rate' AND entity_id = ${String(body.history[0]!.id)}`,
    );
    expect(audit).toMatchObject({
      action: "commission_rate.create",
      operator_id: citypark,
      after: { rate_bps: 1000 },
    });

    // From now, for every product: the operator's own rate wins over the country's.
    const now = await put(admin, `/admin/operators/${citypark}/commission`, {
      rate_bps: 1250,
      effective_from: NOW.toISOString(),
    });
    expect(now.statusCode).toBe(200);
    const current = now.json<OperatorCommission>().current;
    expect(current.find((c) => c.product === "hourly")).toMatchObject({
      rate_bps: 1250,
      source: "operator",
      product_specific: false,
      effective_from: NOW.toISOString(),
    });
    // The older rows are all still there: nothing was changed.
    const rows = await queryRows<{ rate_bps: number }>(
      db,
      sql`SELECT rate_bps FROM commission_rates WHERE operator_id = ${citypark} ORDER BY id`,
    );
    expect(rows.map((r) => Number(r.rate_bps))).toEqual([1000, 1250]);
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const before = await snapshot();
    const url = `/admin/operators/${harbourview}/commission`;
    const cases: [object, string, string][] = [
      [
        { rate_bps: 10001, effective_from: LATER },
        "rate_bps",
        "rate_bps must be a whole number from 0 to 10000",
      ],
      [
        { rate_bps: 12.5, effective_from: LATER },
        "rate_bps",
        "rate_bps must be a whole number from 0 to 10000",
      ],
      [
        { rate_bps: -1, effective_from: LATER },
        "rate_bps",
        "rate_bps must be a whole number from 0 to 10000",
      ],
      [
        { rate_bps: 1000, product: "valet", effective_from: LATER },
        "product",
        "product must be one of hourly, daily, pass, event, drive_up",
      ],
      [
        { rate_bps: 1000, effective_from: "2027-02-30" },
        "effective_from",
        "effective_from must be a date (YYYY-MM-DD) or a date and time with its offset",
      ],
      [
        { rate_bps: 1000, effective_from: `${LATER}T10:00:00` },
        "effective_from",
        "effective_from must be a date (YYYY-MM-DD) or a date and time with its offset",
      ],
      // Today's midnight has passed: a change never reaches back to sales already made.
      [
        { rate_bps: 1000, effective_from: TODAY },
        "effective_from",
        "A new rate takes effect from now on: changes never rewrite the past",
      ],
      [
        { rate_bps: 1000, effective_from: new Date(NOW.getTime() - 1000).toISOString() },
        "effective_from",
        "A new rate takes effect from now on: changes never rewrite the past",
      ],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(admin, url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().fields?.[field], JSON.stringify(payload)).toBe(message);
    }
    const fr = await put(admin, url, { rate_bps: 1000, effective_from: addDays(TODAY, -1) }, "fr");
    expect(fr.json().fields.effective_from).toBe(
      "Un nouveau taux s'applique à partir de maintenant\u00a0: une modification ne réécrit jamais le passé",
    );
    // The same product and instant twice: a conflict, the first kept.
    const first = await put(admin, url, {
      rate_bps: 900,
      product: "pass",
      effective_from: addDays(TODAY, 90),
    });
    expect(first.statusCode).toBe(200);
    const mid = await snapshot();
    const again = await put(admin, url, {
      rate_bps: 800,
      product: "pass",
      effective_from: addDays(TODAY, 90),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("commission_rate_exists");
    expect(await snapshot()).toEqual(mid);
    expect(Number(mid.rates)).toBe(Number(before.rates) + 1);
  });

  it("lets only Parkwell's staff change an operator's terms", async () => {
    const before = await snapshot();
    const url = `/admin/operators/${harbourview}/commission`;
    const body = { rate_bps: 100, effective_from: LATER };
    expect((await put(manager, url, body)).statusCode).toBe(403);
    expect((await put(employee, url, body)).statusCode).toBe(403);
    expect(
      (await put(manager, `/admin/operators/${harbourview}/settlement-period`, { period: "weekly" }))
        .statusCode,
    ).toBe(403);
    // Even a role given commission.update in the matrix: an operator never sets its own rate.
    await db.execute(
      sql`INSERT INTO role_permissions (role, permission) VALUES ('branch_manager', 'commission.update')`,
    );
    try {
      const granted = await put(manager, url, body);
      expect(granted.statusCode).toBe(403);
      expect(granted.json().message).toBe(
        "Only Parkwell's staff can change an operator's commission or statement period",
      );
      expect((await put(manager, `/admin/operators/${citypark}/commission`, body)).statusCode).toBe(404);
    } finally {
      await db.execute(
        sql`DELETE FROM role_permissions WHERE role = 'branch_manager' AND permission = 'commission.update'`,
      );
    }
    expect((await put(admin, "/admin/operators/999999/commission", body)).statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});

describe("the statement period", () => {
  it("changes from the next period on, on the country's clock; choosing the one in force drops the change", async () => {
    const url = `/admin/operators/${harbourview}/settlement-period`;
    const weekly = await put(admin, url, { period: "weekly" });
    expect(weekly.statusCode).toBe(200);
    // The open monthly period ends at midnight on the first of the next month in Lagos.
    expect(weekly.json<OperatorCommission>().operator).toMatchObject({
      settlement_period: "monthly",
      next_settlement_period: { period: "weekly", from: midnight(NEXT_MONTH) },
    });
    const [audit] = await queryRows<{ action: string; after: object }>(
      db,
      sql`SELECT action, after FROM audit_log WHERE entity = 'operator' AND entity_id = ${String(harbourview)} ORDER BY id DESC LIMIT 1`,
    );
    expect(audit).toMatchObject({
      action: "operator.settlement_period",
      after: { settlement_period: "monthly", settlement_period_next: "weekly" },
    });
    const back = await put(admin, url, { period: "monthly" });
    expect(back.json<OperatorCommission>().operator).toMatchObject({
      settlement_period: "monthly",
      next_settlement_period: null,
    });
    const before = await snapshot();
    const bad = await put(admin, url, { period: "daily" });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().fields.period).toBe("period must be one of weekly, monthly");
    expect(
      (await put(admin, `/admin/operators/999999/settlement-period`, { period: "weekly" })).statusCode,
    ).toBe(404);
    expect((await put(employee, url, { period: "weekly" })).statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});

describe("the countries' defaults", () => {
  it("lists each served country's defaults; a branch manager sees its operator's country only", async () => {
    const res = await get(admin, "/admin/commission/defaults");
    expect(res.statusCode).toBe(200);
    const items = res.json<CommissionDefaults>().items;
    expect(items.length).toBeGreaterThan(1);
    const ng = items.find((i) => i.country_code === "NG")!;
    expect(ng.current.every((c) => c.rate_bps === 1500 && c.source === "country")).toBe(true);
    const mine = (await get(manager, "/admin/commission/defaults")).json<CommissionDefaults>();
    expect(mine.items.map((i) => i.country_code)).toEqual(["NG"]);
    expect((await get(employee, "/admin/commission/defaults")).statusCode).toBe(403);
  });

  it("adds a country's default from a date ahead; an operator with its own rate keeps it", async () => {
    const before = await snapshot();
    for (const [payload, field] of [
      [{ country_code: "ZZ", rate_bps: 1300, effective_from: LATER }, "country_code"],
      [{ country_code: "ng", rate_bps: 1300, effective_from: LATER }, "country_code"],
      [{ country_code: "NG", rate_bps: 1300, effective_from: addDays(TODAY, -300) }, "effective_from"],
      [{ rate_bps: 1300, effective_from: LATER }, "country_code"],
    ] as const) {
      const bad = await put(admin, "/admin/commission/defaults", payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(422);
      expect(bad.json().fields[field], JSON.stringify(payload)).toBeTruthy();
    }
    expect(
      (
        await put(manager, "/admin/commission/defaults", {
          country_code: "NG",
          rate_bps: 1,
          effective_from: LATER,
        })
      ).statusCode,
    ).toBe(403);
    expect(await snapshot()).toEqual(before);

    const res = await put(admin, "/admin/commission/defaults", {
      country_code: "NG",
      rate_bps: 1300,
      product: "event",
      effective_from: NOW.toISOString(),
    });
    expect(res.statusCode).toBe(200);
    const ng = res.json<CommissionDefaults>().items.find((i) => i.country_code === "NG")!;
    expect(ng.current.find((c) => c.product === "event")).toMatchObject({
      rate_bps: 1300,
      source: "country",
      product_specific: true,
    });
    expect(ng.history[0]).toMatchObject({
      scope: "country",
      product: "event",
      rate_bps: 1300,
      upcoming: false,
    });
    // Harbourview has none of its own for events: it gets the new default; Citypark's own rate wins.
    const hv = (await get(admin, `/admin/operators/${harbourview}/commission`)).json<OperatorCommission>();
    expect(hv.current.find((c) => c.product === "event")).toMatchObject({
      rate_bps: 1300,
      source: "country",
    });
    const cp = (await get(admin, `/admin/operators/${citypark}/commission`)).json<OperatorCommission>();
    expect(cp.current.find((c) => c.product === "event")).toMatchObject({
      rate_bps: 1250,
      source: "operator",
    });
    const [audit] = await queryRows<{ action: string }>(
      db,
      sql`SELECT action FROM audit_log WHERE action = 'commission_default.create'`,
    );
    expect(audit).toBeDefined();
  });
});
