// An admin's change of an operator's statement period (issue #65) takes effect from the next
// period: the open one closes as it began, the ones after it by the new period. Through the back
// office's route and the close the job runs. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer, createStaff, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations } from "../../test/ledger-invariants";
import { book, fundedUser } from "../bookings/bookings.test-kit";
import { closeDuePeriods } from "./settlements.service";
import { newOperator, statementsOf } from "./settlements.test-kit";

const HOUR = 3_600_000;
let ctx: TestContext;
let now = new Date("2026-11-25T09:00:00Z");
const db = () => ctx.database.db;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => now });
  admin = await createStaff(db(), "admin");
});
afterAll(() => ctx.close());

const close = async (operator: number, at: Date) =>
  (await closeDuePeriods({ db: db(), jobs: ctx.app.jobs }, at)).filter((s) => s.operatorId === operator);

async function sale(driver: TestUser, parkId: number) {
  const start = new Date(now.getTime() + 2 * HOUR);
  const res = await book(ctx.app, driver, {
    park_id: parkId,
    start,
    end: new Date(start.getTime() + 2 * HOUR),
  });
  expect(res.statusCode, res.body).toBe(201);
}

describe("a change of statement period", () => {
  it("lets the open weekly period close as a week, then closes by the calendar month", async () => {
    now = new Date("2026-11-25T09:00:00Z"); // Wednesday 25 November, 10:00 in Lagos
    const op = await newOperator(db(), { period: "weekly" });
    const park = op.parkIds[0]!;
    const driver = await fundedUser(db(), 100_000_000);
    await sale(driver, park);

    const set = await ctx.app.inject({
      method: "PUT",
      url: `/api/v1/admin/operators/${op.id}/settlement-period`,
      headers: bearer(admin),
      payload: { period: "monthly" },
    });
    expect(set.statusCode, set.body).toBe(200);
    // The open week ends on Monday 30 November, 00:00 in Lagos.
    expect(set.json().operator).toMatchObject({
      settlement_period: "weekly",
      next_settlement_period: { period: "monthly", from: "2026-11-29T23:00:00.000Z" },
    });

    const first = await close(op.id, new Date("2026-11-29T23:00:00Z"));
    expect(first).toHaveLength(1);
    now = new Date("2026-12-02T09:00:00Z");
    await sale(await fundedUser(db(), 100_000_000), park);
    // A week on: no weekly statement; the monthly periods, on the calendar's months, start with
    // the rest of November (its last day), then December, closed once it has ended.
    const early = await close(op.id, new Date("2026-12-07T00:00:00Z"));
    expect(early.map((s) => [s.periodStart.toISOString(), s.periodEnd.toISOString()])).toEqual([
      ["2026-11-29T23:00:00.000Z", "2026-11-30T23:00:00.000Z"],
    ]);
    expect(await close(op.id, new Date("2026-12-31T22:59:00Z"))).toEqual([]);
    expect(await close(op.id, new Date("2026-12-31T23:00:00Z"))).toHaveLength(1);
    const statements = await statementsOf(db(), op.id);
    expect(statements.map((s) => [s.period, s.period_start, s.period_end])).toEqual([
      ["weekly", "2026-11-22T23:00:00.000Z", "2026-11-29T23:00:00.000Z"],
      ["monthly", "2026-11-29T23:00:00.000Z", "2026-11-30T23:00:00.000Z"],
      ["monthly", "2026-11-30T23:00:00.000Z", "2026-12-31T23:00:00.000Z"],
    ]);
    // December's sale is in December's statement.
    expect(statements[2]!.sales_minor).toBeGreaterThan(0);
    expect(await ledgerViolations(db())).toEqual([]);
  });
});
