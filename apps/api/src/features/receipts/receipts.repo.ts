/** The receipts' queries (features/receipts/receipts.service.ts says what they are for). */
import type { ReceiptKind } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { ReceiptBody, ReceiptIssue } from "./receipts.domain";

/** Inserts a receipt with the seller and buyer as they are now; null when its ledger key has one already. */
export async function insertReceipt(tx: Tx, r: ReceiptIssue): Promise<number | null> {
  const [row] = await queryRows<{ id: string | number }>(
    tx,
    sql`
      INSERT INTO receipts (country_id, year, kind, user_id, ledger_key, reverses_id, reference, park_id,
        issued_at, time_zone, currency, decimals, seller, buyer, lines, taxes, total_minor)
      SELECT c.id, extract(year FROM ${r.issuedAt}::timestamptz AT TIME ZONE c.timezone)::smallint,
        ${r.kind}, u.id, ${r.ledgerKey}, ${r.reversesId ?? null}, ${r.reference}, p.id,
        ${r.issuedAt}::timestamptz, coalesce(p.time_zone, c.timezone), ${r.currency}, ${r.decimals},
        jsonb_build_object('name', coalesce(b.legal_name, 'Parkwell ' || c.name), 'address', b.address,
          'taxId', b.tax_id, 'email', coalesce(b.email, c.support_email)),
        jsonb_build_object('name', trim(u.first_name || ' ' || u.last_name), 'companyName', u.company_name,
          'address', u.company_address, 'taxId', u.company_tax_id, 'email', u.email),
        ${JSON.stringify(r.body.lines)}::jsonb, ${JSON.stringify(r.body.taxes)}::jsonb, ${r.expectedMinor}
      FROM users u
      JOIN countries c ON c.id = ${r.countryId}
      LEFT JOIN billing_entities b ON b.country_id = c.id
      LEFT JOIN parks p ON p.id = ${r.parkId}
      WHERE u.id = ${r.userId}
      ON CONFLICT (ledger_key) DO NOTHING
      RETURNING id`,
  );
  return row ? Number(row.id) : null;
}

/** The receipt of a ledger move, by its idempotency key; null when none. */
export async function receiptIdOf(tx: Tx, ledgerKey: string): Promise<number | null> {
  const [row] = await queryRows<{ id: string | number }>(
    tx,
    sql`SELECT id FROM receipts WHERE ledger_key = ${ledgerKey}`,
  );
  return row ? Number(row.id) : null;
}

/** Every receipt and credit note of one purchase (its reference), oldest first: what a full refund reverses. */
export async function bodiesOf(tx: Tx, userId: string, reference: string) {
  const rows = await queryRows<{ id: string | number; kind: ReceiptKind } & ReceiptBody>(
    tx,
    sql`SELECT id, kind, lines, taxes FROM receipts
        WHERE user_id = ${userId} AND reference = ${reference} ORDER BY id`,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** The countries and years that have receipts without a number (only `countryId`'s when given). */
export function pendingYears(db: Tx, countryId?: number) {
  return queryRows<{ country_id: number; year: number }>(
    db,
    sql`SELECT DISTINCT country_id, year FROM receipts
        WHERE number IS NULL ${countryId === undefined ? sql`` : sql`AND country_id = ${countryId}`}`,
  );
}

/**
 * In the caller's transaction: locks the country's counters of `years` (made when missing), then
 * numbers the receipts committed by then after each counter's last number and moves it on.
 */
export async function numberPending(tx: Tx, country: number, years: number[]): Promise<number> {
  const list = `{${years.join(",")}}`;
  await tx.execute(sql`
    INSERT INTO receipt_sequences (country_id, year)
    SELECT ${country}, unnest(${list}::smallint[])
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`
    SELECT 1 FROM receipt_sequences
    WHERE country_id = ${country} AND year = ANY(${list}::smallint[])
    ORDER BY year FOR UPDATE`);
  // A new statement: it sees every receipt committed before the lock was granted.
  const done = await queryRows<{ n: string | number }>(
    tx,
    sql`
      WITH pending AS (
        SELECT r.id, r.year, s.last_number + row_number() OVER (PARTITION BY r.year ORDER BY r.id) AS seq
        FROM receipts r
        JOIN receipt_sequences s ON s.country_id = r.country_id AND s.year = r.year
        WHERE r.country_id = ${country} AND r.number IS NULL
          AND r.year = ANY(${list}::smallint[])
      ), numbered AS (
        UPDATE receipts r
        SET sequence = p.seq, number = c.code || '-' || p.year || '-'
          || CASE WHEN p.seq < 1000000 THEN lpad(p.seq::text, 6, '0') ELSE p.seq::text END
        FROM pending p, countries c
        WHERE r.id = p.id AND c.id = r.country_id
        RETURNING r.year
      ), counted AS (
        UPDATE receipt_sequences s SET last_number = s.last_number + n.count
        FROM (SELECT year, count(*) AS count FROM numbered GROUP BY year) n
        WHERE s.country_id = ${country} AND s.year = n.year
        RETURNING n.count
      )
      SELECT coalesce(sum(count), 0) AS n FROM counted`,
  );
  return Number(done[0]?.n ?? 0);
}
