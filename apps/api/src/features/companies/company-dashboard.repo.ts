/**
 * The company dashboard's and statement's queries: everything starts from `company_charges` (one
 * row per company-paid ledger move) and joins what the move was (a booking, a receipt) on its
 * ledger key. Months are on the company's home clock (`tz`): [first day 00:00, next month's).
 */
import { sql, type SQL } from "drizzle-orm";
import { queryRows } from "../../db/client";
import type { Tx } from "../../db/tx";
import type { ReceiptTaxRecord } from "../../lib/receipt-records";

/** `at` falls in `month` (YYYY-MM) on `tz`'s clock. */
const inMonth = (at: SQL, month: string, tz: string) =>
  sql`${at} >= ((${month} || '-01')::date)::timestamp AT TIME ZONE ${tz}
      AND ${at} < (((${month} || '-01')::date + interval '1 month')::timestamp AT TIME ZONE ${tz})`;

export interface SpendRow {
  member_id: number | null;
  name: string;
  email: string;
  cost_centre: string;
  removed: boolean;
  currency: string;
  spent: string | number;
}

/** The month's net spend (purchases minus refunds; not top-ups) per member and currency. */
export function spendPerMember(db: Tx, companyId: number, month: string, tz: string) {
  return queryRows<SpendRow>(
    db,
    sql`SELECT cc.member_id, trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS name,
          coalesce(u.email, '') AS email, coalesce(m.cost_centre, '') AS cost_centre,
          coalesce(m.removed_at IS NOT NULL, false) AS removed, trim(cc.currency) AS currency,
          sum(cc.amount_minor) AS spent
        FROM company_charges cc
        LEFT JOIN company_members m ON m.id = cc.member_id
        LEFT JOIN users u ON u.id = m.user_id
        WHERE cc.company_id = ${companyId} AND cc.kind <> 'topup' AND ${inMonth(sql`cc.at`, month, tz)}
        GROUP BY cc.member_id, u.first_name, u.last_name, u.email, m.cost_centre, m.removed_at, cc.currency
        ORDER BY sum(cc.amount_minor) DESC, name, cc.member_id`,
  );
}

/** The month's net spend per cost centre (the one each charge was made under) and currency. */
export function spendPerCostCentre(db: Tx, companyId: number, month: string, tz: string) {
  return queryRows<{ cost_centre: string; currency: string; spent: string | number }>(
    db,
    sql`SELECT cc.cost_centre, trim(cc.currency) AS currency, sum(cc.amount_minor) AS spent
        FROM company_charges cc
        WHERE cc.company_id = ${companyId} AND cc.kind <> 'topup' AND ${inMonth(sql`cc.at`, month, tz)}
        GROUP BY cc.cost_centre, cc.currency
        ORDER BY sum(cc.amount_minor) DESC, cc.cost_centre`,
  );
}

