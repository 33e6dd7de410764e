// A generated month of mixed activity across three operators and two currencies (issue #65):
// bookings, extensions, cancellations' refunds, renewals, monthly passes, event spaces and drive-up
// sales at the gate. Each operator's statement is summed against the ledger, the receipts and credit
// notes, and the drive-up sales themselves, to the minor unit. On PGlite and PostgreSQL; time is the
// app's clock, moved day by day.
import { addDays, bpsOf, dayOnClock, type Booking, type PosSale } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../db/client";
import { createEvent } from "../../test/events";
import { bearer, createStaff, signInAgain, type TestUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { book, extend, fundedUser, setCapacity, setStatus } from "../bookings/bookings.test-kit";
import { bookEvent } from "../bookings/event-bookings.test-kit";
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
  /** Its attendant at its parks, who records the drive-up sales. */
  attendant: TestUser;
  /** Its monthly plan, at its first park, and that park's clock. */
  planId: number;
  zone: string;
}
const ops: Op[] = [];

beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => now });
  const admin = await createStaff(db(), "admin");
  for (const [countryId, currency] of [
    [1, "NGN"],
    [1, "NGN"],
    [2, "CAD"],
  ] as const) {
    const op = await newOperator(db(), { period: "monthly", countryId, parks: 2 });
    for (const p of op.parkIds) await setCapacity(db(), p, 1, 500);
    const [park] = await queryRows<{ time_zone: string }>(
      db(),
      sql`SELECT time_zone FROM parks WHERE id = ${op.parkIds[0]!}`,
    );
    const plan = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/admin/plans",
      headers: bearer(admin),
      payload: {
        park_id: op.parkIds[0],
        name: { en: "Commuter", fr: "Navetteur" },
        windows: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "07:00", end: "19:00" })),
        prices: [{ vehicle_type_id: 1, monthly_price: currency === "NGN" ? 40_000 : 180 }],
        allocation: 50,
        status: "on_sale",
      },
    });
    expect(plan.statusCode, plan.body).toBe(201);
    ops.push({
      id: op.id,
      currency,
      parkIds: op.parkIds,
      attendant: await createStaff(db(), "employee", { operatorId: op.id, parkIds: op.parkIds }),
      planId: plan.json<{ id: number }>().id,
      zone: park!.time_zone,
    });
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

let plates = 0;

