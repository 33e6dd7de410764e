/**
 * Receipts made the way a purchase makes them, for the receipts' own tests: a ledger move and its
 * receipt in one transaction (issueReceipt), so the tests need no purchase path.
 */
import { servedCountries } from "../reference/served-countries";
import { sql } from "drizzle-orm";
import { queryRows, type Db } from "../../db/client";
import type { Tx } from "../../db/tx";
import { chargeWallet, creditTopUp } from "../wallet/ledger.service";
import { pricedBody, type ReceiptBody } from "./receipts.domain";
import { issueReceipt } from "./receipts.service";

export const LAGOS_PARK_TAX = { name: "VAT", rateBps: 750 };

/** A country's facts the kit needs: 1 Nigeria (NGN, 2 decimals), 3 Senegal (XOF, none). */
export const KIT_COUNTRIES = {
  1: { currency: "NGN", decimals: 2, topUp: 10_000_00 },
  3: { currency: "XOF", decimals: 0, topUp: 100_000 },
} as const;
export type KitCountry = keyof typeof KIT_COUNTRIES;

/** The booking body the kit sells: parking 1,500, service fee 100, booking fee 75, VAT 7.5% on the fees. */
export function bookingBody(country: KitCountry, subject = "Harbourview"): ReceiptBody {
  const k = country === 1 ? 100 : 1;
  return pricedBody(
    {
      parkingMinor: 1_500 * k,
      serviceFeeMinor: 100 * k,
      bookingFeeMinor: 75 * k,
      taxMinor: country === 1 ? 13_13 : 13,
    },
    LAGOS_PARK_TAX,
    {
      kind: "parking",
      subject,
      from: "2026-12-01T08:00:00.000Z",
      to: "2026-12-01T10:00:00.000Z",
      quantity: 1,
      detail: "LAG-123-XY",
    },
  );
}

const sum = (body: ReceiptBody) =>
  body.lines.reduce((s, l) => s + l.amountMinor, 0) + body.taxes.reduce((s, t) => s + t.amountMinor, 0);

/** Inside `tx`: a top-up, whose receipt the wallet writes with it (ledger key `topup:<key>`, reference `key`). */
export async function topUpWithReceipt(
  db: Db,
  tx: Tx,
  userId: string,
  key: string,
  at: Date,
  country: KitCountry = 1,
): Promise<void> {
  const c = KIT_COUNTRIES[country];
  await creditTopUp(servedCountries(db), tx, {
    userId,
    currency: c.currency,
    amountMinor: c.topUp,
    provider: "paystack",
    idempotencyKey: `topup:${key}`,
    reference: key,
    at,
  });
}

/**
 * Inside `tx`: a booking's charge and its receipt (ledger key `booking:<key>`, reference `key`),
 * with the kit's body or `body` (its lines as a test writes them).
 */
export async function bookingWithReceipt(
  tx: Tx,
  userId: string,
  key: string,
  at: Date,
  country: KitCountry = 1,
  body: ReceiptBody = bookingBody(country),
): Promise<void> {
  const c = KIT_COUNTRIES[country];
  await chargeWallet(tx, {
    userId,
    currency: c.currency,
    amountMinor: sum(body),
    idempotencyKey: `booking:${key}`,
  });
  await issueReceipt(tx, {
    kind: "booking",
    userId,
    ledgerKey: `booking:${key}`,
    reference: key,
    countryId: country,
    parkId: null,
    issuedAt: at,
    currency: c.currency,
    decimals: c.decimals,
    body,
    expectedMinor: sum(body),
  });
}

/** A top-up then a booking, each with its receipt, committed (or, with `fail`, rolled back together). */
export async function buy(
  db: Db,
  userId: string,
  key: string,
  at: Date,
  country: KitCountry = 1,
  fail = false,
) {
  await db
    .transaction(async (tx) => {
      await topUpWithReceipt(db, tx, userId, key, at, country);
      await bookingWithReceipt(tx, userId, key, at, country);
      if (fail) throw new Error("rolled back");
    })
    .catch((err: Error) => {
      if (err.message !== "rolled back") throw err;
    });
}

/** What a ledger move took from the user's wallet (positive), as ledger_entries hold it. */
export async function ledgerTaken(db: Db, ledgerKey: string): Promise<number> {
  const [row] = await queryRows<{ taken: string | number | null }>(
    db,
    sql`SELECT -sum(e.amount_minor) AS taken FROM ledger_entries e
        JOIN ledger_transactions t ON t.id = e.transaction_id
        JOIN wallet_accounts a ON a.id = e.account_id
        WHERE t.idempotency_key = ${ledgerKey} AND a.kind = 'user_wallet'`,
  );
  return Number(row?.taken ?? 0);
}

/** A receipt's number by the ledger key of its move (null: none, or not numbered yet). */
export async function numberOf(db: Db, ledgerKey: string): Promise<string | null> {
  const [row] = await queryRows<{ number: string | null }>(
    db,
    sql`SELECT number FROM receipts WHERE ledger_key = ${ledgerKey}`,
  );
  return row?.number ?? null;
}
