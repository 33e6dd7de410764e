import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { createUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { chargeWallet, refundToWallet } from "../wallet/ledger.service";
import { receiptNumber, yearOn } from "./receipts.domain";
import { numberReceipts } from "./receipts.service";
import { bookingWithReceipt, topUpWithReceipt } from "./receipts.test-kit";

// Migration 0047 writes the credit notes of refunds posted before credit notes existed, by
// calling issue_missing_credit_notes(); these tests seed that old shape and call it again.
let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
});
afterAll(() => ctx?.close());

const BOUGHT = new Date("2026-12-01T07:00:00Z");

/**
 * The old shape: a booking paid with its receipt, then refunds posted to the wallet with no credit
 * note (ledger key `booking:<key>:<move>`, reference the booking's), each dated `at`.
 */
async function refundedWithoutNote(userId: string, key: string, refunds: { amount: number; at: Date }[]) {
  await db.transaction(async (tx) => {
    await topUpWithReceipt(db, tx, userId, key, BOUGHT);
    await bookingWithReceipt(tx, userId, key, BOUGHT);
  });
  for (const [i, r] of refunds.entries()) {
    const ledgerKey = `booking:${key}:${i + 2}`;
    await db.transaction(async (tx) => {
      await refundToWallet(tx, {
        userId,
        currency: "NGN",
        amountMinor: r.amount,
        idempotencyKey: ledgerKey,
        reference: key,
        description: `Booking refund ${key}`,
        revenueShard: 0,
      });
    });
    // The refund's own time (the ledger dates its moves by the database's clock).
    await db.execute(
      sql`UPDATE ledger_transactions SET created_at = ${r.at} WHERE idempotency_key = ${ledgerKey}`,
    );
  }
}

const run = async () => {
  const [row] = await queryRows<{ n: number }>(db, sql`SELECT issue_missing_credit_notes() AS n`);
  return Number(row!.n);
};

/** What the ledger holds, to show the migration moved no money. */
const ledgerState = () =>
  queryRows(
    db,
    sql`SELECT (SELECT count(*)::int FROM ledger_transactions) AS moves,
          (SELECT count(*)::int FROM ledger_entries) AS entries,
          (SELECT coalesce(sum(abs(balance_minor)), 0)::text FROM wallet_accounts) AS balances,
          (SELECT string_agg(key || '=' || balance_minor, ',' ORDER BY key) FROM wallet_accounts) AS accounts`,
  );

interface NoteRow {
  number: string | null;
  kind: string;
  issued_at: Date;
  reverses: string | null;
  total_minor: string;
  year: number;
  lines: { kind: string; subject?: string; amountMinor: number; detail?: string }[];
  taxes: { name: string; rateBps: number; baseMinor: number; amountMinor: number }[];
}
const notesOf = (reference: string) =>
  queryRows<NoteRow>(
    db,
    sql`SELECT r.number, r.kind, r.issued_at, o.ledger_key AS reverses, r.total_minor::text AS total_minor, r.year,
          r.lines, r.taxes
        FROM receipts r LEFT JOIN receipts o ON o.id = r.reverses_id
        WHERE r.reference = ${reference} AND r.kind = 'credit_note' ORDER BY r.id`,
  );

describe("credit notes of refunds made before credit notes existed (migration 0047)", () => {
  it("writes each one, dated at the refund, against the booking's receipt, numbered in its country's sequence; the ledger unchanged; once", async () => {
    const user = await createUser(db);
    const partAt = new Date("2026-12-02T09:15:00Z");
    // 23:30 UTC on 31 December is 00:30 on 1 January in Lagos: numbered in 2027, the seller's year.
    const restAt = new Date("2026-12-31T23:30:00Z");
    await refundedWithoutNote(user.id, "OLD-1", [
      { amount: 1_000_00, at: partAt },
      { amount: 688_13, at: restAt },
    ]);
    await numberReceipts(db);
    expect(await notesOf("OLD-1")).toEqual([]);
    const before = await ledgerState();

    expect(await run()).toBe(2);
    expect(await ledgerState()).toEqual(before);
    await numberReceipts(db);

    const [part, rest] = await notesOf("OLD-1");
    // A partial refund: the parking line of minus the refund, no tax (as a cancellation's).
    expect(part).toMatchObject({
      kind: "credit_note",
      reverses: "booking:OLD-1",
      total_minor: "-100000",
      year: 2026,
      lines: [{ kind: "parking", subject: "Harbourview", detail: "LAG-123-XY", amountMinor: -1_000_00 }],
      taxes: [],
    });
    expect(new Date(part!.issued_at).toISOString()).toBe(partAt.toISOString());
    // What was left: every line and the tax of the receipt and the earlier note, given back.
    expect(rest).toMatchObject({
      reverses: "booking:OLD-1",
      total_minor: "-68813",
      year: yearOn(restAt, "Africa/Lagos"),
      lines: [
        { kind: "parking", amountMinor: -500_00 },
        { kind: "service_fee", amountMinor: -100_00 },
        { kind: "booking_fee", amountMinor: -75_00 },
      ],
      taxes: [{ name: "VAT", rateBps: 750, baseMinor: -175_00, amountMinor: -13_13 }],
    });
    expect(rest!.year).toBe(2027);
    expect(new Date(rest!.issued_at).toISOString()).toBe(restAt.toISOString());

    // Numbered as the app numbers every receipt: the next of the country's counter for the year.
    const counters = await queryRows<{ year: number; last: number }>(
      db,
      sql`SELECT year, last_number AS last FROM receipt_sequences WHERE country_id = 1 AND year IN (2026, 2027) ORDER BY year`,
    );
    expect(part!.number).toBe(receiptNumber("NG", 2026, counters[0]!.last));
    expect(rest!.number).toBe(receiptNumber("NG", 2027, counters[1]!.last));

    expect(await run()).toBe(0);
    expect(await notesOf("OLD-1")).toHaveLength(2);
    expect(await ledgerViolations(db)).toEqual([]);
    expect(await receiptViolations(db)).toEqual([]);
  });

  it("leaves a refund whose purchase has no receipt (paid before receipts) without a note, and writes nothing else", async () => {
    const user = await createUser(db);
    await db.transaction(async (tx) => {
      await topUpWithReceipt(db, tx, user.id, "OLDER-1", BOUGHT);
      // Paid before receipts existed: a charge without its receipt.
      await chargeWallet(tx, {
        userId: user.id,
        currency: "NGN",
        amountMinor: 500_00,
        idempotencyKey: "booking:OLDER-1",
      });
      await refundToWallet(tx, {
        userId: user.id,
        currency: "NGN",
        amountMinor: 500_00,
        idempotencyKey: "booking:OLDER-1:2",
        reference: "OLDER-1",
        revenueShard: 0,
      });
    });
    const before = await ledgerState();
    expect(await run()).toBe(0);
    expect(await ledgerState()).toEqual(before);
    expect(await notesOf("OLDER-1")).toEqual([]);
  });
});
