/**
 * The payouts report (issue #65): per operator and currency, its balance now (the sum of its
 * account's shards), what its statements closed in the range left unpaid, its payouts paid, on
 * their way, held and failed; scoped like every report (a branch manager sees its operator only);
 * its CSV export. The statements and the payout are written as the close and the payout job write
 * them (the payout's move through postOperatorMove), so the ledger's invariants hold after each test.
 */
import type { Booking, PayoutsRow } from "@parkwell/contract";
import { addDays, dayOnClock } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../../db/client";
import { bearer, createStaff, operatorId, parksOf, type TestUser } from "../../../test/factories";
import { createTestContext, type TestContext } from "../../../test/harness";
import { ledgerViolations } from "../../../test/ledger-invariants";
import { allDayPark, book, fundedUser, HOUR } from "../../bookings/bookings.test-kit";
import { postOperatorMove } from "../../settlements/operator-ledger.service";

let ctx: TestContext;
let db: Db;
let admin: TestUser;
let manager: TestUser;
let harbourview: number;
let citypark: number;
let hvPark: number;
let cpPark: number;
const today = () => dayOnClock(new Date(), "Africa/Lagos");

beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
  admin = await createStaff(db, "admin");
  harbourview = await operatorId(db, "Harbourview Parking Ltd");
  citypark = await operatorId(db, "Citypark Nigeria");
  hvPark = await allDayPark(db, { operatorId: harbourview });
  cpPark = await allDayPark(db, { operatorId: citypark });
  manager = await createStaff(db, "branch_manager", {
    operatorId: harbourview,
    parkIds: await parksOf(db, harbourview),
  });
});
afterAll(async () => {
  await ctx?.close();
});
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
});

async function sale(parkId: number): Promise<void> {
  const driver = await fundedUser(db);
  const start = new Date(Math.ceil((Date.now() + 30 * HOUR) / 60_000) * 60_000);
  const res = await book(ctx.app, driver, {
    park_id: parkId,
    start,
    end: new Date(start.getTime() + 2 * HOUR),
  });
  expect(res.statusCode, res.body).toBe(201);
  res.json<Booking>();
}

/** Closes the operator's open lines into a statement (as the period's close does): its closing. */
async function closeStatement(operator: number): Promise<{ id: number; closing: number }> {
  const [sums] = await queryRows<{ sales: string; commission: string; closing: string }>(
    db,
    sql`SELECT COALESCE(sum(gross_minor), 0)::text AS sales, COALESCE(sum(commission_minor), 0)::text AS commission,
        COALESCE(sum(amount_minor), 0)::text AS closing
      FROM operator_lines WHERE operator_id = ${operator} AND currency = 'NGN' AND settlement_id IS NULL`,
  );
  const [prev] = await queryRows<{ closing: string }>(
    db,
    sql`SELECT closing_minor::text AS closing FROM settlements WHERE operator_id = ${operator} ORDER BY period_start DESC LIMIT 1`,
  );
  const opening = Number(prev?.closing ?? 0);
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`INSERT INTO settlements (operator_id, currency, period, period_start, period_end, time_zone, opening_minor,
        sales_minor, refunds_minor, commission_minor, collected_minor, adjustments_minor, payouts_minor, closing_minor, closed_at)
      VALUES (${operator}, 'NGN', 'monthly', now() - interval '40 days' + ${opening > 0 ? sql`interval '1 day'` : sql`interval '0 day'`},
        now() - interval '1 hour', 'Africa/Lagos', ${opening}, ${Number(sums!.sales)}, 0, ${Number(sums!.commission)}, 0, 0, 0,
        ${opening + Number(sums!.closing)}, now())
      RETURNING id`,
  );
  await db.execute(
    sql`UPDATE operator_lines SET settlement_id = ${row!.id} WHERE operator_id = ${operator} AND settlement_id IS NULL`,
  );
  return { id: Number(row!.id), closing: opening + Number(sums!.closing) };
}

const report = (user: TestUser, query = "") =>
  ctx.app.inject({
    url: `/api/v1/admin/reports/payouts?from=${addDays(today(), -1)}&to=${addDays(today(), 1)}&size=100${query}`,
    headers: bearer(user),
  });
const rowOf = (items: PayoutsRow[], operator: number) => items.find((r) => r.operator_id === operator);

