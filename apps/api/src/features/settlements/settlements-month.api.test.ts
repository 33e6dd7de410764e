// A generated month of mixed activity across three operators and two currencies (issue #65): each
// operator's statement, summed against the ledger and against the receipts and credit notes
// themselves, to the minor unit. On PGlite and PostgreSQL; time is the app's clock, moved day by day.
import { bpsOf, type Booking } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import type { TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { book, extend, fundedUser, setCapacity, setStatus } from "../bookings/bookings.test-kit";
import { numberReceipts } from "../receipts/receipts.service";
import { closeDuePeriods } from "./settlements.service";
import { newOperator, statementsOf } from "./settlements.test-kit";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 1 March 2027, 00:00 in Lagos; Toronto's clocks go forward on the 14th. */
const MONTH_START = new Date("2027-02-28T23:00:00Z");
let now = new Date(MONTH_START.getTime() + 8 * HOUR);
let ctx: TestContext;
const db = () => ctx.database.db;

interface Op {
  id: number;
  currency: string;
  parkIds: number[];
}
const ops: Op[] = [];

beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => now });
  for (const [countryId, currency] of [
    [1, "NGN"],
    [1, "NGN"],
    [2, "CAD"],
  ] as const) {
    const op = await newOperator(db(), { period: "monthly", countryId, parks: 2 });
    for (const p of op.parkIds) await setCapacity(db(), p, 1, 500);
    ops.push({ id: op.id, currency, parkIds: op.parkIds });
  }
});
afterAll(() => ctx.close());

/** A driver of the operator's currency with enough for a month of parking. */
const driverFor = (op: Op): Promise<TestUser> => fundedUser(db(), 1_000_000_000, op.currency);

async function booked(driver: TestUser, parkId: number, startsIn: number, hours: number): Promise<Booking> {
  const start = new Date(now.getTime() + startsIn);
  const res = await book(ctx.app, driver, {
    park_id: parkId,
    start,
    end: new Date(start.getTime() + hours * HOUR),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

/** The space lines of a receipt (parking, pass, overstay): what an operator's share is of. */
const SPACE = ["parking", "pass", "overstay"];

describe("a month of mixed activity, three operators, two currencies", () => {
  it("closes each operator's month into a statement that matches its ledger lines and its receipts to the minor unit", async () => {
    // Every day of March on each operator's parks: an hourly booking, a daily one every third day,
    // an extension every fourth, a cancellation (a refund) every fifth, renewed every tenth.
    for (let day = 0; day < 31; day += 1) {
      for (const [i, op] of ops.entries()) {
        now = new Date(MONTH_START.getTime() + day * DAY + (7 + i) * HOUR);
        const driver = await driverFor(op);
        const park = op.parkIds[day % op.parkIds.length]!;
        const hourly = await booked(driver, park, 2 * HOUR, 1 + (day % 3));
        if (day % 3 === 0) await booked(driver, park, 6 * HOUR, 26);
        if (day % 4 === 0) {
          const res = await extend(
            ctx.app,
            driver,
            hourly,
            new Date(new Date(hourly.end_time).getTime() + 2 * HOUR),
          );
          expect(res.statusCode, res.body).toBe(200);
        }
        if (day % 5 === 0) {
          expect((await setStatus(ctx.app, driver, hourly.id, "cancelled")).statusCode).toBe(200);
          if (day % 10 === 0)
            expect((await setStatus(ctx.app, driver, hourly.id, "active")).statusCode).toBe(200);
        }
      }
    }
    // 1 April, after midnight on every operator's clock (Toronto's is 04:00 UTC in summer time).
    now = new Date("2027-04-01T04:30:00Z");
    await closeDuePeriods({ db: db(), jobs: ctx.app.jobs }, now);
    await numberReceipts(db());

    for (const op of ops) {
      const [march, ...rest] = await statementsOf(db(), op.id);
      expect(rest).toEqual([]);
      const zone = op.currency === "CAD" ? "America/Toronto" : "Africa/Lagos";
      expect(march).toMatchObject({
        currency: op.currency,
        period: "monthly",
        time_zone: zone,
        opening_minor: 0,
      });

      // The receipts and credit notes issued at its parks in March, read on their own.
      const receipts = await queryRows<{
        id: string;
        kind: string;
        number: string | null;
        lines: { kind: string; amountMinor: number }[];
      }>(
        db(),
        sql`SELECT id::text, kind, number, lines FROM receipts
            WHERE park_id = ANY(${sql.param(op.parkIds)}::int[])
              AND issued_at >= ${march!.period_start}::timestamptz AND issued_at < ${march!.period_end}::timestamptz
            ORDER BY receipts.id`,
      );
      expect(receipts.length).toBeGreaterThan(31);
      const grossOf = (r: (typeof receipts)[number]) =>
        r.lines.filter((l) => SPACE.includes(l.kind)).reduce((s, l) => s + l.amountMinor, 0);
      const sales = receipts.filter((r) => r.kind !== "credit_note");
      const notes = receipts.filter((r) => r.kind === "credit_note");
      expect(notes.length).toBeGreaterThan(0);
      const salesMinor = sales.reduce((s, r) => s + grossOf(r), 0);
      const refundsMinor = notes.reduce((s, r) => s + grossOf(r), 0);
      const commissionMinor = receipts.reduce((s, r) => s + bpsOf(grossOf(r), 1500), 0);
      expect(march).toMatchObject({
        sales_minor: salesMinor,
        refunds_minor: refundsMinor,
        commission_minor: commissionMinor,
        collected_minor: 0,
        adjustments_minor: 0,
        payouts_minor: 0,
        closing_minor: salesMinor + refundsMinor - commissionMinor,
      });

      // Each of those receipts is one line of the statement, and the statement has no other line.
      const lines = await queryRows<{
        receipt_id: string;
        number: string | null;
        gross: string;
        amount: string;
      }>(
        db(),
        sql`SELECT l.receipt_id::text, r.number, l.gross_minor::text AS gross, l.amount_minor::text AS amount
            FROM operator_lines l JOIN receipts r ON r.id = l.receipt_id
            WHERE l.settlement_id = ${march!.id} ORDER BY l.receipt_id`,
      );
      expect(lines.map((l) => [l.receipt_id, Number(l.gross)])).toEqual(
        receipts.map((r) => [r.id, grossOf(r)]),
      );
      expect(lines.every((l) => l.number !== null)).toBe(true);

      // And its closing balance is what the ledger holds for the operator in that currency.
      const [ledger] = await queryRows<{ sum: string }>(
        db(),
        sql`SELECT coalesce(sum(balance_minor), 0)::text AS sum FROM wallet_accounts
            WHERE kind = 'owner_payable' AND key LIKE ${`operator:${op.id}:${op.currency}:%`}`,
      );
      expect(Number(ledger!.sum)).toBe(march!.closing_minor);
    }
    expect(await ledgerViolations(db())).toEqual([]);
    expect(await receiptViolations(db())).toEqual([]);
  });
});