/** A monthly pass on the operator's plan from tomorrow on its park's clock. */
async function pass(op: Op, driver: TestUser): Promise<void> {
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/v1/passes",
    headers: bearer(driver),
    payload: {
      plan_id: op.planId,
      vehicle_type_id: 1,
      plates: [`PAS${++plates}`],
      start_date: addDays(dayOnClock(now, op.zone), 1),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** An event at the operator's second park two days ahead, and a space booked for it. */
async function eventSpace(op: Op, driver: TestUser): Promise<void> {
  const parkId = op.parkIds[1]!;
  const ev = await createEvent(db(), {
    start: new Date(now.getTime() + 50 * HOUR),
    end: new Date(now.getTime() + 53 * HOUR),
    operatorId: op.id,
    parks: [{ parkId, offers: [{ allocation: 5 }] }],
  });
  const res = await bookEvent(ctx.app, driver, {
    event_code: ev.code,
    park_id: parkId,
    plate_number: `EVT${++plates}`,
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** A car parked at the gate now and paid in cash `hours` later (the app's clock moved on). */
async function driveUp(op: Op, parkId: number, hours: number): Promise<void> {
  // Signed in again on the day: a session started on the 1st has lapsed by the month's end.
  op.attendant = await signInAgain(db(), op.attendant);
  const post = (url: string, payload: object) =>
    ctx.app.inject({ method: "POST", url: `/api/v1${url}`, headers: bearer(op.attendant), payload });
  const parked = await post("/admin/pos-sales", {
    park_id: parkId,
    vehicle_type_id: 1,
    plate_number: `DRV${++plates}`,
  });
  expect(parked.statusCode, parked.body).toBe(201);
  now = new Date(now.getTime() + hours * HOUR);
  const code = parked.json<{ sale: PosSale }>().sale.sale_code;
  const paid = await post(`/admin/pos-sales/${code}/close`, { payment_method: "cash" });
  expect(paid.statusCode, paid.body).toBe(200);
}

/** The space lines of a receipt (parking, pass, overstay): what an operator's share is of. */
const SPACE = ["parking", "pass", "overstay"];

describe("a month of mixed activity, three operators, two currencies", () => {
  it("closes each operator's month into a statement that matches its ledger, its receipts and its drive-up sales to the minor unit", async () => {
    // Every day of March on each operator's parks: an hourly booking, a daily one every third day,
    // an extension every fourth, a cancellation (a refund) every fifth, renewed every tenth; a
    // monthly pass every ninth day, an event space every eleventh, a drive-up sale every seventh.
    for (let day = 0; day < 31; day += 1) {
      for (const [i, op] of ops.entries()) {
        now = new Date(MONTH_START.getTime() + day * DAY + (7 + i) * HOUR);
        const driver = await driverFor(op);
        const park = op.parkIds[day % op.parkIds.length]!;
        const hourly = await booked(driver, park, 2 * HOUR, 1 + (day % 3));
        if (day % 3 === 0) await booked(driver, park, 6 * HOUR, 26);
        if (day % 4 === 0) {
          const end = new Date(new Date(hourly.end_time).getTime() + 2 * HOUR);
          const res = await extend(ctx.app, driver, hourly, end);
          expect(res.statusCode, res.body).toBe(200);
        }
        if (day % 5 === 0) {
          expect((await setStatus(ctx.app, driver, hourly.id, "cancelled")).statusCode).toBe(200);
          if (day % 10 === 0)
            expect((await setStatus(ctx.app, driver, hourly.id, "active")).statusCode).toBe(200);
        }
        if (day % 9 === 4) await pass(op, driver);
        if (day % 11 === 5) await eventSpace(op, driver);
        if (day % 7 === 3) await driveUp(op, park, 1 + (day % 3));
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
      const inMarch = (column: string) =>
        sql`${sql.raw(column)} >= ${march!.period_start}::timestamptz AND ${sql.raw(column)} < ${march!.period_end}::timestamptz`;

      // The receipts and credit notes issued at its parks in March, read on their own.
      const receipts = await queryRows<{
        id: string;
        kind: string;
        lines: { kind: string; amountMinor: number }[];
      }>(
        db(),
        sql`SELECT id::text, kind, lines FROM receipts
            WHERE park_id = ANY(${sql.param(op.parkIds)}::int[]) AND ${inMarch("issued_at")}
            ORDER BY receipts.id`,
      );
      const grossOf = (r: (typeof receipts)[number]) =>
        r.lines.filter((l) => SPACE.includes(l.kind)).reduce((s, l) => s + l.amountMinor, 0);
      // Every kind of sale was made, and refunds.
      expect(new Set(receipts.map((r) => r.kind))).toEqual(
        new Set(["booking", "extension", "renewal", "credit_note", "pass", "event_booking"]),
      );
      // The drive-up sales paid at its gates in March, read on their own.
      const driveUps = await queryRows<{ sale_code: string; amount_minor: string }>(
        db(),
        sql`SELECT sale_code, amount_minor::text FROM pos_sales
            WHERE park_id = ANY(${sql.param(op.parkIds)}::int[]) AND status = 'closed' AND ${inMarch("closed_at")}
            ORDER BY sale_code`,
      );
      expect(driveUps.length).toBeGreaterThan(0);
      const sold = receipts.filter((r) => r.kind !== "credit_note");
      const notes = receipts.filter((r) => r.kind === "credit_note");
      const collectedMinor = driveUps.reduce((s, d) => s + Number(d.amount_minor), 0);
      const salesMinor = sold.reduce((s, r) => s + grossOf(r), 0) + collectedMinor;
      const refundsMinor = notes.reduce((s, r) => s + grossOf(r), 0);
      const commissionMinor =
        receipts.reduce((s, r) => s + bpsOf(grossOf(r), 1500), 0) +
        driveUps.reduce((s, d) => s + bpsOf(Number(d.amount_minor), 1500), 0);
      expect(march).toMatchObject({
        sales_minor: salesMinor,
        refunds_minor: refundsMinor,
        collected_minor: collectedMinor,
        commission_minor: commissionMinor,
        adjustments_minor: 0,
        payouts_minor: 0,
        closing_minor: salesMinor + refundsMinor - collectedMinor - commissionMinor,
      });

      // Each receipt and each drive-up sale is one line of the statement, and it has no other.
      const lines = await queryRows<{
        receipt_id: string | null;
        reference: string;
        gross: string;
        number: string | null;
      }>(
        db(),
        sql`SELECT l.receipt_id::text, l.reference, l.gross_minor::text AS gross, r.number
            FROM operator_lines l LEFT JOIN receipts r ON r.id = l.receipt_id
            WHERE l.settlement_id = ${march!.id} ORDER BY l.receipt_id, l.reference`,
      );
      const receipted = lines.filter((l) => l.receipt_id !== null);
      expect(receipted.map((l) => [l.receipt_id, Number(l.gross)])).toEqual(
        receipts.map((r) => [r.id, grossOf(r)]),
      );
      expect(receipted.every((l) => l.number !== null)).toBe(true);
      expect(lines.filter((l) => l.receipt_id === null).map((l) => [l.reference, Number(l.gross)])).toEqual(
        driveUps.map((d) => [d.sale_code, Number(d.amount_minor)]),
      );

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
