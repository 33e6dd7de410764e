import { DEFAULT_COMMISSION_BPS, type Booking } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { operatorId } from "../../test/factories";
import { createEvent } from "../../test/events";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import {
  allDayPark,
  allDayParks,
  at,
  book,
  extend,
  fundedUser,
  HOUR,
  setCapacity,
  setStatus,
} from "../bookings/bookings.test-kit";
import { bookEvent } from "../bookings/event-bookings.test-kit";
import { passPlans, passRequest } from "../passes/passes.test-kit";
import { bearer, createStaff } from "../../test/factories";
import { createCoupon } from "../../test/coupons";
import { shareOf } from "./operator-ledger.domain";

let ctx: TestContext;
let db: Db;
let harbourview: number;
/** Two Nigerian parks open all day: one Harbourview runs, one Parkwell runs itself. */
let park: number;
let ownPark: number;

interface Line {
  kind: string;
  ledger_key: string;
  receipt_id: number | null;
  park_id: number | null;
  product: string | null;
  reference: string | null;
  gross_minor: number;
  commission_bps: number | null;
  commission_minor: number;
  amount_minor: number;
}

async function linesOf(reference: string): Promise<Line[]> {
  return (
    await queryRows<Line>(
      db,
      sql`SELECT kind, ledger_key, receipt_id::int, park_id, product, reference, gross_minor::int, commission_bps,
            commission_minor::int, amount_minor::int
          FROM operator_lines WHERE reference = ${reference} ORDER BY id`,
    )
  ).map((l) => ({ ...l }));
}

/** The operator's balance in a currency: the sum of its account's shards. */
async function operatorBalance(operator: number, currency = "NGN"): Promise<number> {
  const [row] = await queryRows<{ sum: string | null }>(
    db,
    sql`SELECT sum(balance_minor)::text AS sum FROM wallet_accounts
        WHERE kind = 'owner_payable' AND key LIKE ${`operator:${operator}:${currency}:%`}`,
  );
  return Number(row?.sum ?? 0);
}

/** A receipt's space lines (parking, pass, overstay): what the operator's share is of. */
async function grossOfReceipt(id: number): Promise<number> {
  const [row] = await queryRows<{ gross: string }>(
    db,
    sql`SELECT coalesce(sum((l->>'amountMinor')::bigint), 0)::text AS gross
        FROM receipts r, jsonb_array_elements(r.lines) l
        WHERE r.id = ${id} AND l->>'kind' IN ('parking', 'pass', 'overstay')`,
  );
  return Number(row!.gross);
}

/** The commission and share a line of gross `gross` carries at the seeded 15 %. */
const shareOfLine = (gross: number) => {
  const { commissionMinor, shareMinor } = shareOf(gross, 1500);
  return { commission_minor: commissionMinor, amount_minor: shareMinor };
};

async function newBooking(start: Date, end: Date, where = park): Promise<Booking> {
  const user = await fundedUser(db);
  const res = await book(ctx.app, user, { park_id: where, start, end, plate_number: "LAG 65 OP" });
  expect(res.statusCode, res.body).toBe(201);
  return Object.assign(res.json<Booking>(), { user });
}

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  harbourview = await operatorId(db, "Harbourview Parking Ltd");
  park = await allDayPark(db, { operatorId: harbourview });
  // A park of another operator, made Parkwell's own in this test's database.
  const [, other] = await allDayParks(db, 2);
  ownPark = other === park ? (await allDayParks(db, 1, { countryId: 2 }))[0]! : other!;
  await db.execute(sql`UPDATE parks SET operator_id = NULL WHERE id = ${ownPark}`);
  await setCapacity(db, park, 1, 100);
  await setCapacity(db, ownPark, 1, 100);
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
});