export interface BookingFilter {
  companyId: number;
  tz: string;
  memberId?: number | undefined;
  parkId?: number | undefined;
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface CompanyBookingRow {
  id: string;
  booking_code: string;
  park_id: number;
  park_name: string;
  time_zone: string;
  start_time: Date | string;
  end_time: Date | string;
  status: string;
  member_id: number | null;
  member_name: string;
  cost_centre: string;
  currency: string;
  paid: string | number;
}

function bookingWhere(f: BookingFilter): SQL {
  const parts: SQL[] = [
    sql`cc.company_id = ${f.companyId}`,
    sql`cc.kind = 'booking'`,
    sql`cc.ledger_key LIKE 'booking:%:1'`,
  ];
  if (f.memberId !== undefined) parts.push(sql`cc.member_id = ${f.memberId}`);
  if (f.parkId !== undefined) parts.push(sql`b.park_id = ${f.parkId}`);
  if (f.status !== undefined) parts.push(sql`b.status = ${f.status}`);
  if (f.from) parts.push(sql`b.start_time >= (${f.from}::date)::timestamp AT TIME ZONE ${f.tz}`);
  if (f.to) parts.push(sql`b.start_time < ((${f.to}::date + 1)::timestamp AT TIME ZONE ${f.tz})`);
  return sql.join(parts, sql` AND `);
}

const BOOKINGS_FROM = sql`FROM company_charges cc
  JOIN bookings b ON b.id::text = split_part(cc.ledger_key, ':', 2)
  JOIN parks p ON p.id = b.park_id
  LEFT JOIN company_members m ON m.id = cc.member_id
  LEFT JOIN users u ON u.id = m.user_id`;

/**
 * Where a page of bookings starts: an offset (the paginated list), or after the last row of the
 * previous batch (the CSV export reads by key, so a long export never rescans what it has read and
 * a booking made meanwhile neither repeats nor shifts a row).
 */
export type BookingsAt = { offset: number } | { after: BookingKey | null };
/** A row's place in the order: its start (text, to keep the microseconds) and id. */
export type BookingKey = readonly [start: string, id: string];

/** The company-paid bookings (their first charge, `booking:<id>:1`), newest start first. */
export async function listBookings(db: Tx, f: BookingFilter, limit: number, at: BookingsAt) {
  const after =
    "after" in at && at.after
      ? sql`AND (b.start_time, b.id) < (${at.after[0]}::timestamptz, ${at.after[1]}::uuid)`
      : sql``;
  const rows = await queryRows<CompanyBookingRow & { k_start: string }>(
    db,
    sql`SELECT b.id::text AS id, b.booking_code, b.park_id, p.name AS park_name, p.time_zone, b.start_time,
          b.start_time::text AS k_start, b.end_time, b.status, cc.member_id,
          trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS member_name,
          cc.cost_centre, trim(cc.currency) AS currency,
          (SELECT sum(x.amount_minor) FROM company_charges x
            WHERE x.company_id = cc.company_id AND x.kind <> 'topup'
              AND (x.ledger_key LIKE 'booking:' || b.id::text || ':%' OR x.reference = b.booking_code)) AS paid
        ${BOOKINGS_FROM}
        WHERE ${bookingWhere(f)} ${after}
        ORDER BY b.start_time DESC, b.id DESC
        LIMIT ${limit} ${"offset" in at ? sql`OFFSET ${at.offset}` : sql``}`,
  );
  return rows;
}

export async function countBookings(db: Tx, f: BookingFilter): Promise<number> {
  const [row] = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n ${BOOKINGS_FROM} WHERE ${bookingWhere(f)}`,
  );
  return Number(row?.n ?? 0);
}

/** The countries that have unnumbered receipts of the company's moves (a read numbers them first). */
export async function unnumberedCountriesOfCompany(db: Tx, companyId: number): Promise<number[]> {
  const rows = await queryRows<{ country_id: number }>(
    db,
    sql`SELECT DISTINCT r.country_id FROM company_charges cc JOIN receipts r ON r.ledger_key = cc.ledger_key
        WHERE cc.company_id = ${companyId} AND r.number IS NULL`,
  );
  return rows.map((r) => Number(r.country_id));
}

export interface CompanyReceiptRow {
  id: string | number;
  number: string | null;
  kind: string;
  issued_at: Date | string;
  time_zone: string;
  reference: string;
  currency: string;
  decimals: number;
  total_minor: string | number;
  taxes: ReceiptTaxRecord[];
  charge_kind: string;
  member_name: string;
  cost_centre: string;
}

const RECEIPTS_SELECT = sql`SELECT r.id, r.number, r.kind, r.issued_at, r.time_zone, r.reference,
    trim(r.currency) AS currency, r.decimals, r.total_minor, r.taxes, cc.kind AS charge_kind,
    trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS member_name, cc.cost_centre
  FROM company_charges cc
  JOIN receipts r ON r.ledger_key = cc.ledger_key
  LEFT JOIN users u ON u.id = cc.user_id`;

/** The receipts and credit notes of the company's moves (of `month` on `tz`'s clock when given), newest first. */
export async function listReceipts(
  db: Tx,
  companyId: number,
  period: { month: string; tz: string } | null,
  limit: number,
  offset: number,
) {
  const where = sql`cc.company_id = ${companyId} ${period ? sql`AND ${inMonth(sql`r.issued_at`, period.month, period.tz)}` : sql``}`;
  const rows = await queryRows<CompanyReceiptRow>(
    db,
    sql`${RECEIPTS_SELECT} WHERE ${where} ORDER BY r.issued_at DESC, r.id DESC LIMIT ${limit} OFFSET ${offset}`,
  );
  const [count] = await queryRows<{ n: string | number }>(
    db,
    sql`SELECT count(*) AS n FROM company_charges cc JOIN receipts r ON r.ledger_key = cc.ledger_key WHERE ${where}`,
  );
  return { rows, total: Number(count?.n ?? 0) };
}

/** Every receipt and credit note of the company issued in `month` on `tz`'s clock, in order of issue. */
export function statementReceipts(db: Tx, companyId: number, month: string, tz: string) {
  return queryRows<CompanyReceiptRow>(
    db,
    sql`${RECEIPTS_SELECT}
        WHERE cc.company_id = ${companyId} AND ${inMonth(sql`r.issued_at`, month, tz)}
        ORDER BY r.issued_at, r.id`,
  );
}

/** A space guarantee's credit to the company's account (no receipt: nothing was sold), as a statement lists it. */
export interface StatementCreditRow {
  at: Date | string;
  reference: string | null;
  currency: string;
  amount_minor: string | number;
  member_name: string;
  cost_centre: string;
}

/**
 * The space guarantee's credits to the company's accounts in `month` on `tz`'s clock (decision
 * 058: a rebooked booking's price above the first one's, paid by the guarantee): each a member's
 * negative `company_charges` row whose ledger move is a `guarantee_credit`, oldest first.
 */
export function statementCredits(db: Tx, companyId: number, month: string, tz: string) {
  return queryRows<StatementCreditRow>(
    db,
    sql`SELECT cc.at, cc.reference, trim(cc.currency) AS currency, -cc.amount_minor AS amount_minor,
          trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) AS member_name, cc.cost_centre
        FROM company_charges cc
        JOIN ledger_transactions t ON t.idempotency_key = cc.ledger_key AND t.kind = 'guarantee_credit'
        LEFT JOIN users u ON u.id = cc.user_id
        WHERE cc.company_id = ${companyId} AND ${inMonth(sql`cc.at`, month, tz)}
        ORDER BY cc.at, cc.id`,
  );
}

export interface StatementBalanceRow {
  currency: string;
  opening_minor: string | number;
  in_minor: string | number;
  out_minor: string | number;
  closing_minor: string | number;
}

/**
 * The company's accounts over `month` on `tz`'s clock, straight from the ledger: the sum of every
 * entry before the month (opening), the month's entries in and out, and the sum before the next
 * month (closing). A move is dated by its `company_charges` row (the purchase's, refund's or
 * top-up's own time, as the receipts are), else by its ledger entry.
 */
export function statementBalances(db: Tx, companyId: number, month: string, tz: string) {
  const at = sql`COALESCE(cc.at, e.created_at)`;
  const start = sql`((${month} || '-01')::date)::timestamp AT TIME ZONE ${tz}`;
  const end = sql`(((${month} || '-01')::date + interval '1 month')::timestamp AT TIME ZONE ${tz})`;
  return queryRows<StatementBalanceRow>(
    db,
    sql`SELECT trim(a.currency) AS currency,
          COALESCE(sum(e.amount_minor) FILTER (WHERE ${at} < ${start}), 0) AS opening_minor,
          COALESCE(sum(e.amount_minor) FILTER (WHERE ${at} >= ${start} AND ${at} < ${end} AND e.amount_minor > 0), 0) AS in_minor,
          COALESCE(-sum(e.amount_minor) FILTER (WHERE ${at} >= ${start} AND ${at} < ${end} AND e.amount_minor < 0), 0) AS out_minor,
          COALESCE(sum(e.amount_minor) FILTER (WHERE ${at} < ${end}), 0) AS closing_minor
        FROM wallet_accounts a
        LEFT JOIN ledger_entries e ON e.account_id = a.id
        LEFT JOIN ledger_transactions t ON t.id = e.transaction_id
        LEFT JOIN company_charges cc ON cc.ledger_key = t.idempotency_key
        WHERE a.kind = 'company_wallet' AND a.key LIKE ${`company:${companyId}:%`}
        GROUP BY a.currency
        ORDER BY 1`,
  );
}

/** What a statement prints of the company. */
export async function companyParty(db: Tx, companyId: number) {
  const [row] = await queryRows<{ name: string; tax_id: string; address: string; email: string }>(
    db,
    sql`SELECT name, tax_id, address, billing_email AS email FROM companies WHERE id = ${companyId}`,
  );
  return row
    ? { name: row.name, taxId: row.tax_id, address: row.address, email: row.email }
    : { name: "", taxId: "", address: "", email: "" };
}

/** The user a company receipt was issued to (`number`), when it documents one of the company's moves; else null. */
export async function companyReceiptUser(db: Tx, companyId: number, number: string): Promise<string | null> {
  const [row] = await queryRows<{ user_id: string }>(
    db,
    sql`SELECT r.user_id FROM receipts r JOIN company_charges cc ON cc.ledger_key = r.ledger_key
        WHERE r.number = ${number} AND cc.company_id = ${companyId}`,
  );
  return row?.user_id ?? null;
}