describe("the payouts report", () => {
  it("gives each operator's balance, owed, paid, held and failed, with totals per currency", async () => {
    await sale(hvPark);
    const hv = await closeStatement(harbourview);
    // A sale after the close: in the balance, not yet in a statement.
    await sale(hvPark);
    await sale(cpPark);
    const cp = await closeStatement(citypark);
    // Citypark's statement paid through the provider: its account down by the payout.
    await db.transaction(async (tx) => {
      const [p] = await queryRows<{ id: number }>(
        tx,
        sql`INSERT INTO payouts (operator_id, settlement_id, currency, amount_minor, provider, status, idempotency_key, sent_at, settled_at)
          VALUES (${citypark}, ${cp.id}, 'NGN', ${cp.closing}, 'demo', 'paid', ${`test-payout-${cp.id}`}, now(), now())
          RETURNING id`,
      );
      await postOperatorMove(tx, {
        operatorId: citypark,
        currency: "NGN",
        kind: "payout",
        ledgerKind: "payout",
        ledgerKey: `payout:${p!.id}`,
        shard: 0,
        counterAccount: { key: "payouts:demo:NGN", kind: "provider_clearing", currency: "NGN" },
        amountMinor: -cp.closing,
        grossMinor: 0,
        commissionMinor: 0,
        reference: `PO-${p!.id}`,
        occurredAt: new Date(),
      });
    });

    const res = await report(admin);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<{ items: PayoutsRow[]; totals: Record<string, number | string>[] }>();
    const [hvBalance] = await queryRows<{ b: string }>(
      db,
      sql`SELECT sum(balance_minor)::text AS b FROM wallet_accounts WHERE key LIKE ${`operator:${harbourview}:NGN:%`}`,
    );
    expect(Number(hvBalance!.b)).toBeGreaterThan(hv.closing);
    expect(rowOf(page.items, harbourview)).toEqual({
      operator_id: harbourview,
      operator: "Harbourview Parking Ltd",
      country_code: "NG",
      time_zone: "Africa/Lagos",
      currency: "NGN",
      balance: Number(hvBalance!.b) / 100,
      owed: hv.closing / 100,
      paid: 0,
      in_transit: 0,
      held: 0,
      held_reason: null,
      failed: 0,
    });
    expect(rowOf(page.items, citypark)).toMatchObject({
      balance: 0,
      owed: 0,
      paid: cp.closing / 100,
      failed: 0,
    });
    const ngn = page.totals.find((t) => t.currency === "NGN")!;
    const ngnRows = page.items.filter((r) => r.currency === "NGN");
    expect(ngn.count).toBe(ngnRows.length);
    for (const k of ["balance", "owed", "paid", "held", "failed"] as const) {
      expect(Math.round(Number(ngn[k]) * 100), k).toBe(
        ngnRows.reduce((s, r) => s + Math.round(r[k] * 100), 0),
      );
    }

    // An admin's hold: the balance is held, with its reason.
    await db.execute(
      sql`UPDATE operators SET payouts_held_reason = 'Disputed refunds', payouts_held_at = now() WHERE id = ${harbourview}`,
    );
    try {
      const held = rowOf((await report(admin)).json<{ items: PayoutsRow[] }>().items, harbourview)!;
      expect(held).toMatchObject({ held: Number(hvBalance!.b) / 100, held_reason: "Disputed refunds" });
    } finally {
      await db.execute(
        sql`UPDATE operators SET payouts_held_reason = NULL, payouts_held_at = NULL WHERE id = ${harbourview}`,
      );
    }
  });

  it("shows a branch manager its own operator only; another operator's park is a 404", async () => {
    const res = await report(manager);
    expect(res.statusCode).toBe(200);
    const items = res.json<{ items: PayoutsRow[] }>().items;
    expect(items.length).toBeGreaterThan(0);
    expect(new Set(items.map((r) => r.operator_id))).toEqual(new Set([harbourview]));
    expect((await report(manager, `&park_id=${cpPark}`)).statusCode).toBe(404);
    const onePark = await report(admin, `&park_id=${cpPark}`);
    expect(onePark.json<{ items: PayoutsRow[] }>().items.map((r) => r.operator_id)).toEqual([citypark]);
  });

  it("exports the rows as CSV", async () => {
    const res = await report(admin, "&format=csv");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const lines = res.body.slice(1).trim().split("\r\n");
    expect(lines[0]).toBe(
      "Country,Operator ID,Operator,Currency,Balance,Owed,Paid,In transit,Held,Held because,Failed",
    );
    expect(lines.some((l) => l.startsWith(`NG,${harbourview},Harbourview Parking Ltd,NGN,`))).toBe(true);
  });
});
