/** The receipts' queries (features/receipts/receipts.service.ts says what they are for). */
import type { ReceiptKind } from "@parkwell/contract";
import { sql } from "drizzle-orm";
import { preparedRows, queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { ReceiptParty } from "../../lib/receipt-records";
import type { ReceiptBody, ReceiptIssue } from "./receipts.domain";

/**
 * Inserts a receipt with the seller and buyer as they are now; null when its ledger key has one
 * already. A named prepared statement built once (docs/decisions/009-prepared-statements.md):
 * every purchase runs it in its transaction, and parsing and planning its joins cost more than
 * running them.
 */
export async function insertReceipt(tx: Tx, r: ReceiptIssue): Promise<number | null> {
  const [row] = await insertReceiptStatement(tx, {
    issuedAt: r.issuedAt.toISOString(),
    kind: r.kind,
    ledgerKey: r.ledgerKey,
    reversesId: r.reversesId ?? null,
    reference: r.reference,
    currency: r.currency,
    decimals: r.decimals,
    lines: JSON.stringify(r.body.lines),
    taxes: JSON.stringify(r.body.taxes),
    total: r.expectedMinor,
    countryId: r.countryId,
    parkId: r.parkId,
    companyId: r.buyerCompanyId ?? null,
    userId: r.userId,
  });
  return row ? Number(row.id) : null;
}
const p = (name: string) => sql.placeholder(name);
const insertReceiptStatement = preparedRows<{ id: string | number }>(
  "receipt_insert",
  sql`
      INSERT INTO receipts (country_id, year, kind, user_id, ledger_key, reverses_id, reference, park_id,
        issued_at, time_zone, currency, decimals, seller, buyer, lines, taxes, total_minor)
      SELECT c.id, extract(year FROM ${p("issuedAt")}::timestamptz AT TIME ZONE c.timezone)::smallint,
        ${p("kind")}::text, u.id, ${p("ledgerKey")}::text, ${p("reversesId")}::bigint, ${p("reference")}::text, p.id,
        ${p("issuedAt")}::timestamptz, coalesce(p.time_zone, c.timezone), ${p("currency")}::text, ${p("decimals")}::int,
        jsonb_build_object('name', coalesce(b.legal_name, 'Parkwell ' || c.name), 'address', b.address,
          'taxId', b.tax_id, 'taxIds', b.tax_ids, 'email', coalesce(b.email, c.support_email)),
        CASE WHEN co.id IS NULL
          THEN jsonb_build_object('name', trim(u.first_name || ' ' || u.last_name), 'companyName', u.company_name,
            'address', u.company_address, 'taxId', u.company_tax_id, 'email', u.email)
          -- A company's purchase or top-up: the company is the buyer, the member who acted its name.
          ELSE jsonb_build_object('name', trim(u.first_name || ' ' || u.last_name), 'companyName', co.name,
            'address', co.address, 'taxId', co.tax_id, 'email', co.billing_email) END,
        ${p("lines")}::jsonb, ${p("taxes")}::jsonb, ${p("total")}::bigint
      FROM users u
      JOIN countries c ON c.id = ${p("countryId")}::int
      LEFT JOIN billing_entities b ON b.country_id = c.id
      LEFT JOIN parks p ON p.id = ${p("parkId")}::int
      LEFT JOIN companies co ON co.id = ${p("companyId")}::int
      WHERE u.id = ${p("userId")}::uuid
      ON CONFLICT (ledger_key) DO NOTHING
      RETURNING id`,
);

/** The receipt of a ledger move, by its idempotency key; null when none. */
export async function receiptIdOf(tx: Tx, ledgerKey: string): Promise<number | null> {
  const [row] = await queryRows<{ id: string | number }>(
    tx,
    sql`SELECT id FROM receipts WHERE ledger_key = ${ledgerKey}`,
  );
  return row ? Number(row.id) : null;
}

/**
 * Every receipt and credit note of one purchase (its reference), oldest first: what a full refund
 * reverses; a credit note's `reversesId` names the receipt it gives back part of.
 */
export async function bodiesOf(tx: Tx, userId: string, reference: string) {
  const rows = await queryRows<
    {
      id: string | number;
      kind: ReceiptKind;
      decimals: number;
      reverses_id: string | number | null;
    } & ReceiptBody
  >(
    tx,
    sql`SELECT id, kind, decimals, lines, taxes, reverses_id FROM receipts
        WHERE user_id = ${userId} AND reference = ${reference} ORDER BY id`,
  );
  return rows.map(({ reverses_id, ...r }) => ({
    ...r,
    id: Number(r.id),
    decimals: Number(r.decimals),
    reversesId: reverses_id === null ? null : Number(reverses_id),
  }));
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
 * `lock` false is for the race test's negative control only (receipts.race.api.test.ts).
 */
export async function numberPending(tx: Tx, country: number, years: number[], lock = true): Promise<number> {
  const list = `{${years.join(",")}}`;
  await tx.execute(sql`
    INSERT INTO receipt_sequences (country_id, year)
    SELECT ${country}, unnest(${list}::smallint[])
    ON CONFLICT DO NOTHING`);
  if (lock) {
    await tx.execute(sql`
      SELECT 1 FROM receipt_sequences
      WHERE country_id = ${country} AND year = ANY(${list}::smallint[])
      ORDER BY year FOR UPDATE`);
  }
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

const ROW = sql`r.id, r.number, r.kind, r.user_id AS "userId", r.reference, r.park_id AS "parkId",
  r.issued_at AS "issuedAt", r.time_zone AS "timeZone", r.currency, r.decimals, r.seller, r.buyer,
  r.lines, r.taxes, r.total_minor AS "totalMinor", o.number AS "reversesNumber"`;

export interface ReceiptRow extends ReceiptBody {
  id: number;
  number: string | null;
  kind: ReceiptKind;
  userId: string;
  reference: string;
  parkId: number | null;
  issuedAt: Date;
  timeZone: string;
  currency: string;
  decimals: number;
  seller: ReceiptParty;
  buyer: ReceiptParty;
  totalMinor: number;
  reversesNumber: string | null;
}

function row(r: ReceiptRow): ReceiptRow {
  return {
    ...r,
    id: Number(r.id),
    decimals: Number(r.decimals),
    totalMinor: Number(r.totalMinor),
    issuedAt: new Date(r.issuedAt),
  };
}

/** The countries in which `userId` has receipts still without a number. */
export async function unnumberedCountriesOf(db: Tx, userId: string): Promise<number[]> {
  const rows = await queryRows<{ country_id: number }>(
    db,
    sql`SELECT DISTINCT country_id FROM receipts WHERE number IS NULL AND user_id = ${userId}`,
  );
  return rows.map((r) => Number(r.country_id));
}

export interface ReceiptFilter {
  userId: string;
  /** First and last day, inclusive, on each receipt's own clock. */
  from?: string | undefined;
  to?: string | undefined;
  kind?: ReceiptKind | undefined;
  reference?: string | undefined;
}

/** One page of a user's numbered receipts, newest first, and how many match. */
export async function listReceipts(db: Tx, f: ReceiptFilter, limit: number, offset: number) {
  const where = sql.join(
    [
      sql`r.user_id = ${f.userId} AND r.number IS NOT NULL`,
      f.from ? sql`(r.issued_at AT TIME ZONE r.time_zone)::date >= ${f.from}::date` : undefined,
      f.to ? sql`(r.issued_at AT TIME ZONE r.time_zone)::date <= ${f.to}::date` : undefined,
      f.kind ? sql`r.kind = ${f.kind}` : undefined,
      f.reference ? sql`r.reference = ${f.reference}` : undefined,
    ].filter((part) => part !== undefined),
    sql` AND `,
  );
  const rows = await queryRows<ReceiptRow & { total: string | number }>(
    db,
    sql`SELECT ${ROW}, count(*) OVER () AS total FROM receipts r LEFT JOIN receipts o ON o.id = r.reverses_id
        WHERE ${where} ORDER BY r.issued_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  const total = rows[0] ? Number(rows[0].total) : offset > 0 ? await countReceipts(db, where) : 0;
  return { rows: rows.map(row), total };
}

async function countReceipts(db: Tx, where: ReturnType<typeof sql.join>): Promise<number> {
  const [r] = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM receipts r WHERE ${where}`,
  );
  return Number(r?.n ?? 0);
}

/** A user's receipt by number, with the numbers of the credit notes against it; null when not theirs. */
export async function findReceipt(db: Tx, userId: string, number: string) {
  const [found] = await queryRows<ReceiptRow>(
    db,
    sql`SELECT ${ROW} FROM receipts r LEFT JOIN receipts o ON o.id = r.reverses_id
        WHERE r.number = ${number} AND r.user_id = ${userId}`,
  );
  if (!found) return null;
  const notes = await queryRows<{ number: string }>(
    db,
    sql`SELECT number FROM receipts WHERE reverses_id = ${found.id} AND number IS NOT NULL ORDER BY id`,
  );
  return { receipt: row(found), creditNotes: notes.map((n) => n.number) };
}

/**
 * The receipt a purchase's e-mail names: its ledger move's (`ledgerKey`), or the newest credit
 * note among the moves whose key starts with `creditNoteOf` (`order:<id>:`); null when none.
 */
export async function receiptForMail(db: Tx, where: { ledgerKey: string } | { creditNoteOf: string }) {
  const [found] = await queryRows<{ number: string | null; kind: ReceiptKind; country_id: number }>(
    db,
    "ledgerKey" in where
      ? sql`SELECT number, kind, country_id FROM receipts WHERE ledger_key = ${where.ledgerKey}`
      : sql`SELECT number, kind, country_id FROM receipts
            WHERE ledger_key LIKE ${`${where.creditNoteOf}%`} AND kind = 'credit_note'
            ORDER BY id DESC LIMIT 1`,
  );
  return found ? { ...found, country_id: Number(found.country_id) } : null;
}
