/**
 * Company money in a test's database, moved the way the product moves it. A company purchase here
 * does what a company-paid checkout does, in one
 * transaction, a ledger move from the company's account to revenue (`booking:<id>:1`), the
 * booking's receipt (the body of a real priced booking, receipts.test-kit bookingBody) naming the
 * company as buyer, and its `company_charges` row (company-pay.api.test.ts buys through the real
 * checkout too).
 */
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/client";
import { servedCountries } from "../reference/served-countries";
import { bookingBody } from "../receipts/receipts.test-kit";
import { totalOf } from "../receipts/receipts.domain";
import { issueReceipt } from "../receipts/receipts.service";
import { companyWalletKey, revenueKey } from "../wallet/ledger.domain";
import { postTransfer } from "../wallet/ledger.service";
import { insertCharge } from "./company-wallet.repo";
import { companyTopUps } from "./company-wallet.service";

/** A Lagos park and a vehicle type it takes (the demo seed's). */
export async function lagosPark(db: Db): Promise<{ parkId: number; vehicleTypeId: number }> {
  const [row] = await queryRows<{ park_id: number; vehicle_type_id: number }>(
    db,
    sql`SELECT p.id AS park_id, pc.vehicle_type_id FROM parks p
        JOIN park_capacities pc ON pc.park_id = p.id
        JOIN countries c ON c.id = p.country_id
        WHERE c.id = 1 ORDER BY p.id, pc.vehicle_type_id LIMIT 1`,
  );
  if (!row) throw new Error("no Lagos park in the seed");
  return { parkId: Number(row.park_id), vehicleTypeId: Number(row.vehicle_type_id) };
}

export interface CompanyPurchase {
  bookingId: string;
  bookingCode: string;
  ledgerKey: string;
  totalMinor: number;
}

/**
 * A member's company-paid booking at a Lagos park (NGN), bought at `at`: the booking row, the
 * move from the company account, its receipt naming the company and its company_charges row.
 */
export async function companyBooking(
  db: Db,
  o: {
    companyId: number;
    member: { id: string; memberId: number };
    costCentre?: string;
    at: Date;
    status?: "active" | "completed" | "cancelled";
  },
): Promise<CompanyPurchase> {
  const { parkId, vehicleTypeId } = await lagosPark(db);
  const body = bookingBody(1);
  const totalMinor = totalOf(body);
  const bookingId = randomUUID();
  const bookingCode = `PK${bookingId.slice(0, 8).toUpperCase()}`;
  const ledgerKey = `booking:${bookingId}:1`;
  const start = new Date(o.at.getTime() + 3_600_000);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  await db.transaction(async (tx) => {
    await queryRows(
      tx,
      sql`INSERT INTO bookings (id, booking_code, user_id, park_id, vehicle_type_id, plate_number, start_time,
            end_time, status, currency, total_minor, paid_minor, breakdown, created_at)
          VALUES (${bookingId}, ${bookingCode}, ${o.member.id}, ${parkId}, ${vehicleTypeId},
            ${`KIT-${bookingId.slice(0, 6)}`}, ${start.toISOString()}::timestamptz, ${end.toISOString()}::timestamptz,
            ${o.status ?? "completed"}, 'NGN', ${totalMinor}, ${totalMinor}, '{}'::jsonb, ${o.at.toISOString()}::timestamptz)
          RETURNING id`,
    );
    await postTransfer(tx, {
      kind: "booking_charge",
      idempotencyKey: ledgerKey,
      reference: bookingCode,
      lines: [
        {
          account: { key: companyWalletKey(o.companyId, "NGN"), kind: "company_wallet", currency: "NGN" },
          amountMinor: -totalMinor,
        },
        {
          account: { key: revenueKey("NGN"), kind: "platform_revenue", currency: "NGN" },
          amountMinor: totalMinor,
        },
      ],
    });
    await issueReceipt(tx, {
      kind: "booking",
      userId: o.member.id,
      ledgerKey,
      reference: bookingCode,
      countryId: 1,
      parkId,
      issuedAt: o.at,
      currency: "NGN",
      decimals: 2,
      body,
      expectedMinor: totalMinor,
      buyerCompanyId: o.companyId,
    });
    await insertCharge(tx, {
      companyId: o.companyId,
      memberId: o.member.memberId,
      userId: o.member.id,
      costCentre: o.costCentre ?? "",
      kind: "booking",
      ledgerKey,
      reference: bookingCode,
      currency: "NGN",
      amountMinor: totalMinor,
      at: o.at,
    });
  });
  return { bookingId, bookingCode, ledgerKey, totalMinor };
}

/** Credits the company's NGN account as a settled top-up does (companyTopUps.credit), without a provider. */
export async function fundCompany(
  db: Db,
  companyId: number,
  userId: string,
  amountMinor: number,
  at: Date,
): Promise<string> {
  const reference = `PWC-${companyId}-${randomUUID().slice(0, 8)}`;
  await db.transaction((tx) =>
    companyTopUps.credit(servedCountries(db), tx, {
      companyId,
      userId,
      provider: "paystack",
      currency: "NGN",
      amountMinor,
      idempotencyKey: `topup:paystack:${reference}`,
      reference,
      at,
    }),
  );
  return `topup:paystack:${reference}`;
}

/** The sum of the company account's ledger entries of these moves (negative: what it paid). */
export async function companyLedgerSum(db: Db, companyId: number, ledgerKeys: string[]): Promise<number> {
  if (ledgerKeys.length === 0) return 0;
  const [row] = await queryRows<{ s: string | number | null }>(
    db,
    sql`SELECT sum(e.amount_minor) AS s FROM ledger_entries e
        JOIN wallet_accounts a ON a.id = e.account_id
        JOIN ledger_transactions t ON t.id = e.transaction_id
        WHERE a.key = ${companyWalletKey(companyId, "NGN")}
          AND t.idempotency_key IN (${sql.join(
            ledgerKeys.map((k) => sql`${k}`),
            sql`, `,
          )})`,
  );
  return Number(row?.s ?? 0);
}

/**
 * A bare ledger move of `minor` from the company's NGN account to revenue under `key` (no receipt,
 * no charge row): what the floor tests charge, the way ledger_post sees any company charge.
 */
export function chargeCompanyAccount(db: Db, companyId: number, key: string, minor: number) {
  return db.transaction((tx) =>
    postTransfer(tx, {
      kind: "adjustment",
      idempotencyKey: key,
      lines: [
        {
          account: { key: companyWalletKey(companyId, "NGN"), kind: "company_wallet", currency: "NGN" },
          amountMinor: -minor,
        },
        {
          account: { key: revenueKey("NGN"), kind: "platform_revenue", currency: "NGN" },
          amountMinor: minor,
        },
      ],
    }),
  );
}
