import { servedCountries } from "../reference/served-countries";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows, type Db } from "../../db/client";
import { createUser } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/harness";
import { ledgerViolations, receiptViolations } from "../../test/ledger-invariants";
import { chargeWallet, creditTopUp } from "../wallet/ledger.service";
import { pricedBody } from "./receipts.domain";
import { issueReceipt, numberReceipts } from "./receipts.service";

let ctx: TestContext;
let db: Db;
beforeAll(async () => {
  ctx = await createTestContext();
  db = ctx.database.db;
});
afterAll(() => ctx?.close());
afterEach(async () => {
  expect(await ledgerViolations(db)).toEqual([]);
  expect(await receiptViolations(db)).toEqual([]);
});

const AT = new Date("2026-12-31T22:30:00Z"); // 23:30 in Lagos: still 2026 there

/** Tops up and buys, each with its receipt, in one transaction per move. */
async function buy(userId: string, key: string, fail = false) {
  await db
    .transaction(async (tx) => {
      await creditTopUp(servedCountries(db), tx, {
        userId,
        currency: "NGN",
        amountMinor: 10_000_00,
        provider: "paystack",
        idempotencyKey: `topup:${key}`,
        reference: key,
        // The top-up writes its own receipt, at this time.
        at: AT,
      });
      const body = pricedBody(
        { parkingMinor: 1_500_00, serviceFeeMinor: 100_00, bookingFeeMinor: 75_00, taxMinor: 13_13 },
        { name: "VAT", rateBps: 750 },
        { kind: "parking", subject: "Harbourview" },
      );
      await issueReceipt(tx, {
        kind: "booking",
        userId,
        ledgerKey: `booking:${key}`,
        reference: key,
        countryId: 1,
        parkId: null,
        issuedAt: AT,
        currency: "NGN",
        decimals: 2,
        body,
        expectedMinor: 1_688_13,
      });
      await chargeWallet(tx, {
        userId,
        currency: "NGN",
        amountMinor: 1_688_13,
        idempotencyKey: `booking:${key}`,
      });
      if (fail) throw new Error("rolled back");
    })
    .catch((err: Error) => {
      if (err.message !== "rolled back") throw err;
    });
}

describe("receipts: issue and number", () => {
  it("numbers receipts in order of issue per country and year, without gaps when a purchase rolls back", async () => {
    const user = await createUser(db, { companyName: "Obi & Sons Ltd", companyTaxId: "TIN 1234" });
    await buy(user.id, "R1");
    await buy(user.id, "R2", true);
    await buy(user.id, "R3");
    expect(await numberReceipts(db)).toBe(4);
    expect(await numberReceipts(db)).toBe(0);
    const rows = await queryRows<{
      number: string;
      kind: string;
      buyer: { companyName: string };
      seller: { name: string };
    }>(db, sql`SELECT number, kind, buyer, seller FROM receipts WHERE user_id = ${user.id} ORDER BY id`);
    // 23:30 on 31 December in Lagos: the year of the seller's clock, not UTC's.
    expect(rows.map((r) => r.number)).toEqual([
      "NG-2026-000001",
      "NG-2026-000002",
      "NG-2026-000003",
      "NG-2026-000004",
    ]);
    expect(rows.map((r) => r.kind)).toEqual(["topup", "booking", "topup", "booking"]);
    expect(rows[1]!.buyer.companyName).toBe("Obi & Sons Ltd");
    expect(rows[1]!.seller.name).toBe("Parkwell Nigeria Ltd");
  });

  it("refuses to change or delete a receipt once written, but lets it be numbered once", async () => {
    const user = await createUser(db);
    await buy(user.id, "R9");
    await expect(
      db.execute(sql`UPDATE receipts SET total_minor = 1 WHERE reference = 'R9'`),
    ).rejects.toThrow();
    await numberReceipts(db);
    await expect(
      db.execute(sql`UPDATE receipts SET number = 'NG-2026-999999' WHERE reference = 'R9'`),
    ).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM receipts WHERE reference = 'R9'`)).rejects.toThrow();
  });
});
