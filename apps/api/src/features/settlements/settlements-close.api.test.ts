// A period's close (issue #65, decision 056): each operator's statement per currency and period on
// its country's clock, made from the shares that real bookings posted. On PGlite and PostgreSQL.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { signInAgain, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations } from "../../test/ledger-invariants";
import { book, fundedUser, setStatus } from "../bookings/bookings.test-kit";
import { postOperatorMove } from "./operator-ledger.service";
import { closeDuePeriods } from "./settlements.service";
import { newOperator, statementsOf, type StatementFacts } from "./settlements.test-kit";

const HOUR = 3_600_000;
let ctx: TestContext;
/** The app's clock: each test sets it where its story happens. */
let now = new Date("2026-11-25T09:00:00Z");
const db = () => ctx.database.db;
let operator = 0;
/** Closes what ended by `at` (every operator's), answering the statements of the test's operator. */
const close = async (at: Date) =>
  (await closeDuePeriods({ db: db(), jobs: ctx.app.jobs }, at)).filter((s) => s.operatorId === operator);

beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => now });
});
afterAll(() => ctx.close());

/** A booking of `hours` at `parkId` starting `startsIn` after the clock's now; its id and price. */
async function booked(driver: TestUser, parkId: number, startsIn: number, hours = 2) {
  const start = new Date(now.getTime() + startsIn);
  const res = await book(ctx.app, driver, {
    park_id: parkId,
    start,
    end: new Date(start.getTime() + hours * HOUR),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: string; booking_code: string }>();
}

/** The operator's lines: kind, gross, commission, amount and statement. */
async function linesOf(operatorId: number) {
  return queryRows<{
    kind: string;
    gross_minor: string;
    commission_minor: string;
    amount_minor: string;
    settlement_id: string | null;
  }>(
    db(),
    sql`SELECT kind, gross_minor, commission_minor, amount_minor, settlement_id FROM operator_lines
      WHERE operator_id = ${operatorId} ORDER BY id`,
  );
}

describe("a weekly operator", () => {
  it("closes Monday to Monday on its country's clock, once, with each sale's gross, commission and share", async () => {
    now = new Date("2026-11-25T09:00:00Z"); // Wednesday 25 November, 10:00 in Lagos
    const op = await newOperator(db(), { period: "weekly" });
    operator = op.id;
    const park = op.parkIds[0]!;
    const driver = await fundedUser(db());
    await booked(driver, park, 2 * HOUR);
    await booked(driver, park, 3 * HOUR);
    const lines = await linesOf(op.id);
    expect(lines.map((l) => l.kind)).toEqual(["sale", "sale"]);
    const gross = lines.reduce((s, l) => s + Number(l.gross_minor), 0);
    const commission = lines.reduce((s, l) => s + Number(l.commission_minor), 0);
    expect(gross).toBeGreaterThan(0);
    expect(commission).toBe(
      lines.reduce((s, l) => s + Math.round((Number(l.gross_minor) * 1500) / 10_000), 0),
    );

    // Monday 30 November 00:00 in Lagos is 29 November 23:00 UTC: not ended at 22:59 UTC.
    expect(await close(new Date("2026-11-29T22:59:00Z"))).toEqual([]);
    const closed = await close(new Date("2026-11-29T23:00:00Z"));
    expect(closed).toHaveLength(1);
    const [s] = await statementsOf(db(), op.id);
    expect(s).toMatchObject<Partial<StatementFacts>>({
      currency: "NGN",
      period: "weekly",
      period_start: "2026-11-22T23:00:00.000Z",
      period_end: "2026-11-29T23:00:00.000Z",
      time_zone: "Africa/Lagos",
      opening_minor: 0,
      sales_minor: gross,
      refunds_minor: 0,
      collected_minor: 0,
      commission_minor: commission,
      adjustments_minor: 0,
      payouts_minor: 0,
      closing_minor: gross - commission,
    });
    expect((await linesOf(op.id)).map((l) => Number(l.settlement_id))).toEqual([s!.id, s!.id]);

    // A second run (or a second process) closes nothing more.
    expect(await close(new Date("2026-11-30T10:00:00Z"))).toEqual([]);
    expect(await statementsOf(db(), op.id)).toHaveLength(1);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it("puts a refund made after the close into the next statement, and carries the balance", async () => {
    now = new Date("2026-11-25T09:00:00Z");
    const op = await newOperator(db(), { period: "weekly" });
    operator = op.id;
    const park = op.parkIds[0]!;
    const driver = await fundedUser(db());
    const later = await booked(driver, park, 10 * 24 * HOUR); // 5 December
    await close(new Date("2026-11-30T00:00:00Z"));
    const [first] = await statementsOf(db(), op.id);
    expect(first!.closing_minor).toBeGreaterThan(0);

    now = new Date("2026-12-01T09:00:00Z"); // more than an hour before the start: a whole refund
    const cancelled = await setStatus(ctx.app, await signInAgain(db(), driver), later.id, "cancelled");
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const refund = (await linesOf(op.id)).find((l) => l.kind === "refund");
    expect(refund).toMatchObject({ settlement_id: null });
    expect(Number(refund!.gross_minor)).toBe(-first!.sales_minor);

    await close(new Date("2026-12-07T00:00:00Z"));
    const [, second] = await statementsOf(db(), op.id);
    expect(second).toMatchObject({
      period_start: "2026-11-29T23:00:00.000Z",
      period_end: "2026-12-06T23:00:00.000Z",
      opening_minor: first!.closing_minor,
      sales_minor: 0,
      refunds_minor: -first!.sales_minor,
      commission_minor: -first!.commission_minor,
      closing_minor: 0,
    });
    // Nothing carried and nothing new: the following week gets no statement.
    expect(await close(new Date("2026-12-20T00:00:00Z"))).toEqual([]);
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it("carries a negative balance (a refund after a payout) from period to period until it is made good", async () => {
    now = new Date("2026-11-25T09:00:00Z");
    const op = await newOperator(db(), { period: "weekly" });
    operator = op.id;
    const park = op.parkIds[0]!;
    const driver = await fundedUser(db());
    const later = await booked(driver, park, 10 * 24 * HOUR);
    const [week1] = await close(new Date("2026-11-30T00:00:00Z"));
    // The closed balance is paid out (as the payout job does: a move out of the operator's account).
    await db().transaction((tx) =>
      postOperatorMove(tx, {
        operatorId: op.id,
        currency: "NGN",
        kind: "payout",
        ledgerKind: "payout",
        ledgerKey: `test-payout:${op.id}`,
        shard: 0,
        counterAccount: { key: "payouts:demo:NGN", kind: "provider_clearing", currency: "NGN" },
        amountMinor: -week1!.closingMinor,
        grossMinor: 0,
        commissionMinor: 0,
        reference: `PO-${op.id}`,
        occurredAt: new Date("2026-11-30T08:00:00Z"),
      }),
    );
    now = new Date("2026-12-01T09:00:00Z");
    expect(
      (await setStatus(ctx.app, await signInAgain(db(), driver), later.id, "cancelled")).statusCode,
    ).toBe(200);

    // Three weeks closed at once, in order: the refund's week, then two with only the debt carried.
    const closed = await close(new Date("2026-12-21T00:00:00Z"));
    expect(closed.map((s) => s.periodStart.toISOString())).toEqual([
      "2026-11-29T23:00:00.000Z",
      "2026-12-06T23:00:00.000Z",
      "2026-12-13T23:00:00.000Z",
    ]);
    const owed = -week1!.closingMinor;
    expect(closed[0]).toMatchObject({
      openingMinor: week1!.closingMinor,
      payoutsMinor: owed,
      closingMinor: owed,
    });
    expect(closed[1]).toMatchObject({ openingMinor: owed, salesMinor: 0, closingMinor: owed });
    expect(closed[2]).toMatchObject({ openingMinor: owed, closingMinor: owed });
    expect(await ledgerViolations(db())).toEqual([]);
  });
});

describe("a monthly operator", () => {
  it("closes on the 1st on its country's clock: a sale at 23:30 on 30 November UTC is December's in Lagos", async () => {
    now = new Date("2026-11-30T21:00:00Z"); // 22:00 in Lagos, still November
    const op = await newOperator(db(), { period: "monthly" });
    operator = op.id;
    const park = op.parkIds[0]!;
    const driver = await fundedUser(db());
    await booked(driver, park, 2 * HOUR);
    now = new Date("2026-11-30T23:30:00Z"); // 00:30 on 1 December in Lagos
    await booked(driver, park, 2 * HOUR);
    const [nov, dec] = (await linesOf(op.id)).map((l) => Number(l.gross_minor));

    const closed = await close(new Date("2026-12-01T00:00:00Z"));
    expect(closed).toHaveLength(1);
    expect(closed[0]).toMatchObject({
      periodStart: new Date("2026-10-31T23:00:00Z"),
      periodEnd: new Date("2026-11-30T23:00:00Z"),
      salesMinor: nov,
    });
    expect(await close(new Date("2026-12-31T22:59:00Z"))).toEqual([]);
    const [december] = await close(new Date("2026-12-31T23:00:00Z"));
    expect(december).toMatchObject({
      periodStart: new Date("2026-11-30T23:00:00Z"),
      periodEnd: new Date("2026-12-31T23:00:00Z"),
      openingMinor: closed[0]!.closingMinor,
      salesMinor: dec,
    });
    expect(await ledgerViolations(db())).toEqual([]);
  });

  it("puts a line committed late with an earlier instant into the next statement, never lost, never twice", async () => {
    now = new Date("2026-10-10T09:00:00Z");
    const op = await newOperator(db(), { period: "monthly" });
    operator = op.id;
    const park = op.parkIds[0]!;
    const driver = await fundedUser(db());
    await booked(driver, park, 2 * HOUR);
    await close(new Date("2026-11-01T00:00:00Z"));
    // An adjustment dated in October, committed after October's close.
    await db().transaction((tx) =>
      postOperatorMove(tx, {
        operatorId: op.id,
        currency: "NGN",
        kind: "adjustment",
        ledgerKind: "operator_adjustment",
        ledgerKey: `test-adjustment:${op.id}`,
        shard: 0,
        counterAccount: { key: "revenue:NGN", kind: "platform_revenue", currency: "NGN" },
        amountMinor: 1234,
        grossMinor: 0,
        commissionMinor: 0,
        note: "Late October correction",
        occurredAt: new Date("2026-10-20T09:00:00Z"),
      }),
    );
    const [nov] = await close(new Date("2026-12-01T00:00:00Z"));
    expect(nov).toMatchObject({ adjustmentsMinor: 1234, salesMinor: 0 });
    const statements = await statementsOf(db(), op.id);
    expect(statements).toHaveLength(2);
    expect(new Set((await linesOf(op.id)).map((l) => l.settlement_id)).size).toBe(2);
    expect(await ledgerViolations(db())).toEqual([]);
  });
  it("is closed by the settlements-close job on the app's clock", async () => {
    now = new Date("2026-08-10T09:00:00Z");
    const op = await newOperator(db(), { period: "monthly" });
    operator = op.id;
    await booked(await fundedUser(db()), op.parkIds[0]!, 2 * HOUR);
    now = new Date("2026-08-31T22:59:00Z"); // 23:59 on 31 August in Lagos: not ended
    await ctx.app.jobs.send(db(), "settlements-close", {});
    await ctx.app.jobs.runDue(["settlements-close"]);
    expect(await statementsOf(db(), op.id)).toEqual([]);
    now = new Date("2026-08-31T23:05:00Z");
    await ctx.app.jobs.send(db(), "settlements-close", {});
    await ctx.app.jobs.runDue(["settlements-close"]);
    const statements = await statementsOf(db(), op.id);
    expect(statements.map((s) => s.period_start)).toEqual(["2026-07-31T23:00:00.000Z"]);
    expect(await ledgerViolations(db())).toEqual([]);
  });
});