describe("an operator's share of what Parkwell sells at its parks", () => {
  it("credits the operator with the parking less the country's 15% commission, in the booking's transaction, with its receipt", async () => {
    const before = await operatorBalance(harbourview);
    const b = await newBooking(at(3 * HOUR), at(5 * HOUR));
    const [line] = await linesOf(b.booking_code);
    const [receipt] = await queryRows<{ id: number }>(
      db,
      sql`SELECT id FROM receipts WHERE ledger_key = ${`booking:${b.id}:1`}`,
    );
    const gross = await grossOfReceipt(receipt!.id);
    expect(gross).toBeGreaterThan(0);
    const { commissionMinor, shareMinor } = shareOf(gross, 1500);
    expect(line).toMatchObject({
      kind: "sale",
      ledger_key: `share:booking:${b.id}:1`,
      receipt_id: Number(receipt!.id),
      park_id: park,
      product: "hourly",
      gross_minor: gross,
      commission_bps: 1500,
      commission_minor: commissionMinor,
      amount_minor: shareMinor,
    });
    expect((await operatorBalance(harbourview)) - before).toBe(shareMinor);
    // Against the revenue shard the charge used, and the operator's shard of the same number.
    const accounts = async (key: string) =>
      (
        await queryRows<{ key: string }>(
          db,
          sql`SELECT a.key FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
              JOIN wallet_accounts a ON a.id = e.account_id WHERE t.idempotency_key = ${key} ORDER BY a.key`,
        )
      ).map((r) => r.key);
    const revenue = (await accounts(`booking:${b.id}:1`)).find((k) => k.startsWith("revenue:"))!;
    expect(revenue).toMatch(/^revenue:NGN:\d+$/);
    expect(await accounts(`share:booking:${b.id}:1`)).toEqual([
      `operator:${harbourview}:NGN:${revenue.split(":")[2]}`,
      revenue,
    ]);
  });

  it("moves nothing for a park Parkwell runs itself", async () => {
    const b = await newBooking(at(3 * HOUR), at(4 * HOUR), ownPark);
    expect(await linesOf(b.booking_code)).toEqual([]);
  });

  it("shares an extension, takes back the share of a cancellation's refund, and shares the renewal", async () => {
    const b = await newBooking(at(3 * HOUR), at(5 * HOUR));
    const user = (b as Booking & { user: Parameters<typeof extend>[1] }).user;
    expect((await extend(ctx.app, user, b, at(7 * HOUR))).statusCode).toBe(200);
    expect((await setStatus(ctx.app, user, b.id, "cancelled")).statusCode).toBe(200);
    expect((await setStatus(ctx.app, user, b.id, "active")).statusCode).toBe(200);
    const lines = await linesOf(b.booking_code);
    expect(lines.map((l) => [l.kind, l.ledger_key])).toEqual([
      ["sale", `share:booking:${b.id}:1`],
      ["sale", `share:booking:${b.id}:2`],
      ["refund", `share:booking:${b.id}:3`],
      ["sale", `share:booking:${b.id}:4`],
    ]);
    for (const l of lines) {
      expect(l.gross_minor).toBe(await grossOfReceipt(l.receipt_id!));
      expect(l.commission_minor).toBe(shareOf(l.gross_minor, 1500).commissionMinor);
      expect(l.amount_minor).toBe(l.gross_minor - l.commission_minor);
    }
    expect(lines[2]!.gross_minor).toBeLessThan(0);
  });

  it("uses the operator's own rate for the product from its instant on, and reverses a sale at the rate it was made at", async () => {
    const b = await newBooking(at(30 * HOUR), at(32 * HOUR));
    const user = (b as Booking & { user: Parameters<typeof setStatus>[1] }).user;
    // From now on Harbourview pays 10% on hourly bookings; 20% on every product from tomorrow.
    await db.execute(sql`INSERT INTO commission_rates (operator_id, product, rate_bps, effective_from)
      VALUES (${harbourview}, 'hourly', 1000, ${new Date().toISOString()}::timestamptz),
             (${harbourview}, NULL, 2000, ${at(24 * HOUR).toISOString()}::timestamptz)`);
    try {
      const later = await newBooking(at(40 * HOUR), at(41 * HOUR));
      expect((await linesOf(later.booking_code))[0]).toMatchObject({
        product: "hourly",
        commission_bps: 1000,
      });
      // The first booking was sold at 15% before the operator's rate: its refund is taken back at 15%.
      expect((await setStatus(ctx.app, user, b.id, "cancelled")).statusCode).toBe(200);
      const [sale, refund] = await linesOf(b.booking_code);
      expect(sale).toMatchObject({ commission_bps: 1500 });
      expect(refund).toMatchObject({ kind: "refund", commission_bps: 1500 });
    } finally {
      await db.execute(sql`DELETE FROM commission_rates WHERE operator_id = ${harbourview}`);
    }
  });

  it("calls a booking with a whole day block daily, and an event space an event", async () => {
    const day = await newBooking(at(60 * HOUR), at(90 * HOUR));
    expect((await linesOf(day.booking_code))[0]).toMatchObject({ product: "daily" });
    const ev = await createEvent(db, {
      start: at(150 * HOUR),
      end: at(153 * HOUR),
      parks: [{ parkId: park, offers: [{ allocation: 5 }] }],
    });
    const user = await fundedUser(db);
    const res = await bookEvent(ctx.app, user, {
      event_code: ev.code,
      park_id: park,
      plate_number: "EVT 65",
    });
    expect(res.statusCode, res.body).toBe(201);
    const [line] = await linesOf(res.json<Booking>().booking_code);
    expect(line).toMatchObject({ kind: "sale", product: "event", commission_bps: 1500 });
  });

  it("shares a monthly pass as a pass", async () => {
    const plans = await passPlans(ctx);
    const plan = await plans.planAt();
    const user = await fundedUser(db, 100_000_000);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/passes",
      headers: bearer(user),
      payload: passRequest(plan.id),
    });
    expect(res.statusCode, res.body).toBe(201);
    const pass = res.json<{ id: number; pass_code: string }>();
    const [sale] = await linesOf(pass.pass_code);
    expect(sale).toMatchObject({ kind: "sale", product: "pass", park_id: plan.parkId, commission_bps: 1500 });
    expect(sale!.ledger_key).toMatch(/^share:pass:/);
    expect(sale!.gross_minor).toBe(await grossOfReceipt(sale!.receipt_id!));
  });

  it("rounds the commission in the database as the application does, and falls back to the seeded default", async () => {
    const cases = [1, 3, 5, 7, 333, 12_345, 99_999, 1_000_001].flatMap((g) => [g, -g]);
    for (const bps of [0, 1, 1500, 1234, 2500, 3333, 5000, 10_000]) {
      const rows = await queryRows<{ g: string; c: string }>(
        db,
        sql`SELECT g::text, commission_of(g, ${bps})::text AS c FROM unnest(${sql.param(cases)}::bigint[]) g`,
      );
      for (const r of rows)
        expect([bps, Number(r.c)]).toEqual([bps, shareOf(Number(r.g), bps).commissionMinor]);
    }
    const [none] = await queryRows<{ rate_bps: number }>(
      db,
      sql`SELECT rate_bps FROM operator_sale(${park}, 'no-such-move', 'no-such-code', NULL, '2019-01-01T00:00:00Z')`,
    );
    expect(none!.rate_bps).toBe(DEFAULT_COMMISSION_BPS);
  });

  it("takes a refund back from the operator the sale was shared with, after the park moved to another", async () => {
    const other = await operatorId(db, "Citypark Nigeria");
    const b = await newBooking(at(200 * HOUR), at(202 * HOUR));
    const user = (b as Booking & { user: Parameters<typeof setStatus>[1] }).user;
    await db.execute(sql`UPDATE parks SET operator_id = ${other} WHERE id = ${park}`);
    try {
      expect((await setStatus(ctx.app, user, b.id, "cancelled")).statusCode).toBe(200);
      const later = await newBooking(at(210 * HOUR), at(211 * HOUR));
      const lines = await queryRows<{ kind: string; operator_id: number }>(
        db,
        sql`SELECT kind, operator_id FROM operator_lines WHERE reference IN (${b.booking_code}, ${later.booking_code}) ORDER BY id`,
      );
      expect(lines).toEqual([
        { kind: "sale", operator_id: harbourview },
        { kind: "refund", operator_id: harbourview },
        { kind: "sale", operator_id: other },
      ]);
    } finally {
      await db.execute(sql`UPDATE parks SET operator_id = ${harbourview} WHERE id = ${park}`);
    }
  });

  it("shares the parking before a coupon's discount: Parkwell funds its promotions", async () => {
    const admin = await createStaff(db, "admin");
    const coupon = await createCoupon(ctx.app, admin, { kinds: ["booking"], discount: 20 });
    const user = await fundedUser(db);
    const res = await book(ctx.app, user, {
      park_id: park,
      start: at(300 * HOUR),
      end: at(302 * HOUR),
      plate_number: "LAG 65 CP",
      coupon_code: coupon.code,
    });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json<Booking>();
    const [line] = await linesOf(b.booking_code);
    const [receipt] = await queryRows<{ lines: { kind: string; amountMinor: number }[] }>(
      db,
      sql`SELECT lines FROM receipts WHERE id = ${line!.receipt_id}`,
    );
    const discount = receipt!.lines.find((l) => l.kind === "discount")!.amountMinor;
    const parking = receipt!.lines.find((l) => l.kind === "parking")!.amountMinor;
    expect(discount).toBeLessThan(0);
    expect(line).toMatchObject({ gross_minor: parking, ...shareOfLine(parking) });
  });
});
