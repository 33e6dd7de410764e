/**
 * A monthly pass term paid after its park's closure days were saved (a pass bought since, a
 * renewal) gets those days back too (decision 060): the guarantee's job owes and pays them, once.
 */
import { addDays, dayOnClock, type PlanQuote } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { bearer, createStaff, operatorId, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { allDayParks, fundedUser } from "../bookings/bookings.test-kit";
import { renewPass } from "../passes/passes-renewal.service";
import { PASS_ZONE, passRequest, planAtPark } from "../passes/passes.test-kit";
import { toMinor } from "../../lib/money";
import { walletBalanceMinor } from "../wallet/ledger.service";

let ctx: TestContext;
let db: Db;
let manager: TestUser;
let parkId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  const harbourview = await operatorId(db, "Harbourview Parking Ltd");
  parkId = (await allDayParks(db, 200, { timeZone: PASS_ZONE, operatorId: harbourview }))[0]!;
  manager = await createStaff(db, "branch_manager", { operatorId: harbourview });
});
afterAll(async () => {
  await ctx?.close();
});

const call = (user: TestUser, method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
  ctx.app.inject({ method, url: `/api/v1${url}`, headers: bearer(user), ...(payload ? { payload } : {}) });

/** The n-th weekday (Monday to Friday) after `from`, a day on the park's clock. */
function weekdayAfter(from: string, n: number): string {
  let day = from;
  for (let found = 0; found < n;) {
    day = addDays(day, 1);
    if (![0, 6].includes(new Date(`${day}T12:00:00Z`).getUTCDay())) found += 1;
  }
  return day;
}

const guaranteeJob = async () => {
  await ctx.app.jobs.send(db, "guarantee-refund", {});
  await ctx.app.jobs.runDue(["guarantee-refund"]);
};

const closedDaysOf = (passId: string) =>
  queryRows<{ period: number; day: string; amount: number; paid: boolean }>(
    db,
    sql`SELECT period, day::text AS day, amount_minor::int AS amount, paid_at IS NOT NULL AS paid
      FROM pass_closure_refunds WHERE pass_id = ${passId} ORDER BY period, day`,
  );

describe("closure days and pass terms paid after them", () => {
  it("gives a pass bought after a closure, and its renewed term, their closed days back, once", async () => {
    const plan = await planAtPark(ctx, manager, parkId);
    const request = passRequest(plan.id);
    const first = weekdayAfter(request.start_date, 3);
    const close = async (days: string[]) => {
      const res = await call(manager, "PATCH", `/admin/parks/${parkId}`, {
        closures: days,
        confirm_closures: true,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // The day is closed before the pass exists: no term to give it back to yet.
    await close([first]);
    // The checkout's quote says which day comes back, and how much: a Saturday closed too is no
    // day the plan's weekday windows run, so it gives nothing.
    const saturday = [1, 2, 3, 4, 5, 6, 7]
      .map((n) => addDays(request.start_date, n))
      .find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 6)!;
    await close([first, saturday]);
    const asked = { vehicle_type_id: 1, start_date: request.start_date, term_months: 1 };
    const quoted = await call(
      manager,
      "GET",
      `/plans/${plan.id}/quote?${new URLSearchParams(
        Object.entries(asked).map(([k, v]): [string, string] => [k, String(v)]),
      ).toString()}`,
    );
    expect(quoted.statusCode, quoted.body).toBe(200);
    const { closed_days } = quoted.json<PlanQuote>();
    expect(closed_days.map((d) => d.date)).toEqual([first]);
    const driver = await fundedUser(db, 50_000_000);
    const bought = await call(driver, "POST", "/passes", { ...request, plates: ["GTN100AA"] });
    expect(bought.statusCode, bought.body).toBe(201);
    const [pass] = await queryRows<{ id: string; period_end: Date | string }>(
      db,
      sql`SELECT s.id, c.period_end FROM passes s JOIN pass_charges c ON c.pass_id = s.id AND c.period = 1
        WHERE s.user_id = ${driver.id}`,
    );
    const paid = await walletBalanceMinor(db, driver.id, "NGN");

    // The job gives the first term its closed day back; run again, nothing more.
    await guaranteeJob();
    const [day1] = await closedDaysOf(pass!.id);
    expect(day1).toMatchObject({ period: 1, day: first, paid: true });
    expect(day1!.amount).toBeGreaterThan(0);
    expect(day1!.amount).toBe(toMinor(closed_days[0]!.refund, 2));
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(paid + day1!.amount);
    await guaranteeJob();
    expect(await closedDaysOf(pass!.id)).toHaveLength(1);
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(paid + day1!.amount);

    // A day in the next term, closed before it is paid: nothing owed until the renewal charges it.
    const termEnd = new Date(pass!.period_end);
    const second = weekdayAfter(dayOnClock(termEnd, PASS_ZONE), 3);
    await close([first, second]);
    await guaranteeJob();
    expect(await closedDaysOf(pass!.id)).toHaveLength(1);
    const renewed = await renewPass(
      { db, jobs: ctx.app.jobs, clock: () => new Date(termEnd.getTime() + 3_600_000) },
      pass!.id,
    );
    expect(renewed).toBe("renewed");
    const charged = await walletBalanceMinor(db, driver.id, "NGN");
    await guaranteeJob();
    const days = await closedDaysOf(pass!.id);
    expect(days.map((d) => [d.period, d.day, d.paid])).toEqual([
      [1, first, true],
      [2, second, true],
    ]);
    expect(await walletBalanceMinor(db, driver.id, "NGN")).toBe(charged + days[1]!.amount);
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });
});
